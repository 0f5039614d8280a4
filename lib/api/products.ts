import useSWR from 'swr';
import { apiRequest } from './client';
import { swrOptions } from './swr-options';
import type { ListEnvelope, Product } from './types';

// Spec section 7: the product list is cached under the key "Product"; lists per brand id and per
// category id; one product per product id.
export const productsKey = 'Product';
export const brandProductsKey = (brandId: string) => ['productsWithBrand', brandId] as const;
export const categoryProductsKey = (categoryId: string) => ['productwithCategory', categoryId] as const;
export const productKey = (id: string) => ['productDetails', id] as const;

/**
 * Every page of a product list. The API pages by 40; the screens show "all products" and filter on the
 * client, so the remaining pages are fetched in parallel once the first tells how many there are.
 */
async function fetchAllPages(query: string): Promise<Product[]> {
  const sep = query ? '&' : '?';
  const first = await apiRequest<ListEnvelope<Product>>(`/products${query}`);
  const pages = first.metadata?.numberOfPages ?? 1;
  if (pages <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) =>
      apiRequest<ListEnvelope<Product>>(`/products${query}${sep}page=${i + 2}`),
    ),
  );
  return first.data.concat(...rest.map((r) => r.data));
}

export function fetchProducts(): Promise<Product[]> {
  return fetchAllPages('');
}

export function fetchBrandProducts(brandId: string): Promise<Product[]> {
  return fetchAllPages(`?brand=${encodeURIComponent(brandId)}`);
}

export function fetchCategoryProducts(categoryId: string): Promise<Product[]> {
  return fetchAllPages(`?category=${encodeURIComponent(categoryId)}`);
}

export async function fetchProduct(id: string): Promise<Product> {
  const body = await apiRequest<{ data: Product }>(`/products/${encodeURIComponent(id)}`);
  return body.data;
}

export function useProducts() {
  return useSWR(productsKey, fetchProducts, swrOptions);
}

export function useBrandProducts(brandId: string) {
  return useSWR(brandProductsKey(brandId), ([, id]) => fetchBrandProducts(id), swrOptions);
}

export function useCategoryProducts(categoryId: string) {
  return useSWR(categoryProductsKey(categoryId), ([, id]) => fetchCategoryProducts(id), swrOptions);
}

export function useProduct(id: string) {
  return useSWR(productKey(id), ([, productId]) => fetchProduct(productId), swrOptions);
}
