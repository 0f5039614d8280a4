import useSWR from 'swr';
import { apiRequest } from './client';
import { brandsPath, categoriesPath } from './paths';
import { swrOptions } from './swr-options';
import type { Brand, Category } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';

export const categoriesKey = 'Categories';
export const brandsKey = 'Brands';

/** Every page of a list endpoint (brands run to 54, over the API's page of 40). */
async function fetchAll<T>(path: string): Promise<T[]> {
  const first = await apiRequest<ListEnvelope<T>>(path);
  const pages = first.metadata?.numberOfPages ?? 1;
  if (pages <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) => apiRequest<ListEnvelope<T>>(`${path}?page=${i + 2}`)),
  );
  return first.data.concat(...rest.map((r) => r.data));
}

export function fetchCategories(): Promise<Category[]> {
  return fetchAll<Category>(categoriesPath);
}

export function fetchBrands(): Promise<Brand[]> {
  return fetchAll<Brand>(brandsPath);
}

export function useCategories() {
  return useSWR(categoriesKey, fetchCategories, swrOptions);
}

export function useBrands() {
  return useSWR(brandsKey, fetchBrands, swrOptions);
}
