// Texts of the prerendered page's main area (components/app/first-screen-placeholder.tsx), which is rendered
// once, at export, by the server and never by the browser: it cannot know the shopper's language, so it holds
// every language and the head script's `lang` on <html> shows one (bilingual.module.scss). Server-only: the
// catalogues imported here never reach the browser's code.
import { ar } from '@/lib/i18n/ar';
import { en, type MessageId } from '@/lib/i18n/en';
import styles from './bilingual.module.scss';

/** A catalogue text (without placeholders) in both languages; the page's language shows one. */
export function Bilingual({ id }: { id: MessageId }) {
  return (
    <>
      {/* `hidden` (off in Arabic, by the stylesheet): the English page's accessibility tree holds one text. First,
          so that a name joined from several texts ("Shop now: new arrivals") keeps its spacing. */}
      <span className={styles.ar} lang="ar" hidden>
        {ar[id]}
      </span>
      <span className={styles.en}>{en[id]}</span>
    </>
  );
}

/**
 * Attribute texts (aria-labels) cannot hold two languages: the prerendered placeholder keeps the English one
 * until the first screen, drawn in the shopper's language, replaces it.
 */
export function english(id: MessageId, values?: Record<string, string | number>): string {
  let text: string = en[id];
  for (const [name, value] of Object.entries(values ?? {})) text = text.replace(`{${name}}`, String(value));
  return text;
}
