import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderScreen } from '@/components/checkout/order-screen';
import { leaveFor } from '@/components/checkout/leave-for';
import { useCart } from '@/lib/session/cart-store';
import { clearToken, setToken } from '@/lib/session/session-store';
import { deferred, json, mockApi, on, renderScreen } from './account-helpers';
import { cartId, envelope, line, order, userId } from './cart-fixtures';

vi.mock('@/components/checkout/leave-for', () => ({ leaveFor: vi.fn() }));

const token = 'shopper-token';
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

beforeEach(() => clearToken());
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
    expect(screen.getByRole('button', { name: 'Create order' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await act(async () => answer.resolve());

    expect(await screen.findByText('Success to created order')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('route')).toHaveTextContent('/allorders'));
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
    // Still disabled while the browser leaves.
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it("shows the server's message when the order fails and lets the shopper try again", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server([
      on('POST', `/orders/${cartId}`, () =>
        json(400, { statusMsg: 'fail', message: 'Not enough stock for Product number 1' }),
      ),
      on('POST', /^\/orders\/checkout-session\//, () =>
        json(500, { statusMsg: 'error', message: 'Payments are down' }),
      ),
    ]);
    renderScreen('/order', <OrderScreen />);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough stock for Product number 1');
    expect(screen.getByRole('button', { name: 'Create order' })).toBeEnabled();
    expect(screen.getByTestId('route')).toHaveTextContent('/order');

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Payments are down'));
    expect(leaveFor).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
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
