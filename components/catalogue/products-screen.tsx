import { useEffect, useId, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { productsKey, useProductPages } from '@/lib/api/products';
import type { Product } from '@/lib/contract/catalogue';
import { apiQueryOf, formatListState, parseListState, type ListState } from '@/lib/catalogue/list-query';
import {
  categoryOptions,
  emptyFilter,
  isSortValue,
  priceBounds,
  priceNotes,
  sortOptions,
  type PriceNote,
  type ProductFilter,
} from '@/lib/rules/product-filter';
import { announce } from '@/lib/session/announcer';
import { readDraft, writeDraft } from '@/lib/session/saved-form';
import { useLocation, useNavigate } from '@/lib/router/react';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { StarIcon } from '@/components/ui/catalogue-icons';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useEarlyPaintHandoff } from '@/lib/early-paint/handoff';
import { LoadError } from './load-error';
import { PagedGrid } from './paged-grid';
import { ProductCard } from './product-card';
import { useAddToCart } from './use-add-to-cart';
import gridStyles from './grid.module.scss';
import styles from './products-screen.module.scss';
import { useMoney } from '@/lib/i18n/format';
import { useT, type Translate } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-catalogue';
import '@/lib/i18n/compiled/en-products';

type FormFilter = Omit<ProductFilter, 'search'>;

/**
 * Typing waits this long for the next key before the search runs: long enough that a word typed at a
 * normal pace sends one request, short enough that the results follow the last key within 300 ms.
 */
export const searchDebounceMs = 150;

