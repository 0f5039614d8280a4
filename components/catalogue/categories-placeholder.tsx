import styles from './categories-slider.module.scss';

export const categoriesHeading = 'Shop Popular Categories';

// As many tiles as the widest layout shows at once (6 per view from 1200 px).
const tiles = Array.from({ length: 6 }, (_, i) => i);

/**
 * The categories slider's own geometry (heading row, one row of square tiles with a name line) while
 * its code or the categories load, so the products below do not move when the slider arrives.
 */
export function CategoriesPlaceholder() {
  return (
    <div className={styles.section}>
      <div className={styles.header} aria-hidden="true">
        <span className={styles.title}>{categoriesHeading}</span>
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
        Loading categories
      </span>
    </div>
  );
}
