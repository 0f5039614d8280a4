import { useT } from '@/lib/i18n/i18n';
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
  const t = useT();
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
        {busy ? t('ui.tryingAgain') : t('ui.tryAgain')}
      </button>
    </div>
  );
}
