// The shell and catalogue tests: fetch replaced at the network boundary, the real route table rendered
// in a memory router, and browser APIs jsdom lacks (matchMedia, IntersectionObserver) stood in for.
import { configure, render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { createStorefrontRouter } from '@/components/app/route-table';
import { RootLayout } from '@/components/layout/root-layout';
import { createMemoryHistory } from '@/lib/router/history';
import { RouterProvider } from '@/lib/router/react';
import { setLoginRedirect } from '@/lib/session/session-store';

// Route code is loaded lazily (as in the browser); the first import of a screen in a test run takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export interface Call {
  method: string;
  path: string;
  token: string | undefined;
  body: unknown;
}

export type Answer = { status: number; body: unknown };
type Handler = (call: Call) => Answer | Promise<Answer> | undefined;

export const reply = (status: number, body: unknown): Answer => ({ status, body });

/** Replaces fetch; each request is recorded and answered by the first matching handler, else 599. */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init?.method ?? 'GET',
      path: `${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`,
      token: headers.token,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answered = (async () => {
      for (const handler of handlers) {
        const answer = await handler(call);
        if (answer) {
          return new Response(JSON.stringify(answer.body), {
            status: answer.status,
            headers: { 'Content-Type': 'application/json' },
          });
        }
      }
      return new Response(JSON.stringify({ message: `unexpected ${call.method} ${call.path}` }), {
        status: 599,
      });
    })();
    // As fetch does: a cancelled request rejects with an AbortError, whenever its answer would have come.
    const signal = init?.signal;
    if (!signal) return answered;
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal.aborted) throw aborted();
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(aborted()), { once: true });
      answered.then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function on(
  method: string,
  path: string | RegExp,
  answer: (call: Call) => Answer | Promise<Answer>,
): Handler {
  return (call) =>
    call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))
      ? answer(call)
      : undefined;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

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

/** Renders the storefront's real route table at `path` in its frame (navbar, footer), with a fresh SWR cache. */
export function renderApp(path: string) {
  installBrowserStandIns();
  const router = createStorefrontRouter(createMemoryHistory([path]));
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
