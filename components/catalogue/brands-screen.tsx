import { useBrands } from '@/lib/api/catalogue';
import { CatalogueGrid } from './catalogue-grid';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';
import '@/lib/i18n/compiled/en-lists';

export function BrandsScreen() {
  const t = useT();
  const { data, error, isLoading, mutate } = useBrands();
  return (
    <CatalogueGrid
      title={t('lists.brands')}
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
