// Money and counts in the language shown (ar-EG's forms for Arabic, lib/rules/numerals.ts): for the screens, not
// the frame, so the page's own bundle does not carry them. What only the order and cart screens need (dates' locale,
// money taken off) is in lib/i18n/order-formats.ts, so a product card's screens do not carry it.
import { formatEgp } from '@/lib/rules/money';
import { writeCount } from '@/lib/rules/numerals';
import { useShownLang } from './i18n';

/** Pounds as the language shown writes money: "5,400 EGP", or ar-EG's "‏٥٬٤٠٠ ج.م.‏" (lib/rules/money.ts). */
export function useMoney(): (pounds: number) => string {
  const lang = useShownLang();
  return lang === 'en' ? formatEgp : (pounds) => formatEgp(pounds, lang);
}

/** Counts and ratings as the language shown writes them (ar-EG: Arabic-Indic digits). */
export function useCount(): (n: number) => string {
  const lang = useShownLang();
  return (n) => writeCount(n, lang);
}
