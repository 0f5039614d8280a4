import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderScreen } from '@/components/checkout/order-screen';
import { leaveFor } from '@/components/checkout/leave-for';
import { useCart } from '@/lib/session/cart-store';
import { clearToken, setToken } from '@/lib/session/session-store';
import { ORDER_FORM_KEY } from '@/components/checkout/order-screen';
import { deferred, json, mockApi, on, renderScreen } from '../account-helpers';
import { cartId, envelope, line, order, userId } from '../cart-fixtures';

vi.mock('@/components/checkout/leave-for', () => ({ leaveFor: vi.fn() }));

// A token per test: the address book is cached per token (SWR), so each test reads its own.
let token = 'shopper-token';
let tokens = 0;
const address = { details: '12 Nile Street, flat 4', city: 'Cairo', phone: '01012345678' };

/** Shows the shared cart count next to the screen, to see the reset after a cash order. */
function CartBadge() {
  const { numOfCartItems } = useCart();
  return <p data-testid="badge">{numOfCartItems}</p>;
}

function server(extra: Parameters<typeof mockApi> = []) {
  const orders: unknown[] = [];
  const api = mockApi(
    ...extra,
    on('GET', '/cart', () => json(200, envelope([line(1, 2, 500)]))),
    on('GET', `/orders/user/${userId}`, () => json(200, orders)),
    on('GET', '/addresses', () => json(200, { status: 'success', results: 0, data: [] })),
    on('POST', `/orders/${cartId}`, () => {
      orders.push(order(1001, '2026-02-01T10:00:00.000Z', [line(1, 2, 500)]));
      return json(201, { status: 'success', data: orders[0] });
    }),
    on('POST', new RegExp(`^/orders/checkout-session/${cartId}\\?`), () =>
      json(200, { status: 'success', session: { url: 'https://pay.test/session/cs_123' } }),
    ),
  );
  setToken(token);
  return api;
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Your details'), address.details);
  await user.type(screen.getByLabelText('Your City'), address.city);
  await user.type(screen.getByLabelText('Your Phone'), address.phone);
}

beforeEach(() => {
  tokens += 1;
  token = `shopper-token-${tokens}`;
  clearToken();
  sessionStorage.clear();
});
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(leaveFor).mockReset();
});

describe('Create order screen', { timeout: 20_000 }, () => {
  it('requires all three fields (the browser check) and uses a telephone input', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    renderScreen('/order', <OrderScreen />);
    const details = await screen.findByLabelText('Your details');
    expect(details).toBeRequired();
    expect(screen.getByLabelText('Your City')).toBeRequired();
    expect(screen.getByLabelText('Your Phone')).toBeRequired();
    expect(screen.getByLabelText('Your Phone')).toHaveAttribute('type', 'tel');

    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(details).toBeInvalid();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('places one cash order, says so, refreshes the orders, resets the cart and shows the history', async () => {
    const user = userEvent.setup();
    const answer = deferred<void>();
    const { calls } = server([on('POST', `/orders/${cartId}`, () => answer.promise.then(() => undefined))]);
    renderScreen('/order', <OrderScreen />, undefined, <CartBadge />);
    await fillAddress(user);
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('1'));

    await user.dblClick(screen.getByRole('button', { name: 'Create order' }));
    expect(screen.getByRole('button', { name: 'Create order' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');
    await act(async () => answer.resolve());

    expect(await screen.findByText('Success to created order')).toBeInTheDocument();
    // The history, opening on the confirmation of this order.
    await waitFor(() =>
      expect(screen.getByTestId('route')).toHaveTextContent('/allorders?placed=order-1001'),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        path: `/orders/${cartId}`,
        body: { shippingAddress: address },
        headers: expect.objectContaining({ token }),
      }),
    ]);
    const orderLoads = calls.filter((c) => c.path === `/orders/user/${userId}`);
    expect(orderLoads.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('badge')).toHaveTextContent('0');
  });

  it("starts a checkout session returning to the storefront's own address ending in /#, then leaves for the payment page", async () => {
    const user = userEvent.setup();
    const { calls } = server();
    renderScreen('/order', <OrderScreen />);
    await fillAddress(user);
    await user.dblClick(screen.getByRole('button', { name: 'Checkout' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.test/session/cs_123'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    const url = new URL(posts[0]!.path, 'http://x');
    expect(url.pathname).toBe(`/orders/checkout-session/${cartId}`);
    expect(url.searchParams.get('url')).toBe(`${window.location.origin}/#`);
    expect(posts[0]!.body).toEqual({ shippingAddress: address });
    expect(posts[0]!.headers.token).toBe(token);
    // Still locked while the browser leaves.
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows the server's refusal, or the shop's own words for a fault, and lets the shopper try again", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server([
      on('POST', `/orders/${cartId}`, () =>
        json(400, { statusMsg: 'fail', message: 'Insufficient stock for Product number 1' }),
      ),
      on('POST', /^\/orders\/checkout-session\//, () =>
        json(500, { statusMsg: 'error', message: 'Payments are down' }),
      ),
    ]);
    renderScreen('/order', <OrderScreen />);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient stock for Product number 1');
    expect(screen.getByRole('button', { name: 'Create order' })).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByTestId('route')).toHaveTextContent('/order');

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('We could not open the card payment page'),
    );
    expect(leaveFor).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('Payments are down'),
      expect.anything(),
    );
  });

  it('says the cart is empty instead of offering an order without a cart', async () => {
    mockApi(
      on('GET', '/cart', () => json(404, { statusMsg: 'fail', message: 'No cart exist for this user' })),
      on('GET', /^\/orders\/user\//, () => json(200, [])),
    );
    setToken(token);
    renderScreen('/order', <OrderScreen />);
    expect(await screen.findByText('No Product In Your Cart')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create order' })).not.toBeInTheDocument();
  });
});

