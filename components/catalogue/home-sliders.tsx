import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router/react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useCategories } from '@/lib/api/catalogue';
import type { Category } from '@/lib/contract/catalogue';
import { asset } from '@/components/ui/asset';
import { ChevronIcon } from '@/components/ui/icons';
import { CategoriesPlaceholder, categoriesHeading } from './categories-placeholder';
import { ProductImage } from './product-image';
import banner from './home-banner.module.scss';
import styles from './categories-slider.module.scss';

// Both home sliders live in one module so the lazily loaded chunk carries keen-slider once.
const slides = [
  { file: 'banner-1', alt: 'Fresh deals every day: up to 30% off fashion and electronics' },
  { file: 'banner-2', alt: "New season fashion: women's and men's collections just landed" },
  { file: 'banner-3', alt: 'Electronics week: laptops, phones and more at the best prices' },
] as const;

const autoplayMs = 5000;

/** The home banner: the shop's own images, one per view, turning every 5 s unless paused. */
export function HomeBanner() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const hovering = useRef(false);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });

  useEffect(() => {
    if (paused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (!hovering.current) slider.current?.next();
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [paused, slider]);

  return (
    <section
      className={banner.banner}
      aria-roledescription="carousel"
      aria-label="Offers"
      onMouseEnter={() => (hovering.current = true)}
      onMouseLeave={() => (hovering.current = false)}
    >
      <div ref={sliderRef} className={`keen-slider ${banner.slider}`}>
        {slides.map((s, i) => (
          <div
            key={s.file}
            className={`keen-slider__slide ${banner.slide}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== current}
          >
            <Link to="/products" tabIndex={i === current ? 0 : -1}>
              <img
                className={banner.image}
                src={asset(`/banners/${s.file}.svg`)}
                width={1200}
                height={400}
                alt={s.alt}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </Link>
          </div>
        ))}
      </div>
      <div className={banner.controls}>
        <button
          type="button"
          className={banner.pause}
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play slides' : 'Pause slides'}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        {slides.map((s, i) => (
          <button
            key={s.file}
            type="button"
            className={`${banner.dot} ${i === current ? banner.dotActive : ''}`}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => slider.current?.moveToIdx(i)}
          />
        ))}
      </div>
    </section>
  );
}

/** The home categories slider, fed by the real categories. */
export function CategoriesSlider() {
  const { data: categories, error } = useCategories();
  if (error) return null; // The product grid below still works; the slider is a shortcut only.
  if (!categories) return <CategoriesPlaceholder />;
  if (categories.length === 0) return null;
  return <CategoriesTrack categories={categories} />;
}

function CategoriesTrack({ categories }: { categories: Category[] }) {
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
          {categoriesHeading}
        </h2>
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Previous categories"
            onClick={() => slider.current?.prev()}
          >
            <ChevronIcon direction="left" size={20} />
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Next categories"
            onClick={() => slider.current?.next()}
          >
            <ChevronIcon direction="right" size={20} />
          </button>
        </div>
      </div>
      <ul ref={sliderRef} className={`keen-slider ${styles.track}`}>
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
              <span className={styles.name}>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
