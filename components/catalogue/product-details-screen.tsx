import { useState } from 'react';
import { useParams } from '@/lib/router/react';
import { useProduct } from '@/lib/api/products';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Spinner } from '@/components/ui/spinner';
import { ImageCarousel } from './image-carousel';
import { ImageViewer } from './image-viewer';
import { Rating } from './rating';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import styles from './product-details-screen.module.scss';

export function ProductDetailsScreen() {
  const { id = '' } = useParams();
  const { data: product, error, isLoading } = useProduct(id);
  const { add, busy } = useAddToCart();
  const [viewerAt, setViewerAt] = useState<number | null>(null);

  if (isLoading) return <Spinner label="Loading product" />;
  if (error || !product) {
    return (
      <div className={grid.page}>
        <h1 className={styles.error}>Error</h1>
      </div>
    );
  }

  const images = product.images.length > 0 ? product.images : [product.imageCover];
  return (
    <div className={grid.page}>
      <article className={styles.layout}>
        <div className={styles.gallery}>
          <ImageCarousel
            key={product._id}
            images={images}
            title={product.title}
            variant="page"
            onOpen={setViewerAt}
          />
        </div>
        <div className={styles.info}>
          <h1 className={styles.title}>{product.title}</h1>
          <p className={styles.description}>{product.description}</p>
          <p className={styles.category}>Category: {product.category.name}</p>
          <div className={styles.meta}>
            <span className={styles.price}>{product.price} EGP</span>
            <Rating value={product.ratingsAverage} />
          </div>
          <button type="button" className={styles.add} onClick={() => void add(product._id)}>
            + Add to Cart
          </button>
        </div>
      </article>
      {viewerAt !== null ? (
        <ImageViewer
          images={images}
          title={product.title}
          initial={viewerAt}
          onClose={() => setViewerAt(null)}
        />
      ) : null}
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
