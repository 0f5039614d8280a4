import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useNavigation } from '@/lib/router/react';
import { languageShown, useShownLang, useT } from '@/lib/i18n/i18n';
import { useAnnouncement } from '@/lib/session/announcer';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { ToastHost } from '@/components/ui/toast-host';
import { Footer } from './footer';
import { Navbar } from './navbar';
import styles from './root-layout.module.scss';

/**
 * The frame around every screen, prerendered into the exported page. Navbar, main and footer are separate
 * Suspense boundaries only so React hydrates them in separate tasks (none of them suspends): the page stays
 * responsive while it boots, and the main area's placeholder is not hydrated at all when the first screen
 * replaces it first.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const announcement = useAnnouncement();
  const t = useT();
  const lang = useShownLang();
  // The frame is drawn in the page's language: the head script's marker hiding the prerendered English goes.
  useLayoutEffect(() => languageShown(lang), [lang]);
  return (
    <>
      <a className={styles.skip} href="#main-content" onClick={skipToContent}>
        {t('layout.skip')}
      </a>
      <Suspense>
        <Navbar />
      </Suspense>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      {/* A later screen's code is loading: the spec's spinning-logo loader. */}
      {navigation.state === 'loading' ? <FullScreenLoader text={t('loader.text')} /> : null}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <ToastHost />
    </>
  );
}

// The hash is the route: a plain #main-content link would navigate, so move focus by hand.
function skipToContent(event: React.MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}
