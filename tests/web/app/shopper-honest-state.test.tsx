// What the whole storefront tells a signed-in shopper while the cart loads, fails or the session ends: the
// navbar badge, the busy overlay, the phone menu, each route's document title, and the way back after login.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { deferred, mockApi, on, renderApp, reply, type Answer } from '../shell-helpers';
import { allProducts, cart, cartLine, list, shawl, shirt, tokenFor, userId } from '../shell-fixtures';

const token = tokenFor(userId);

function signedIn(cartAnswer: () => Answer | Promise<Answer>, ...extra: ReturnType<typeof on>[]) {
  const api = mockApi(
    ...extra,
    on('GET', '/cart', cartAnswer),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', /^\/products/, () => reply(200, list(allProducts))),
    on('GET', '/categories', () => reply(200, list([]))),
    on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
  );
  act(() => setToken(token));
  return api;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the cart badge and the busy overlay while the cart loads', () => {
  it('the badge says the cart is loading until it arrives, never a 0 nobody said', async () => {
    const gate = deferred<void>();
    signedIn(async () => {
      await gate.promise;
      return reply(200, cart([cartLine(shawl, 1), cartLine(shirt, 2)]));
    });
    renderApp('/products');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByLabelText('cart loading')).toBeInTheDocument();
    expect(within(nav).queryByLabelText('0 items')).not.toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await within(nav).findByLabelText('2 items')).toBeInTheDocument();
  });

  it('a failed cart load shows a badge that says so, not 0', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signedIn(() => reply(500, { statusMsg: 'error', message: 'down' }));
    renderApp('/products');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByLabelText('cart not loaded')).toBeInTheDocument();
    expect(within(nav).queryByLabelText('0 items')).not.toBeInTheDocument();
  });

  it('the first cart read puts no busy overlay over the page: only a cart call the shopper started does', async () => {
    const gate = deferred<void>();
    signedIn(async () => {
      await gate.promise;
      return reply(200, cart([]));
    });
    renderApp('/products');
    await screen.findAllByRole('button', { name: /^Add to cart:/ });
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
    await act(async () => gate.resolve());
  });

  it("the cards' 'Add to cart' keeps the focus and adds once for four quick Enter presses", async () => {
    const gate = deferred<void>();
    const { calls } = signedIn(
      () => reply(200, cart([])),
      on('POST', '/cart', async () => {
        await gate.promise;
        return reply(200, cart([cartLine(shawl, 1)]));
      }),
    );
    renderApp('/products');
    const add = await screen.findByRole('button', { name: `Add to cart: ${shawl.title}` });
    add.focus();
    await userEvent.keyboard('{Enter}{Enter}{Enter}{Enter}');
    expect(await screen.findByTestId('busy-overlay')).toBeInTheDocument();
    expect(add).toHaveFocus();
    await act(async () => gate.resolve());
    await waitFor(() => expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(add).toHaveFocus();
  });
});

describe('keyboard and screen readers', () => {
  it('Escape closes the phone menu, and the focus goes back to the menu button', async () => {
    signedIn(() => reply(200, cart([])));
    renderApp('/products');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    await userEvent.click(open);
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Brands' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(close).toHaveAttribute('aria-expanded', 'false');
    expect(close).toHaveFocus();
  });

  it.each([
    ['/home', 'Home · FreshCart'],
    ['/products', 'Products · FreshCart'],
    ['/categories', 'Categories · FreshCart'],
    ['/cart', 'Cart · FreshCart'],
    ['/order', 'Create order · FreshCart'],
    ['/allorders', 'Your Orders · FreshCart'],
    ['/no/such/page', 'Page not found · FreshCart'],
  ])('%s is titled "%s"', async (path, title) => {
    signedIn(() => reply(200, cart([])));
    document.title = 'FreshCart';
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('the sign-in screens have their own titles', async () => {
    mockApi();
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Login · FreshCart'));
  });
});

describe('a session that ends mid-action', { timeout: 20_000 }, () => {
  it("says the session ended (no 'error occured'), and after login returns to the screen", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let signedOut = false;
    signedIn(
      () => (signedOut ? reply(200, cart([])) : reply(200, cart([cartLine(shawl, 1)]))),
      on('PUT', /^\/cart\//, () => {
        signedOut = true;
        return reply(401, { statusMsg: 'fail', message: 'Invalid Token. please login again' });
      }),
      on('POST', '/auth/signin', () => reply(200, { message: 'success', token })),
    );
    const { pathname } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: `Increase quantity of ${shawl.title}` }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await screen.findByText(/Your session has ended/)).toBeInTheDocument();
    expect(screen.queryByText('error occured')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email', { exact: true }), 'mona@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(pathname()).toBe('/cart'));
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument();
  });

  it('an ordinary Logout then Login goes to /home, with no session message', async () => {
    const user = userEvent.setup();
    signedIn(
      () => reply(200, cart([])),
      on('POST', '/auth/signin', () => reply(200, { message: 'success', token })),
    );
    const { pathname } = renderApp('/cart');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'mona@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(pathname()).toBe('/home'));
  });
});
