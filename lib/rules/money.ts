// Amounts are Egyptian pounds. One way of writing them everywhere, the storefront, the hosted payment page and the
// mail alike, in both languages: whole pounds without decimals, an amount with piastres with two ("5,400 EGP",
// "5,400.50 EGP"; "‏٥٬٤٠٠ ج.م.‏" in Arabic, as ar-EG writes pounds). A fixed locale per language, so server and
// browser print the same text.
const formats: Record<string, Intl.NumberFormat> = {};

export function formatEgp(pounds: number, lang: 'en' | 'ar' = 'en'): string {
  const digits = Number.isInteger(pounds) ? 0 : 2;
  const written = (formats[lang + digits] ??= new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(lang === 'ar' && { style: 'currency', currency: 'EGP' }),
  })).format(pounds);
  return lang === 'ar' ? written : `${written} EGP`;
}

/**
 * Money taken off (savings), with one minus sign, the hyphen-minus Intl writes: "-64 EGP"; in Arabic as ar-EG
 * writes a negative amount, with the mark that keeps the minus before the number in a right-to-left line. Nothing
 * taken off is a plain zero, not "-0".
 */
export function formatEgpOff(pounds: number, lang: 'en' | 'ar' = 'en'): string {
  if (pounds === 0) return formatEgp(0, lang);
  return lang === 'en' ? `-${formatEgp(pounds)}` : formatEgp(-pounds, lang);
}

/**
 * Pounds in the currency's minor unit (piastres): what payment providers charge and what a checkout session
 * records, so the order placed from a paid session is checked against the same figure.
 */
export function toMinorUnits(pounds: number): number {
  return Math.round(pounds * 100);
}

/**
 * An order's reference as the shopper sees it: "FC-001047". The shop's order number counts every shopper's
 * orders, so a bare "#1047" on someone's first order reads like a count of their own; a reference does not.
 */
export function orderReference(orderNumber: number): string {
  return `FC-${String(orderNumber).padStart(6, '0')}`;
}
