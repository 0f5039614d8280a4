// The storefront's texts: one message catalogue per language in ICU MessageFormat, compiled by Lingui's tools
// (@lingui/message-utils, without macros). The catalogues' sources are lib/i18n/en.ts (the spec's English,
// verbatim) and lib/i18n/ar.ts; `npm run i18n:compile` turns them into Lingui's compiled form
// (lib/i18n/compiled/). English is bundled, cut in parts (lib/i18n/parts.ts): the frame's with the page, each
// area's with its screens. Arabic is one chunk, fetched only when the page is in Arabic. A text or plain
// {placeholder} needs no library; plurals are run from the compiled form by lib/i18n/plurals.ts, which the parts
// holding one and the Arabic chunk bring with them.
import { useSyncExternalStore } from 'react';
import { messages as shellMessages } from './compiled/en-shell';
import { addMessages, catalogues, messageFormatter, writtenNumber } from './registry';
import type { MessageId } from './en';
import type { MessageValues } from './registry';
import { directions, LANG_KEY, pageLang, pendingAttribute, type Lang } from './language';

export type { MessageId } from './en';
export type { Lang } from './language';

export type { MessageValues } from './registry';
export type Translate = (id: MessageId, values?: MessageValues) => string;

addMessages('en', shellMessages);

function format(lang: Lang, id: MessageId, values: MessageValues = {}): string {
  const compiled = catalogues[lang][id];
  if (typeof compiled === 'string') return compiled;
  if (!Array.isArray(compiled)) {
    // A screen showed a text of a part it does not import (tests/web/i18n-catalogues.test.ts prevents it).
    return id;
  }
  const plain = compiled.every((p) => typeof p === 'string' || (Array.isArray(p) && p.length === 1));
  if (!plain) {
    // Plurals: their part brought lib/i18n/plurals.ts (the compile script adds it to every part with one).
    const formatter = messageFormatter();
    return formatter ? formatter(lang, id, compiled, values) : id;
  }
  return compiled
    .map((p) => {
      if (typeof p === 'string') return p;
      const value = values[(p as string[])[0] ?? ''];
      // Numbers as the language writes them (Arabic-Indic digits in Arabic); English as given.
      return typeof value === 'number' && lang !== 'en' ? writtenNumber(value, lang) : String(value ?? '');
    })
    .join('');
}

const translators: Record<Lang, Translate> = {
  en: (id, values) => format('en', id, values),
  ar: (id, values) => format('ar', id, values),
};

export type ServerMessageMatcher = (text: string) => { id: MessageId; values: Record<string, string> } | null;
type Chunk = { messages: Record<string, unknown>; matchSent: ServerMessageMatcher };
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<Chunk>> = {
  ar: () => import('./arabic-chunk'),
};

/** What recognises the server's and rules' English messages, as the Arabic chunk brings it (server-messages.ts). */
let matcher: ServerMessageMatcher | null = null;
export function serverMessageMatcher(): ServerMessageMatcher | null {
  return matcher;
}

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
  if (lang === 'en') return Promise.resolve();
  loading[lang] ??= loaders[lang]().then(
    (chunk) => {
      addMessages(lang, chunk.messages);
      matcher = chunk.matchSent;
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
export const t: Translate = (id, values) => translators[shown](id, values);

/** The language the texts are shown in now (outside rendering). */
export function shownLang(): Lang {
  return shown;
}

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
  return translators[useShownLang()];
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
