// Shared by the account, cart, checkout and orders component tests: the API stand-in (./api-mock.ts), a router
// around the screen under test, and the toast container the app mounts.
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryHistory } from '@/lib/router/history';
import { createRouter } from '@/lib/router/router';
import { Outlet, RouterProvider, useLocation } from '@/lib/router/react';
import { ToastHost } from '@/components/ui/toast-host';
import { beforeAll } from 'vitest';

// findBy/waitFor wait up to 5 s: these suites run beside others on a shared 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// The account forms fetch their validation code (yup) on their first focus; in a browser it has arrived before
// a field is left. Vitest compiles a module on its first import, which takes longer than a click, so the code
// is compiled once up front and the forms' first focus finds it as a browser would.
beforeAll(async () => {
  await import('@/components/account/account-validation');
});

export { deferred, mockApi, on, type Call } from './api-mock';
export { reply as json } from './api-mock';

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
