import { useParams } from '@/lib/router/react';
import { brandProductsKey, useProductPages } from '@/lib/api/products';
import { firstWords } from '@/lib/rules/title';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from './load-error';
import { MotionCard } from './motion-card';
import { PagedGrid } from './paged-grid';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';

export function BrandProductsScreen() {
  const { brandId = '' } = useParams();
  const query = new URLSearchParams({ brand: brandId }).toString();
  const list = useProductPages(brandProductsKey, query);
  const { add, busy } = useAddToCart();
  const pages = list.first;

  if (list.isLoading) return <Spinner label="Loading products" />;
  if (list.error && !pages) {
    return (
      <div className={grid.page}>
        <LoadError what="products of this brand" onRetry={list.retry} />
      </div>
    );
  }

  // Spec: the heading is the first product's brand name, else 'No items available' (and nothing else).
  const heading = pages?.[0]?.brand?.name ?? 'No items available';
  return (
    <div className={grid.page}>
      <h1 className={grid.heading}>{heading}</h1>
      {pages && list.total ? (
        <PagedGrid
          listKey={`brand:${brandId}`}
          list={list}
          gridClassName={grid.grid ?? ''}
          renderCard={(p, i) => (
            <MotionCard
              key={p._id}
              product={p}
              title={firstWords(p.title, 1)}
              onAdd={(id) => void add(id)}
              priority={i === 0}
            />
          )}
        />
      ) : null}
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