const savedHome = {
  _id: 'addr-1',
  name: 'Home',
  details: '7 Tahrir Square',
  city: 'Giza',
  phone: '01122334455',
};

describe('Create order screen: like the best shops', { timeout: 20_000 }, () => {
  it('shows the order breakdown and the count of pieces, in EGP', async () => {
    server();
    renderScreen('/order', <OrderScreen />);
    const summary = await screen.findByRole('region', { name: 'Your order: 2 pieces' });
    const figure = (term: string) => within(summary).getByText(term, { selector: 'dt' }).nextElementSibling;
    // 2 × 500: original 1000, tax 111, savings 100, total 1011 (spec section 9).
    expect(figure('Original price')).toHaveTextContent('1,000 EGP');
    expect(figure('Savings')).toHaveTextContent('-100 EGP');
    expect(figure('Tax')).toHaveTextContent('111 EGP');
    expect(figure('Total')).toHaveTextContent('1,011 EGP');
  });

  it("a failed cart load says so with 'Try again', not 'No Product In Your Cart'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      on('GET', '/cart', () => json(503, { statusMsg: 'error', message: 'down' })),
      on('GET', /^\/orders\/user\//, () => json(200, [])),
      on('GET', '/addresses', () => json(200, { status: 'success', results: 0, data: [] })),
    );
    setToken(token);
    renderScreen('/order', <OrderScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your cart');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('No Product In Your Cart')).not.toBeInTheDocument();
  });

  it("refuses a field of spaces only with the browser's own message on that field", async () => {
    const user = userEvent.setup();
    const { calls } = server();
    renderScreen('/order', <OrderScreen />);
    await user.type(await screen.findByLabelText('Your details'), '    ');
    await user.type(screen.getByLabelText('Your City'), address.city);
    await user.type(screen.getByLabelText('Your Phone'), address.phone);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    const details = screen.getByLabelText('Your details');
    expect(details).toBeInvalid();
    expect(details).toHaveValue('');
    expect(details).toHaveFocus();
    expect((details as HTMLInputElement).validity.valueMissing).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps what was typed when the shopper leaves and comes back (Back, a refresh)', async () => {
    const user = userEvent.setup();
    server();
    const first = renderScreen('/order', <OrderScreen />);
    await fillAddress(user);
    first.unmount();
    renderScreen('/order', <OrderScreen />);
    expect(await screen.findByLabelText('Your details')).toHaveValue(address.details);
    expect(screen.getByLabelText('Your City')).toHaveValue(address.city);
    expect(screen.getByLabelText('Your Phone')).toHaveValue(address.phone);
    expect(sessionStorage.getItem(ORDER_FORM_KEY)).toContain(address.city);
  });

  it('a cart ordered elsewhere: reads the cart again and says so, never the raw "No cart for this id"', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let ordered = false;
    mockApi(
      on('GET', '/cart', () =>
        ordered
          ? json(404, { statusMsg: 'fail', message: `No cart exist for this user: ${userId}` })
          : json(200, envelope([line(1, 2, 500)])),
      ),
      on('GET', /^\/orders\/user\//, () => json(200, [])),
      on('GET', '/addresses', () => json(200, { status: 'success', results: 0, data: [] })),
      on('POST', `/orders/${cartId}`, () => {
        ordered = true;
        return json(404, { statusMsg: 'fail', message: `No cart for this id ${cartId}` });
      }),
    );
    setToken(token);
    renderScreen('/order', <OrderScreen />);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('No Product In Your Cart')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your cart changed in another tab or device since this page opened.',
    );
    expect(screen.queryByText(/No cart for this id/)).not.toBeInTheDocument();
  });

  it('offers the saved addresses; choosing one fills the form and orders to it', async () => {
    const user = userEvent.setup();
    const { calls } = server([
      on('GET', '/addresses', () => json(200, { status: 'success', results: 1, data: [savedHome] })),
    ]);
    renderScreen('/order', <OrderScreen />);
    const saved = await screen.findByRole('group', { name: 'Saved addresses' });
    await user.click(within(saved).getByRole('radio', { name: /Home: 7 Tahrir Square, Giza/ }));
    expect(screen.getByLabelText('Your details')).toHaveValue(savedHome.details);
    expect(screen.getByLabelText('Your City')).toHaveValue(savedHome.city);
    expect(screen.getByLabelText('Your Phone')).toHaveValue(savedHome.phone);
    // Already saved: nothing to offer saving again.
    expect(screen.queryByLabelText('Save this address for next time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual(
        expect.objectContaining({
          path: `/orders/${cartId}`,
          body: {
            shippingAddress: { details: savedHome.details, city: savedHome.city, phone: savedHome.phone },
          },
        }),
      ),
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === '/addresses')).toBe(false);
  });

  it('saves a new address when asked, before the order', async () => {
    const user = userEvent.setup();
    const { calls } = server([
      on('POST', '/addresses', (call) =>
        json(200, {
          status: 'success',
          results: 1,
          data: [{ _id: 'addr-2', ...(call.body as object) }],
        }),
      ),
    ]);
    renderScreen('/order', <OrderScreen />);
    await fillAddress(user);
    await user.click(screen.getByLabelText('Save this address for next time'));
    const name = screen.getByLabelText('Address name');
    await user.clear(name);
    await user.type(name, 'Work');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(screen.getByTestId('route')).toHaveTextContent('/allorders'));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));
    expect(posts).toEqual([
      { path: '/addresses', body: { name: 'Work', ...address } },
      { path: `/orders/${cartId}`, body: { shippingAddress: address } },
    ]);
  });

  it('a refused address is said and nothing is ordered', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = server([
      on('POST', '/addresses', () =>
        json(400, {
          message: 'fail',
          errors: {
            type: 'field',
            value: '123',
            msg: 'Phone must be Egptian Number',
            path: 'phone',
            location: 'body',
          },
        }),
      ),
    ]);
    renderScreen('/order', <OrderScreen />);
    await user.type(await screen.findByLabelText('Your details'), address.details);
    await user.type(screen.getByLabelText('Your City'), address.city);
    await user.type(screen.getByLabelText('Your Phone'), '123');
    await user.click(screen.getByLabelText('Save this address for next time'));
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone must be Egptian Number');
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/orders'))).toBe(false);
    expect(screen.getByLabelText('Your Phone')).toHaveValue('123');
  });
});

