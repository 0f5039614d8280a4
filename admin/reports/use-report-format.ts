import { useMemo } from 'react';
import { useLocale } from 'react-admin';
import { intlLocales } from '@/lib/i18n/language';
import { formatEgp } from '@/lib/rules/money';

/** Figures and days of the reports in the back office's language (amounts as the storefront writes them). */
export function useReportFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const lang = locale === 'ar' ? 'ar' : 'en';
    const numbers = new Intl.NumberFormat(intlLocales[lang]);
    const compact = new Intl.NumberFormat(intlLocales[lang], { notation: 'compact' });
    // A report's day is a calendar day (YYYY-MM-DD), read at UTC midnight so no time zone moves it.
    const shortDay = new Intl.DateTimeFormat(intlLocales[lang], {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const longDay = new Intl.DateTimeFormat(intlLocales[lang], {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const dateOnly = new Intl.DateTimeFormat(intlLocales[lang], { dateStyle: 'medium' });
    const atUtc = (day: string) => new Date(`${day}T00:00:00Z`);
    return {
      lang,
      money: (pounds: number) => formatEgp(pounds, lang),
      number: (n: number) => numbers.format(n),
      compact: (n: number) => compact.format(n),
      shortDay: (day: string) => shortDay.format(atUtc(day)),
      longDay: (day: string) => longDay.format(atUtc(day)),
      /** A moment (ISO date-time) as its date on this browser's calendar. */
      date: (iso: string | undefined) => (iso ? dateOnly.format(new Date(iso)) : ''),
    };
  }, [locale]);
}
