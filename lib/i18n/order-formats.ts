// Dates' locale and money taken off, in the language shown: for the order and cart screens only (lib/i18n/format.ts
// has what every screen with a price needs).
import { formatEgpOff } from '@/lib/rules/money-off';
import { useShownLang } from './i18n';
import { intlLocales } from './language';

/** Number and date formats of the language shown ('ar-EG' for Arabic). */
export function useIntlLocale(): string {
  return intlLocales[useShownLang()];
}

/** Money taken off (savings): "-540 EGP"; in Arabic as ar-EG writes a negative amount (lib/rules/money.ts). */
export function useMoneyOff(): (pounds: number) => string {
  const lang = useShownLang();
  return (pounds) => formatEgpOff(pounds, lang);
}
