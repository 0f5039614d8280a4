import { useParams } from '@/lib/router/react';
import { categoryProductsKey, useProductPages } from '@/lib/api/products';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { isMissing, Missing } from './missing';
import { MotionCardGrid } from './motion-card-grid';
import grid from './grid.module.scss';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';
import '@/lib/i18n/compiled/en-lists';

export function CategoryProductsScreen() {
  const t = useT();
  const { categoryId = '' } = useParams();
  const query = new URLSearchParams({ category: categoryId }).toString();
  const list = useProductPages(categoryProductsKey, query);
  const pages = list.first;
  const first = pages?.[0];
  const heading = first?.category?.name
    ? t('lists.productWithCategory', { name: first.category.name })
    : t('lists.noItems');
  useDocumentTitle(list.isLoading ? t('lists.category') : (first?.category?.name ?? t('lists.category')));

  if (list.isLoading) return <Spinner label={t('catalogue.loadingProducts')} />;
  // Spec: with no data at all the page reads 'No products provided with this Brand' (text as given). A category
  // that does not exist says so, with the way back; a failed load offers another try.
  if (!pages) {
    return (
      <div className={grid.page}>
        <p className={grid.message} role={list.error ? 'alert' : undefined}>
          {t('lists.noProductsBrand')}
        </p>
        {isMissing(list.error) ? (
          <Missing
            classes={grid}
            text={t('lists.missingCategory')}
            back={t('lists.allCategories')}
            to="/categories"
          />
        ) : list.error ? (
          <p className={grid.message}>
            <button type="button" className={grid.retry} onClick={list.retry}>
              {t('ui.tryAgain')}
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
