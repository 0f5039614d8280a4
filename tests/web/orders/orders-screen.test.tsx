import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersScreen } from '@/components/orders/orders-screen';
import { switchLanguage } from '@/lib/i18n/i18n';
import { rememberCardCheckout } from '@/lib/session/checkout-return';
import { ownerTooLate } from '@/server/modules/orders/states';
import { clearToken, setToken } from '@/lib/session/session-store';
import { deferred, json, mockApi, on, renderScreen } from '../account-helpers';
import { envelope, line, order, userId } from '../cart-fixtures';

const token = 'shopper-token';

beforeEach(() => {
  clearToken();
  sessionStorage.clear();
});
afterEach(async () => {
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The history lives in SWR's shared cache: no test's orders may show in the next one.
  await mutate(() => true, undefined, { revalidate: false });
});

describe('Order history', { timeout: 20_000 }, () => {
  it('lists the orders newest first with number, date, lines, payment, paid and delivered state and total', async () => {
    const older = order(1001, '2026-01-05T09:00:00.000Z', [line(1, 2, 500)]);
    const newer = order(1002, '2026-02-10T09:00:00.000Z', [line(2, 1, 149), line(3, 3, 20)], {
      paymentMethodType: 'card',
      isPaid: true,
      paidAt: '2026-02-10T09:01:00.000Z',
      totalOrderPrice: 1234,
    });
    const { calls } = mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [older, newer])),
    );
    setToken(token);
    renderScreen('/allorders', <OrdersScreen />);
    expect(screen.getByRole('heading', { name: 'Your Orders' })).toBeInTheDocument();

    // A reference, not a bare number that reads like a count of the shopper's own orders.
    const headings = await screen.findAllByRole('heading', { name: /^Order FC-/ });
    expect(headings.map((h) => h.textContent)).toEqual(['Order FC-001002', 'Order FC-001001']);

    const card = headings[0]!.closest('li')!;
    expect(within(card).getByText('10 Feb 2026')).toHaveAttribute('datetime', '2026-02-10T09:00:00.000Z');
    expect(within(card).getByRole('img', { name: 'Product number 2' })).toHaveAttribute(
      'src',
      'https://img.test/p2.jpg',
    );
    // Each line: count × unit price, and the line's total.
    expect(within(card).getByText('3 × 20 EGP')).toBeInTheDocument();
    expect(within(card).getByText('60 EGP')).toBeInTheDocument();
    // Pieces, not lines: 1 + 3.
    expect(within(card).getByText('Pieces', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4');
    expect(within(card).getByText('Paid by card')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('Not delivered')).toBeInTheDocument();
    expect(within(card).getByText('1,234 EGP')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();

    const cash = headings[1]!.closest('li')!;
    expect(within(cash).getByText('Cash on delivery')).toBeInTheDocument();
    expect(within(cash).getByText('Not paid')).toBeInTheDocument();
    // Our server keeps order history private: the call carries the token.
    expect(calls.find((c) => c.path === `/orders/user/${userId}`)?.headers.token).toBe(token);
  });

  it('shows an empty state when there are no orders', async () => {
    mockApi(
      on('GET', '/cart', () => json(404, { statusMsg: 'fail', message: 'No cart exist for this user' })),
      on('GET', /^\/orders\/user\//, () => json(200, [])),
    );
    // Without a cart, the user id comes from the token itself (its payload's id).
    const payload = btoa(JSON.stringify({ id: userId, name: 'Mona', role: 'user' })).replace(/=+$/, '');
    setToken(`eyJhbGciOiJIUzI1NiJ9.${payload}.sig`);
    renderScreen('/allorders', <OrdersScreen />);
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });

  it('says so when the orders cannot be loaded, and Try again reloads them', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi(
      on('GET', '/cart', () => json(200, envelope([line(1, 1, 10)]))),
      on('GET', `/orders/user/${userId}`, () =>
        fail
          ? json(500, { statusMsg: 'error', message: 'down' })
          : json(200, [order(7, '2026-03-01T00:00:00.000Z', [line(1, 1, 10)])]),
      ),
    );
    setToken(token);
    renderScreen('/allorders', <OrdersScreen />);
    expect(await screen.findByText('Your orders could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Order FC-000007' })).toBeInTheDocument());
  });
  it('a second visit shows the history read before at once, then what the server answers now', async () => {
    const first = order(1001, '2026-01-05T09:00:00.000Z', [line(1, 1, 10)]);
    const second = order(1002, '2026-02-10T09:00:00.000Z', [line(2, 1, 20)]);
    let answer = [first];
    const later = deferred<void>();
    const { calls } = mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, async () => {
        if (answer.length > 1) await later.promise;
        return json(200, answer);
      }),
    );
    setToken(token);
    const visit = renderScreen('/allorders', <OrdersScreen />);
    await screen.findByRole('heading', { name: 'Order FC-001001' });
    visit.unmount();

    answer = [first, second];
    const reads = calls.filter((c) => c.path === `/orders/user/${userId}`).length;
    renderScreen('/allorders', <OrdersScreen />);
    // No spinner: the orders read on the first visit show while they are read again.
    expect(screen.getByRole('heading', { name: 'Order FC-001001' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your orders')).not.toBeInTheDocument();
    later.resolve();
    expect(await screen.findByRole('heading', { name: 'Order FC-001002' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/orders/user/${userId}`)).toHaveLength(reads + 1);
  });
});

describe('Order history: the confirmation after an order', { timeout: 20_000 }, () => {
  it("after a cash order: 'Thank you, order #… is placed' with its summary, then the history", async () => {
    const placed = order(1047, '2026-03-02T10:00:00.000Z', [line(1, 2, 500), line(2, 1, 149)], {
      taxPrice: 127,
      discountPrice: 114,
      totalOrderPrice: 1162,
    });
    const older = order(1001, '2026-01-05T09:00:00.000Z', [line(3, 1, 20)]);
    mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [older, placed])),
    );
    setToken(token);
    renderScreen(`/allorders?placed=${placed._id}`, <OrdersScreen />);
    const confirmation = await screen.findByRole('region', {
      name: 'Thank you, order #FC-001047 is placed',
    });
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveTextContent('Cash on delivery: please have 1,162 EGP ready.');
    expect(confirmation).toHaveTextContent('12 Nile Street, Cairo');
    const figure = (term: string) =>
      within(confirmation).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figure('Pieces')).toHaveTextContent('3');
    expect(figure('Original price')).toHaveTextContent('1,149 EGP');
    expect(figure('Savings')).toHaveTextContent('-114 EGP');
    expect(figure('Tax')).toHaveTextContent('127 EGP');
    expect(figure('Total')).toHaveTextContent('1,162 EGP');
    // Then the history, this order included.
    const history = screen.getByRole('list', { name: 'Order history' });
    expect(within(history).getAllByRole('heading', { name: /^Order FC-/ })).toHaveLength(2);
    expect(document.title).toBe('Order FC-001047 placed · FreshCart');
  });

  it('back from a paid card checkout: the confirmation of the order that payment created', async () => {
    rememberCardCheckout(Date.parse('2026-03-02T09:59:00.000Z'));
    const paid = order(1050, '2026-03-02T10:00:00.000Z', [line(1, 1, 500)], {
      paymentMethodType: 'card',
      isPaid: true,
      paidAt: '2026-03-02T10:00:30.000Z',
      totalOrderPrice: 505,
    });
    const earlierCard = order(1002, '2026-02-10T09:00:00.000Z', [line(2, 1, 149)], {
      paymentMethodType: 'card',
      isPaid: true,
    });
    mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [earlierCard, paid])),
    );
    setToken(token);
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-02T10:01:00.000Z'));
    renderScreen('/allorders', <OrdersScreen />);
    const confirmation = await screen.findByRole('region', {
      name: 'Thank you, order #FC-001050 is placed',
    });
    expect(confirmation).toHaveTextContent('Paid by card: 505 EGP.');
    // Said once: a later visit to the history is an ordinary one.
    expect(sessionStorage.length).toBe(0);
    await waitFor(() =>
      expect(screen.getByTestId('route')).toHaveTextContent('/allorders?placed=order-1050'),
    );
  });

  it('no confirmation on an ordinary visit', async () => {
    mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () =>
        json(200, [
          order(1002, '2026-02-10T09:00:00.000Z', [line(2, 1, 149)], {
            paymentMethodType: 'card',
            isPaid: true,
          }),
        ]),
      ),
    );
    setToken(token);
    renderScreen('/allorders', <OrdersScreen />);
    await screen.findByRole('heading', { name: 'Order FC-001002' });
    expect(screen.queryByRole('region', { name: /Thank you/ })).not.toBeInTheDocument();
  });
});

describe('Order history: where each order stands (our server)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  const shipped = order(1003, '2026-03-01T08:00:00.000Z', [line(1, 1, 500)], {
    paymentMethodType: 'card',
    isPaid: true,
    status: 'shipped',
    carrier: 'Aramex',
    trackingReference: 'AX-7781-EG',
    statusHistory: [
      { status: 'paid', at: '2026-03-01T08:00:00.000Z' },
      { status: 'processing', at: '2026-03-01T12:30:00.000Z' },
      { status: 'shipped', at: '2026-03-02T09:15:00.000Z' },
    ],
  });
  const placed = order(1004, '2026-03-03T08:00:00.000Z', [line(2, 2, 149)], {
    status: 'placed',
    statusHistory: [{ status: 'placed', at: '2026-03-03T08:00:00.000Z' }],
  });

  it('shows the status, the carrier and tracking number, and the progress with dates', async () => {
    const user = userEvent.setup();
    mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [shipped, placed])),
    );
    setToken(token);
    renderScreen('/allorders', <OrdersScreen />);
    const card = (await screen.findByRole('heading', { name: 'Order FC-001003' })).closest('li')!;
    expect(within(card).getByText('Status: Shipped')).toBeInTheDocument();
    // The status replaces the bare delivered flag.
    expect(within(card).queryByText('Not delivered')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Shipped with Aramex');
    expect(card).toHaveTextContent('Tracking number AX-7781-EG');
    // A shipped order is not the shopper's to cancel.
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    const progress = within(card).getByText('Order progress');
    await user.click(progress);
    const steps = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('time'));
    expect(steps.map((li) => li.textContent)).toEqual([
      'Paid1 Mar 2026, 08:00',
      'Being prepared1 Mar 2026, 12:30',
      'Shipped2 Mar 2026, 09:15',
    ]);
  });

  it('says what was refunded, on the card and as a step of its progress', async () => {
    const user = userEvent.setup();
    const refunded = order(1005, '2026-03-04T08:00:00.000Z', [line(1, 2, 500)], {
      paymentMethodType: 'card',
      isPaid: true,
      status: 'paid',
      refunds: [{ amount: 400, at: '2026-03-05T10:00:00.000Z' }],
      refundedAmount: 400,
      statusHistory: [
        { status: 'paid', at: '2026-03-04T08:00:00.000Z' },
        { status: 'paid', at: '2026-03-05T10:00:00.000Z', refunded: 400 },
      ],
    });
    mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [refunded])),
    );
    setToken(token);
    renderScreen('/allorders', <OrdersScreen />);
    const card = (await screen.findByRole('heading', { name: 'Order FC-001005' })).closest('li')!;
    expect(card).toHaveTextContent('400 EGP refunded to your card');
    await user.click(within(card).getByText('Order progress'));
    const steps = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('time'));
    expect(steps.map((li) => li.textContent)).toEqual([
      'Paid4 Mar 2026, 08:00',
      'Refunded 400 EGP5 Mar 2026, 10:00',
    ]);
  });

  it('cancels a placed order after asking, then shows it cancelled', async () => {
    const user = userEvent.setup();
    let current = placed;
    const { calls } = mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [current])),
      on('PUT', `/orders/${placed._id}/cancel`, () => {
        current = {
          ...placed,
          status: 'cancelled',
          cancelledAt: '2026-03-03T09:00:00.000Z',
          statusHistory: [...placed.statusHistory!, { status: 'cancelled', at: '2026-03-03T09:00:00.000Z' }],
        };
        return json(200, { status: 'success', data: current });
      }),
    );
    setToken(token);
    renderScreen('/allorders', <OrdersScreen />);
    const card = (await screen.findByRole('heading', { name: 'Order FC-001004' })).closest('li')!;
    expect(within(card).getByText('Status: Placed')).toBeInTheDocument();

    // Keeping the order sends nothing.
    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order FC-001004?' });
    expect(dialog).toHaveTextContent('It will not be delivered, and its items go back on sale.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    const done = await within(card).findByRole('status');
    expect(done).toHaveTextContent('Order FC-001004 is cancelled.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(within(card).getByText('Status: Cancelled')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    const cancel = calls.find((c) => c.method === 'PUT')!;
    expect(cancel.path).toBe(`/orders/${placed._id}/cancel`);
    expect(cancel.headers.token).toBe(token);
  });

  it('says in Arabic why not when staff started on the order meanwhile, and shows where it is', async () => {
    const user = userEvent.setup();
    let current = placed;
    mockApi(
      on('GET', '/cart', () => json(200, envelope([]))),
      on('GET', `/orders/user/${userId}`, () => json(200, [current])),
      on('PUT', `/orders/${placed._id}/cancel`, () => {
        current = { ...placed, status: 'processing' };
        return json(409, { statusMsg: 'fail', message: ownerTooLate });
      }),
    );
    setToken(token);
    await act(() => switchLanguage('ar'));
    renderScreen('/allorders', <OrdersScreen />);
    const card = (await screen.findByRole('heading', { name: 'الطلب FC-001004' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'إلغاء الطلب' }));
    await user.click(screen.getByRole('button', { name: 'نعم، ألغِ الطلب' }));
    const refused = await within(card).findByRole('alert');
    expect(refused).toHaveTextContent('بدأ تجهيز هذا الطلب ولم يعد من الممكن إلغاؤه من هنا؛ تواصل مع المتجر');
    expect(within(card).getByText('الحالة: قيد التجهيز')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'إلغاء الطلب' })).not.toBeInTheDocument();
  });
});
