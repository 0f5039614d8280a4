import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersScreen } from '@/components/orders/orders-screen';
import { clearToken, setToken } from '@/lib/session/session-store';
import { json, mockApi, on, renderScreen } from './account-helpers';
import { envelope, line, order, userId } from './cart-fixtures';

const token = 'shopper-token';

beforeEach(() => clearToken());
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

    const headings = await screen.findAllByRole('heading', { name: /^Order #/ });
    expect(headings.map((h) => h.textContent)).toEqual(['Order #1002', 'Order #1001']);

    const card = headings[0]!.closest('li')!;
    expect(within(card).getByText('10 Feb 2026')).toHaveAttribute('datetime', '2026-02-10T09:00:00.000Z');
    expect(within(card).getByRole('img', { name: 'Product number 2' })).toHaveAttribute(
      'src',
      'https://img.test/p2.jpg',
    );
    expect(within(card).getByText('3 × $20')).toBeInTheDocument();
    expect(within(card).getByText('Paid by card')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('Not delivered')).toBeInTheDocument();
    expect(within(card).getByText('$1,234')).toBeInTheDocument();

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
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Order #7' })).toBeInTheDocument());
  });
});
