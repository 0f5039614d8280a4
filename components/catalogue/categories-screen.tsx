import { useCategories } from '@/lib/api/catalogue';
import { CatalogueGrid } from './catalogue-grid';

export function CategoriesScreen() {
  const { data, error, isLoading, mutate } = useCategories();
  return (
    <CatalogueGrid
      title="Categories"
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
