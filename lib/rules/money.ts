// Amounts are Egyptian pounds (whole pounds on the wire). One way of writing them everywhere, the storefront
// and the hosted payment page alike: "5,400 EGP" in English, "‏٥٬٤٠٠٫٠٠ ج.م.‏" in Arabic (ar-EG, as the hosted
// payment page writes it). A fixed locale per language, so server and browser print the same text.
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
let egpAr: Intl.NumberFormat | undefined;

export function formatEgp(pounds: number, lang: 'en' | 'ar' = 'en'): string {
  if (lang === 'ar') {
    egpAr ??= new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' });
    return egpAr.format(pounds);
  }
  return `${grouped.format(pounds)} EGP`;
}

/** Money taken off (savings): "-540 EGP"; in Arabic as ar-EG writes a negative amount, its minus kept before it. */
export function formatEgpOff(pounds: number, lang: 'en' | 'ar' = 'en'): string {
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
