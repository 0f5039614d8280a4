// Which bundle carries each English message (the English first screen may grow by 3 KB at most). The
// catalogue is one (lib/i18n/en.ts); its compiled English is cut by the first part of the id into the frame's
// messages, bundled with the page, and one part per area of screens, bundled with those screens' code
// (`import '@/lib/i18n/compiled/en-<part>'` in each screen module that shows them). The Arabic catalogue is one
// chunk, fetched whole when the page is in Arabic.

/** English parts and the id prefixes they hold ('shell' is the page's own). */
export const englishParts = {
  shell: ['shop', 'layout', 'nav', 'footer', 'loader', 'ui'],
  // With the code that uses them, wherever it loads: the cart toasts, the 'Share App Link' draft.
  toast: ['toast'],
  share: ['share'],
  catalogue: ['catalogue', 'card', 'banner'],
  lists: ['lists'],
  details: ['details', 'gallery'],
  notfound: ['notFound'],
  products: ['products'],
  cart: ['cart'],
  order: ['order'],
  orders: ['orders'],
  account: ['account'],
} as const;

export type EnglishPart = keyof typeof englishParts;

/**
 * Server and rule messages ('server.*', 'validation.*') are the English the server and lib/rules/messages.ts
 * send: English shows them as sent, so no English bundle carries them; the Arabic chunk carries their English
 * as patterns to recognise them by (lib/i18n/server-messages.ts).
 */
export const sentAsIs = ['server', 'validation'] as const;

/**
 * Texts only the prerendered page shows ('prerender.*': the sentence for a browser without JavaScript), in both
 * English at export (components/ui/prerendered-text.ts): no bundle carries them.
 */
export const prerenderedOnly = ['prerender'] as const;

/** The part of an id's English, or null for a message shown as sent in English or only prerendered. */
export function partOf(id: string): EnglishPart | null {
  const prefix = id.slice(0, id.indexOf('.'));
  if ((sentAsIs as readonly string[]).includes(prefix)) return null;
  if ((prerenderedOnly as readonly string[]).includes(prefix)) return null;
  for (const [part, prefixes] of Object.entries(englishParts)) {
    if ((prefixes as readonly string[]).includes(prefix)) return part as EnglishPart;
  }
  throw new Error(`The message id "${id}" belongs to no English part (lib/i18n/parts.ts)`);
}
