// The messages loaded so far, per language: the frame's English (lib/i18n/i18n.ts), the English parts the
// screens import (lib/i18n/compiled/en-<part>.ts) and the Arabic chunk. Apart from i18n.ts so that those
// parts and lib/i18n/plurals.ts can register without importing it.
import type { Lang } from './language';

/** Values a message's placeholders take: {count}, {name}, … */
export type MessageValues = Record<string, string | number>;

/** Formats a compiled message that holds more than text and plain placeholders (registered by plurals.ts). */
export type MessageFormatter = (lang: Lang, id: string, compiled: unknown, values: MessageValues) => string;

/** Writes a number placeholder of a language other than English (registered by plurals.ts, as the formatter). */
export type NumberWriter = (n: number, lang: Lang) => string;

export const catalogues: Record<Lang, Record<string, unknown>> = { en: {}, ar: {} };
let formatter: MessageFormatter | null = null;
let numberWriter: NumberWriter | null = null;

/** A part of a catalogue arrived (an English part with its screens, or the Arabic chunk). */
export function addMessages(lang: Lang, messages: Record<string, unknown>): void {
  Object.assign(catalogues[lang], messages);
}

export function setMessageFormatter(format: MessageFormatter): void {
  formatter = format;
}

export function messageFormatter(): MessageFormatter | null {
  return formatter;
}

export function setNumberWriter(write: NumberWriter): void {
  numberWriter = write;
}

/** Only a language other than English asks, and its catalogue's chunk registers the writer when it arrives. */
export function writtenNumber(n: number, lang: Lang): string {
  return numberWriter ? numberWriter(n, lang) : String(n);
}
