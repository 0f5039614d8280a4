import { ChevronIcon } from '@/components/ui/catalogue-icons';
import { useT } from '@/lib/i18n/i18n';
import styles from './picture-controls.module.scss';

interface PictureControlsProps {
  images: string[];
  current: number;
  onPrevious: () => void;
  onNext: () => void;
  onShow: (index: number) => void;
  /** Drawn on the viewer's dark scrim: white dots. */
  onScrim?: boolean;
}

/**
 * The arrows and dots of a picture carousel (the details page's and the full-screen viewer's), for more than
 * one picture. 'Previous' stands at the start of the line and 'next' at its end, their chevrons pointing
 * that way in either direction.
 */
export function PictureControls({
  images,
  current,
  onPrevious,
  onNext,
  onShow,
  onScrim = false,
}: PictureControlsProps) {
  const t = useT();
  if (images.length < 2) return null;
  return (
    <div className={onScrim ? styles.scrim : undefined}>
      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        aria-label={t('gallery.prev')}
        onClick={onPrevious}
      >
        <ChevronIcon direction="start" />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        aria-label={t('gallery.next')}
        onClick={onNext}
      >
        <ChevronIcon direction="end" />
      </button>
      <div className={styles.dots}>
        {images.map((url, i) => (
          <button
            key={`${url}-dot-${i}`}
            type="button"
            className={`${styles.dot} ${i === current ? styles.dotActive : ''}`}
            aria-label={t('gallery.show', { n: i + 1 })}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => onShow(i)}
          />
        ))}
      </div>
    </div>
  );
}
