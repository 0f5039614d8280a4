import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartScreen } from '@/components/cart/cart-screen';
import type { CartLine } from '@/lib/contract/cart';
import { cartSummary } from '@/lib/rules/cart-summary';
import { clearToken, setToken } from '@/lib/session/session-store';
import { followingOtherTabs } from '@/lib/session/cart-store';
import { CART_CHANGED_KEY } from '@/lib/session/cart-sync';
import { type Call, deferred, json, mockApi, on, renderScreen } from '../account-helpers';
import { envelope, line, userId } from '../cart-fixtures';

const token = 'shopper-token';

/** A server holding one cart in memory, answering the cart and wishlist calls as the contract says. */
function cartServer(initial: CartLine[], extra: Parameters<typeof mockApi> = []) {
  let lines = initial.map((l) => ({ ...l }));
  let wishlist: string[] = [];
  const api = mockApi(
    ...extra,
    on('GET', '/cart', () => json(200, envelope(lines))),
    on('PUT', /^\/cart\/\w+$/, (call: Call) => {
      const id = call.path.split('/')[2];
      lines = lines.map((l) =>
        l.product._id === id ? { ...l, count: (call.body as { count: number }).count } : l,
      );
      return json(200, envelope(lines));
    }),
    on('DELETE', /^\/cart\/\w+$/, (call: Call) => {
      lines = lines.filter((l) => l.product._id !== call.path.split('/')[2]);
      return json(200, envelope(lines));
    }),
    on('DELETE', '/cart', () => {
      lines = [];
      return json(200, { message: 'success' });
    }),
    on('GET', '/wishlist', () =>
      json(200, { status: 'success', count: wishlist.length, data: wishlist.map((_id) => ({ _id })) }),
    ),
    on('POST', '/wishlist', (call: Call) => {
      wishlist = [...wishlist, (call.body as { productId: string }).productId];
      return json(200, {
        status: 'success',
        message: 'Product added successfully to your wishlist',
        data: wishlist,
      });
    }),
    on('DELETE', /^\/wishlist\/\w+$/, (call: Call) => {
      wishlist = wishlist.filter((id) => id !== call.path.split('/')[2]);
      return json(200, {
        status: 'success',
        message: 'Product removed successfully to your wishlist',
        data: wishlist,
      });
    }),
    on('GET', `/orders/user/${userId}`, () => json(200, [])),
  );
  // Signed in only now, with the server in place: the cart store loads the cart on this change.
  setToken(token);
  return {
    ...api,
    count: (n: number) => lines.find((l) => l.product.title === `Product number ${n}`)?.count,
    /** Another tab or device changes the cart behind this page's back. */
    changeElsewhere: (next: CartLine[]) => {
      lines = next.map((l) => ({ ...l }));
    },
  };
}

const lineOf = (n: number) =>
  screen
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('heading', { name: `Product number ${n}` }))!;

