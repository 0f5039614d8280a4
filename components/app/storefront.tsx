'use client';

import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '@/lib/api/client';
import { setLoginRedirect } from '@/lib/session/session-store';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { createStorefrontRouter } from './route-table';

type StorefrontRouter = ReturnType<typeof createStorefrontRouter>;

const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  // A 4xx (unknown product, bad id) will not change by asking again; network and 5xx errors are retried.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};

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
  return (
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
