// The shell and catalogue tests: the API stand-in (./api-mock.ts), the real route table rendered
// in a memory router, and browser APIs jsdom lacks (matchMedia, IntersectionObserver) stood in for.
import { configure, render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, vi } from 'vitest';
import { createStorefrontRouter } from '@/components/app/route-table';
import { RootLayout } from '@/components/layout/root-layout';
import { createMemoryHistory } from '@/lib/router/history';
import { RouterProvider } from '@/lib/router/react';
import { setLoginRedirect } from '@/lib/session/session-store';

// Route code is loaded lazily (as in the browser); the first import of a screen in a test run takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export { deferred, mockApi, on, reply, type Answer, type Call } from './api-mock';

class StandInIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    // Everything is "on screen" in a test: report it at once, as a browser would for visible content.
    this.callback(
      [{ isIntersecting: true, target, intersectionRatio: 1 } as IntersectionObserverEntry],
      this as never,
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

export function installBrowserStandIns() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
  vi.stubGlobal('IntersectionObserver', StandInIntersectionObserver);
}

// Each test's router is disposed after it, as the page disposes its one router: an earlier test's router would
// still follow the session (a logout, a session that ends) and decide for a screen nobody shows.
const routers = new Set<{ dispose: () => void }>();
afterEach(() => {
  for (const router of routers) router.dispose();
  routers.clear();
});

/** Renders the storefront's real route table at `path` in its frame (navbar, footer), with a fresh SWR cache. */
export function renderApp(path: string) {
  installBrowserStandIns();
  const router = createStorefrontRouter(createMemoryHistory([path]));
  routers.add(router);
  setLoginRedirect(() => router.navigate('/login', { replace: true }));
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <RouterProvider router={router}>
        <RootLayout />
      </RouterProvider>
    </SWRConfig>,
  );
  const pathname = () => router.getState().location?.pathname;
  return { ...view, router, pathname };
}
