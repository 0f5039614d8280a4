// Numbers as the storefront writes them, by hand rather than with Intl: a browser's first Intl.NumberFormat loads
// ICU's number data, 50–120 ms of the main thread at Lighthouse's 4× slow-down (bench/notes.md, "Intl's first
// number"), and every first screen with a price or an Arabic count paid it inside its first render. The texts are
// Intl's, character for character (en-US; ar-EG with its Arabic-Indic digits and separators), which
// tests/rules/numerals.test.ts compares over thousands of values. A number no price, total or count can be (not
// finite, or 1e21 and more) is written as JavaScript writes it ("NaN", "1e+21"), where Intl has its own signs.

/**
 * `value` with `fractionDigits` decimals, rounded as Intl rounds: half away from zero, on the shortest decimal that
 * reads back as the number (1.005 → "1.01", where `toFixed` gives "1.00"); digits grouped by three: "1,234.50", or
 * in Arabic "١٬٢٣٤٫٥٠"; with three, read as "up to three" (Intl's default), the trailing zeros dropped ("4.8"). A
 * minus for -0 and below, as Intl writes it (in Arabic after the mark that keeps it before the number in a
 * right-to-left line: "؜-٣"), then `mark` (ar-EG's money puts a right-to-left mark there).
 */
export function writeDigits(value: number, fractionDigits: number, lang: 'en' | 'ar', mark = ''): string {
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  // 1 / -0 is -Infinity.
  const start = (value < 0 || 1 / value < 0 ? (lang === 'ar' ? '\u061c-' : '-') : '') + mark;
  // Not finite, or 1e21 and more: as JavaScript writes it.
  if (!(magnitude < 1e21)) return start + text;
  // Under 1e-6 String writes an exponent; such a number has no digit in the first six places.
  const [whole = '0', fraction = ''] = (text.includes('e') ? '0' : text).split('.');
  const up = (fraction[fractionDigits] ?? '0') >= '5';
  const digits = String(
    BigInt(whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')) + BigInt(up),
  ).padStart(fractionDigits + 1, '0');
  const cut = digits.length - fractionDigits;
  let decimals = digits.slice(cut);
  if (fractionDigits > 2) decimals = decimals.replace(/0+$/, '');
  const written = digits.slice(0, cut).replace(/\B(?=(\d{3})+$)/g, ',') + (decimals && `.${decimals}`);
  // ar-EG: its separators (U+066C, U+066B) and Arabic-Indic digits (U+0660 to U+0669).
  return (
    start +
    (lang === 'ar'
      ? written.replace(/./g, (c) =>
          String.fromCharCode(c === ',' ? 0x66c : c === '.' ? 0x66b : 0x660 + Number(c)),
        )
      : written)
  );
}

/**
 * A number as the language writes it: English as `String` does ("1724", "4.8": the storefront's counts and ratings
 * have always been written so in English), Arabic as ar-EG's `toLocaleString` does ("١٬٧٢٤", "٤٫٨", "؜-٣": up to
 * three decimals).
 */
export function writeCount(n: number, lang: 'en' | 'ar'): string {
  return lang === 'en' ? String(n) : writeDigits(n, 3, 'ar');
}
