import { useBrands } from '@/lib/api/catalogue';
import { CatalogueGrid } from './catalogue-grid';

export function BrandsScreen() {
  const { data, error, isLoading, mutate } = useBrands();
  return (
    <CatalogueGrid
      title="Brands"
      what="brands"
      items={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      linkTo={(id) => `/productsWithBrand/${id}`}
      shape="logo"
    />
  );
}
