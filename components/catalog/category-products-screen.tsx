import { useParams } from '@/lib/router/react';
import { useCategoryProducts } from '@/lib/api/products';
import { firstWords } from '@/lib/rules/title';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { Spinner } from '@/components/ui/spinner';
import { MotionCard, MotionGrid } from './motion-card';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';

export function CategoryProductsScreen() {
  const { categoryId = '' } = useParams();
  const { data: products, error, isLoading, mutate } = useCategoryProducts(categoryId);
  const { add, busy } = useAddToCart();

  if (isLoading) return <Spinner label="Loading products" />;
  // Spec: with no data at all the page reads 'No products provided with this Brand' (text as given).
  if (!products) {
    return (
      <div className={grid.page}>
        <p className={grid.message} role={error ? 'alert' : undefined}>
          No products provided with this Brand
        </p>
        {error ? (
          <p className={grid.message}>
            <button type="button" className={grid.retry} onClick={() => void mutate()}>
              Try again
            </button>
          </p>
        ) : null}
      </div>
    );
  }

  const first = products[0];
  const heading = first?.category?.name ? `Product with category ${first.category.name}` : 'No items available';
  return (
    <div className={grid.page}>
      <h1 className={grid.heading}>{heading}</h1>
      {products.length > 0 ? (
        <MotionGrid className={grid.grid}>
          {products.map((p, i) => (
            <MotionCard key={p._id} product={p} title={firstWords(p.title, 2)} onAdd={(id) => void add(id)} priority={i === 0} />
          ))}
        </MotionGrid>
      ) : null}
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
