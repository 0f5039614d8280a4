import { useParams } from '@/lib/router/react';
import { categoryProductsKey, useProductPages } from '@/lib/api/products';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { MotionCardGrid } from './motion-card-grid';
import grid from './grid.module.scss';

export function CategoryProductsScreen() {
  const { categoryId = '' } = useParams();
  const query = new URLSearchParams({ category: categoryId }).toString();
  const list = useProductPages(categoryProductsKey, query);
  const pages = list.first;
  const first = pages?.[0];
  const heading = first?.category?.name
    ? `Product with category ${first.category.name}`
    : 'No items available';
  useDocumentTitle(list.isLoading ? 'Category' : (first?.category?.name ?? 'Category'));

  if (list.isLoading) return <Spinner label="Loading products" />;
  // Spec: with no data at all the page reads 'No products provided with this Brand' (text as given).
  if (!pages) {
    return (
      <div className={grid.page}>
        <p className={grid.message} role={list.error ? 'alert' : undefined}>
          No products provided with this Brand
        </p>
        {list.error ? (
          <p className={grid.message}>
            <button type="button" className={grid.retry} onClick={list.retry}>
              Try again
            </button>
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className={grid.page}>
      <h1 className={grid.heading}>{heading}</h1>
      <MotionCardGrid listKey={`category:${categoryId}`} list={list} titleWords={2} />
    </div>
  );
}
