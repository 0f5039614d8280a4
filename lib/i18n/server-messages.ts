// Server messages stay the contract's English on the wire (issue 17); the storefront shows the ones it knows in
// the shopper's language and any other as sent. The known ones are the catalogue's 'server.*' and
// 'validation.*' messages: their English is the wire text (lib/rules/messages.ts for the rules), a {placeholder}
// standing for a part that varies ("Only {quantity} of {title} in stock"). In English a message shows as sent,
// so their English patterns come with the Arabic chunk only.
import { sentMessages, shownLang, t, type MessageId } from './i18n';

export interface KnownMessage {
  id: MessageId;
  pattern: RegExp;
  names: string[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Patterns of compiled English messages (a string, or text parts and [name] placeholders). */
export function knownMessages(compiled: Record<string, unknown>): KnownMessage[] {
  return Object.entries(compiled).map(([id, message]) => {
    const names: string[] = [];
    const parts = typeof message === 'string' ? [message] : (message as (string | string[])[]);
    const source = parts
      .map((part) => {
        if (typeof part === 'string') return escape(part);
        names.push(part[0] ?? '');
        return '(.+?)';
      })
      .join('');
    return { id: id as MessageId, pattern: new RegExp(`^${source}$`), names };
  });
}

let cache: { from: Record<string, unknown>; known: KnownMessage[] } | null = null;

/** The catalogue id and values of a server message the storefront knows, else null. */
export function matchServerMessage(
  text: string,
  compiled: Record<string, unknown> = sentMessages(),
): { id: MessageId; values: Record<string, string> } | null {
  if (cache?.from !== compiled) cache = { from: compiled, known: knownMessages(compiled) };
  for (const { id, pattern, names } of cache.known) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => (values[name] = match[i + 1] ?? ''));
    return { id, values };
  }
  return null;
}

/** A server message in the language shown: the catalogue's text when it is a known one, else as sent. */
export function localiseServerMessage(text: string): string {
  if (shownLang() === 'en') return text;
  const match = matchServerMessage(text);
  return match ? t(match.id, match.values) : text;
}
