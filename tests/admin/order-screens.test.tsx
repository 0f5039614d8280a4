// The back office's orders list and order page against the order API's wire shapes, through the project's one API
// stand-in (MSW, tests/web/api-mock.ts): the real client, data provider and react-admin screens run.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import { STAFF_TOKEN_KEY } from '@/admin/config';
import { dataProvider } from '@/admin/api/data-provider';
import { makeI18nProvider } from '@/admin/i18n/i18n-provider';
import { OrderList } from '@/admin/orders/order-list';
import { OrderShow } from '@/admin/orders/order-show';
import { mockApi, on, reply, type Handler } from '../web/api-mock';
import { order, orderId, orderIn, orderPage } from './order-fixtures';
import { onAPhone } from './phone';

function renderIn(children: React.ReactNode) {
  sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={makeI18nProvider('en')} store={memoryStore()}>
      <ResourceContextProvider value="orders">{children}</ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

/** The order page for `shown`; `more` answer first. */
function showOrder(shown: Order, ...more: Handler[]) {
  const api = mockApi(
    ...more,
    on('GET', `/orders/${orderId}?lang=en`, () => reply(200, { data: shown })),
  );
  renderIn(<OrderShow id={orderId} />);
  return api;
}

const nextSteps = () => screen.findByRole('region', { name: 'Next steps' });
const at10 = '2030-03-01T10:00:00.000Z';

async function buttonsOf(): Promise<string[]> {
  const region = await nextSteps();
  return within(region)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('the orders list', { timeout: 30_000 }, () => {
  it('asks for the newest orders, 25 a page, and shows number, customer, payment, status and total', async () => {
    const { calls } = mockApi(on('GET', /^\/orders\?/, () => reply(200, orderPage([order()], 1))));
    renderIn(<OrderList />);
    const row = (await screen.findByText('FC-001047')).closest('tr')!;
    expect(row).toHaveTextContent('Mona Said');
    expect(row).toHaveTextContent('mona@example.com');
    expect(row).toHaveTextContent('Cash on delivery · Not paid');
    expect(within(row).getByText('Placed')).toBeInTheDocument();
    expect(row).toHaveTextContent('807 EGP');
    expect(calls[0]!.path).toBe('/orders?page=1&limit=25&sort=-createdAt&lang=en');
    expect(calls[0]!.token).toBe('staff-token');
    // Sortable by date and total only.
    expect(screen.getByRole('button', { name: /^Sort by date/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Sort by total/ })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Sort by (customer|status|payment|order)/ }),
    ).not.toBeInTheDocument();
  });
});

