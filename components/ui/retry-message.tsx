import styles from './retry-message.module.scss';

/** Something could not be loaded: say so plainly and offer another try, instead of showing nothing. */
export function RetryMessage({ text, onRetry, busy }: { text: string; onRetry: () => void; busy?: boolean }) {
  return (
    <div className={styles.box} role="alert">
      <p>{text}</p>
      <button
        type="button"
        className={styles.retry}
        aria-disabled={busy ? true : undefined}
        onClick={() => {
          if (!busy) onRetry();
        }}
      >
        {busy ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
