import type { ReactNode } from 'react';
import styles from './spinner.module.scss';

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label: ReactNode;
  size?: 'small' | 'large';
}

export function Spinner({ label, size = 'large' }: SpinnerProps) {
  return (
    <div className={styles.wrap} role="status">
      <span className={`${styles.spinner} ${size === 'small' ? styles.small : ''}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
