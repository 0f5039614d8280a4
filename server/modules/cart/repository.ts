import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { cartItems, carts, products } from '../../db/schema';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function findCart(
  exec: Executor,
  userId: string,
  forUpdate = false,
): Promise<CartRow | undefined> {
  const q = exec.select().from(carts).where(eq(carts.userId, userId));
  const [cart] = forUpdate ? await q.for('update') : await q;
  return cart;
}

export async function cartById(exec: Executor, cartId: string): Promise<CartRow | undefined> {
  const [cart] = await exec.select().from(carts).where(eq(carts.id, cartId));
  return cart;
}

export async function cartLines(exec: Executor, cartId: string): Promise<CartItemRow[]> {
  return exec
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function productById(exec: Executor, id: string): Promise<ProductRow | undefined> {
  const [product] = await exec.select().from(products).where(eq(products.id, id));
  return product;
}

export async function productStock(exec: Executor, id: string): Promise<number> {
  const [row] = await exec.select({ quantity: products.quantity }).from(products).where(eq(products.id, id));
  return row?.quantity ?? 0;
}

/**
 * The caller's cart, created on first use. The upsert locks the cart row until commit, so adds to one cart run
 * one at a time and an order consuming this cart waits for (or is waited on by) this add.
 */
export async function upsertCart(exec: Executor, userId: string): Promise<CartRow> {
  const [cart] = await exec
    .insert(carts)
    .values({ id: newId(), userId, version: 0 })
    .onConflictDoUpdate({
      target: carts.userId,
      set: { version: sql`${carts.version} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  if (!cart) throw new Error('cart upsert returned no row');
  return cart;
}

/**
 * One statement: a new line, or count + 1 while stock allows. No read-modify-write in JavaScript. False when the
 * stock did not allow one more.
 */
export async function addOneUnit(
  exec: Executor,
  cartId: string,
  productId: string,
  unitPrice: number,
): Promise<boolean> {
  const line = await exec
    .insert(cartItems)
    .values({ id: newId(), cartId, productId, count: 1, price: unitPrice })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { count: sql`${cartItems.count} + 1` },
      setWhere: sql`${cartItems.count} + 1 <= (select ${products.quantity} from ${products} where ${products.id} = ${productId})`,
    })
    .returning({ id: cartItems.id });
  return line.length > 0;
}

export async function setLineCount(exec: Executor, lineId: string, count: number): Promise<void> {
  await exec.update(cartItems).set({ count }).where(eq(cartItems.id, lineId));
}

export async function deleteLine(exec: Executor, lineId: string): Promise<void> {
  await exec.delete(cartItems).where(eq(cartItems.id, lineId));
}

/** The lines go with the cart (ON DELETE CASCADE); the next add starts a new cart with a new id. */
export async function deleteCart(exec: Executor, userId: string): Promise<void> {
  await exec.delete(carts).where(eq(carts.userId, userId));
}

export async function bumpVersion(exec: Executor, cartId: string): Promise<void> {
  await exec
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}
