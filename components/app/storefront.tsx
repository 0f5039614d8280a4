'use client';

import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { createHashHistory, parsePath } from '@/lib/router/history';
import { RouterProvider, type LoadErrorProps } from '@/lib/router/react';
import { startLanguage } from '@/lib/i18n/i18n';
import { useEarlyPaintHandoff } from '@/lib/early-paint/handoff';
import { setLoginRedirect } from '@/lib/session/session-store';
import { LoadError } from '@/components/catalogue/load-error';
import { RootLayout } from '@/components/layout/root-layout';
import { createStorefrontRouter, preloadScreenAt } from './route-table';

type StorefrontRouter = ReturnType<typeof createStorefrontRouter>;

// The first screen's code is fetched as soon as this module runs, beside the hydration of the prerendered
// page, rather than once the router has been created after it.
if (typeof window !== 'undefined') {
  preloadScreenAt(parsePath(window.location.hash.replace(/^#/, '') || '/').pathname);
  // The page's language (the head script chose it): a language other than English fetches its catalogue now.
  startLanguage();
}

/**
 * The whole storefront. The exported page holds its frame (navbar, footer) and, in the main area,
 * `placeholder` (components/app/first-screen-placeholder.tsx, rendered at export); React hydrates both as
 * they are. The hash route is only known in the browser, so the router is created after hydration and its
 * first screen replaces the placeholder.
 */
export function Storefront({ placeholder }: { placeholder: ReactNode }) {
  const [router, setRouter] = useState<StorefrontRouter | null>(null);

  useEffect(() => {
    const created = createStorefrontRouter(createHashHistory());
    setLoginRedirect(() => created.navigate('/login', { replace: true }));
    // A transition: React renders the first screen (whose code is usually here already, preloaded above)
    // in slices that yield to the browser, instead of one long task.
    startTransition(() => setRouter(created));
    // End-to-end tests wait for this marker before they click anything.
    document.documentElement.setAttribute('data-hydrated', 'true');
    return () => {
      setLoginRedirect(null);
      created.dispose();
    };
  }, []);

  return (
    <RouterProvider router={router} fallback={placeholder} loadError={ScreenLoadError}>
      <RootLayout />
    </RouterProvider>
  );
}

/** A screen's code could not be fetched (offline, or a new deployment replaced it): say so, offer a retry. */
export function ScreenLoadError({ retry }: LoadErrorProps) {
  // Nothing drawn early (lib/early-paint/script.ts) may cover this message.
  useEarlyPaintHandoff(true);
  return <LoadError what="page" onRetry={retry} />;
}
