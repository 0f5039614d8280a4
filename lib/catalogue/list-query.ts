// The product list's state in the hash route's query:
// #/products?q=gitar&from=100&to=500&category=Electronics&sort=price&page=3
// q, from, to and category are the spec's filter fields as typed; sort is the API's sort; page is how many
// pages the shopper has loaded (a refresh or a shared link shows as many).
import {
  emptyFilter,
  filterParams,
  isSortValue,
  type ProductFilter,
  type SortValue,
} from '@/lib/rules/product-filter';

export interface ListState {
  filter: ProductFilter;
  sort: SortValue;
  /** Pages loaded, 1 or more. */
  pages: number;
}

/** Pages a URL may ask for at once: a link with page=5000 must not send 5,000 requests. */
export const maxRestoredPages = 20;

export function parseListState(search: string): ListState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort') ?? '';
  const pages = Number.parseInt(q.get('page') ?? '1', 10);
  return {
    filter: {
      search: q.get('q') ?? emptyFilter.search,
      priceFrom: q.get('from') ?? emptyFilter.priceFrom,
      priceTo: q.get('to') ?? emptyFilter.priceTo,
      category: q.get('category') || emptyFilter.category,
    },
    sort: isSortValue(sort) ? sort : '',
    pages: Number.isInteger(pages) && pages >= 1 ? Math.min(pages, maxRestoredPages) : 1,
  };
}

/** The query string for a state ('' for the unfiltered first page), parameters in a fixed order. */
export function formatListState({ filter, sort, pages }: ListState): string {
  const q = new URLSearchParams();
  if (filter.search) q.set('q', filter.search);
  if (filter.priceFrom) q.set('from', filter.priceFrom);
  if (filter.priceTo) q.set('to', filter.priceTo);
  if (filter.category !== emptyFilter.category) q.set('category', filter.category);
  if (sort) q.set('sort', sort);
  if (pages > 1) q.set('page', String(pages));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The API query (without page and limit) for a state: the shared rule's parameters, the search as a ranked
 * `keyword`, then the sort. '' for the unfiltered list, whose cache key stays the spec's "Product".
 */
export function apiQueryOf(filter: ProductFilter, sort: SortValue): string {
  const q = new URLSearchParams(filterParams(filter, 'keyword'));
  if (sort) q.set('sort', sort);
  return q.toString();
}
