import { useState } from 'react';
import { apiHost } from '@/lib/api/config';
import { basePath } from '@/lib/base-path';
import { useShownLang, useT } from '@/lib/i18n/i18n';
import styles from './share-product.module.scss';

/**
 * The product's share address (issue 29): our server's /ecommerceweb/p/{id}, which link previews and crawlers read
 * (its title, price and picture) and which sends people on to this screen; in Arabic it previews and opens in Arabic.
 * On the API's host: a storefront on a CDN has no server of its own.
 */
export function shareAddress(id: string, lang: 'en' | 'ar', origin = window.location.origin): string {
  return `${apiHost || origin}${basePath}/p/${encodeURIComponent(id)}${lang === 'ar' ? '?lang=ar' : ''}`;
}

type Shared = 'copied' | 'manual' | null;

/**
 * "Share": the system's share sheet where the browser has one (phones), else the address copied to the clipboard;
 * where neither works (a page not served over HTTPS has no clipboard), the address shown selected to copy by hand.
 */
export function ShareProduct({ id, title }: { id: string; title: string }) {
  const t = useT();
  const lang = useShownLang();
  const [shared, setShared] = useState<Shared>(null);
  const url = shareAddress(id, lang);

  async function share() {
    setShared(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // Closed by the shopper: nothing to say. Refused by the browser: copy instead.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch (err) {
      console.warn('Could not copy the share link; showing it instead.', err);
      setShared('manual');
    }
  }

  return (
    <div className={styles.share}>
      <button type="button" className={styles.button} onClick={() => void share()}>
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t('details.share')}
      </button>
      <p className={styles.status} role="status">
        {shared === 'copied' ? t('details.shareCopied') : null}
      </p>
      {shared === 'manual' ? (
        <label className={styles.manual}>
          {t('details.shareManual')}
          <input
            className={styles.address}
            type="url"
            dir="ltr"
            readOnly
            value={url}
            ref={(input) => input?.select()}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      ) : null}
    </div>
  );
}
