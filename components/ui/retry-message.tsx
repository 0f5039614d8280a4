import type { NoticeClasses } from './cart-notice';

/** Something could not be loaded: say so plainly and offer another try, instead of showing nothing. */
export function RetryMessage({
  text,
  onRetry,
  busy,
  classes,
}: {
  text: string;
  onRetry: () => void;
  busy?: boolean;
  /** From the screen's own stylesheet: `notice` is the box. */
  classes: NoticeClasses;
}) {
  return (
    <div className={classes.notice} role="alert">
      <p>{text}</p>
      <button
        type="button"
        className={classes.button}
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
