import { Link } from '@/lib/router/react';
import type { Product } from '@/lib/contract/catalogue';
import { firstWords } from '@/lib/rules/title';
import { productCardPictureSizes } from './lcp-pictures';
import { ProductImage } from './product-image';
import { Rating } from './rating';
import styles from './product-card.module.scss';
import { useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';

interface ProductCardProps {
  product: Product;
  onAdd: (productId: string) => void;
  priority?: boolean;
  /** A cart call is running: the button keeps its focus (aria-disabled) but does nothing. */
  busy?: boolean;
}

/** Home and product list card (spec section 2): cover, category, first two words, price EGP, rating. */
export function ProductCard({ product, onAdd, priority, busy = false }: ProductCardProps) {
  const t = useT();
  const money = useMoney();
  const title = firstWords(product.title, 2);
  return (
    <article className={styles.card}>
      <Link to={`/productDetails/${product._id}`} className={styles.link}>
        <ProductImage
          className={styles.cover}
          url={product.imageCover}
          alt={product.title}
          width={320}
          height={320}
          sizes={productCardPictureSizes}
          priority={priority}
        />
        {/* Catalogue text may be English on an Arabic page (and Arabic on an English one): its own direction. */}
        <span className={styles.category} dir="auto">
          {product.category.name}
        </span>
        <h3 className={styles.title} dir="auto">
          {title}
        </h3>
        <span className={styles.meta}>
          <span className={styles.price}>{money(product.price)}</span>
          <Rating value={product.ratingsAverage} />
        </span>
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
        {t('card.addToCart')}
      </button>
    </article>
  );
}
