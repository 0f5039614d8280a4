import { LazyMotion, MotionConfig, m } from 'framer-motion';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/lib/api/types';
import { CartIcon } from '@/components/ui/icons';
import { ProductImage } from './product-image';
import { Rating } from './rating';
import styles from './motion-card.module.scss';

// framer-motion's animation features arrive in their own chunk; `m` alone is tiny.
const loadFeatures = () => import('./motion-features').then((mod) => mod.default);

/** Spec section 9: fade-up entrance, 100 ms delay, 1000 ms. */
const fadeUp = {
  initial: { opacity: 0, y: 40 },
  whileInView: { opacity: 1, y: 0 },
  viewport: { once: true, amount: 0.15 },
  transition: { delay: 0.1, duration: 1 },
} as const;

export function MotionGrid({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">
        <ul className={className}>{children}</ul>
      </MotionConfig>
    </LazyMotion>
  );
}

interface MotionCardProps {
  product: Product;
  /** Brand cards show the first word of the title, category cards the first two. */
  title: string;
  onAdd: (productId: string) => void;
  priority?: boolean;
}

/** Brand and category card: imageCover, 'title: ', 'price: ', star rating, 'Add to cart' with a cart icon. */
export function MotionCard({ product, title, onAdd, priority }: MotionCardProps) {
  return (
    <m.li className={styles.item} {...fadeUp}>
      <article className={styles.card}>
        <Link to={`/productDetails/${product._id}`} className={styles.link}>
          <ProductImage
            className={styles.cover}
            url={product.imageCover}
            alt={product.title}
            width={320}
            height={427}
            sizes="(min-width: 1200px) 270px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 90vw"
            priority={priority}
          />
          <span className={styles.text}>title: {title}</span>
          <span className={styles.text}>price: {product.price}</span>
          <Rating value={product.ratingsAverage} />
        </Link>
        <button
          type="button"
          className={styles.add}
          aria-label={`Add to cart: ${product.title}`}
          onClick={() => onAdd(product._id)}
        >
          <CartIcon />
          Add to cart
        </button>
      </article>
    </m.li>
  );
}
