'use client';

import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setLoginRedirect } from '@/lib/session/session-store';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { createStorefrontRouter } from './route-table';

type StorefrontRouter = ReturnType<typeof createStorefrontRouter>;

/**
 * The whole storefront. The hash route is only known in the browser, so the static prerender shows the
 * loader and the router is created after hydration.
 */
export function Storefront() {
  const [router, setRouter] = useState<StorefrontRouter | null>(null);

  useEffect(() => {
    const created = createStorefrontRouter();
    setLoginRedirect(() => void created.navigate('/login', { replace: true }));
    setRouter(created);
    // End-to-end tests wait for this marker before they click anything.
    document.documentElement.setAttribute('data-hydrated', 'true');
    return () => {
      setLoginRedirect(null);
      created.dispose();
    };
  }, []);

  if (!router) return <FullScreenLoader />;
  return <RouterProvider router={router} />;
}
