'use client';
import { useEffect, useId, useRef } from 'react';
import styles from './error-dialog.module.scss';
import { useT } from '@/lib/i18n/i18n';

interface ErrorDialogProps {
  /** The server's message; null keeps the dialog closed. */
  message: string | null;
  onClose: () => void;
}

/**
 * The 'Oops!' alert of spec section 8 as a modal alert dialog: focus moves to 'Try Again' when it
 * opens, stays inside while open, Escape or the button closes it, and focus returns afterwards.
 */
export function ErrorDialog({ message, onClose }: ErrorDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = message !== null;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    buttonRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    <div className={styles.backdrop}>
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab') {
            // 'Try Again' is the only control, so Tab keeps focus on it.
            event.preventDefault();
            buttonRef.current?.focus();
          }
        }}
      >
        <svg
          className={styles.icon}
          viewBox="0 0 80 80"
          width="80"
          height="80"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="40" cy="40" r="36" fill="none" strokeWidth="4" />
          <path d="M27 27 L53 53 M53 27 L27 53" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <h2 id={titleId} className={styles.title}>
          {t('account.oops')}
        </h2>
        <p id={textId} className={styles.text}>
          {message}
        </p>
        <button ref={buttonRef} type="button" className={styles.button} onClick={onClose}>
          {t('account.tryAgain')}
        </button>
      </div>
    </div>
  );
}
