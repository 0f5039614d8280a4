import { useId, useMemo, useState, type FormEvent } from 'react';
import { useProducts } from '@/lib/api/products';
import { categoryOptions, emptyFilter, filterProducts, type ProductFilter } from '@/lib/rules/product-filter';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { StarIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from './load-error';
import { ProductCard } from './product-card';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import styles from './products-screen.module.scss';

type FormFilter = Omit<ProductFilter, 'search'>;

export function ProductsScreen() {
  const { data: products, error, isLoading, mutate } = useProducts();
  const { add, busy } = useAddToCart();
  const ids = { search: useId(), from: useId(), to: useId(), category: useId() };

  // The search box filters as the shopper types; the form's filters apply on 'Show Products'.
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<FormFilter>(emptyFilter);
  const [applied, setApplied] = useState<FormFilter>(emptyFilter);

  const visible = useMemo(
    () => (products ? filterProducts(products, { ...applied, search }) : []),
    [products, applied, search],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setApplied(draft);
  }

  return (
    <div className={grid.page}>
      <h1 className={grid.heading}>Products</h1>
      <div className={styles.layout}>
        <aside className={styles.filters}>
          <form className={styles.form} onSubmit={onSubmit} aria-labelledby="filter-products">
            <h2 id="filter-products" className={styles.formTitle}>
              Filter Products
            </h2>
            <div className={styles.prices}>
              <div className={styles.pair}>
                <label htmlFor={ids.from}>Price from</label>
                <input
                  id={ids.from}
                  className={styles.field}
                  type="text"
                  inputMode="numeric"
                  value={draft.priceFrom}
                  onChange={(e) => setDraft({ ...draft, priceFrom: e.target.value })}
                />
              </div>
              <div className={styles.pair}>
                <label htmlFor={ids.to}>Price to</label>
                <input
                  id={ids.to}
                  className={styles.field}
                  type="text"
                  inputMode="numeric"
                  value={draft.priceTo}
                  onChange={(e) => setDraft({ ...draft, priceTo: e.target.value })}
                />
              </div>
            </div>
            <label htmlFor={ids.category}>Category Name</label>
            <select
              id={ids.category}
              className={styles.field}
              value={draft.category}
              onChange={(e) => setDraft({ ...draft, category: e.target.value })}
            >
              {categoryOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {/* Decorative, as in the spec: the stars filter nothing. */}
            <div className={styles.stars} aria-hidden="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <StarIcon key={i} size={20} />
              ))}
            </div>
            <button type="submit" className={styles.submit}>
              Show Products
            </button>
          </form>
        </aside>
        <section className={styles.results} aria-label="Product results">
          <label htmlFor={ids.search} className={styles.searchLabel}>
            Search About Product by name
          </label>
          <input
            id={ids.search}
            className={styles.field}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
          {isLoading ? <Spinner label="Loading products" /> : null}
          {error && !products ? <LoadError what="products" onRetry={() => void mutate()} /> : null}
          {products ? (
            <p className={styles.count} role="status">
              {visible.length === 1 ? '1 product' : `${visible.length} products`}
            </p>
          ) : null}
          {products && visible.length === 0 ? (
            <p className={grid.message}>No products match your search and filters.</p>
          ) : null}
          {visible.length > 0 ? (
            <ul className={`${grid.grid} ${grid.cards} ${styles.grid}`}>
              {visible.map((p, i) => (
                <li key={p._id}>
                  <ProductCard product={p} onAdd={(id) => void add(id)} priority={i === 0} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
