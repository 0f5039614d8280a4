import { useIntlLocale } from '@/lib/i18n/order-formats';
import { useT } from '@/lib/i18n/i18n';
import styles from './preview-note.module.scss';

/**
 * Over Home opened from a preview link (#/preview?token=TOKEN): the draft is shown, and as of when; or the link no
 * longer opens it. Its own chunk, fetched only by a preview: shoppers download none of it.
 */
export function PreviewNote({ at }: { at: string | null }) {
  const t = useT();
  const locale = useIntlLocale();
  return (
    <p className={styles.preview} role="status">
      {at
        ? t('catalogue.previewNotice', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
              new Date(at),
            ),
          })
        : t('catalogue.previewExpired')}
    </p>
  );
}
