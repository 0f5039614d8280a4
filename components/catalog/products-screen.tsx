import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { productsKey, useProductPages } from '@/lib/api/products';
import { apiQueryOf, formatListState, parseListState, type ListState } from '@/lib/catalogue/list-query';
import { categoryOptions, isSortValue, sortOptions, type ProductFilter } from '@/lib/rules/product-filter';
import { useLocation, useNavigate } from '@/lib/router/react';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { StarIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from './load-error';
import { PagedGrid } from './paged-grid';
import { ProductCard } from './product-card';
import { useAddToCart } from './use-add-to-cart';
import grid from './grid.module.scss';
import styles from './products-screen.module.scss';

type FormFilter = Omit<ProductFilter, 'search'>;

/** Typing waits this long for the next key before the search runs. */
export const searchDebounceMs = 250;

export function ProductsScreen() {
  // Search, filters, sort and pages loaded live in the route's query: refresh, back and a shared link
  // show the same view.
  const { search: urlSearch } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseListState(urlSearch), [urlSearch]);
  const write = (next: ListState, how: 'push' | 'replace') =>
    navigate(`/products${formatListState(next)}`, {
      replace: how === 'replace',
      keepScroll: how === 'replace',
    });

  const list = useProductPages(productsKey, apiQueryOf(state.filter, state.sort), state.pages);
  const { add, busy } = useAddToCart();
  const ids = { search: useId(), from: useId(), to: useId(), category: useId(), sort: useId() };

  // The search box runs the search once typing pauses; the form's filters apply on 'Show Products'.
  const [text, setText] = useState(state.filter.search);
  const [draft, setDraft] = useState<FormFilter>(state.filter);
  // Back/forward or a link changed the URL: the fields follow it.
  const shown = useRef(state.filter);
  useEffect(() => {
    const before = shown.current;
    shown.current = state.filter;
    if (before.search !== state.filter.search) setText(state.filter.search);
    if (
      before.priceFrom !== state.filter.priceFrom ||
      before.priceTo !== state.filter.priceTo ||
      before.category !== state.filter.category
    ) {
      setDraft(state.filter);
    }
  }, [state.filter]);

  useEffect(() => {
    if (text === state.filter.search) return;
    const timer = setTimeout(
      () => write({ ...state, filter: { ...state.filter, search: text }, pages: 1 }, 'replace'),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, state]);

  // The URL records the pages loaded (replacing the entry, leaving the page where it is).
  const loaded = list.first ? list.size : undefined;
  useEffect(() => {
    if (loaded && loaded !== state.pages) write({ ...state, pages: loaded }, 'replace');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    write({ ...state, filter: { ...draft, search: text }, pages: 1 }, 'push');
  }

  const products = list.first;
  const total = list.total;
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
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
          <div className={styles.sortRow}>
            <label htmlFor={ids.sort}>Sort by</label>
            <select
              id={ids.sort}
              className={styles.field}
              value={state.sort}
              onChange={(e) => {
                const sort = e.target.value;
                if (isSortValue(sort)) write({ ...state, sort, pages: 1 }, 'push');
              }}
            >
              {sortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {list.isLoading ? <Spinner label="Loading products" /> : null}
          {list.error && !products ? <LoadError what="products" onRetry={list.retry} /> : null}
          {products && total !== undefined ? (
            <p className={styles.count} role="status">
              {total === 1 ? '1 product' : `${total} products`}
            </p>
          ) : null}
          {products && total === 0 ? (
            <p className={grid.message}>No products match your search and filters.</p>
          ) : null}
          {products && total ? (
            <PagedGrid
              listKey={`products:${apiQueryOf(state.filter, state.sort)}`}
              list={list}
              gridClassName={`${grid.grid} ${grid.cards} ${styles.grid}`}
              renderCard={(p, i) => (
                <li key={p._id}>
                  <ProductCard product={p} onAdd={(id) => void add(id)} priority={i === 0} />
                </li>
              )}
            />
          ) : null}
        </section>
      </div>
      {busy ? <BusyOverlay label="Updating your cart" /> : null}
    </div>
  );
}
