import { useParams } from '@/lib/router/react';
import { useBrandProducts } from '@/lib/api/products';
import { firstWords } from '@/lib/rules/title';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from './load-error';
import { MotionCard, MotionGrid } from './motion-card';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';

export function BrandProductsScreen() {
  const { brandId = '' } = useParams();
  const { data: products, error, isLoading, mutate } = useBrandProducts(brandId);
  const { add, busy } = useAddToCart();

  if (isLoading) return <Spinner label="Loading products" />;
  if (error && !products) {
    return (
      <div className={grid.page}>
        <LoadError what="products of this brand" onRetry={() => void mutate()} />
      </div>
    );
  }

  const list = products ?? [];
  // Spec: the heading is the first product's brand name, else 'No items available' (and nothing else).
  const heading = list[0]?.brand?.name ?? 'No items available';
  return (
    <div className={grid.page}>
      <h1 className={grid.heading}>{heading}</h1>
      {list.length > 0 ? (
        <MotionGrid className={grid.grid}>
          {list.map((p, i) => (
            <MotionCard key={p._id} product={p} title={firstWords(p.title, 1)} onAdd={(id) => void add(id)} priority={i === 0} />
          ))}
        </MotionGrid>
      ) : null}
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
