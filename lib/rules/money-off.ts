// Apart from lib/rules/money.ts, whose formatting every screen with a price carries: only the order summaries, the
// order mail and the hosted payment page write money taken off.
import { formatEgp } from './money';

/**
 * Money taken off (savings), with one minus sign, the hyphen-minus Intl writes: "-64 EGP"; in Arabic as ar-EG
 * writes a negative amount, with the mark that keeps the minus before the number in a right-to-left line. Nothing
 * taken off is a plain zero, not "-0".
 */
export function formatEgpOff(pounds: number, lang: 'en' | 'ar' = 'en'): string {
  return formatEgp(pounds === 0 ? 0 : -pounds, lang);
}
