// Our hash router (lib/router): matching, lazy screens, guards and their race, links, Navigate, history and
// scroll, and the storefront's own route table on the browser's hash.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStorefrontRouter } from '@/components/app/route-table';
import { createHashHistory, createMemoryHistory } from '@/lib/router/history';
import type { RouteNode } from '@/lib/router/match';
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
} from '@/lib/router/react';
import { createRouter, type Router } from '@/lib/router/router';
import { clearToken, setToken } from '@/lib/session/session-store';
import { cart } from '../shell-fixtures';
import { deferred, installBrowserStandIns, mockApi, on, reply } from '../shell-helpers';
import { settle } from '../settle';

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Shell() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return (
    <>
      <output data-testid="where">{pathname}</output>
      {navigation.state === 'loading' ? <p>Loading...</p> : null}
      <Outlet />
    </>
  );
}

const page = (text: string): ComponentType => {
  const Page = () => <h1>{text}</h1>;
  return Page;
};

/** A screen loader the test resolves by hand, to look at the app while the screen's code is on its way. */
function slowScreen(text: string) {
  const gate = deferred<void>();
  const load = vi.fn(() => gate.promise.then(() => page(text)));
  return { load, arrive: () => act(async () => gate.resolve()) };
}

function mount(routes: RouteNode[], at: string | { pathname: string; state?: unknown }) {
  const router = createRouter([{ path: '/', layout: Shell, children: routes }], createMemoryHistory([at]));
  render(<RouterProvider router={router} fallback={<p>Starting</p>} />);
  return router;
}

const where = () => screen.getByTestId('where').textContent;

describe('matching', () => {
  function Product() {
    const { id } = useParams();
    return <h1>product {id}</h1>;
  }
  const table: RouteNode[] = [
    { index: true, load: async () => page('index') },
    { path: 'productDetails/:id', load: async () => Product },
    { path: 'productDetails/special', load: async () => page('special') },
    { path: '*', load: async () => page('not found') },
  ];

  it('hands a path parameter to the screen, decoded', async () => {
    mount(table, '/productDetails/a%20b');
    expect(await screen.findByRole('heading', { name: 'product a b' })).toBeInTheDocument();
  });

  it('prefers a static segment to a parameter, the index route to the catch-all, and ignores case', async () => {
    const router = mount(table, '/productDetails/special');
    expect(await screen.findByRole('heading', { name: 'special' })).toBeInTheDocument();
    act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'index' })).toBeInTheDocument();
    act(() => router.navigate('/ProductDetails/7'));
    expect(await screen.findByRole('heading', { name: 'product 7' })).toBeInTheDocument();
    act(() => router.navigate('/productDetails/7/extra'));
    expect(await screen.findByRole('heading', { name: 'not found' })).toBeInTheDocument();
  });
});

