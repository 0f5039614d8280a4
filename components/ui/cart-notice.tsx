import styles from './cart-notice.module.scss';

/** The cart was found changed (another tab or device, or a refused call): what changed, until read. */
export function CartNotice({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {text ? (
        <div className={styles.notice}>
          <p>{text}</p>
          <button type="button" className={styles.dismiss} onClick={onDismiss}>
            OK
          </button>
        </div>
      ) : null}
    </div>
  );
}
