import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { arabicOver } from './ar';
import { en } from './en';
import type { AdminLocale } from '../locale';

const ar = arabicOver(en);

/** Both catalogues, for a page written in a language of its own (a packing slip, in its order's language). */
export const catalogues: Record<AdminLocale, TranslationMessages> = { en, ar };

/** A text of `catalogue` with its %{placeholders} filled (no plural forms: such a page needs none). */
export function phrase(
  catalogue: TranslationMessages,
  key: string,
  values: Record<string, string> = {},
): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  if (typeof found !== 'string') return key;
  return found.replace(/%\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * English and Arabic, both in the bundle (the Arabic catalogue is a few KB; loading it lazily would flash
 * English on an Arabic staff member's every load). The starting language is the store's, read by the caller.
 */
export function makeI18nProvider(initial: AdminLocale) {
  return polyglotI18nProvider((locale) => (locale === 'ar' ? ar : en), initial, [
    { locale: 'en', name: 'English' },
    { locale: 'ar', name: 'العربية' },
  ]);
}