describe('lazy screens', () => {
  it('shows the starting fallback, then keeps the current screen up with a pending signal until the next arrives', async () => {
    const first = slowScreen('first');
    const second = slowScreen('second');
    const router = mount(
      [
        { path: 'first', load: first.load },
        { path: 'second', load: second.load },
      ],
      '/first',
    );
    expect(screen.getByText('Starting')).toBeInTheDocument();
    await first.arrive();
    expect(screen.getByRole('heading', { name: 'first' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    act(() => router.navigate('/second'));
    expect(screen.getByRole('heading', { name: 'first' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(where()).toBe('/first');
    await second.arrive();
    expect(screen.getByRole('heading', { name: 'second' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(where()).toBe('/second');

    // Code is fetched once: a second visit is immediate.
    act(() => router.navigate('/first'));
    expect(screen.getByRole('heading', { name: 'first' })).toBeInTheDocument();
    expect(first.load).toHaveBeenCalledTimes(1);
  });

  it('never shows a screen that finished loading after a newer navigation', async () => {
    const slow = slowScreen('slow');
    const router = mount(
      [
        { path: 'home', load: async () => page('home') },
        { path: 'slow', load: slow.load },
        { path: 'fast', load: async () => page('fast') },
      ],
      '/home',
    );
    await screen.findByRole('heading', { name: 'home' });
    act(() => router.navigate('/slow'));
    act(() => router.navigate('/fast'));
    expect(await screen.findByRole('heading', { name: 'fast' })).toBeInTheDocument();
    await slow.arrive();
    expect(screen.getByRole('heading', { name: 'fast' })).toBeInTheDocument();
    expect(where()).toBe('/fast');
  });

  it('offers another try when a screen cannot be fetched', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('chunk failed');
      return page('recovered');
    });
    const router = createRouter([{ path: '/flaky', load }], createMemoryHistory(['/flaky']));
    const LoadError = ({ retry }: { retry: () => void }) => (
      <button type="button" onClick={retry}>
        Try again
      </button>
    );
    render(<RouterProvider router={router} loadError={LoadError} />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'recovered' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('guards', () => {
  const signedIn = () => (localStorage.getItem('tkn') ? null : '/login');
  const table: RouteNode[] = [
    { redirect: signedIn, children: [{ path: 'home', load: async () => page('home') }] },
    { path: 'login', load: async () => page('login') },
    { path: 'forgotpass', load: async () => page('forgot') },
  ];

  it('decides before the screen loads: a guest never fetches a protected screen', async () => {
    const protectedScreen = vi.fn(async () => page('secret'));
    mount(
      [
        { redirect: signedIn, children: [{ path: 'secret', load: protectedScreen }] },
        { path: 'login', load: async () => page('login') },
      ],
      '/secret',
    );
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    expect(where()).toBe('/login');
    expect(protectedScreen).not.toHaveBeenCalled();
  });

  it('re-decides on revalidate() for the newest location only', async () => {
    localStorage.setItem('tkn', 't');
    const router = mount(table, '/home');
    await screen.findByRole('heading', { name: 'home' });
    localStorage.removeItem('tkn');
    act(() => router.navigate('/forgotpass'));
    act(() => router.revalidate());
    expect(await screen.findByRole('heading', { name: 'forgot' })).toBeInTheDocument();
    expect(where()).toBe('/forgotpass');

    act(() => router.navigate('/home'));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
  });

  it('a <Navigate> rendered while a newer navigation is on its way does not override it', async () => {
    const slow = slowScreen('slow');
    function Redirecting() {
      const [go, setGo] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setGo(true)}>
            leave
          </button>
          {go ? <Navigate to="/elsewhere" /> : null}
        </>
      );
    }
    const router = mount(
      [
        { path: 'start', load: async () => Redirecting },
        { path: 'slow', load: slow.load },
        { path: 'elsewhere', load: async () => page('elsewhere') },
      ],
      '/start',
    );
    const leave = await screen.findByRole('button', { name: 'leave' });
    act(() => router.navigate('/slow'));
    await userEvent.click(leave);
    await slow.arrive();
    expect(screen.getByRole('heading', { name: 'slow' })).toBeInTheDocument();
    expect(where()).toBe('/slow');
  });

  it('a <Navigate> replaces the entry it was rendered for', async () => {
    const router = mount(
      [
        { path: 'a', load: async () => page('a') },
        { path: 'old', load: async () => () => <Navigate to="/new" state={{ from: 'old' }} /> },
        { path: 'new', load: async () => page('new') },
      ],
      '/a',
    );
    await screen.findByRole('heading', { name: 'a' });
    act(() => router.navigate('/old'));
    expect(await screen.findByRole('heading', { name: 'new' })).toBeInTheDocument();
    expect(router.getState().location?.state).toEqual({ from: 'old' });
    act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
  });
});

describe('links and history', () => {
  function Menu() {
    const navigate = useNavigate();
    return (
      <nav>
        <NavLink to="/one" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          One
        </NavLink>
        <NavLink to="/two" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Two
        </NavLink>
        <Link to="/two" state={{ via: 'link' }}>
          Two with state
        </Link>
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>
      </nav>
    );
  }
  function Two() {
    const { state } = useLocation();
    return <h1>two {JSON.stringify(state)}</h1>;
  }
  const withMenu = (Screen: ComponentType) => () => (
    <>
      <Menu />
      <Screen />
    </>
  );
  const table: RouteNode[] = [
    { path: 'one', load: async () => withMenu(page('one')) },
    { path: 'two', load: async () => withMenu(Two) },
  ];

  it('links carry the href, mark the current one and navigate with state; -1 goes back', async () => {
    mount(table, '/one');
    const one = await screen.findByRole('link', { name: 'One' });
    expect(one).toHaveAttribute('href', '/one');
    expect(one).toHaveAttribute('aria-current', 'page');
    expect(one).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Two' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Two' })).toHaveClass('off');

    await userEvent.click(screen.getByRole('link', { name: 'Two with state' }));
    expect(await screen.findByRole('heading', { name: 'two {"via":"link"}' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Two' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'one' })).toBeInTheDocument();
  });

  it('scrolls a new navigation to the top and restores the position on back', async () => {
    let y = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = top;
    }) as typeof window.scrollTo);
    const router = mount(table, '/one');
    await screen.findByRole('heading', { name: 'one' });
    y = 640;
    act(() => router.navigate('/two'));
    await screen.findByRole('heading', { name: /^two/ });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'one' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});

describe('the storefront on the browser hash', () => {
  let router: ReturnType<typeof createStorefrontRouter> | null = null;
  afterEach(() => {
    router?.dispose();
    router = null;
  });

  function openStorefront(hash: string): Router {
    installBrowserStandIns();
    // A signed-in shopper's cart and orders load in the background; nothing here is about them.
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', /^\/orders\/user\//, () => reply(200, [])),
    );
    window.history.replaceState(null, '', `/ecommerceweb/${hash}`);
    router = createStorefrontRouter(createHashHistory());
    render(<RouterProvider router={router} />);
    return router;
  }

  it('with a token, #/register then at once #/forgotpass ends on #/forgotpass (no late redirect to /home)', async () => {
    act(() => setToken('a-token'));
    openStorefront('#/forgotpass');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();

    // The guard's redirect is written as the hash event is handled, before Home's code has even loaded...
    act(() => {
      window.location.hash = '#/register';
    });
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
    // ...so the shopper's next hash, right after, is the newest navigation and nothing late undoes it.
    act(() => {
      window.location.hash = '#/forgotpass';
    });
    await act(async () => {
      await import('@/components/catalogue/home-screen');
      await settle();
    });
    expect(window.location.hash).toBe('#/forgotpass');
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shop Product' })).not.toBeInTheDocument();
  });

  it('writes the hash past a framework that patches history methods, and keeps popstate to itself', async () => {
    // Next's App Router patches these to follow URL changes, then writes the URL back from its own state later;
    // and it acts on every popstate. Neither may touch the storefront's hash routes.
    const patchedPush = vi.fn();
    const patchedReplace = vi.fn();
    const frameworkPopstate = vi.fn();
    act(() => setToken('a-token'));
    window.history.replaceState(null, '', '/ecommerceweb/#/forgotpass');
    window.history.pushState = patchedPush;
    window.history.replaceState = patchedReplace;
    window.addEventListener('popstate', frameworkPopstate);
    try {
      installBrowserStandIns();
      mockApi(
        on('GET', '/cart', () => reply(200, cart([]))),
        on('GET', /^\/orders\/user\//, () => reply(200, [])),
      );
      router = createStorefrontRouter(createHashHistory());
      render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
      act(() => router!.navigate('/changePass'));
      expect(window.location.hash).toBe('#/changePass');
      act(() => router!.navigate('/register'));
      expect(window.location.hash).toBe('#/home');
      act(() => router!.navigate(-1));
      await waitFor(() => expect(window.location.hash).toBe('#/changePass'));
      expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
      expect(patchedPush).not.toHaveBeenCalled();
      expect(patchedReplace).not.toHaveBeenCalled();
      expect(frameworkPopstate).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('popstate', frameworkPopstate);
      // The patches were own properties: removing them uncovers the real methods again.
      Reflect.deleteProperty(window.history, 'pushState');
      Reflect.deleteProperty(window.history, 'replaceState');
    }
  });

  it('a guest opening a protected hash lands on #/login, and logging in on /login goes to /home', async () => {
    const storefront = openStorefront('#/cart');
    expect(await screen.findByRole('heading', { name: 'Login Now' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
    act(() => {
      setToken('a-token');
      storefront.navigate('/home');
    });
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
    await act(() => settle());
    expect(window.location.hash).toBe('#/home');
    expect(screen.getByRole('heading', { name: 'Shop Product' })).toBeInTheDocument();
  });
});
