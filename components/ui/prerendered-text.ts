// Texts of the prerendered page's main area (components/app/first-screen-placeholder.tsx), rendered once, at
// export, by the server: in English, the language of the exported page. A page in another language keeps the
// whole frame hidden until its own catalogue is in (components/app/language-pending.module.scss). Server-only:
// the English catalogue's source imported here never reaches the browser's code.
import { en, type MessageId } from '@/lib/i18n/en';

/** A catalogue text in English, its {placeholders} filled. */
export function english(id: MessageId, values?: Record<string, string | number>): string {
  let text: string = en[id];
  for (const [name, value] of Object.entries(values ?? {})) text = text.replace(`{${name}}`, String(value));
  return text;
}
