// Plurals: the one ICU form beyond text and plain placeholders that the catalogues use, run from Lingui's compiled
// form (scripts/compile-messages.ts) by the parts that hold one (lib/i18n/compiled/), so the page's own bundle
// carries none of it. Run here rather than by Lingui's core, whose `#` is always written by Intl.NumberFormat: a
// browser's first one costs 50–120 ms of a phone's main thread (lib/rules/numerals.ts), paid inside the first
// render of every screen with a count. The texts are Lingui's, which tests/web/i18n/plurals.test.ts compares for
// every plural of both catalogues.
import { writeCount, writeDigits } from '@/lib/rules/numerals';
import { intlLocales, type Lang } from './language';
import { setMessageFormatter, setNumberWriter, type MessageValues } from './registry';

/**
 * Lingui's compiled parts: a text, `#`, a placeholder [name], or [name, 'plural', {form: parts}] (the catalogues hold
 * no other ICU form: tests/web/i18n/plurals.test.ts checks every message).
 */
type Part = string | [string] | [string, string, Record<string, Parts>];
type Parts = string | Part[];

const rules = new Map<Lang, Intl.PluralRules>();

function pluralForm(lang: Lang, n: number): string {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(intlLocales[lang])));
  return r.select(n);
}

function write(lang: Lang, parts: Parts, values: MessageValues, count?: number): string {
  if (typeof parts === 'string') return parts;
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      // `#`, as Lingui writes it (Intl.NumberFormat's defaults: grouped, up to three decimals).
      text += part === '#' && count !== undefined ? writeDigits(count, 3, lang) : part;
      continue;
    }
    const [name, kind, forms] = part;
    const value = values[name];
    if (kind === 'plural' && forms) {
      const n = Number(value);
      text += write(lang, forms[String(n)] ?? forms[pluralForm(lang, n)] ?? forms.other ?? '', values, n);
    } else if (value != null) {
      // A placeholder inside a plural is written as given, as Lingui does ("عرض 24 من ٥٬٠٠٠ منتج").
      text += String(value);
    }
  }
  return text;
}

setMessageFormatter((lang, _id, compiled, values) => write(lang, compiled as Parts, values));
// A number in a plain placeholder of the Arabic catalogue (whose chunk brings this file): ar-EG's, by hand.
setNumberWriter(writeCount);
