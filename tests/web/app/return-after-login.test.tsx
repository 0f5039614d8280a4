// A link opened as a guest (issue 31): the guard sends the guest to /login as the spec says, and signing in
// (the password form, Google's completion form, or a registration followed by the login it leads to) brings them
// to the screen they asked for, query included. Only a screen of the shop's own ever comes out of it.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '@/components/account/login-screen';
import { registeredMessage } from '@/components/account/register-screen';
import { returnableRoute } from '@/lib/session/return-after-login';
import { RETURN_TO_KEY, clearToken, setToken } from '@/lib/session/session-store';
import { renderScreen } from '../account-helpers';
import { mockApi, on, renderApp, reply } from '../shell-helpers';
import { camera, cart, list, tokenFor, userId } from '../shell-fixtures';

const token = tokenFor(userId);

/** The API of a shopper who signs in and then looks around: cart, orders, wishlist, the camera. */
function shop(...extra: ReturnType<typeof on>[]) {
  return mockApi(
    ...extra,
    on('POST', '/auth/signin', () => reply(200, { message: 'success', token })),
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
    on('GET', `/products/${camera._id}`, () => reply(200, { data: camera })),
    on('GET', /^\/products\?/, () => reply(200, list([camera]))),
    on('GET', '/categories', () => reply(200, list([]))),
  );
}

/** The address the page was opened at, as the browser's navigation entry keeps it (the hash with the route). */
function openedAt(route: string) {
  const entry = { name: `http://localhost/ecommerceweb/#${route}` } as PerformanceEntry;
  const real = performance.getEntriesByType.bind(performance);
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [entry] : real(type),
  );
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('region', { name: 'Login Now' });
  const email = within(form).getByLabelText('Email', { exact: true });
  if (!(email as HTMLInputElement).value) await user.type(email, 'mona@example.com');
  await user.type(within(form).getByLabelText('Password', { exact: true }), 'secret123');
  await user.click(within(form).getByRole('button', { name: 'Login' }));
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  act(() => clearToken());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a link opened as a guest', { timeout: 20_000 }, () => {
  it('sends the guest to /login, and after the password login to the product asked for, query kept', async () => {
    const user = userEvent.setup();
    shop();
    const { router, pathname } = renderApp(`/productDetails/${camera._id}?ref=share`);
    await waitFor(() => expect(pathname()).toBe('/login'));
    await logIn(user);

    expect(await screen.findByRole('heading', { name: camera.title })).toBeInTheDocument();
    const at = router.getState().location!;
    expect(`${at.pathname}${at.search}`).toBe(`/productDetails/${camera._id}?ref=share`);
    expect(await screen.findByText('welcome back')).toBeInTheDocument();
  });

  it('a link opened in a fresh page: the head script already showed #/login; the address the page was opened at is kept', async () => {
    const user = userEvent.setup();
    shop();
    openedAt(`/productDetails/${camera._id}?ref=share`);
    // The head script has replaced the hash before the storefront's code runs.
    const { router, pathname } = renderApp('/login');
    expect(pathname()).toBe('/login');
    await logIn(user);
    expect(await screen.findByRole('heading', { name: camera.title })).toBeInTheDocument();
    const at = router.getState().location!;
    expect(`${at.pathname}${at.search}`).toBe(`/productDetails/${camera._id}?ref=share`);
  });

  it.each([
    ['the page was opened at #/login itself', '/login', null],
    ['a token holder opened #/login (sent to /home by the head script)', '/login', token],
    ['the page was opened at a screen open to guests', '/forgotpass', null],
  ])('nothing is kept when %s', async (_, opened, held) => {
    shop();
    openedAt(opened);
    if (held) act(() => setToken(held));
    renderApp(held ? '/home' : '/login');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('a guest who opens /login themselves goes to /home after the login', async () => {
    const user = userEvent.setup();
    shop();
    const { pathname } = renderApp('/login');
    await logIn(user);
    await waitFor(() => expect(pathname()).toBe('/home'));
  });

  it('a token holder opening /login goes to /home, whatever a guest asked for earlier in the tab', async () => {
    shop();
    sessionStorage.setItem(RETURN_TO_KEY, `/productDetails/${camera._id}`);
    act(() => setToken(token));
    const { pathname } = renderApp('/login');
    await waitFor(() => expect(pathname()).toBe('/home'));
  });

  it('registering first: the login form it leads to holds the e-mail, and signing in goes to the link', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = shop(
      on('POST', '/auth/signup', () => reply(201, { message: 'success', user: {}, token: 'not-kept' })),
    );
    const { router, pathname } = renderApp(`/productDetails/${camera._id}`);
    await user.click(await screen.findByRole('link', { name: 'Register Now' }));
    const form = await screen.findByRole('region', { name: 'Register Now' });
    await user.type(within(form).getByLabelText('Your Name'), 'Mona Ali');
    await user.type(within(form).getByLabelText('Your Email'), 'mona.new@example.com');
    await user.type(within(form).getByLabelText('Your Password'), 'secret123');
    await user.type(within(form).getByLabelText('rePassword'), 'secret123');
    await user.type(within(form).getByLabelText('Phone'), '01012345678');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(registeredMessage)).toBeInTheDocument();

    // The spec's 3 s, then its guard: the login screen, its e-mail already typed.
    await act(async () => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(pathname()).toBe('/login'));
    const login = await screen.findByRole('region', { name: 'Login Now' });
    expect(within(login).getByLabelText('Email', { exact: true })).toHaveValue('mona.new@example.com');

    await logIn(user);
    expect(calls.find((c) => c.path === '/auth/signin')?.body).toEqual({
      email: 'mona.new@example.com',
      password: 'secret123',
    });
    await waitFor(() => expect(router.getState().location?.pathname).toBe(`/productDetails/${camera._id}`));
  });

  it('the registered e-mail fills the login form once: a later visit to /login starts empty', async () => {
    mockApi();
    sessionStorage.setItem('freshcart-registered-email', 'mona.new@example.com');
    const first = renderScreen('/login', <LoginScreen />);
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('mona.new@example.com');
    first.unmount();
    renderScreen('/login', <LoginScreen />);
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('');
  });
});

describe('only the shop’s own screens come back out', { timeout: 20_000 }, () => {
  it.each([
    '//evil.example/steal',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/login',
    '/register?x=1',
    '//login',
    `/productDetails/${camera._id}\n`,
    '',
  ])('a stored %j leads to /home after login', async (stored) => {
    const user = userEvent.setup();
    shop();
    sessionStorage.setItem(RETURN_TO_KEY, stored);
    const view = renderScreen('/login', <LoginScreen />);
    await logIn(user);
    await waitFor(() => expect(view.getByTestId('route')).toHaveTextContent(/^\/home$/));
  });

  it.each([
    ['/productDetails/p1?ref=share', '/productDetails/p1?ref=share'],
    ['/products?q=gitar&from=100&to=500', '/products?q=gitar&from=100&to=500'],
    ['/productwithCategory/cat-1', '/productwithCategory/cat-1'],
    ['/allorders?placed=o1', '/allorders?placed=o1'],
    ['/ProductDetails/p1', '/ProductDetails/p1'],
    ['/forgotpass', null],
    ['/changePass?email=a', null],
    ['//productDetails/p1', null],
    ['/productDetails/p1\\..', null],
  ])('returnableRoute(%j) is %j', (path, expected) => {
    expect(returnableRoute(path)).toBe(expected);
  });
});