beforeEach(() => clearToken());
afterEach(() => {
  clearToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Cart screen', { timeout: 20_000 }, () => {
  it('shows the lines and the summary computed by the formulas of section 9, in EGP', async () => {
    const { calls } = cartServer([line(1, 2, 699), line(2, 1, 149)]);
    renderScreen('/cart', <CartScreen />);
    expect(screen.getByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByText('Loading your cart')).toBeInTheDocument();

    const first = await waitFor(() => lineOf(1));
    expect(within(first).getByRole('img', { name: 'Product number 1' })).toHaveAttribute(
      'src',
      'https://img.test/p1.jpg',
    );
    expect(within(first).getByText('699 EGP')).toBeInTheDocument();
    expect(within(first).getByText('2 × 699 EGP = 1,398 EGP')).toBeInTheDocument();
    expect(within(first).getByText('2')).toHaveAttribute('aria-hidden', 'true');
    expect(within(first).getByText('Quantity 2')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-disabled', 'false');

    const s = cartSummary(2 * 699 + 149); // 1547 → tax 171, savings 154, total 1564
    const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figure('Original price')).toHaveTextContent(`${s.original.toLocaleString('en-US')} EGP`);
    expect(figure('Savings')).toHaveTextContent(`-${s.savings} EGP`);
    expect(figure('Tax')).toHaveTextContent(`${s.tax} EGP`);
    // Two lines (the spec's cartItems count), three pieces.
    expect(figure('Cart Items')).toHaveTextContent('2 (3 pieces)');
    expect(figure('Total')).toHaveTextContent('1,564 EGP');
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    // Every cart call carries the token header.
    expect(calls.filter((c) => c.path.startsWith('/cart')).every((c) => c.headers.token === token)).toBe(
      true,
    );
  });

  it('updates the count from the server, one request per click, with the toast 3 s later for 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const gate = deferred<void>();
    const server = cartServer(
      [line(1, 2, 699)],
      [on('PUT', /^\/cart\//, () => gate.promise.then(() => undefined))],
    );
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    const plus = within(row).getByRole('button', { name: 'Increase quantity of Product number 1' });
    const minus = within(row).getByRole('button', { name: 'Decrease quantity of Product number 1' });

    await user.click(plus);
    await user.click(plus);
    await user.click(minus);
    // Locked while the call runs: the page never shows a count the server has not confirmed. Locked with
    // aria-disabled, so the button keeps the keyboard focus.
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(within(row).getByText('Quantity 2')).toBeInTheDocument();

    await act(async () => gate.resolve());
    await waitFor(() => expect(within(row).getByText('Quantity 3')).toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: `/cart/${line(1, 0, 0).product._id}`, body: { count: 3 } }),
    ]);
    expect(server.count(1)).toBe(3);
    await waitFor(() => expect(plus).toHaveAttribute('aria-disabled', 'false'));

    expect(screen.queryByText('count is Updated')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByText('count is Updated')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(await screen.findByText('count is Updated')).toBeInTheDocument();
  });

  it("never sends a count of 0: '-' is disabled (aria-disabled) at 1", async () => {
    const user = userEvent.setup();
    const { calls } = cartServer([line(1, 1, 100)]);
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    const minus = within(row).getByRole('button', { name: 'Decrease quantity of Product number 1' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("'Remove' deletes the line with its toast; 'Remove Cart Item' clears the cart", async () => {
    const user = userEvent.setup();
    const { calls } = cartServer([line(1, 1, 100), line(2, 3, 50)]);
    renderScreen('/cart', <CartScreen />);
    await user.click(within(await waitFor(() => lineOf(2))).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Cart item is deleted Sucessfuly')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Product number 2' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('101 EGP');

    await user.click(screen.getByRole('button', { name: 'Remove Cart Item' }));
    // It empties the whole cart: asked first.
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Empty your cart?' })).getByRole('button', {
        name: 'Remove all items',
      }),
    );
    expect(await screen.findByText('Cart Shopping is deleted Sucessfuly')).toBeInTheDocument();
    expect(await screen.findByText('No Product In Your Cart')).toBeInTheDocument();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([`DELETE /cart/${line(2, 0, 0).product._id}`, 'DELETE /cart']),
    );
  });

  it("shows 'error occured' when a cart call fails, and keeps the server's count", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    cartServer(
      [line(1, 2, 100)],
      [on('PUT', /^\/cart\//, () => json(400, { statusMsg: 'fail', message: 'Out of stock' }))],
    );
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    await user.click(within(row).getByRole('button', { name: 'Increase quantity of Product number 1' }));
    expect(await screen.findByText('error occured')).toBeInTheDocument();
    expect(within(row).getByText('Quantity 2')).toBeInTheDocument();
  });

  it("'Add to Favorites' toggles the product on the wishlist and shows its state", async () => {
    const user = userEvent.setup();
    const { calls } = cartServer([line(1, 1, 100)]);
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    const favorite = within(row).getByRole('button', { name: 'Add to Favorites' });
    await waitFor(() => expect(favorite).toHaveAttribute('aria-disabled', 'false'));
    expect(favorite).toHaveAttribute('aria-pressed', 'false');

    await user.click(favorite);
    await waitFor(() => expect(favorite).toHaveAttribute('aria-pressed', 'true'));
    await user.click(favorite);
    await waitFor(() => expect(favorite).toHaveAttribute('aria-pressed', 'false'));
    const id = line(1, 0, 0).product._id;
    expect(calls.filter((c) => c.path.startsWith('/wishlist') && c.method !== 'GET')).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/wishlist',
        body: { productId: id },
        headers: expect.objectContaining({ token }),
      }),
      expect.objectContaining({ method: 'DELETE', path: `/wishlist/${id}` }),
    ]);
  });

  it("reads 'No Product In Your Cart' when the shopper has no cart", async () => {
    mockApi(
      on('GET', '/cart', () =>
        json(404, { statusMsg: 'fail', message: `No cart exist for this user: ${userId}` }),
      ),
      on('GET', '/wishlist', () => json(200, { status: 'success', count: 0, data: [] })),
      on('GET', /^\/orders\/user\//, () => json(200, [])),
    );
    setToken(token);
    renderScreen('/cart', <CartScreen />);
    expect(await screen.findByText('No Product In Your Cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });
});

/** A cart line whose product the server says has `stock` units left. */
function lineWithStock(n: number, count: number, price: number, stock: number): CartLine {
  const l = line(n, count, price);
  return { ...l, product: { ...l.product, quantity: stock } };
}

describe('Cart screen: what the shopper is told is true', { timeout: 20_000 }, () => {
  it("a failed cart load says so with 'Try again', never 'No Product In Your Cart'", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const lines = [line(1, 1, 250)];
    mockApi(
      on('GET', '/cart', () =>
        down
          ? json(500, { statusMsg: 'error', message: 'Internal server error' })
          : json(200, envelope(lines)),
      ),
      on('GET', '/wishlist', () => json(200, { status: 'success', count: 0, data: [] })),
      on('GET', /^\/orders\/user\//, () => json(200, [])),
    );
    setToken(token);
    renderScreen('/cart', <CartScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your cart');
    expect(screen.queryByText('No Product In Your Cart')).not.toBeInTheDocument();

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Product number 1' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load your cart', { exact: false })).not.toBeInTheDocument();
  });

  it("'+' is off at the stock the server reported, with the reason beside it", async () => {
    const user = userEvent.setup();
    const { calls } = cartServer([lineWithStock(1, 2, 100, 2)]);
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    const plus = within(row).getByRole('button', { name: 'Increase quantity of Product number 1' });
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(plus).toHaveAccessibleDescription('Only 2 in stock');
    await user.click(plus);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("a refused '+' shows the server's reason, not only 'error occured'", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    cartServer(
      [lineWithStock(1, 1, 100, 50)],
      [
        on('PUT', /^\/cart\//, () =>
          json(400, { statusMsg: 'fail', message: 'Only 1 of Product number 1 in stock' }),
        ),
      ],
    );
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    await user.click(within(row).getByRole('button', { name: 'Increase quantity of Product number 1' }));
    expect(await screen.findByText('error occured')).toBeInTheDocument();
    expect(await within(row).findByRole('alert')).toHaveTextContent('Only 1 of Product number 1 in stock');
  });

  it('reads the cart again when the window regains focus, and says what changed', async () => {
    const server = cartServer([line(1, 1, 100), line(2, 1, 50)]);
    renderScreen('/cart', <CartScreen />);
    await waitFor(() => lineOf(2));
    // In a browser this is in place once the page is idle, long before a shopper switches tabs.
    await act(() => followingOtherTabs());
    server.changeElsewhere([line(1, 5, 100), line(3, 1, 20)]);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(
      await screen.findByText(
        'Your cart was changed in another tab or device: Product number 1: quantity now 5; Product number 2 was removed; Product number 3 was added.',
      ),
    ).toBeInTheDocument();
    expect(within(lineOf(1)).getByText('Quantity 5')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Product number 2' })).not.toBeInTheDocument();
  });

  it('reads the cart again when another tab of the shop changed it (the storage event)', async () => {
    const server = cartServer([line(1, 1, 100)]);
    renderScreen('/cart', <CartScreen />);
    await waitFor(() => lineOf(1));
    await act(() => followingOtherTabs());
    server.changeElsewhere([]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_CHANGED_KEY, newValue: 'x' }));
    });
    expect(await screen.findByText('No Product In Your Cart')).toBeInTheDocument();
    expect(
      screen.getByText('Your cart was changed in another tab or device: Product number 1 was removed.'),
    ).toBeInTheDocument();
  });

  it('after a refused change (the line went elsewhere) the cart is read again and what changed is said', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let server: ReturnType<typeof cartServer> | null = null;
    server = cartServer(
      [line(1, 1, 100), line(2, 2, 50)],
      [
        on('PUT', /^\/cart\//, () => {
          // Another device removed the line a moment ago.
          server!.changeElsewhere([line(2, 2, 50)]);
          return json(404, { statusMsg: 'fail', message: 'No cart item for this id' });
        }),
      ],
    );
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    await user.click(within(row).getByRole('button', { name: 'Increase quantity of Product number 1' }));
    expect(await screen.findByText('error occured')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your cart was changed in another tab or device: Product number 1 was removed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Product number 1' })).not.toBeInTheDocument();
  });

  it("keeps the keyboard focus on '+' while the count is sent", async () => {
    const user = userEvent.setup();
    const gate = deferred<void>();
    cartServer([line(1, 1, 100)], [on('PUT', /^\/cart\//, () => gate.promise.then(() => undefined))]);
    renderScreen('/cart', <CartScreen />);
    const row = await waitFor(() => lineOf(1));
    const plus = within(row).getByRole('button', { name: 'Increase quantity of Product number 1' });
    plus.focus();
    await user.keyboard('{Enter}');
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(plus).toHaveFocus();
    await act(async () => gate.resolve());
    await waitFor(() => expect(within(row).getByText('Quantity 2')).toBeInTheDocument());
    expect(plus).toHaveFocus();
  });

  it("'Remove Cart Item' asks first: 'Keep my cart' keeps it", async () => {
    const user = userEvent.setup();
    const { calls } = cartServer([line(1, 2, 100)]);
    renderScreen('/cart', <CartScreen />);
    await waitFor(() => lineOf(1));
    const clear = screen.getByRole('button', { name: 'Remove Cart Item' });
    await user.click(clear);
    const dialog = screen.getByRole('alertdialog', { name: 'Empty your cart?' });
    // One line of two pieces: the dialog counts items (lines), as 'Cart Items' does.
    expect(dialog).toHaveTextContent('The item in your cart will be removed.');
    expect(within(dialog).getByRole('button', { name: 'Keep my cart' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(clear).toHaveFocus();
    await user.click(clear);
    await user.click(screen.getByRole('button', { name: 'Keep my cart' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(lineOf(1)).toBeDefined();
  });
});
