// Amounts are Egyptian pounds. One way of writing them everywhere, the storefront, the hosted payment page and the
// mail alike, in both languages: whole pounds without decimals, an amount with piastres with two ("5,400 EGP",
// "5,400.50 EGP"; "‏٥٬٤٠٠ ج.م.‏" in Arabic, as ar-EG writes pounds). Written by hand (lib/rules/numerals.ts: the
// texts are Intl's, without the cost of a browser's first Intl number), so server and browser print the same text.
import { writeDigits } from './numerals';

/** Pounds as the language writes money (an amount no shop can hold, "NaN EGP": lib/rules/numerals.ts). */
export function formatEgp(pounds: number, lang: 'en' | 'ar' = 'en'): string {
  const digits = pounds % 1 ? 2 : 0;
  // ar-EG: the right-to-left mark around the amount, a no-break space before the pound's sign.
  return lang === 'ar'
    ? `${writeDigits(pounds, digits, lang, '\u200f')}\u00a0ج.م.\u200f`
    : `${writeDigits(pounds, digits, lang)} EGP`;
}

/**
 * Pounds in the currency's minor unit (piastres): what payment providers charge and what a checkout session
 * records, so the order placed from a paid session is checked against the same figure.
 */
export function toMinorUnits(pounds: number): number {
  return Math.round(pounds * 100);
}
