import type { ReactNode } from 'react';
import { asset } from './asset';
import styles from './full-screen-loader.module.scss';

// Spec: a spinning logo image, size 50, speed 1 (one turn per second), with the text "Loading...".
const size = 50;
const speed = 1;

interface FullScreenLoaderProps {
  /**
   * Covers the screen below the navbar only: the prerendered page's navbar stays in view while the first
   * screen's code arrives. Otherwise (a later screen's code) it covers the whole screen.
   */
  belowNavbar?: boolean;
  /** "Loading..." in the page's language. */
  text: ReactNode;
}

export function FullScreenLoader({ belowNavbar = false, text }: FullScreenLoaderProps) {
  return (
    <div
      className={`${styles.loader} ${belowNavbar ? styles.belowNavbar : ''}`}
      role="status"
      aria-live="polite"
    >
      <img
        className={styles.logo}
        src={asset('/logo.svg')}
        width={size}
        height={size}
        alt=""
        style={{ animationDuration: `${1 / speed}s` }}
      />
      <p className={styles.text}>{text}</p>
    </div>
  );
}
