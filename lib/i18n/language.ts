// The shopper's language: English, the spec's, or Arabic, right to left. Kept in local storage under
// 'lang'; with nothing stored, Arabic when the browser's first language is Arabic, else English. The page's head
// script (lib/session/boot-script.ts) decides it before the first paint with the same rule (`langInitScript`)
// and writes it on <html> (lang, dir); the storefront's code reads it back from there.

export const LANG_KEY = 'lang';

export const languages = ['en', 'ar'] as const;
export type Lang = (typeof languages)[number];

/** The locale each language formats numbers, money, dates and plurals with (Intl). */
export const intlLocales: Record<Lang, string> = { en: 'en-US', ar: 'ar-EG' };
export const directions: Record<Lang, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };

/**
 * Set on <html> while the page shows a language other than the prerendered English and that language's
 * catalogue has not arrived yet: the prerendered frame's English stays hidden until then (styles/globals.scss).
 */
export const pendingAttribute = 'data-lang-pending';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Plain ES5 for the head script: the language, from the address's `?lang=en|ar` (a link shared from the shop in that
 * language: kept, as the switch keeps a choice), else from 'lang', else the browser's first language; <html> gets
 * its lang and dir, and the pending marker when it is not English.
 */
export const langInitScript =
  `(function(){var l='en';try{var q=/[?&]lang=(en|ar)(&|$)/.exec(location.search),s=localStorage.getItem('${LANG_KEY}');` +
  `if(q){l=q[1];localStorage.setItem('${LANG_KEY}',l)}else if(s==='en'||s==='ar')l=s;` +
  `else{var n=navigator.languages&&navigator.languages[0]||navigator.language||'';if(/^ar(-|_|$)/i.test(n))l='ar'}}catch(e){}` +
  `document.documentElement.lang=l;document.documentElement.dir=l==='ar'?'rtl':'ltr';` +
  `if(l!=='en')document.documentElement.setAttribute('${pendingAttribute}','')})()`;

/** The language the page is in, as the head script (or a switch since) wrote it on <html>. */
export function pageLang(): Lang {
  if (typeof document === 'undefined') return 'en';
  const lang = document.documentElement.lang;
  return isLang(lang) ? lang : 'en';
}

/** The shopper's stored choice, else the browser's first language (the head script's rule, for tests and code). */
export function preferredLang(): Lang {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // Storage disabled: the browser's language decides.
  }
  const first = (typeof navigator !== 'undefined' && (navigator.languages?.[0] || navigator.language)) || '';
  return /^ar(-|_|$)/i.test(first) ? 'ar' : 'en';
}
