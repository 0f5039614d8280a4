import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { heldOrder, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { maxUnitsPerLine, maxUnitsPerOrder } from '@/lib/rules/cart-limits';

// Stock cannot be hoarded (docs/security.md): one shopper's cart, order and unpaid cash orders are
// bounded, so a new account cannot take the catalogue's stock out of sale with orders it never pays.

export { maxUnitsPerLine, maxUnitsPerOrder } from '@/lib/rules/cart-limits';
/**
 * Orders holding stock (docs/security.md, "Stock held by unpaid and test-paid orders": unpaid cash orders
 * and orders "paid" on the hosted test page, until delivered) that one account may have at once.
 */
export const maxOpenUnpaidOrders = 3;

// What orders holding stock may hold together, beyond one account. An account holds at most
// maxOpenUnpaidOrders × maxUnitsPerOrder = 300 units; one phone number or one shipping address may hold no
// more than that, whatever the number of accounts. The per-address cap (HELD_UNITS_PER_ADDRESS, default the
// same 300) and the share of a product's stock (HELD_STOCK_SHARE_PERCENT, default 25) are in server/config.ts.

/** Units that orders holding stock and shipping to one phone number may hold together. */
export const maxHeldUnitsPerPhone = maxOpenUnpaidOrders * maxUnitsPerOrder;
/** Units that orders holding stock and shipping to one address (details and city, normalised) may hold together. */
export const maxHeldUnitsPerShippingAddress = maxOpenUnpaidOrders * maxUnitsPerOrder;
/** Orders holding stock may always hold this many units of a product, however small its share. */
export const minHeldUnitsPerProduct = 5;

export const tooManyOfOne = (title: string) =>
  `You can order at most ${maxUnitsPerLine} of ${title} at a time`;
export const tooManyUnits = `An order can hold at most ${maxUnitsPerOrder} items; remove some to add more`;
export const tooManyOpenOrders = `You already have ${maxOpenUnpaidOrders} unpaid orders waiting for delivery; pay for one or wait until it is delivered before ordering again`;

const heldBy = (who: string, cap: number, held: number) =>
  `Orders not yet delivered ${who} may hold at most ${cap} items together, and ${Math.min(held, cap)} are held now; ` +
  `order fewer items, or wait until earlier orders are delivered`;
export const tooManyHeldFromAddress = (cap: number, held: number) =>
  heldBy('from your connection', cap, held);
export const tooManyHeldForPhone = (cap: number, held: number) => heldBy('for this phone number', cap, held);
export const tooManyHeldForShippingAddress = (cap: number, held: number) =>
  heldBy('for this shipping address', cap, held);
export const tooManyHeldOfProduct = (title: string, left: number) =>
  left > 0
    ? `Only ${left} more of ${title} can be ordered until earlier orders are delivered; order fewer`
    : `${title} cannot be ordered until earlier orders are delivered: they hold all of its stock that may wait for delivery`;

/** Throws the contract's 400 when lines break the per-line or per-order cap. */
export function checkUnits(lines: { title: string; count: number }[]): void {
  for (const l of lines) if (l.count > maxUnitsPerLine) throw new AppError(400, tooManyOfOne(l.title));
  if (lines.reduce((n, l) => n + l.count, 0) > maxUnitsPerOrder) throw new AppError(400, tooManyUnits);
}

/** Throws the contract's 400 when the account already has the most orders holding stock allowed. */
export async function checkOpenUnpaidOrders(exec: Executor, userId: string): Promise<void> {
  const [row] = await exec
    .select({ n: sql<string | number>`count(*)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), heldOrder));
  if (Number(row?.n ?? 0) >= maxOpenUnpaidOrders) throw new AppError(400, tooManyOpenOrders);
}
