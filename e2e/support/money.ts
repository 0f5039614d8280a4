// Spec section 9, written out here independently of lib/rules so the journeys check the product's
// figures against the spec rather than against the product's own code.
export function expectedSummary(original: number) {
  const tax = Math.floor(original / 9);
  const savings = Math.floor((original * 10) / 100);
  return { original, tax, savings, total: original + tax - savings };
}

/** Every amount is shown in Egyptian pounds, one way (the README's deliberate differences): "1,547 EGP". */
export function egp(amount: number): string {
  return `${amount.toLocaleString('en-US')} EGP`;
}

/** An order's reference as the shopper sees it: the shop's order number 1047 reads "FC-001047". */
export function orderReference(orderNumber: number): string {
  return `FC-${String(orderNumber).padStart(6, '0')}`;
}
