import styles from './busy-overlay.module.scss';

interface BusyOverlayProps {
  /** What the page waits for, for screen readers ('Please wait' when nothing more is known). */
  label: string;
}

/**
 * Full-screen semi-transparent overlay with a spinner: render it while a request runs. It takes every
 * click, so nothing underneath can be pressed twice meanwhile.
 */
export function BusyOverlay({ label }: BusyOverlayProps) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="busy-overlay">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
