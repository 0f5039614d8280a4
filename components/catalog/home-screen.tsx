import { lazy, Suspense } from 'react';
import { useProducts } from '@/lib/api/products';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { CategoriesPlaceholder } from './categories-placeholder';
import { LoadError } from './load-error';
import { ProductCard } from './product-card';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import styles from './home-screen.module.scss';

// Spec: the two sliders at the top are lazily loaded (keen-slider comes with them, not with Home).
const HomeBanner = lazy(() => import('./home-sliders').then((m) => ({ default: m.HomeBanner })));
const CategoriesSlider = lazy(() => import('./home-sliders').then((m) => ({ default: m.CategoriesSlider })));

export function HomeScreen() {
  const { data: products, error, isLoading, mutate } = useProducts();
  const { add, busy } = useAddToCart();

  return (
    <div className={grid.page}>
      <h1 className="visually-hidden">FreshCart home</h1>
      <Suspense fallback={<div className={styles.bannerSpace} />}>
        <HomeBanner />
      </Suspense>
      <Suspense fallback={<CategoriesPlaceholder />}>
        <CategoriesSlider />
      </Suspense>
      <section className={styles.shop} aria-labelledby="shop-product">
        <Reveal>
          <h2 id="shop-product" className={grid.heading}>
            Shop Product
          </h2>
        </Reveal>
        {isLoading ? <Spinner label="Loading products" /> : null}
        {error && !products ? <LoadError what="products" onRetry={() => void mutate()} /> : null}
        {products && products.length === 0 ? <p className={grid.message}>No products yet.</p> : null}
        {products && products.length > 0 ? (
          <ul className={`${grid.grid} ${grid.cards}`}>
            {products.map((p, i) => (
              <li key={p._id}>
                <ProductCard product={p} onAdd={(id) => void add(id)} priority={i === 0} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
