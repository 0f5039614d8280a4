import { useRef, useState } from 'react';
import 'keen-slider/keen-slider.min.css';
import { ChevronIcon } from '@/components/ui/icons';
import { productPictureSizes } from './lcp-pictures';
import { ProductImage } from './product-image';
import { useLateSlider } from './use-late-slider';
import styles from './image-carousel.module.scss';
import { useT } from '@/lib/i18n/i18n';

interface ImageCarouselProps {
  images: string[];
  title: string;
  /** 'page': the details carousel (a click opens the viewer); 'viewer': the larger one inside it. */
  variant: 'page' | 'viewer';
  initial?: number;
  onOpen?: (index: number) => void;
  onChange?: (index: number) => void;
}

/**
 * Spec: one slide per view, 40 px spacing, arrows and clickable dots. The first picture is plain markup (the
 * screen's largest paint); keen-slider takes over once the page is idle, or at once on an arrow or a dot.
 */
export function ImageCarousel({ images, title, variant, initial = 0, onOpen, onChange }: ImageCarouselProps) {
  const t = useT();
  const [current, setCurrent] = useState(initial);
  const dragged = useRef(false);
  const slider = useLateSlider<HTMLDivElement>(
    {
      initial,
      loop: images.length > 1,
      slides: { perView: 1, spacing: 40 },
      slideChanged: (s) => {
        setCurrent(s.track.details.rel);
        onChange?.(s.track.details.rel);
      },
      dragStarted: () => {
        dragged.current = false;
      },
      dragged: () => {
        dragged.current = true;
      },
    },
    // The viewer opens on the picture the shopper clicked: it needs the slider at once.
    { now: variant === 'viewer' },
  );

  const big = variant === 'viewer';
  return (
    <div
      className={`${styles.carousel} ${big ? styles.viewer : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={t(big ? 'gallery.enlarged' : 'gallery.images', { title })}
    >
      <div ref={slider.ref} className="keen-slider">
        {images.map((url, i) => (
          <div
            key={`${url}-${i}`}
            className={`keen-slider__slide ${styles.slide}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('gallery.imageOf', { n: i + 1, total: images.length })}
            aria-hidden={i !== current}
          >
            {onOpen ? (
              <button
                type="button"
                className={styles.open}
                tabIndex={i === current ? 0 : -1}
                aria-label={t('gallery.openFull', { n: i + 1, total: images.length })}
                onClick={() => {
                  // A swipe ends with a click; only a real click opens the viewer.
                  if (!dragged.current) onOpen(i);
                }}
              >
                <ProductImage
                  className={styles.image}
                  url={url}
                  alt=""
                  width={600}
                  height={600}
                  sizes={productPictureSizes}
                  priority={i === 0}
                />
              </button>
            ) : (
              <ProductImage
                className={styles.image}
                url={url}
                alt={t('gallery.alt', { title, n: i + 1 })}
                width={900}
                height={900}
                sizes="100vw"
                priority={i === initial}
              />
            )}
          </div>
        ))}
      </div>
      {images.length > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label={t('gallery.prev')}
            onClick={() => slider.act((s) => s.prev())}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={t('gallery.next')}
            onClick={() => slider.act((s) => s.next())}
          >
            <ChevronIcon direction="right" />
          </button>
          <div className={styles.dots}>
            {images.map((url, i) => (
              <button
                key={`${url}-dot-${i}`}
                type="button"
                className={`${styles.dot} ${i === current ? styles.dotActive : ''}`}
                aria-label={t('gallery.show', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => slider.act((s) => s.moveToIdx(i))}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
