// Server messages stay the contract's English on the wire (issue 17); the storefront shows the ones it knows in
// the shopper's language and any other as sent. The known ones are the catalogue's 'server.*' and
// 'validation.*' messages: their English is the wire text, a {placeholder} standing for a part that varies
// ("Only {quantity} of {title} in stock").
import { messages } from './compiled/en';
import { t, type MessageId } from './i18n';

interface Known {
  id: MessageId;
  pattern: RegExp;
  names: string[];
}

let known: Known[] | null = null;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function knownMessages(): Known[] {
  // From the compiled English (a string, or text parts and [name] placeholders), not the source catalogue:
  // the English texts are in the browser once.
  known ??= Object.entries(messages)
    .filter(([id]) => id.startsWith('server.') || id.startsWith('validation.'))
    .map(([id, compiled]) => {
      const names: string[] = [];
      const parts = typeof compiled === 'string' ? [compiled] : (compiled as (string | string[])[]);
      const source = parts
        .map((part) => {
          if (typeof part === 'string') return escape(part);
          names.push(part[0] ?? '');
          return '(.+?)';
        })
        .join('');
      return { id: id as MessageId, pattern: new RegExp(`^${source}$`), names };
    });
  return known;
}

/** The catalogue id and values of a server message the storefront knows, else null. */
export function matchServerMessage(text: string): { id: MessageId; values: Record<string, string> } | null {
  for (const { id, pattern, names } of knownMessages()) {
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
  const match = matchServerMessage(text);
  return match ? t(match.id, match.values) : text;
}
