import { useEffect, useState } from 'react';
import { Link, useParams } from '@/lib/router/react';
import { useProduct } from '@/lib/api/products';
import { useCount, useMoney } from '@/lib/i18n/format';
import { useT, type Translate } from '@/lib/i18n/i18n';
import { maxUnitsPerLine, maxUnitsPerOrder } from '@/lib/rules/cart-limits';
import { pieceCount } from '@/lib/rules/cart-summary';
import { useCart } from '@/lib/session/cart-store';
import { useEarlyPaintHandoff } from '@/lib/early-paint/handoff';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { ImageCarousel } from './image-carousel';
import { isMissing, Missing } from './missing';
import { LazyImageViewer, prefetchImageViewer } from './lazy-image-viewer';
import { QuantityPicker, typedCount, withinRange } from './quantity-picker';
import { Rating } from './rating';
import { ShareProduct } from './share-product';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import styles from './product-details-screen.module.scss';
import '@/lib/i18n/compiled/en-catalogue';
import '@/lib/i18n/compiled/en-details';

/** Few enough left that a shopper should know before deciding. */
const lowStock = 5;

function availability(t: Translate, stock: number, inCart: number): string {
  if (stock <= 0) return t('details.outOfStock');
  const left = stock <= lowStock ? t('details.onlyLeft', { count: stock }) : t('details.inStock');
  return inCart > 0 ? t('details.inCart', { left, count: inCart }) : left;
}

export function ProductDetailsScreen() {
  const t = useT();
  const money = useMoney();
  const count = useCount();
  const { id = '' } = useParams();
  const { data: product, error, isLoading, mutate } = useProduct(id);
  const { add, busy } = useAddToCart();
  const { products: cartLines } = useCart();
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  // What the shopper typed in this product's quantity; null until they touch it (and after an add): 1.
  const [typed, setTyped] = useState<{ id: string; text: string } | null>(null);
  const quantityText = typed?.id === id ? typed.text : null;
  useDocumentTitle(isLoading ? t('details.product') : product ? product.title : t('details.error'));
  // The viewer's code (with framer-motion) is fetched once the page is idle, so a click opens it at once.
  useEffect(() => prefetchImageViewer(), []);
  // The product's top drawn before this code arrived (lib/early-paint/script.ts) goes as this screen shows its own.
  useEarlyPaintHandoff(!isLoading);

  if (isLoading) return <Spinner label={t('details.loading')} />;
  if (error || !product) {
    // The spec's 'Error', and why: a product that does not exist (the way back to the list), or one that could not
    // be loaded (another try).
    return (
      <div className={grid.page}>
        <h1 className={styles.error}>{t('details.error')}</h1>
        {isMissing(error) ? (
          <Missing
            classes={grid}
            alert
            text={t('details.missing')}
            back={t('details.allProducts')}
            to="/products"
          />
        ) : error ? (
          // LoadError's words and look; not LoadError itself: importing it here made the build put this screen's
          // styles in the first screen's stylesheet (+0.5 KB over Home's 170 KB budget).
          <div className={grid.message} role="alert">
            <p>{t('ui.loadError', { what: t('ui.what.product') })}</p>
            <button type="button" className={grid.retry} onClick={() => void mutate()}>
              {t('ui.tryAgain')}
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  const images = product.images.length > 0 ? product.images : [product.imageCover];
  const inCart = cartLines.find((l) => l.product._id === product._id)?.count ?? 0;
  const soldOut = product.quantity <= 0;
  // What the stock and the caps leave beside what the cart holds; the server checks it again, on its rows.
  const canAdd = Math.min(
    product.quantity - inCart,
    maxUnitsPerLine - inCart,
    maxUnitsPerOrder - pieceCount(cartLines),
  );
  const quantity = withinRange(typedCount(quantityText ?? ''), canAdd);

  async function onAdd(productId: string) {
    setReason(null);
    const result = await add(productId, quantity);
    if (result.ok) setTyped(null);
    if (!result.ok && result.reason) setReason(result.reason);
    // The stock may have moved either way: show what the shop has now.
    void mutate();
  }

  return (
    <div className={grid.page}>
      <nav className={styles.breadcrumb} aria-label={t('details.breadcrumb')}>
        <ol>
          <li>
            <Link to="/home">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={`/productwithCategory/${product.category._id}`}>{product.category.name}</Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>
      <article className={styles.layout}>
        <div className={styles.gallery}>
          <ImageCarousel key={product._id} images={images} title={product.title} onOpen={setViewerAt} />
        </div>
        <div className={styles.info}>
          <h1 className={styles.title} dir="auto">
            {product.title}
          </h1>
          <p className={styles.description} dir="auto">
            {product.description}
          </p>
          <p className={styles.category}>
            {t('details.category')}
            {product.category.name}
          </p>
          {product.brand ? (
            <p className={styles.category}>
              {t('details.brand')}
              <Link to={`/productsWithBrand/${product.brand._id}`}>{product.brand.name}</Link>
            </p>
          ) : null}
          <div className={styles.meta}>
            <span className={styles.price}>{money(product.price)}</span>
            <span className={styles.rated}>
              <Rating value={product.ratingsAverage} />
              <span className={styles.ratings}>
                {t('details.ratings', { count: product.ratingsQuantity })}
              </span>
            </span>
          </div>
          <p className={soldOut ? styles.soldOut : styles.stock} id="availability">
            {availability(t, product.quantity, inCart)}
          </p>
          <QuantityPicker
            text={quantityText ?? count(1)}
            max={canAdd}
            disabled={soldOut}
            onText={(text) => setTyped({ id: product._id, text })}
          />
          <button
            type="button"
            className={styles.add}
            aria-disabled={busy || soldOut}
            aria-describedby="availability"
            onClick={() => {
              if (!busy && !soldOut) void onAdd(product._id);
            }}
          >
            {t('details.add')}
          </button>
          {reason ? (
            <p className={styles.reason} role="alert">
              {reason}
            </p>
          ) : null}
          <ShareProduct id={product._id} title={product.title} />
        </div>
      </article>
      {viewerAt !== null ? (
        <LazyImageViewer
          images={images}
          title={product.title}
          initial={viewerAt}
          onClose={() => setViewerAt(null)}
        />
      ) : null}
      {busy ? <BusyOverlay label={t('catalogue.updatingCart')} /> : null}
    </div>
  );
}
