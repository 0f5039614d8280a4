import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems, orders } from '../../db/schema';
import { AppError } from '../../errors';

// Stock cannot be hoarded (docs/security.md): one shopper's cart, order and unpaid cash orders are
// bounded, so a new account cannot take the catalogue's stock out of sale with orders it never pays.

/** Units of one product in one cart or order. */
export const maxUnitsPerLine = 50;
/** Units in one cart or order, all lines together. */
export const maxUnitsPerOrder = 100;
/** Cash orders neither paid nor delivered that one account may have at once. */
export const maxOpenUnpaidOrders = 3;

export const tooManyOfOne = (title: string) =>
  `You can order at most ${maxUnitsPerLine} of ${title} at a time`;
export const tooManyUnits = `An order can hold at most ${maxUnitsPerOrder} items; remove some to add more`;
export const tooManyOpenOrders = `You already have ${maxOpenUnpaidOrders} unpaid orders waiting for delivery; pay for one or wait until it is delivered before ordering again`;

/** Units in a cart, all lines together. */
export async function cartUnits(exec: Executor, cartId: string): Promise<number> {
  const [row] = await exec
    .select({ units: sql<string | number | null>`sum(${cartItems.count})` })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return Number(row?.units ?? 0);
}

/** Throws the contract's 400 when lines break the per-line or per-order cap. */
export function checkUnits(lines: { title: string; count: number }[]): void {
  for (const l of lines) if (l.count > maxUnitsPerLine) throw new AppError(400, tooManyOfOne(l.title));
  if (lines.reduce((n, l) => n + l.count, 0) > maxUnitsPerOrder) throw new AppError(400, tooManyUnits);
}

/** Throws the contract's 400 when the account already has the most open unpaid cash orders allowed. */
export async function checkOpenUnpaidOrders(exec: Executor, userId: string): Promise<void> {
  const [row] = await exec
    .select({ n: sql<string | number>`count(*)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.isPaid, false), eq(orders.isDelivered, false)));
  if (Number(row?.n ?? 0) >= maxOpenUnpaidOrders) throw new AppError(400, tooManyOpenOrders);
}
