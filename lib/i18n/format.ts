// Numbers, money and dates in the language shown (Intl; 'ar-EG' for Arabic): for the screens, not the frame,
// so the page's own bundle does not carry them.
import { formatEgp, formatEgpOff } from '@/lib/rules/money';
import { useShownLang } from './i18n';
import { intlLocales } from './language';

/** Number and date formats of the language shown ('ar-EG' for Arabic). */
export function useIntlLocale(): string {
  return intlLocales[useShownLang()];
}

/** Pounds as the language shown writes money: "5,400 EGP", or ar-EG's "‏٥٬٤٠٠ ج.م.‏" (lib/rules/money.ts). */
export function useMoney(): (pounds: number) => string {
  const lang = useShownLang();
  return lang === 'en' ? formatEgp : (pounds) => formatEgp(pounds, lang);
}

/** Whole numbers (counts) as the language shown writes them (ar-EG: Arabic-Indic digits). */
export function useCount(): (n: number) => string {
  const lang = useShownLang();
  return (n) => (lang === 'en' ? String(n) : n.toLocaleString(intlLocales[lang]));
}

/** Money taken off (savings): "-540 EGP"; in Arabic as ar-EG writes a negative amount (lib/rules/money.ts). */
export function useMoneyOff(): (pounds: number) => string {
  const lang = useShownLang();
  return (pounds) => formatEgpOff(pounds, lang);
}
