// Server messages stay the contract's English on the wire; the storefront shows the ones it knows in
// the shopper's language and any other as sent. The known ones are the catalogue's 'server.*' and
// 'validation.*' messages: their English is the wire text (lib/rules/messages.ts for the rules), a {placeholder}
// standing for a part that varies ("Only {quantity} of {title} in stock"). In English a message shows as sent,
// so their English patterns come with the Arabic chunk only.
import { serverMessageMatcher, shownLang, t } from './i18n';

/** A server message in the language shown: the catalogue's text when it is a known one, else as sent. */
export function localiseServerMessage(text: string): string {
  const matcher = serverMessageMatcher();
  if (shownLang() === 'en' || !matcher) return text;
  const match = matcher(text);
  return match ? t(match.id, match.values) : text;
}
