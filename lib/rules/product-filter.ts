// Spec section 5, product filter, plus the search box made to work (a title match as you type).
export const categoryOptions = [
  { value: 'all', label: 'All' },
  { value: "Women's Fashion", label: "Women's Fashion" },
  { value: "Men's Fashion", label: "Men's Fashion" },
  { value: 'Electronics', label: 'Electronics' },
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
export function filterProducts<T extends FilterableProduct>(products: readonly T[], filter: ProductFilter): T[] {
  const from = Number.parseInt(filter.priceFrom, 10);
  const to = Number.parseInt(filter.priceTo, 10);
  const priceActive = filter.priceFrom.trim() !== '' && filter.priceTo.trim() !== '' && !Number.isNaN(from) && !Number.isNaN(to);
  const search = filter.search.trim().toLowerCase();
  return products.filter((p) => {
    if (search && !p.title.toLowerCase().includes(search)) return false;
    if (priceActive && (p.price < from || p.price > to)) return false;
    // Case-sensitive on purpose: "Women's Fashion" does not contain "Men's Fashion" (capital M).
    if (filter.category !== 'all' && !p.category.name.includes(filter.category)) return false;
    return true;
  });
}
