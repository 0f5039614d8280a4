import { useCallback, useRef, useState } from 'react';
import useSWR, { preload, type SWRConfiguration } from 'swr';
import { useContentLang, type Lang } from '@/lib/i18n/i18n';
import { keyInLang, langOfKey } from './catalogue';
import { apiRequest } from './client';
import { productPagePath, productPageSize, productPath } from './paths';
import { swrOptions } from './swr-options';
import type { Product, ProductList } from '@/lib/contract/catalogue';

// Spec section 7: the product list is cached under the key "Product"; lists per brand id and per
// category id; one product per product id. The lists are paged: a page's key is
// [list, API query, page number]; the unfiltered list's query is '' so its pages stay under "Product".
export const productsKey = 'Product';
export const brandProductsKey = 'productsWithBrand';
export const categoryProductsKey = 'productwithCategory';
export const productKey = (id: string) => ['productDetails', id] as const;
// Another language than English adds itself at the end of a key (keyInLang in catalogue.ts).

export type ProductListName = typeof productsKey | typeof brandProductsKey | typeof categoryProductsKey;
export type ProductPageKey =
  readonly [ProductListName, string, number] | readonly [ProductListName, string, number, Lang];

/** One page of GET /products for an API query (without page and limit). */
export function fetchProductPage(
  query: string,
  page: number,
  signal?: AbortSignal,
  lang?: Lang,
): Promise<ProductList> {
  return apiRequest<ProductList>(productPagePath(query, page), { signal, lang });
}

export async function fetchProduct(id: string, lang?: Lang): Promise<Product> {
  const body = await apiRequest<{ data: Product }>(productPath(id), { lang });
  return body.data;
}

export function useProduct(id: string) {
  const lang = useContentLang();
  return useSWR(
    keyInLang(productKey(id), lang),
    (key: readonly unknown[]) => fetchProduct(String(key[1]), langOfKey(key)),
    swrOptions,
  );
}

export const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

export interface ProductPages {
  /** The first page (total, page count, and the brand/category screens' headings come from it). */
  first: Product[] | undefined;
  /** Products matching the query (the API's `results`). */
  total: number | undefined;
  /** The API counted no further than `total` (a search with more matches: "5,000+ products"). */
  capped: boolean;
  /** Pages asked for (loaded or on the way). */
  size: number;
  /** Cards on the pages loaded so far. */
  shown: number;
  hasMore: boolean;
  isLoading: boolean;
  loadingMore: boolean;
  error: unknown;
  loadMore: () => void;
  retry: () => void;
  /** Starts fetching the first page of another query of this list (it is taken when the query is shown). */
  prefetch: (query: string) => void;
  /** Page n (1-based) of this list, for usePage. */
  pageKey: (page: number) => ProductPageKey;
  fetcher: (key: ProductPageKey) => Promise<ProductList>;
}

// Pages loaded per list and query in this visit: back from a product, a list shows as many again.
const loadedPages = new Map<string, number>();

/**
 * A product list one page at a time: one SWR entry a page and query (every page of the list is read
 * through usePage with the same key, so each is fetched once). A new query cancels the requests still
 * running for the previous one (AbortController); SWR answers each key with its own data, so an older
 * query's late answer never replaces a newer one's.
 */
export function useProductPages(list: ProductListName, query: string, initialPages = 1): ProductPages {
  const slot = useRef<{ query: string; controller: AbortController } | null>(null);
  const lang = useContentLang();
  const fetcher = useCallback((key: ProductPageKey) => {
    const [, q, page] = key;
    let current = slot.current;
    if (!current || current.query !== q) {
      current?.controller.abort();
      current = { query: q, controller: new AbortController() };
      slot.current = current;
    }
    return fetchProductPage(q, page, current.controller.signal, langOfKey(key));
  }, []);
  const id = `${list}?${query}`;
  const [, rerender] = useState(0);
  const pageKey = (page: number): ProductPageKey =>
    lang === 'en' ? [list, query, page] : [list, query, page, lang];
  const first = useSWR(pageKey(1), fetcher, swrOptions);
  const numberOfPages = first.data?.metadata.numberOfPages;
  const wanted = loadedPages.get(id) ?? initialPages;
  const size = numberOfPages === undefined ? 1 : Math.max(1, Math.min(wanted, numberOfPages));
  const last = useSWR(size > 1 ? pageKey(size) : null, fetcher, swrOptions);
  const lastData = size > 1 ? last.data : first.data;
  const loadingMore = size > 1 && !last.data && !isAbort(last.error) && !last.error;
  const hasMore = numberOfPages !== undefined && size < numberOfPages;
  const error = isAbort(first.error) ? undefined : first.error;
  return {
    first: first.data?.data,
    total: first.data?.results,
    capped: first.data?.resultsCapped === true,
    size,
    shown: lastData ? (size - 1) * productPageSize + lastData.data.length : (size - 1) * productPageSize,
    hasMore,
    isLoading: first.isLoading,
    loadingMore,
    error,
    loadMore: () => {
      if (!hasMore || loadingMore) return;
      loadedPages.set(id, size + 1);
      rerender((n) => n + 1);
    },
    retry: () => void first.mutate(),
    prefetch: (q) =>
      void preload(
        (lang === 'en' ? [list, q, 1] : [list, q, 1, lang]) satisfies ProductPageKey,
        fetcher,
      ).catch(() => {}),
    pageKey,
    fetcher,
  };
}

/**
 * One page of a list (the grid renders one per page loaded). The list's own hook has asked for it: a page already
 * in the cache is shown as it is, not asked for again because its grid mounted (a grid scrolled back into view, or
 * mounted just after the list's answer, which asked twice for the same page when the two were a moment apart).
 */
const pageOptions: SWRConfiguration = { ...swrOptions, revalidateIfStale: false };

export function usePage(pages: ProductPages, page: number) {
  return useSWR(pages.pageKey(page), pages.fetcher, pageOptions);
}
