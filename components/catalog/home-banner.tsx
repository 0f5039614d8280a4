import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { asset } from '@/components/ui/asset';
import styles from './home-banner.module.scss';

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
      className={styles.banner}
      aria-roledescription="carousel"
      aria-label="Offers"
      onMouseEnter={() => (hovering.current = true)}
      onMouseLeave={() => (hovering.current = false)}
    >
      <div ref={sliderRef} className={`keen-slider ${styles.slider}`}>
        {slides.map((s, i) => (
          <div
            key={s.file}
            className="keen-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== current}
          >
            <Link to="/products" tabIndex={i === current ? 0 : -1}>
              <img
                className={styles.image}
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
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.pause}
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play slides' : 'Pause slides'}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        {slides.map((s, i) => (
          <button
            key={s.file}
            type="button"
            className={`${styles.dot} ${i === current ? styles.dotActive : ''}`}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => slider.current?.moveToIdx(i)}
          />
        ))}
      </div>
    </section>
  );
}
