import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { ImageCarousel } from './image-carousel';
import styles from './image-viewer.module.scss';
import { useT } from '@/lib/i18n/i18n';

interface ImageViewerProps {
  images: string[];
  title: string;
  initial: number;
  onClose: () => void;
}

const focusable = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen viewer: a modal dialog with a larger carousel. It closes on its close button, on a
 * click outside its inner box and on Escape; Tab stays inside while open, and focus goes back to what
 * opened it when it closes.
 */
export function ImageViewer({ images, title, initial, onClose }: ImageViewerProps) {
  const t = useT();
  const boxRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Escape closes the viewer wherever the focus is: a click on an image or an arrow can leave it on
    // <body>, outside the dialog's own key handler.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latestClose.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = Array.from(boxRef.current.querySelectorAll<HTMLElement>(focusable)).filter(
      (el) => el.closest('[aria-hidden="true"]') === null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (boxRef.current && !boxRef.current.contains(event.target as Node)) onClose();
  }

  return (
    <div className={styles.backdrop} onClick={onBackdropClick} onKeyDown={onKeyDown} role="presentation">
      <div
        ref={boxRef}
        className={styles.box}
        role="dialog"
        aria-modal="true"
        aria-label={t('gallery.images', { title })}
      >
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          aria-label={t('gallery.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
        <ImageCarousel images={images} title={title} variant="viewer" initial={initial} />
      </div>
    </div>
  );
}
