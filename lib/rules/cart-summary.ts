// Spec section 9: original = totalCartPrice; tax = ⌊original / 9⌋; savings = ⌊10% of original⌋;
// total = original + tax − savings. The server records orders with the same figures.
export interface CartSummary {
  original: number;
  tax: number;
  savings: number;
  total: number;
}

/** The contract's totalCartPrice: each line's unit price (kept from when it was added) times its count. */
export function cartTotal(lines: readonly { count: number; price: number }[]): number {
  return lines.reduce((sum, line) => sum + line.count * line.price, 0);
}

/** How many pieces the lines hold: each line's count, added up (a line of 3 is 3 pieces). */
export function pieceCount(lines: readonly { count: number }[]): number {
  return lines.reduce((pieces, line) => pieces + line.count, 0);
}

export function cartSummary(totalCartPrice: number): CartSummary {
  const original = totalCartPrice;
  const tax = Math.trunc(original / 9);
  // 10% as original / 10 avoids the float error of original * 0.1 (e.g. 70 * 0.1 = 7.000000000000001).
  const savings = Math.trunc(original / 10);
  return { original, tax, savings, total: original + tax - savings };
}