// Issue 31: the order page chooses a saved address for a returning shopper, and the shopper can choose a default.
describe('Create order screen: a saved address is chosen for the shopper', { timeout: 20_000 }, () => {
  const home = { ...savedHome, default: false };
  const work = {
    _id: 'addr-2',
    name: 'Work',
    details: '12 Tahrir St, flat 4',
    city: 'Cairo',
    phone: '01012345678',
    default: false,
  };
  const book = (...data: object[]) =>
    on('GET', '/addresses', () => json(200, { status: 'success', results: data.length, data }));
  const sentTo = (ordered: { details: string; city: string; phone: string }) => ({
    shippingAddress: { details: ordered.details, city: ordered.city, phone: ordered.phone },
  });
  const fields = () => ['Your details', 'Your City', 'Your Phone'].map((l) => screen.getByLabelText(l));

  it("the only saved address is filled in, and 'Create order' orders to it without typing anything", async () => {
    const user = userEvent.setup();
    const { calls } = server([book(home)]);
    renderScreen('/order', <OrderScreen />);
    // The fields are filled first; the radio follows from what they hold a render later: both are awaited.
    await waitFor(() => {
      expect(screen.getByLabelText('Your details')).toHaveValue(home.details);
      expect(screen.getByRole('radio', { name: /^Home: 7 Tahrir Square/ })).toBeChecked();
    });
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(screen.getByTestId('route')).toHaveTextContent('/allorders'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/orders/${cartId}`,
      body: sentTo(home),
    });
  });

  it('of several, the one the newest order went to; the default before any', async () => {
    const older = order(1001, '2026-01-01T10:00:00.000Z', [line(1, 1, 500)], { shippingAddress: home });
    const newer = order(1002, '2026-03-01T10:00:00.000Z', [line(1, 1, 500)], { shippingAddress: work });
    server([book(home, work), on('GET', `/orders/user/${userId}`, () => json(200, [newer, older]))]);
    const first = renderScreen('/order', <OrderScreen />);
    await waitFor(() => {
      expect(screen.getByLabelText('Your details')).toHaveValue(work.details);
      expect(screen.getByRole('radio', { name: /^Work: / })).toBeChecked();
    });
    first.unmount();
    sessionStorage.clear();

    token = `${token}-again`;
    server([
      book({ ...home, default: true }, work),
      on('GET', `/orders/user/${userId}`, () => json(200, [newer, older])),
    ]);
    renderScreen('/order', <OrderScreen />);
    await waitFor(() => {
      expect(screen.getByLabelText('Your details')).toHaveValue(home.details);
      expect(screen.getByRole('radio', { name: /^Home \(default\): / })).toBeChecked();
    });
  });

  it('never replaces what the shopper kept, typed or chose, even when the orders arrive late', async () => {
    const user = userEvent.setup();
    const late = deferred<{ status: number; body: unknown }>();
    server([book(home, work), on('GET', `/orders/user/${userId}`, () => late.promise)]);
    renderScreen('/order', <OrderScreen />);
    const saved = await screen.findByRole('group', { name: 'Saved addresses' });
    // Nothing chosen yet: two addresses, no default, and the orders that would say which are on their way.
    expect(fields().map((f) => (f as HTMLInputElement).value)).toEqual(['', '', '']);
    await user.click(within(saved).getByRole('radio', { name: 'A new address' }));
    await user.type(screen.getByLabelText('Your City'), 'Alex');
    await act(async () =>
      late.resolve(
        json(200, [order(1002, '2026-03-01T10:00:00.000Z', [line(1, 1, 500)], { shippingAddress: work })]),
      ),
    );
    await waitFor(() => expect(sessionStorage.getItem(ORDER_FORM_KEY)).toContain('Alex'));
    expect(fields().map((f) => (f as HTMLInputElement).value)).toEqual(['', 'Alex', '']);
  });

  it('makes the chosen address the default: the server is told, and the book shows it', async () => {
    const user = userEvent.setup();
    const { calls } = server([
      book({ ...home, default: true }, work),
      on('PUT', '/addresses/addr-2/default', () =>
        json(200, {
          status: 'success',
          message: 'Default address set',
          results: 2,
          data: [home, { ...work, default: true }],
        }),
      ),
    ]);
    renderScreen('/order', <OrderScreen />);
    const saved = await screen.findByRole('group', { name: 'Saved addresses' });
    await waitFor(() => expect(screen.getByLabelText('Your details')).toHaveValue(home.details));
    // The default needs no button of its own.
    expect(within(saved).queryByRole('button', { name: /default address/ })).not.toBeInTheDocument();
    await user.click(within(saved).getByRole('radio', { name: /^Work: / }));
    await user.click(within(saved).getByRole('button', { name: 'Make Work my default address' }));
    expect(await within(saved).findByRole('status')).toHaveTextContent(
      'Work is now your default address: it is chosen for you next time.',
    );
    expect(within(saved).getByRole('radio', { name: /^Work \(default\): / })).toBeChecked();
    expect(within(saved).getByRole('radio', { name: /^Home: / })).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/addresses/addr-2/default']);
  });

  it('an address removed in another tab: says so, and shows the book as it is now', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let removed = false;
    server([
      on('GET', '/addresses', () =>
        json(200, { status: 'success', results: 1, data: removed ? [home] : [home, work] }),
      ),
      on('PUT', '/addresses/addr-2/default', () => {
        removed = true;
        return json(404, { statusMsg: 'fail', message: 'No address for this id addr-2' });
      }),
    ]);
    renderScreen('/order', <OrderScreen />);
    const saved = await screen.findByRole('group', { name: 'Saved addresses' });
    await user.click(await within(saved).findByRole('radio', { name: /^Work: / }));
    await user.click(within(saved).getByRole('button', { name: 'Make Work my default address' }));
    expect(await within(saved).findByRole('alert')).toHaveTextContent(
      'This address is no longer saved (it was removed in another tab or device). Choose another.',
    );
    await waitFor(() =>
      expect(within(saved).queryByRole('radio', { name: /^Work/ })).not.toBeInTheDocument(),
    );
  });

  it("a shop whose addresses have no default (the public host) offers no 'default' button", async () => {
    const user = userEvent.setup();
    server([book(savedHome, { ...work, default: undefined })]);
    renderScreen('/order', <OrderScreen />);
    const saved = await screen.findByRole('group', { name: 'Saved addresses' });
    await user.click(within(saved).getByRole('radio', { name: /^Work: / }));
    expect(within(saved).queryByRole('button', { name: /default address/ })).not.toBeInTheDocument();
  });
});
