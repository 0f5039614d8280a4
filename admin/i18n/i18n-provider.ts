import polyglotI18nProvider from 'ra-i18n-polyglot';
import { arabicOver } from './ar';
import { en } from './en';
import type { AdminLocale } from '../locale';

const ar = arabicOver(en);

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
