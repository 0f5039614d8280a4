import { useT } from '@/lib/i18n/i18n';
/** Class names from the screen's own stylesheet (a style shared by two routes would ship with every first screen). */
export interface NoticeClasses {
  notice?: string;
  button?: string;
}

/** The cart was found changed (another tab or device, or a refused call): what changed, until read. */
export function CartNotice({
  text,
  onDismiss,
  classes,
}: {
  text: string | null;
  onDismiss: () => void;
  classes: NoticeClasses;
}) {
  const t = useT();
  return (
    <div role="status" aria-live="polite">
      {text ? (
        <div className={classes.notice}>
          <p>{text}</p>
          <button type="button" className={classes.button} onClick={onDismiss}>
            {t('ui.ok')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
