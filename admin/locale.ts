// The back office's language, chosen the same way by the page's head script (before paint) and by the app: the
// language the staff member picked (react-admin's store, in localStorage), else the browser's first language.
import { storePrefix } from './config';

export type AdminLocale = 'en' | 'ar';

/** localStorage key of a react-admin store entry (ra-core's localStorageStore writes `RaStore<prefix>.<key>`). */
export function storeKey(key: string): string {
  return `RaStore${storePrefix}.${key}`;
}

/** The stored choice (JSON, as the store writes it) if it is one of ours, else the browser's first language. */
export function pickLocale(stored: string | null, languages: readonly string[]): AdminLocale {
  if (stored === '"ar"' || stored === '"en"') return stored === '"ar"' ? 'ar' : 'en';
  return /^ar(-|_|$)/i.test(languages[0] ?? '') ? 'ar' : 'en';
}

/** The page's language from localStorage and navigator; English where storage is closed (a locked-down browser). */
export function currentLocale(): AdminLocale {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storeKey('locale'));
  } catch {
    // storage refused: the browser's language decides
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(stored, languages);
}

export function directionOf(locale: AdminLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

export function titleOf(locale: AdminLocale): string {
  return locale === 'ar' ? 'لوحة إدارة FreshCart' : 'FreshCart back office';
}