describe('the orders list on a phone', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a list of links to each order: reference, customer, total, status and date', async () => {
    onAPhone();
    mockApi(on('GET', /^\/orders\?/, () => reply(200, orderPage([orderIn('shipped')], 1))));
    renderIn(<OrderList />);
    const link = await screen.findByRole('link', { name: /FC-001047 · Mona Said/ });
    expect(link).toHaveTextContent('807 EGP · Shipped');
    expect(link).toHaveAttribute('href', expect.stringMatching(new RegExp(`/orders/${orderId}/show$`)));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('the order page', { timeout: 30_000 }, () => {
  it('shows the lines, the totals, the customer, the address and the status history', async () => {
    showOrder(orderIn('processing'));
    const lines = await screen.findByRole('region', { name: 'Items' });
    const shawl = within(lines).getByRole('img', { name: 'Woman Shawl' });
    expect(shawl).toHaveAttribute('src', `/images/products/${'p1'.repeat(12)}.webp?w=160`);
    const shawlRow = shawl.closest('tr')!;
    expect(shawlRow).toHaveTextContent('149 EGP each');
    expect(within(shawlRow).getByText('2')).toBeInTheDocument();
    expect(shawlRow).toHaveTextContent('298 EGP');
    expect(within(lines).getByRole('img', { name: 'Leather Bag' })).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Subtotal798 EGP');
    expect(totals).toHaveTextContent('Tax88 EGP');
    expect(totals).toHaveTextContent('Discount-79 EGP');
    expect(totals).toHaveTextContent('Total807 EGP');
    expect(totals).not.toHaveTextContent('Shipping');

    const history = screen.getByRole('list', { name: 'Status history' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Placed.*2030/),
      expect.stringMatching(/^Processing.*2030/),
    ]);
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Processing');
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('mona@example.com');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('12 Nile Street');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Cash on delivery · Not paid');
    expect(screen.getByRole('heading', { level: 1, name: 'Order FC-001047' })).toBeInTheDocument();
  });

  it('shows the carrier and tracking reference once shipped', async () => {
    showOrder(orderIn('shipped'));
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent('Carrier: Aramex');
    expect(status).toHaveTextContent('Tracking reference: AX-123');
  });

  const cases: [string, Order, string[]][] = [
    [
      'a placed cash order',
      orderIn('placed'),
      ['Mark paid', 'Start processing', 'Ship', 'Mark delivered', 'Cancel order'],
    ],
    [
      'a paid card order',
      orderIn('paid', { paymentMethodType: 'card' }),
      ['Start processing', 'Ship', 'Mark delivered', 'Refund'],
    ],
    [
      'a paid card order refunded in full',
      orderIn('paid', {
        paymentMethodType: 'card',
        refundedAmount: 807,
        refunds: [{ amount: 807, at: at10 }],
      }),
      ['Start processing', 'Ship', 'Mark delivered', 'Cancel order'],
    ],
    ['a delivered card order', orderIn('delivered', { paymentMethodType: 'card' }), ['Refund']],
    [
      'a processing cash order',
      orderIn('processing'),
      ['Mark paid', 'Ship', 'Mark delivered', 'Cancel order'],
    ],
    ['a shipped order', orderIn('shipped'), ['Mark delivered']],
  ];
  for (const [name, shown, buttons] of cases)
    it(`offers what ${name} allows: ${buttons.join(', ')}`, async () => {
      showOrder(shown);
      expect(await buttonsOf()).toEqual(buttons);
    });

  for (const status of ['delivered', 'cancelled'] as OrderStatus[])
    it(`offers nothing for a ${status} order`, async () => {
      showOrder(orderIn(status));
      await screen.findByRole('region', { name: 'Items' });
      expect(screen.queryByRole('region', { name: 'Next steps' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Ship|Cancel order|Mark/ })).not.toBeInTheDocument();
    });

  it('says why a paid card order has no Cancel', async () => {
    showOrder(orderIn('paid', { paymentMethodType: 'card' }));
    expect(await nextSteps()).toHaveTextContent(
      'A paid card order can be cancelled only once its payment is refunded in full.',
    );
    expect(await nextSteps()).toHaveTextContent('Left to refund: 807 EGP');
  });

  it('ships with the carrier and tracking reference typed, then reads the order again', async () => {
    const user = userEvent.setup();
    let shipped = false;
    const { calls } = showOrder(
      orderIn('processing'),
      on('PUT', `/orders/${orderId}/ship?lang=en`, () => {
        shipped = true;
        return reply(200, { status: 'success', data: orderIn('shipped') });
      }),
      on('GET', `/orders/${orderId}?lang=en`, () =>
        shipped ? reply(200, { data: orderIn('shipped') }) : undefined,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship the order' });
    await user.type(within(dialog).getByLabelText('Carrier'), ' Aramex ');
    await user.type(within(dialog).getByLabelText('Tracking reference'), 'AX-123');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('The order is shipped')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      carrier: 'Aramex',
      trackingReference: 'AX-123',
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Carrier: Aramex'),
    );
    expect(await buttonsOf()).toEqual(['Mark delivered']);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('marks a cash order paid without asking', async () => {
    const user = userEvent.setup();
    const { calls } = showOrder(
      orderIn('placed'),
      on('PUT', `/orders/${orderId}/pay?lang=en`, () =>
        reply(200, { status: 'success', data: orderIn('paid') }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('The order is marked paid')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toBeUndefined();
  });

  it("shows a 409's message after the confirm, and reads the order again", async () => {
    const user = userEvent.setup();
    const message = 'A shipped order cannot be cancelled';
    const { calls } = showOrder(
      orderIn('placed'),
      on('PUT', `/orders/${orderId}/cancel?lang=en`, () => reply(409, { statusMsg: 'fail', message })),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel order FC-001047?');
    expect(dialog).toHaveTextContent('every item goes back into stock');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });
});

describe('refunds on the order page', { timeout: 30_000 }, () => {
  const card = (over: Partial<Order> = {}) => orderIn('paid', { paymentMethodType: 'card', ...over });
  const shawlLine = 'l1'.repeat(12);

  it('refunds part of the amount, putting items back on sale, then reads the order again', async () => {
    const user = userEvent.setup();
    const after = card({
      refundedAmount: 300,
      refunds: [{ amount: 300, at: at10, restocked: [{ line: shawlLine, count: 1 }] }],
      statusHistory: [
        { status: 'paid', at: '2030-03-01T09:00:00.000Z' },
        { status: 'paid', at: at10, refunded: 300 },
      ],
    });
    let refunded = false;
    const { calls } = showOrder(
      card(),
      on('POST', `/orders/${orderId}/refunds?lang=en`, () => {
        refunded = true;
        return reply(200, { status: 'success', data: after });
      }),
      on('GET', `/orders/${orderId}?lang=en`, () => (refunded ? reply(200, { data: after }) : undefined)),
    );
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order FC-001047' });
    expect(dialog).toHaveTextContent('Left to refund: 807 EGP');
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    // Prefilled with what is left.
    expect(amount).toHaveValue('807');
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(dialog).getByLabelText('Woman Shawl'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Refund 300 EGP' }));
    expect(await screen.findByText('The refund was made')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 300,
      restock: [{ line: shawlLine, count: 1 }],
    });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Refunded: 300 EGP of 807 EGP');
    expect(refunds).toHaveTextContent('300 EGP refunded');
    expect(refunds).toHaveTextContent('Items back on sale: Woman Shawl × 1');
    expect(screen.getByRole('list', { name: 'Status history' })).toHaveTextContent('Refunded 300 EGP');
    expect(await nextSteps()).toHaveTextContent('Left to refund: 507 EGP');
  });

  it('refuses an amount beyond what is left before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = showOrder(card({ refundedAmount: 767, refunds: [{ amount: 767, at: at10 }] }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue('40');
    await user.clear(amount);
    await user.type(amount, '41');
    await user.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    expect(dialog).toHaveTextContent('Enter whole pounds from 1 to 40 EGP.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's message when it refuses", async () => {
    const user = userEvent.setup();
    const message = 'Only 40 EGP is left to refund';
    showOrder(
      card(),
      on('POST', `/orders/${orderId}/refunds?lang=en`, () => reply(409, { statusMsg: 'fail', message })),
    );
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund 807 EGP' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers no refund for a cash order', async () => {
    showOrder(orderIn('paid'));
    await nextSteps();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
