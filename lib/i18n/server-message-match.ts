// Recognises the server's and rules' English messages (server-messages.ts): this module travels with the
// Arabic chunk (lib/i18n/arabic-chunk.ts), since English shows every message as sent, and with the screens that
// tell a known message from any other (known-server-message.ts); the hosted payment page uses it too.
import type { MessageId } from './en';

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

// By catalogue: the Arabic chunk's patterns and en-sent.ts's (known-server-message.ts) are two objects.
const cache = new WeakMap<Record<string, unknown>, KnownMessage[]>();

/** The catalogue id and values of a server message the storefront knows, else null. */
export function matchServerMessage(
  text: string,
  compiled: Record<string, unknown>,
): { id: MessageId; values: Record<string, string> } | null {
  let known = cache.get(compiled);
  if (!known) cache.set(compiled, (known = knownMessages(compiled)));
  for (const { id, pattern, names } of known) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => (values[name] = match[i + 1] ?? ''));
    return { id, values };
  }
  return null;
}
