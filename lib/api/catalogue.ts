import useSWR from 'swr';
import { useContentLang, type Lang } from '@/lib/i18n/i18n';
import { apiRequest } from './client';
import { brandsPath, categoriesPath } from './paths';
import { swrOptions } from './swr-options';
import type { Brand, Category } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';

export const categoriesKey = 'Categories';
export const brandsKey = 'Brands';

/** Every page of a list endpoint (brands run to 54, over the API's page of 40). */
async function fetchAll<T>(path: string, lang?: Lang): Promise<T[]> {
  const first = await apiRequest<ListEnvelope<T>>(path, { lang });
  const pages = first.metadata?.numberOfPages ?? 1;
  if (pages <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) =>
      apiRequest<ListEnvelope<T>>(`${path}?page=${i + 2}`, { lang }),
    ),
  );
  return first.data.concat(...rest.map((r) => r.data));
}

export function fetchCategories(lang?: Lang): Promise<Category[]> {
  return fetchAll<Category>(categoriesPath, lang);
}

export function fetchBrands(lang?: Lang): Promise<Brand[]> {
  return fetchAll<Brand>(brandsPath, lang);
}

/**
 * A catalogue SWR key in a language: English keeps the spec's key ("Categories", "Product", …); another
 * language adds itself, so a switch reads the names again and each language's answers stay apart.
 */
export function keyInLang<K extends string | readonly unknown[]>(key: K, lang: Lang): K | readonly unknown[] {
  if (lang === 'en') return key;
  return typeof key === 'string' ? [key, lang] : [...key, lang];
}

/** The language a key was made in (keyInLang): English unless it ends with another language. */
export function langOfKey(key: unknown): Lang {
  return Array.isArray(key) && key[key.length - 1] === 'ar' ? 'ar' : 'en';
}

export function useCategories() {
  const lang = useContentLang();
  return useSWR(
    keyInLang(categoriesKey, lang),
    (key: unknown) => fetchCategories(langOfKey(key)),
    swrOptions,
  );
}

export function useBrands() {
  const lang = useContentLang();
  return useSWR(keyInLang(brandsKey, lang), (key: unknown) => fetchBrands(langOfKey(key)), swrOptions);
}
