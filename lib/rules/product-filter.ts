// Spec section 5, product filter, plus the search box made to work (a title match as you type).
export const categoryOptions = [
  { value: 'all', label: 'All', id: 'products.cat.all' },
  { value: "Women's Fashion", label: "Women's Fashion", id: 'products.cat.women' },
  { value: "Men's Fashion", label: "Men's Fashion", id: 'products.cat.men' },
  { value: 'Electronics', label: 'Electronics', id: 'products.cat.electronics' },
] as const;

export interface ProductFilter {
  search: string;
  priceFrom: string;
  priceTo: string;
  category: string;
}

export interface FilterableProduct {
  title: string;
  price: number;
  category: { name: string };
}

export const emptyFilter: ProductFilter = { search: '', priceFrom: '', priceTo: '', category: 'all' };

/**
 * The price filter applies only when both bounds are filled; bounds are parsed as integers and are
 * inclusive. A bound that is not a number (parseInt gives NaN) makes the price filter inactive
 * rather than hiding every product: the spec leaves this open and an empty grid would look broken.
 */
export function filterProducts<T extends FilterableProduct>(
  products: readonly T[],
  filter: ProductFilter,
): T[] {
  const bounds = priceBounds(filter);
  const search = filter.search.trim().toLowerCase();
  return products.filter((p) => {
    if (search && !p.title.toLowerCase().includes(search)) return false;
    if (bounds && (p.price < bounds.from || p.price > bounds.to)) return false;
    // Case-sensitive on purpose: "Women's Fashion" does not contain "Men's Fashion" (capital M).
    if (filter.category !== 'all' && !p.category.name.includes(filter.category)) return false;
    return true;
  });
}

/** Whether the price filter applies, and its integer bounds (the rule above, in one place). */
export function priceBounds(
  filter: Pick<ProductFilter, 'priceFrom' | 'priceTo'>,
): { from: number; to: number } | null {
  const from = Number.parseInt(filter.priceFrom, 10);
  const to = Number.parseInt(filter.priceTo, 10);
  if (
    filter.priceFrom.trim() === '' ||
    filter.priceTo.trim() === '' ||
    Number.isNaN(from) ||
    Number.isNaN(to)
  ) {
    return null;
  }
  return { from, to };
}

/**
 * What the price rule above makes of one bound as typed, for the shopper to read beside the field (issue 31): a bound
 * that is not a number (the price filter is off), one read as another number than typed ("12.5" and "1,000" are
 * read as 12 and 1), one below 0 (no price is), one left empty while the other is filled (the price filter is off),
 * and 'to' below 'from' (no price lies between them). The rule itself is unchanged.
 */
export type PriceNote =
  | { kind: 'notNumber' }
  | { kind: 'readAs'; value: number }
  | { kind: 'negative' }
  | { kind: 'needsBoth' }
  | { kind: 'reversed' };

export function priceNotes(filter: Pick<ProductFilter, 'priceFrom' | 'priceTo'>): {
  from: PriceNote | null;
  to: PriceNote | null;
} {
  const note = (typed: string, other: string): PriceNote | null => {
    const text = typed.trim();
    if (text === '') return other.trim() === '' ? null : { kind: 'needsBoth' };
    const value = Number.parseInt(text, 10);
    if (Number.isNaN(value)) return { kind: 'notNumber' };
    if (value < 0) return { kind: 'negative' };
    return String(value) === text ? null : { kind: 'readAs', value };
  };
  const from = note(filter.priceFrom, filter.priceTo);
  const to = note(filter.priceTo, filter.priceFrom);
  const bounds = priceBounds(filter);
  const reversed = bounds !== null && bounds.from > bounds.to && to?.kind !== 'negative';
  return { from, to: reversed ? { kind: 'reversed' } : to };
}

/**
 * The same rule as API query parameters: the API filters in the database (GET /products with `title`,
 * `price[gte]`, `price[lte]`, `categoryName`), and tests/server/catalogue/catalogue-filter-property.test.ts proves
 * that it keeps exactly the products filterProducts keeps. The search box sends its text as `keyword`
 * instead (`search: 'keyword'`): the title matches first, then description and near-spelling matches.
 */
export function filterParams(
  filter: ProductFilter,
  search: 'title' | 'keyword' = 'title',
): Record<string, string> {
  const params: Record<string, string> = {};
  const text = filter.search.trim();
  if (text) params[search] = text;
  const bounds = priceBounds(filter);
  if (bounds) {
    params['price[gte]'] = String(bounds.from);
    params['price[lte]'] = String(bounds.to);
  }
  if (filter.category !== 'all') params.categoryName = filter.category;
  return params;
}

/** Sort orders the product list offers: the value is the API's `sort` (and the URL's). */
export const sortOptions = [
  { value: '', label: 'Newest', id: 'products.sort.newest' },
  { value: 'price', label: 'Price: low to high', id: 'products.sort.priceUp' },
  { value: '-price', label: 'Price: high to low', id: 'products.sort.priceDown' },
  { value: '-ratingsAverage', label: 'Top rated', id: 'products.sort.topRated' },
  { value: '-sold', label: 'Best selling', id: 'products.sort.bestSelling' },
] as const;

export type SortValue = (typeof sortOptions)[number]['value'];

export function isSortValue(value: string): value is SortValue {
  return sortOptions.some((o) => o.value === value);
}