export function ProductsScreen() {
  const t = useT();
  useDocumentTitle(t('products.title'));
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

  const query = apiQueryOf(state.filter, state.sort);
  const list = useProductPages(productsKey, query, state.pages);
  const { add, busy } = useAddToCart();

  // The URL records the pages loaded (replacing the entry, leaving the page where it is).
  const loaded = list.first ? list.size : undefined;
  useEffect(() => {
    if (loaded && loaded !== state.pages) write({ ...state, pages: loaded }, 'replace');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const products = list.first;
  const total = list.total;
  // The first screen drawn before this code arrived (lib/early-paint/script.ts) goes as this screen shows its
  // products or why it cannot, or as soon as the shopper has changed the view under it.
  useEarlyPaintHandoff(Boolean(products) || Boolean(list.error) || urlSearch !== '');
  const renderCard = (p: Product, i: number) => (
    <li key={p._id}>
      <ProductCard product={p} onAdd={(id) => void add(id)} priority={i === 0} busy={busy} />
    </li>
  );
  return (
    <div className={gridStyles.page}>
      <h1 className={gridStyles.heading}>{t('products.title')}</h1>
      <div className={styles.layout}>
        <FilterDrawer
          applied={state.filter}
          onApply={(filter) =>
            write({ ...state, filter: { ...filter, search: state.filter.search }, pages: 1 }, 'push')
          }
        />
        <section className={styles.results} aria-labelledby="product-results">
          {/* The cards' titles are headings of this section: h1, h2, h3 in order, whether or not the filter
              drawer (and its h2) is open. */}
          <h2 id="product-results" className="visually-hidden">
            {t('products.results')}
          </h2>
          <SearchBox
            applied={state.filter.search}
            onSearch={(search) => {
              const next: ListState = { ...state, filter: { ...state.filter, search }, pages: 1 };
              // The request starts now, beside the route change that shows it.
              list.prefetch(apiQueryOf(next.filter, next.sort));
              write(next, 'replace');
            }}
          />
          <SortSelect value={state.sort} onSort={(sort) => write({ ...state, sort, pages: 1 }, 'push')} />
          {list.isLoading ? <Spinner label={t('catalogue.loadingProducts')} /> : null}
          {list.error && !products ? <LoadError what="products" onRetry={list.retry} /> : null}
          {products && total !== undefined ? (
            <p className={styles.count} role="status">
              {t(list.capped ? 'products.countCapped' : 'products.count', { total })}
            </p>
          ) : null}
          {products && total === 0 ? <p className={gridStyles.message}>{t('products.noMatch')}</p> : null}
          {products && total ? (
            <PagedGrid
              listKey={`products:${query}`}
              list={list}
              gridClassName={`${gridStyles.grid} ${gridStyles.cards} ${styles.grid}`}
              renderCard={renderCard}
              cappedCount={(shown, total) => t('products.showingCapped', { shown, total })}
            />
          ) : null}
        </section>
      </div>
      {busy ? <BusyOverlay label={t('catalogue.updatingCart')} /> : null}
    </div>
  );
}

/** The filters beside the results; on phones folded away behind a button, so the first screen shows products. */
function FilterDrawer({
  applied,
  onApply,
}: {
  applied: ProductFilter;
  onApply: (filter: FormFilter) => void;
}) {
  const t = useT();
  const filterPanelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters =
    (applied.priceFrom || applied.priceTo ? 1 : 0) + (applied.category !== emptyFilter.category ? 1 : 0);
  return (
    <aside className={styles.filters}>
      <button
        type="button"
        className={styles.filterToggle}
        aria-expanded={filtersOpen}
        aria-controls={filterPanelId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {activeFilters ? t('products.filtersCount', { count: activeFilters }) : t('products.filters')}
      </button>
      <div id={filterPanelId} className={`${styles.filterPanel} ${filtersOpen ? styles.open : ''}`}>
        <FilterForm
          applied={applied}
          onApply={(filter, noted) => {
            // A price that needs a word stays in view, beside its field.
            if (!noted) setFiltersOpen(false);
            onApply(filter);
          }}
        />
      </div>
    </aside>
  );
}

/** 'Sort By': a choice applies at once. */
function SortSelect({ value, onSort }: { value: string; onSort: (sort: ListState['sort']) => void }) {
  const t = useT();
  const sortId = useId();
  return (
    <div className={styles.sortRow}>
      <label htmlFor={sortId}>{t('products.sortBy')}</label>
      <select
        id={sortId}
        className={styles.field}
        value={value}
        onChange={(e) => {
          const sort = e.target.value;
          if (isSortValue(sort)) onSort(sort);
        }}
      >
        {sortOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.id)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The search box: its text is its own (a key re-renders only the box, not the grid); the search runs once
 * typing pauses. Back/forward or a link that changes the applied search puts that text in the box.
 */
function SearchBox({ applied, onSearch }: { applied: string; onSearch: (search: string) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(applied);
  const shown = useRef(applied);
  // The search this box last sent: when the route catches up with it, the shopper may already have typed
  // on (the route's change is drawn in a transition, later on a busy phone), and that newer text stays.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== applied) {
      if (sent.current === applied) sent.current = null;
      else setText(applied);
    }
    shown.current = applied;
  }, [applied]);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => {
      sent.current = text;
      latest.current(text);
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, applied]);
  return (
    <>
      <label htmlFor={id} className={styles.searchLabel}>
        {t('products.search')}
      </label>
      <input
        id={id}
        className={styles.field}
        type="search"
        dir="auto"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
    </>
  );
}

/** Session storage key of the filter fields typed but not yet applied. */
export const FILTER_DRAFT_KEY = 'freshcart-filter-draft';

const basisOf = (f: FormFilter) => `${f.priceFrom}|${f.priceTo}|${f.category}`;
const fieldsOf = ({ priceFrom, priceTo, category }: FormFilter): FormFilter => ({
  priceFrom,
  priceTo,
  category,
});

/**
 * 'Filter Products': the fields are a draft until 'Show Products'; the applied filter refills them. What is
 * typed is kept for this tab, so a refresh or a trip to a product and Back does not empty it (a link with
 * other filters shows its own).
 */
function FilterForm({
  applied,
  onApply,
}: {
  applied: ProductFilter;
  /** `noted`: the prices applied come with a word for the shopper (see priceNotes). */
  onApply: (filter: FormFilter, noted: boolean) => void;
}) {
  const t = useT();
  const money = useMoney();
  const ids = { from: useId(), to: useId(), category: useId() };
  const [kept] = useState<FormFilter>(() => {
    const draft = readDraft(FILTER_DRAFT_KEY, { basis: '', priceFrom: '', priceTo: '', category: '' });
    return fieldsOf(draft.basis === basisOf(applied) && draft.category ? draft : applied);
  });
  // One form library for every form (react-hook-form); the filter refuses nothing (a bound that is not a number
  // leaves the price filter off, and the field says so), so no schema and no resolver is fetched.
  const form = useForm<FormFilter>({ defaultValues: kept });
  const shown = useRef(applied);
  useEffect(() => {
    const before = shown.current;
    shown.current = applied;
    if (basisOf(before) !== basisOf(applied)) {
      form.reset(fieldsOf(applied));
    }
  }, [applied, form]);
  const basis = basisOf(applied);
  useEffect(() => {
    writeDraft(FILTER_DRAFT_KEY, { basis, ...form.getValues() });
    const keep = form.watch((values) =>
      writeDraft(FILTER_DRAFT_KEY, { basis, ...form.getValues(), ...values }),
    );
    return () => keep.unsubscribe();
  }, [basis, form]);

  // What the applied prices come to, said beside each field; a range typed the wrong way round is swapped.
  const notes = priceNotes(applied);
  const [swappedFor, setSwappedFor] = useState<string | null>(null);
  const swapped = swappedFor === basisOf(applied);
  function apply(typed: FormFilter) {
    const bounds = priceBounds(typed);
    const swap = bounds !== null && bounds.from > bounds.to;
    const filter = swap ? { ...typed, priceFrom: typed.priceTo, priceTo: typed.priceFrom } : typed;
    setSwappedFor(swap ? basisOf(filter) : null);
    const next = priceNotes(filter);
    const said = [
      swap ? t('products.price.swapped') : '',
      next.from ? `${t('products.priceFrom')}: ${priceNoteText(t, money, next.from)}` : '',
      next.to ? `${t('products.priceTo')}: ${priceNoteText(t, money, next.to)}` : '',
    ].filter(Boolean);
    if (said.length) announce(said.join(' '));
    onApply(filter, said.length > 0);
  }

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(apply)} aria-labelledby="filter-products">
      <h2 id="filter-products" className={styles.formTitle}>
        {t('products.filterTitle')}
      </h2>
      <div className={styles.prices}>
        <PriceField
          id={ids.from}
          label={t('products.priceFrom')}
          note={notes.from}
          {...form.register('priceFrom')}
        />
        <PriceField id={ids.to} label={t('products.priceTo')} note={notes.to} {...form.register('priceTo')} />
        {swapped ? <p className={styles.hint}>{t('products.price.swapped')}</p> : null}
      </div>
      <label htmlFor={ids.category}>{t('products.categoryName')}</label>
      <select id={ids.category} className={styles.field} {...form.register('category')}>
        {categoryOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.id)}
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
        {t('products.show')}
      </button>
    </form>
  );
}

function priceNoteText(t: Translate, money: (pounds: number) => string, note: PriceNote): string {
  return note.kind === 'readAs'
    ? t('products.price.readAs', { amount: money(note.value) })
    : t(`products.price.${note.kind}`);
}

/**
 * A price bound and, below it, what the applied filter made of it (aria-describedby); a bound the filter cannot use
 * as typed is aria-invalid. Announced when applied (FilterForm).
 */
function PriceField({
  id,
  label,
  note,
  ...input
}: { id: string; label: string; note: PriceNote | null } & ComponentProps<'input'>) {
  const t = useT();
  const money = useMoney();
  const hint = `${id}-note`;
  // 'Read as 12' and 'fill in both' say what happened; the others are a price the filter could not use.
  const invalid = note !== null && note.kind !== 'readAs' && note.kind !== 'needsBoth';
  return (
    <div className={styles.pair}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.field}
        type="text"
        dir="auto"
        inputMode="numeric"
        aria-invalid={invalid || undefined}
        aria-describedby={note ? hint : undefined}
        {...input}
      />
      {note ? (
        <p id={hint} className={invalid ? styles.problem : styles.hint}>
          {priceNoteText(t, money, note)}
        </p>
      ) : null}
    </div>
  );
}
