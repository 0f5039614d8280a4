import { useParams } from '@/lib/router/react';
import { brandProductsKey, useProductPages } from '@/lib/api/products';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { LoadError } from './load-error';
import { isMissing, Missing } from './missing';
import { MotionCardGrid } from './motion-card-grid';
import grid from './grid.module.scss';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';
import '@/lib/i18n/compiled/en-lists';

export function BrandProductsScreen() {
  const t = useT();
  const { brandId = '' } = useParams();
  const query = new URLSearchParams({ brand: brandId }).toString();
  const list = useProductPages(brandProductsKey, query);
  const pages = list.first;
  // Spec: the heading is the first product's brand name, else 'No items available' (and nothing else).
  const heading = pages?.[0]?.brand?.name ?? t('lists.noItems');
  useDocumentTitle(list.isLoading ? t('lists.brand') : heading);

  if (list.isLoading) return <Spinner label={t('catalogue.loadingProducts')} />;
  if (list.error && !pages && isMissing(list.error)) {
    // No such brand: no name for the heading (the spec's 'No items available'), and the way back to the brands.
    return (
      <div className={grid.page}>
        <h1 className={grid.heading}>{heading}</h1>
        <Missing
          classes={grid}
          alert
          text={t('lists.missingBrand')}
          back={t('lists.allBrands')}
          to="/brands"
        />
      </div>
    );
  }
  if (list.error && !pages) {
    return (
      <div className={grid.page}>
        <LoadError what="brandProducts" onRetry={list.retry} />
      </div>
    );
  }

  return (
    <div className={grid.page}>
      <h1 className={grid.heading} dir="auto">
        {heading}
      </h1>
      <MotionCardGrid listKey={`brand:${brandId}`} list={list} titleWords={1} />
    </div>
  );
}
