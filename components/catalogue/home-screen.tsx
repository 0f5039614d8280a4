import { lazy, Suspense } from 'react';
import { apiHost } from '@/lib/api/config';
import { useHomeContent } from '@/lib/api/home';
import { productsKey, useProductPages } from '@/lib/api/products';
import { showSlide } from '@/lib/home/content';
import { useLocation } from '@/lib/router/react';
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
import { useShownLang, useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';

const PreviewNote = lazy(() => import('./preview-note').then((m) => ({ default: m.PreviewNote })));

// The same pieces, in the same places, as the prerendered page's Home (home-placeholder.tsx).
export function HomeScreen() {
  const t = useT();
  useDocumentTitle(t('nav.home'));
  // The unfiltered list, a page at a time (its pages are the product list's, under the key "Product").
  const list = useProductPages(productsKey, '');
  const { add, busy } = useAddToCart();
  const pages = list.first;
  // A preview link from the back office (#/preview?token=TOKEN) shows the draft instead of what is live; a link
  // without its token is one that no longer opens it.
  const { pathname, search } = useLocation();
  const previewToken = /^\/*preview/i.test(pathname)
    ? (new URLSearchParams(search).get('token') ?? '-')
    : null;
  const home = useHomeContent(previewToken);
  const lang = useShownLang();
  const slides = home.content.slides.map((s) => showSlide(s, lang, apiHost));

  return (
    <div className={grid.page}>
      <h1 className="visually-hidden">{t('catalogue.homeHeading')}</h1>
      {home.previewAt || home.previewError ? (
        <Suspense fallback={null}>
          <PreviewNote at={home.previewAt} />
        </Suspense>
      ) : null}
      <HomeBanner slides={slides} />
      <CategoriesSlider featured={home.content.featuredCategories} />
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
            renderCard={(p) => (
              <li key={p._id}>
                {/* Not a priority: Home's largest picture is the banner's, which the head script preloads. */}
                <ProductCard product={p} onAdd={(id) => void add(id)} busy={busy} />
              </li>
            )}
          />
        ) : null}
      </section>
      {busy ? <BusyOverlay label={t('catalogue.updatingCart')} /> : null}
    </div>
  );
}
