import { useCategories } from '@/lib/api/catalogue';
import { CatalogueGrid } from './catalogue-grid';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';
import '@/lib/i18n/compiled/en-lists';

export function CategoriesScreen() {
  const t = useT();
  const { data, error, isLoading, mutate } = useCategories();
  return (
    <CatalogueGrid
      title={t('lists.categories')}
      what="categories"
      items={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      linkTo={(id) => `/productwithCategory/${id}`}
      shape="photo"
    />
  );
}
