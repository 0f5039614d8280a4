// The API paths the first screens read, written once: the fetchers call them, and the page's head script
// (lib/session/boot-script.ts) asks for the same ones before the storefront's code has arrived, so that the
// fetchers can take those answers (lib/api/early.ts) instead of asking again.

/** Cards a page of a product list brings: full rows at 1, 2, 3 and 4 columns. */
export const productPageSize = 24;

/** One page of GET /products for an API query (without page and limit; '' for the unfiltered list). */
export function productPagePath(query: string, page: number): string {
  const prefix = query ? `${query}&` : '';
  return `/products?${prefix}page=${page}&limit=${productPageSize}`;
}

export function productPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}

export const categoriesPath = '/categories';
/** The home page's live content (the banner's slides, the featured categories). */
export const homePath = '/home';
export const brandsPath = '/brands';
export const cartPath = '/cart';
