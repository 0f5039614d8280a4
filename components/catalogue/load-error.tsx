import { useT } from '@/lib/i18n/i18n';
import styles from './grid.module.scss';

/** What could not be loaded (a key of the catalogue's 'ui.what.*'). */
export type LoadErrorWhat =
  'page' | 'products' | 'categories' | 'brands' | 'brandProducts' | 'categoryProducts';

/** A list failed to load: say so and offer another try (the spec gives no text for these lists). */
export function LoadError({ what, onRetry }: { what: LoadErrorWhat; onRetry: () => void }) {
  const t = useT();
  return (
    <div className={styles.message} role="alert">
      <p>{t('ui.loadError', { what: t(`ui.what.${what}`) })}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('ui.tryAgain')}
      </button>
    </div>
  );
}
