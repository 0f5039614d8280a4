import { useEffect, useRef } from 'react';
import { Link } from '@/lib/router/react';
import type { Product } from '@/lib/contract/catalogue';
import { CartIcon } from '@/components/ui/icons';
import { ProductImage } from './product-image';
import { Rating } from './rating';
import styles from './motion-card.module.scss';
import { useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';

/*
 * Spec section 9: fade-up entrance, 100 ms delay, 1000 ms. A CSS transition (motion-card.module.scss),
 * started by one IntersectionObserver shared by every card when 15% of a card is in view: no animation
 * library to download and start before the grid can show.
 */
const callbacks = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function whenInView(el: Element, show: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        callbacks.get(entry.target)?.();
        callbacks.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { threshold: 0.15 },
  );
  callbacks.set(el, show);
  observer.observe(el);
  return () => {
    callbacks.delete(el);
    observer?.unobserve(el);
  };
}

function useFadeUp<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const show = () => el.classList.add(styles.shown ?? '');
    if (typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    return whenInView(el, show);
  }, []);
  return ref;
}

interface MotionCardProps {
  product: Product;
  /** Brand cards show the first word of the title, category cards the first two. */
  title: string;
  onAdd: (productId: string) => void;
  priority?: boolean;
  /** A cart call is running: the button keeps its focus (aria-disabled) but does nothing. */
  busy?: boolean;
}

/** Brand and category card: imageCover, 'title: ', 'price: ', star rating, 'Add to cart' with a cart icon. */
export function MotionCard({ product, title, onAdd, priority, busy = false }: MotionCardProps) {
  const t = useT();
  const money = useMoney();
  const ref = useFadeUp<HTMLLIElement>();
  return (
    <li ref={ref} className={styles.item}>
      <article className={styles.card}>
        <Link to={`/productDetails/${product._id}`} className={styles.link}>
          <ProductImage
            className={styles.cover}
            url={product.imageCover}
            alt={product.title}
            width={320}
            height={320}
            sizes="(min-width: 1200px) 270px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 90vw"
            priority={priority}
          />
          <span className={styles.text}>
            {t('lists.titlePrefix')}
            {title}
          </span>
          <span className={styles.price}>
            {t('lists.pricePrefix')}
            {money(product.price)}
          </span>
          <Rating value={product.ratingsAverage} />
        </Link>
        <button
          type="button"
          className={styles.add}
          aria-label={t('card.addToCartOf', { title: product.title })}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onAdd(product._id);
          }}
        >
          <CartIcon />
          {t('card.addToCart')}
        </button>
      </article>
    </li>
  );
}
