// Apart from lib/rules/money.ts, whose formatting every screen with a price carries: only the order screens and
// the order mail write a reference.

/**
 * An order's reference as the shopper sees it: "FC-001047". The shop's order number counts every shopper's
 * orders, so a bare "#1047" on someone's first order reads like a count of their own; a reference does not.
 */
export function orderReference(orderNumber: number): string {
  return `FC-${String(orderNumber).padStart(6, '0')}`;
}
