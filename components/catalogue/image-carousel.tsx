import { useRef, useState } from 'react';
import 'keen-slider/keen-slider.min.css';
import { productPictureSizes } from './lcp-pictures';
import { PictureControls } from './picture-controls';
import { ProductImage } from './product-image';
import { useLateSlider } from './use-late-slider';
import styles from './image-carousel.module.scss';
import { useT } from '@/lib/i18n/i18n';

interface ImageCarouselProps {
  images: string[];
  title: string;
  /** A click on a picture: open it in the full-screen viewer. */
  onOpen: (index: number) => void;
}

/**
 * The details page's carousel. Spec: one slide per view, 40 px spacing, arrows and clickable dots; a click
 * opens the full-screen viewer (image-viewer.tsx). The first picture is plain markup (the screen's largest
 * paint); keen-slider takes over once the page is idle, or at once on an arrow or a dot.
 */
export function ImageCarousel({ images, title, onOpen }: ImageCarouselProps) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const dragged = useRef(false);
  const slider = useLateSlider<HTMLDivElement>({
    loop: images.length > 1,
    slides: { perView: 1, spacing: 40 },
    slideChanged: (s) => setCurrent(s.track.details.rel),
    dragStarted: () => {
      dragged.current = false;
    },
    dragged: () => {
      dragged.current = true;
    },
  });

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('gallery.images', { title })}
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
          </div>
        ))}
      </div>
      <PictureControls
        images={images}
        current={current}
        onPrevious={() => slider.act((s) => s.prev())}
        onNext={() => slider.act((s) => s.next())}
        onShow={(index) => slider.act((s) => s.moveToIdx(index))}
      />
    </div>
  );
}
