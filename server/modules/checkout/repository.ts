import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems, carts, checkoutSessions, products } from '../../db/schema';

export type SessionRow = typeof checkoutSessions.$inferSelect;

/**
 * A cart line as checkout sees it: the unit price kept on the line, and the product's title (and Arabic title)
 * and stock now.
 */
export interface CartLine {
  productId: string;
  title: string;
  titleAr: string | null;
  count: number;
  price: number;
  stock: number;
}

export async function loadCartLines(db: Executor, cartId: string): Promise<CartLine[]> {
  return db
    .select({
      productId: cartItems.productId,
      title: products.title,
      titleAr: products.titleAr,
      count: cartItems.count,
      price: cartItems.price,
      stock: products.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function cartById(db: Executor, cartId: string) {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  return cart;
}

/** Locks the cart's row until the transaction ends (sessions for one cart are opened one at a time). */
export async function lockCart(db: Executor, cartId: string): Promise<void> {
  await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
}

/** Sessions of this cart still open and unexpired at `now` (the user's index finds them). */
export async function openSessionCount(db: Executor, userId: string, cartId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.cartId, cartId),
        eq(checkoutSessions.status, 'open'),
        gt(checkoutSessions.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

export async function sessionById(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

export async function insertSession(
  db: Executor,
  row: typeof checkoutSessions.$inferInsert,
): Promise<SessionRow> {
  const [inserted] = await db.insert(checkoutSessions).values(row).returning();
  if (!inserted) throw new Error('checkout session insert returned no row');
  return inserted;
}
