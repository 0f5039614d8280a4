import { Link } from 'react-router';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useCategories } from '@/lib/api/catalogue';
import { ChevronIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ProductImage } from './product-image';
import styles from './categories-slider.module.scss';

/** The home categories slider, fed by the real categories. */
export function CategoriesSlider() {
  const { data: categories, error } = useCategories();
  if (error) return null; // The product grid below still works; the slider is a shortcut only.
  if (!categories) return <Spinner label="Loading categories" size="small" />;
  if (categories.length === 0) return null;
  return <CategoriesTrack categories={categories} />;
}

function CategoriesTrack({ categories }: { categories: { _id: string; name: string; image: string }[] }) {
  const [sliderRef, slider] = useKeenSlider<HTMLUListElement>({
    loop: categories.length > 6,
    slides: { perView: 2.2, spacing: 12 },
    breakpoints: {
      '(min-width: 576px)': { slides: { perView: 3.2, spacing: 12 } },
      '(min-width: 992px)': { slides: { perView: 5, spacing: 16 } },
      '(min-width: 1200px)': { slides: { perView: 6, spacing: 16 } },
    },
  });

  return (
    <section className={styles.section} aria-labelledby="shop-categories">
      <div className={styles.header}>
        <h2 id="shop-categories" className={styles.title}>
          Shop Popular Categories
        </h2>
        <div className={styles.arrows}>
          <button type="button" className={styles.arrow} aria-label="Previous categories" onClick={() => slider.current?.prev()}>
            <ChevronIcon direction="left" size={20} />
          </button>
          <button type="button" className={styles.arrow} aria-label="Next categories" onClick={() => slider.current?.next()}>
            <ChevronIcon direction="right" size={20} />
          </button>
        </div>
      </div>
      <ul ref={sliderRef} className={`keen-slider ${styles.track}`}>
        {categories.map((c) => (
          <li key={c._id} className="keen-slider__slide">
            <Link to={`/productwithCategory/${c._id}`} className={styles.item}>
              <ProductImage
                className={styles.image}
                url={c.image}
                alt=""
                width={200}
                height={250}
                sizes="(min-width: 1200px) 190px, (min-width: 992px) 18vw, (min-width: 576px) 30vw, 45vw"
              />
              <span className={styles.name}>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
