import { useMemo } from 'react';
import { Link } from '@/lib/router/react';
import { useCategories } from '@/lib/api/catalogue';
import type { Category } from '@/lib/contract/catalogue';
import { ChevronIcon } from '@/components/ui/catalogue-icons';
import { CategoriesPlaceholder } from './categories-placeholder';
import { ProductImage } from './product-image';
import { useLateSlider } from './use-late-slider';
import styles from './categories-slider.module.scss';
import { useT } from '@/lib/i18n/i18n';

/**
 * The categories Home features, in the order staff chose (the home page's content); none chosen: every category. A
 * featured category since deleted is left out.
 */
export function featuredOf(categories: Category[], featured: readonly string[]): Category[] {
  if (featured.length === 0) return categories;
  const byId = new Map(categories.map((c) => [c._id, c]));
  return featured.map((id) => byId.get(id)).filter((c): c is Category => c !== undefined);
}

/** The home categories slider, fed by the real categories. */
export function CategoriesSlider({ featured }: { featured: readonly string[] }) {
  const t = useT();
  const { data: all, error } = useCategories();
  const categories = useMemo(() => all && featuredOf(all, featured), [all, featured]);
  if (error) return null; // The product grid below still works; the slider is a shortcut only.
  if (!categories) {
    return (
      <CategoriesPlaceholder
        heading={t('catalogue.popularCategories')}
        loading={t('catalogue.loadingCategories')}
      />
    );
  }
  if (categories.length === 0) return null;
  return <CategoriesTrack categories={categories} />;
}

function CategoriesTrack({ categories }: { categories: Category[] }) {
  const t = useT();
  // The tiles are laid out by CSS as keen-slider will lay them out, so it can arrive once the page is idle.
  const slider = useLateSlider<HTMLUListElement>({
    loop: categories.length > 8,
    slides: { perView: 2.2, spacing: 12 },
    breakpoints: {
      '(min-width: 576px)': { slides: { perView: 3.2, spacing: 12 } },
      '(min-width: 992px)': { slides: { perView: 6, spacing: 16 } },
      // Small tiles on a wide screen: the banner, the categories and a row of products share its first screen.
      '(min-width: 1200px)': { slides: { perView: 8, spacing: 16 } },
    },
  });

  return (
    <section className={styles.section} aria-labelledby="shop-categories">
      <div className={styles.header}>
        <h2 id="shop-categories" className={styles.title}>
          {t('catalogue.popularCategories')}
        </h2>
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('catalogue.prevCategories')}
            onClick={() => slider.act((s) => s.prev())}
          >
            <ChevronIcon direction="start" size={20} />
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('catalogue.nextCategories')}
            onClick={() => slider.act((s) => s.next())}
          >
            <ChevronIcon direction="end" size={20} />
          </button>
        </div>
      </div>
      <ul ref={slider.ref} className={`keen-slider ${styles.track}`}>
        {categories.map((c) => (
          <li key={c._id} className={`keen-slider__slide ${styles.slide}`}>
            <Link to={`/productwithCategory/${c._id}`} className={styles.item}>
              <ProductImage
                className={styles.image}
                url={c.image}
                alt=""
                width={200}
                height={200}
                sizes="(min-width: 1200px) 190px, (min-width: 992px) 18vw, (min-width: 576px) 30vw, 45vw"
              />
              <span className={styles.name} dir="auto">
                {c.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
