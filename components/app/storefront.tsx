'use client';

import { useEffect, useState } from 'react';
import { createHashHistory } from '@/lib/router/history';
import { RouterProvider, type LoadErrorProps } from '@/lib/router/react';
import { setLoginRedirect } from '@/lib/session/session-store';
import { LoadError } from '@/components/catalogue/load-error';
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
    const created = createStorefrontRouter(createHashHistory());
    setLoginRedirect(() => created.navigate('/login', { replace: true }));
    setRouter(created);
    // End-to-end tests wait for this marker before they click anything.
    document.documentElement.setAttribute('data-hydrated', 'true');
    return () => {
      setLoginRedirect(null);
      created.dispose();
    };
  }, []);

  if (!router) return <FullScreenLoader />;
  return <RouterProvider router={router} fallback={<FullScreenLoader />} loadError={ScreenLoadError} />;
}

/** A screen's code could not be fetched (offline, or a new deployment replaced it): say so, offer a retry. */
export function ScreenLoadError({ retry }: LoadErrorProps) {
  return <LoadError what="page" onRetry={retry} />;
}
