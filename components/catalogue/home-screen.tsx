import { productsKey, useProductPages } from '@/lib/api/products';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { CategoriesSlider } from './categories-slider';
import { HomeBanner } from './home-banner';
import { LoadError } from './load-error';
import { PagedGrid } from './paged-grid';
import { ProductCard } from './product-card';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import styles from './home-screen.module.scss';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';

// The same pieces, in the same places, as the prerendered page's Home (home-placeholder.tsx).
export function HomeScreen() {
  const t = useT();
  useDocumentTitle(t('nav.home'));
  // The unfiltered list, a page at a time (its pages are the product list's, under the key "Product").
  const list = useProductPages(productsKey, '');
  const { add, busy } = useAddToCart();
  const pages = list.first;

  return (
    <div className={grid.page}>
      <h1 className="visually-hidden">{t('catalogue.homeHeading')}</h1>
      <HomeBanner />
      <CategoriesSlider />
      <section className={styles.shop} aria-labelledby="shop-product">
        <Reveal>
          <h2 id="shop-product" className={grid.heading}>
            {t('catalogue.shopProduct')}
          </h2>
        </Reveal>
        {list.isLoading ? <Spinner label={t('catalogue.loadingProducts')} /> : null}
        {list.error && !pages ? <LoadError what="products" onRetry={list.retry} /> : null}
        {pages && list.total === 0 ? <p className={grid.message}>{t('catalogue.noProducts')}</p> : null}
        {pages && list.total ? (
          <PagedGrid
            listKey="home"
            list={list}
            gridClassName={`${grid.grid} ${grid.cards}`}
            renderCard={(p, i) => (
              <li key={p._id}>
                <ProductCard product={p} onAdd={(id) => void add(id)} priority={i === 0} busy={busy} />
              </li>
            )}
          />
        ) : null}
      </section>
      {busy ? <BusyOverlay label={t('catalogue.updatingCart')} /> : null}
    </div>
  );
}
