import styles from './categories-slider.module.scss';
import type { ReactNode } from 'react';

// Six tiles: as many as a tablet shows at once, and the first six of a wide screen's eight (the row's height is the
// same, so nothing moves when the slider arrives). Not eight: the exported page's main area must stay small enough
// that React's prerender keeps the footer in place (it moves a part that comes after 12,800 bytes of others out of
// its place, and without JavaScript it would not be put back: e2e/first-paint.spec.ts).
const tiles = Array.from({ length: 6 }, (_, i) => i);

/**
 * The categories slider's own geometry (heading row, one row of square tiles with a name line) while
 * its code or the categories load, so the products below do not move when the slider arrives.
 */
export function CategoriesPlaceholder({ heading, loading }: { heading: ReactNode; loading: ReactNode }) {
  return (
    <div className={styles.section}>
      <div className={styles.header} aria-hidden="true">
        <span className={styles.title}>{heading}</span>
        <span className={styles.arrows}>
          <span className={styles.arrowSpace} />
          <span className={styles.arrowSpace} />
        </span>
      </div>
      <ul className={styles.track} aria-hidden="true">
        {tiles.map((i) => (
          <li key={i} className={styles.slide}>
            <span className={styles.item}>
              <span className={`${styles.image} ${styles.tile}`} />
              <span className={styles.name}>{'\u00a0'}</span>
            </span>
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {loading}
      </span>
    </div>
  );
}
