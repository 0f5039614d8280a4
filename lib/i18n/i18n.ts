// The storefront's texts (issue 17): one message catalogue per language, run by Lingui's core (@lingui/core,
// no macros). The catalogues' sources are lib/i18n/en.ts (the spec's English, verbatim) and lib/i18n/ar.ts;
// `npm run i18n:compile` turns each message into Lingui's compiled form (lib/i18n/compiled/, checked by a test).
// English is bundled; Arabic is its own chunk, fetched only when the shopper's language is Arabic.
import { useSyncExternalStore } from 'react';
import { setupI18n, type I18n } from '@lingui/core';
import { messages as enMessages } from './compiled/en';
import { formatEgp } from '@/lib/rules/money';
import type { MessageId } from './en';
import { directions, intlLocales, LANG_KEY, pageLang, pendingAttribute, type Lang } from './language';

export type { MessageId } from './en';
export type { Lang } from './language';

/** Values a message's placeholders take: {count}, {name}, … */
export type MessageValues = Record<string, string | number>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

type Catalogue = { messages: Record<string, unknown> };
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<Catalogue>> = {
  ar: () => import('./compiled/ar'),
};

function instance(lang: Lang, messages: Record<string, unknown>): I18n {
  return setupI18n({
    locale: lang,
    locales: intlLocales[lang],
    messages: { [lang]: messages as Record<string, never> },
  });
}

const translators: Partial<Record<Lang, Translate>> = {};
function register(lang: Lang, messages: Record<string, unknown>): Translate {
  const i18n = instance(lang, messages);
  const translate: Translate = (id, values) => i18n._(id, values);
  translators[lang] = translate;
  return translate;
}
const english = register('en', enMessages);

/** The language the page is in (the API is asked in it, SWR keys carry it): the head script's, or a switch's. */
let wanted: Lang = pageLang();
/** The language the texts are shown in: `wanted` once its catalogue has arrived, English until then. */
let shown: Lang = 'en';
const listeners = new Set<() => void>();
const loading: Partial<Record<Lang, Promise<void>>> = {};

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function load(lang: Lang): Promise<void> {
  if (lang === 'en' || translators[lang]) return Promise.resolve();
  loading[lang] ??= loaders[lang]().then(
    (catalogue) => {
      register(lang, catalogue.messages);
    },
    (err: unknown) => {
      delete loading[lang];
      throw err;
    },
  );
  return loading[lang];
}

function writePage(lang: Lang): void {
  const html = document.documentElement;
  html.lang = lang;
  html.dir = directions[lang];
}

/** A text of the language shown now, for code outside rendering: toasts, titles, announcements. */
export const t: Translate = (id, values) => (translators[shown] ?? english)(id, values);

/** The language the page asks the API in (the Accept-Language of every call, the SWR keys). */
export function contentLang(): Lang {
  return wanted;
}

/** The language the texts are shown in; English while the page hydrates (the prerendered frame's language). */
export function useShownLang(): Lang {
  return useSyncExternalStore(
    subscribeLanguage,
    () => shown,
    () => 'en',
  );
}

/** The language of the data a screen asks for: part of each catalogue SWR key, so a switch reads names again. */
export function useContentLang(): Lang {
  return useSyncExternalStore(
    subscribeLanguage,
    () => wanted,
    () => 'en',
  );
}

/** The translate function of the language shown; the component renders again when it changes. */
export function useT(): Translate {
  return translators[useShownLang()] ?? english;
}

/** Number and date formats of the language shown ('ar-EG' for Arabic). */
export function useIntlLocale(): string {
  return intlLocales[useShownLang()];
}

/**
 * The shopper picks a language: its catalogue is fetched first (the page stays as it is meanwhile), then the
 * choice is stored under 'lang', written on <html> (lang, dir) and shown, texts and data at once.
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  await load(lang);
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // Storage disabled: the language still changes for this visit.
  }
  wanted = lang;
  shown = lang;
  writePage(lang);
  document.documentElement.removeAttribute(pendingAttribute);
  emit();
}

/**
 * At start-up: the head script chose the page's language; when it is not English, its catalogue is fetched at
 * once (beside the hydration of the English frame). Should it fail to arrive, the page goes back to English.
 */
export function startLanguage(): void {
  if (typeof window === 'undefined' || wanted === 'en') return;
  const lang = wanted;
  load(lang).then(
    () => {
      if (wanted !== lang) return;
      shown = lang;
      emit();
    },
    (err: unknown) => {
      console.error(err);
      if (wanted !== lang) return;
      wanted = 'en';
      writePage('en');
      document.documentElement.removeAttribute(pendingAttribute);
      emit();
    },
  );
}

/** The frame shows the language asked for: the head script's marker that hid the prerendered English goes. */
export function languageShown(lang: Lang): void {
  if (lang === wanted) document.documentElement.removeAttribute(pendingAttribute);
}

/** Pounds as the language shown writes money: "5,400 EGP", or ar-EG's "‏٥٬٤٠٠٫٠٠ ج.م.‏". */
export function useMoney(): (pounds: number) => string {
  const lang = useShownLang();
  return lang === 'en' ? formatEgp : (pounds) => formatEgp(pounds, lang);
}

/** Whole numbers (counts) as the language shown writes them (ar-EG: Arabic-Indic digits). */
export function useCount(): (n: number) => string {
  const locale = useIntlLocale();
  return (n) => n.toLocaleString(locale);
}
