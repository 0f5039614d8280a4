// Whether a server message is one the catalogue knows ('server.*', 'validation.*': the contract's human
// refusals), in any language. A screen that must never show a technical answer (the checkout) shows a known
// message (lib/i18n/server-messages.ts puts it in the shopper's language) and its own words for any other. The
// English patterns travel with the screens that import this module, never with the first screen.
import { sentMessages } from './compiled/en-sent';
import { matchServerMessage } from './server-message-match';

export function isKnownServerMessage(text: string): boolean {
  return matchServerMessage(text, sentMessages) !== null;
}
