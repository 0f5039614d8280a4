import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import {
  domAnimation,
  LazyMotion,
  m,
  MotionConfig,
  useAnimationControls,
  useMotionValue,
  useReducedMotion,
} from 'framer-motion';
import { CloseIcon } from '@/components/ui/icons';
import { useDirection } from '@/components/ui/use-direction';
import { PictureControls } from './picture-controls';
import { ProductImage } from './product-image';
import styles from './image-viewer.module.scss';
import { useT } from '@/lib/i18n/i18n';

// This module is fetched on its own (lazy-image-viewer.tsx): framer-motion comes with it, never with the
// first screen. It draws with `m` and the domAnimation features only (LazyMotion strict), and follows the
// device's reduced-motion setting (MotionConfig reducedMotion="user": moves become instant, fades stay).

export interface ImageViewerProps {
  images: string[];
  title: string;
  initial: number;
  onClose: () => void;
}

const focusable = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Space between two pictures on the track, px. */
const gap = 40;
const slide = { type: 'spring', stiffness: 320, damping: 34 } as const;
const fade = { duration: 0.2, ease: 'easeOut' } as const;

/**
 * The full-screen viewer: a modal dialog with the product's pictures, larger. It closes on its close button,
 * on a click outside its inner box and on Escape; Tab stays inside while open, and focus goes back to what
 * opened it when it closes.
 */
export function ImageViewer({ images, title, initial, onClose }: ImageViewerProps) {
  const t = useT();
  const boxRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  // Reduced motion: the box does not rise into place (not even from a first frame drawn lower); it fades.
  const still = useReducedMotion() === true;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Escape closes the viewer wherever the focus is: a click on an image or an arrow can leave it on
    // <body>, outside the dialog's own key handler.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latestClose.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = Array.from(boxRef.current.querySelectorAll<HTMLElement>(focusable)).filter(
      (el) => el.closest('[aria-hidden="true"]') === null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (boxRef.current && !boxRef.current.contains(event.target as Node)) onClose();
  }

  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <m.div
          className={styles.backdrop}
          onClick={onBackdropClick}
          onKeyDown={onKeyDown}
          role="presentation"
          initial={{ opacity: 0 }}
          animate={{ opacity: 1 }}
          transition={fade}
        >
          <m.div
            ref={boxRef}
            className={styles.box}
            role="dialog"
            aria-modal="true"
            aria-label={t('gallery.images', { title })}
            initial={{ opacity: 0, y: still ? 0 : 24 }}
            animate={{ opacity: 1, y: 0 }}
            transition={fade}
          >
            <button
              ref={closeRef}
              type="button"
              className={styles.close}
              aria-label={t('gallery.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
            <Pictures images={images} title={title} initial={initial} />
          </m.div>
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}

interface Drag {
  pointer: number;
  startX: number;
  startY: number;
  from: number;
  at: number;
  horizontal: boolean | null;
}

/**
 * The pictures on one track, one in view. Arrows, dots, the arrow keys and a swipe move between them, the
 * way the page reads: left to right the next picture comes from the right (swipe to the left), right to
 * left from the left (swipe to the right). From the last picture 'next' goes round to the first.
 */
function Pictures({ images, title, initial }: Omit<ImageViewerProps, 'onClose'>) {
  const t = useT();
  const count = images.length;
  const [current, setCurrent] = useState(initial);
  const direction = useDirection();
  // Picture i sits at i × (width + gap) along the line: to the right left to right, to the left right to left.
  const along = direction === 'rtl' ? 1 : -1;
  const viewport = useRef<HTMLDivElement>(null);
  const x = useMotionValue(0);
  const controls = useAnimationControls();
  const drag = useRef<Drag | null>(null);

  const offsetOf = (index: number) => along * index * ((viewport.current?.clientWidth ?? 0) + gap);

  // In place without a move: when opened, when the direction changes, when the window is resized.
  const place = useRef(() => {});
  place.current = () => {
    controls.stop();
    x.set(offsetOf(current));
  };
  useLayoutEffect(() => place.current(), [direction]);
  useEffect(() => {
    const onResize = () => place.current();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  function show(index: number) {
    const next = ((index % count) + count) % count;
    setCurrent(next);
    void controls.start({ x: offsetOf(next), transition: slide });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    controls.stop();
    drag.current = {
      pointer: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: x.get(),
      at: performance.now(),
      horizontal: null,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (d.horizontal === null && Math.hypot(dx, dy) > 6) {
      d.horizontal = Math.abs(dx) > Math.abs(dy);
      if (d.horizontal) event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (d.horizontal) x.set(d.from + dx);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    drag.current = null;
    if (!d.horizontal) return;
    // Taken away mid-swipe (a system gesture, a call): back to the picture it started from.
    if (event.type === 'pointercancel') {
      show(current);
      return;
    }
    const dx = event.clientX - d.startX;
    const width = viewport.current?.clientWidth ?? 1;
    const speed = Math.abs(dx) / Math.max(1, performance.now() - d.at); // px per ms
    // Forward is against the line: a swipe to the left left to right, to the right right to left.
    const forward = dx * along;
    if (Math.abs(dx) > width * 0.2 || (speed > 0.4 && Math.abs(dx) > 24))
      show(current + (forward > 0 ? 1 : -1));
    else show(current);
  }

  // The arrow keys, wherever the focus is in the (modal) viewer. A key points where the picture to show
  // is: ArrowRight is the next one left to right, the previous one right to left.
  const onArrow = useRef((_event: globalThis.KeyboardEvent) => {});
  onArrow.current = (event) => {
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    const towardsEnd = (event.key === 'ArrowRight') === (direction === 'ltr');
    show(current + (towardsEnd ? 1 : -1));
  };
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onArrow.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('gallery.enlarged', { title })}
    >
      <div
        ref={viewport}
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-current={current}
      >
        <m.div className={styles.track} style={{ x, gap }} animate={controls}>
          {images.map((url, i) => (
            <div
              key={`${url}-${i}`}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('gallery.imageOf', { n: i + 1, total: count })}
              aria-hidden={i !== current}
            >
              <ProductImage
                className={styles.image}
                url={url}
                alt={t('gallery.alt', { title, n: i + 1 })}
                width={900}
                height={900}
                sizes="100vw"
                priority={i === initial}
              />
            </div>
          ))}
        </m.div>
      </div>
      <PictureControls
        images={images}
        current={current}
        onPrevious={() => show(current - 1)}
        onNext={() => show(current + 1)}
        onShow={show}
        onScrim
      />
    </div>
  );
}
