import { Link } from '@/lib/router/react';
import type { Category } from '@/lib/contract/catalogue';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { LoadError } from './load-error';
import { ProductImage } from './product-image';
import grid from './grid.module.scss';
import styles from './catalogue-grid.module.scss';
import { useT } from '@/lib/i18n/i18n';

interface CatalogueGridProps {
  title: string;
  what: 'categories' | 'brands';
  items: Category[] | undefined;
  error: unknown;
  isLoading: boolean;
  onRetry: () => void;
  linkTo: (id: string) => string;
  /** Brand logos are wide and show the brand's name; category photos are tall, their name under them. */
  shape: 'logo' | 'photo';
}

/** The categories and brands screens: a grid of (image, name) links, a spinner while loading. */
export function CatalogueGrid({
  title,
  what,
  items,
  error,
  isLoading,
  onRetry,
  linkTo,
  shape,
}: CatalogueGridProps) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <div className={grid.page}>
      <h1 className={grid.heading}>{title}</h1>
      {isLoading ? (
        <Spinner label={t(what === 'brands' ? 'lists.loadingBrands' : 'catalogue.loadingCategories')} />
      ) : null}
      {error && !items ? <LoadError what={what} onRetry={onRetry} /> : null}
      {items && items.length === 0 ? (
        <p className={grid.message}>{t(what === 'brands' ? 'lists.noBrands' : 'lists.noCategories')}</p>
      ) : null}
      {items && items.length > 0 ? (
        <ul className={`${grid.grid} ${grid.cards}`}>
          {items.map((item, i) => (
            <li key={item._id}>
              <Link to={linkTo(item._id)} className={styles.card}>
                <ProductImage
                  className={shape === 'logo' ? styles.logo : styles.photo}
                  url={item.image}
                  alt=""
                  width={320}
                  height={shape === 'logo' ? 213 : 320}
                  sizes="(min-width: 1200px) 270px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 90vw"
                  priority={i === 0}
                />
                {/* A brand's logo is its name written out: printed again under it, it read twice. Screen readers
                    still hear it (the picture itself is decorative). */}
                <span className={shape === 'logo' ? 'visually-hidden' : styles.name} dir="auto">
                  {item.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
