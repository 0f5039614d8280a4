import styles from './grid.module.scss';

/** A list failed to load: say so and offer another try (the spec gives no text for these lists). */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className={styles.message} role="alert">
      <p>We could not load the {what}. Check your connection and try again.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
