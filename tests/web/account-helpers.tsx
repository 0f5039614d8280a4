// Shared by the account, cart, checkout and orders component tests: a fetch stand-in at the network
// boundary, a router around the screen under test, and the toast container the app mounts.
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryHistory } from '@/lib/router/history';
import { createRouter } from '@/lib/router/router';
import { Outlet, RouterProvider, useLocation } from '@/lib/router/react';
import { ToastHost } from '@/components/ui/toast-host';
import { beforeAll, vi } from 'vitest';

// findBy/waitFor wait up to 5 s: these suites run beside others on a shared 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// The account forms fetch their validation code (yup) on their first focus; in a browser it has arrived before
// a field is left. Vitest compiles a module on its first import, which takes longer than a click, so the code
// is compiled once up front and the forms' first focus finds it as a browser would.
beforeAll(async () => {
  await import('@/components/account/account-validation');
});

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | undefined;
/** An answer, or undefined to let the next handler answer (also after a wait). */
type Reply = Answer | Promise<Answer>;
type Handler = (call: Call) => Reply;

export function json(status: number, body: unknown) {
  return { status, body };
}

/**
 * Replaces fetch: each request is recorded and answered by the first handler that returns a reply.
 * A request nobody answers fails the test loudly with a 599.
 */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const call: Call = {
      method: init?.method ?? 'GET',
      path: `${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`,
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const handler of handlers) {
      const reply = await handler(call);
      if (reply) {
        return new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        });
      }
    }
    return new Response(JSON.stringify({ message: `unexpected ${call.method} ${call.path}` }), {
      status: 599,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A route matcher for mockApi. */
export function on(method: string, path: string | RegExp, reply: (call: Call) => Reply): Handler {
  return (call) =>
    call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))
      ? reply(call)
      : undefined;
}

/** A promise the test settles by hand, to look at the screen while a request is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="route">
      {location.pathname}
      {location.search}
    </output>
  );
}

/**
 * Renders `element` at `path`, with stand-in pages for where the screen may send the shopper;
 * `beside` stays mounted across navigation (e.g. a probe of shared state).
 */
export function renderScreen(path: string, element: ReactElement, state?: unknown, beside?: ReactElement) {
  const Frame = () => (
    <>
      <Outlet />
      <Where />
      {beside}
      <ToastHost />
    </>
  );
  const router = createRouter(
    [
      {
        path: '/',
        layout: Frame,
        children: [
          { path: path.split('?')[0], layout: () => element },
          { path: '*', layout: () => <p>Another page</p> },
        ],
      },
    ],
    createMemoryHistory([{ pathname: path, state }]),
  );
  return render(<RouterProvider router={router} />);
}

/** A JWT-shaped, signed-looking credential as Google's button hands it over (header.payload.signature). */
export function googleCredential(claims: Record<string, unknown>): string {
  const b64 = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const payload = { iss: 'https://accounts.google.com', aud: 'test-client', sub: '1234567890', ...claims };
  return `${b64({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJlLWJ5dGVz`;
}
