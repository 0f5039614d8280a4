// Amounts are Egyptian pounds (whole pounds on the wire). One way of writing them everywhere, the storefront
// and the hosted payment page alike: "5,400 EGP". A fixed locale, so server and browser print the same text.
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatEgp(pounds: number): string {
  return `${grouped.format(pounds)} EGP`;
}

/**
 * An order's reference as the shopper sees it: "FC-001047". The shop's order number counts every shopper's
 * orders, so a bare "#1047" on someone's first order reads like a count of their own; a reference does not.
 */
export function orderReference(orderNumber: number): string {
  return `FC-${String(orderNumber).padStart(6, '0')}`;
}
