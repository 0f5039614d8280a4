// Spec section 9, written out here independently of lib/rules so the journeys check the product's
// figures against the spec rather than against the product's own code.
export function expectedSummary(original: number) {
  const tax = Math.floor(original / 9);
  const savings = Math.floor((original * 10) / 100);
  return { original, tax, savings, total: original + tax - savings };
}

/** The cart page shows '$' amounts, e.g. $1,547. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
