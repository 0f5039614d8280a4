import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems, carts } from '../../db/schema';
import { loadProductsByIds, serializeCartProduct } from '../catalogue/serialize';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

export async function findCart(
  exec: Executor,
  userId: string,
  forUpdate = false,
): Promise<CartRow | undefined> {
  const q = exec.select().from(carts).where(eq(carts.userId, userId));
  const [cart] = forUpdate ? await q.for('update') : await q;
  return cart;
}

export async function cartLines(exec: Executor, cartId: string): Promise<CartItemRow[]> {
  return exec
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Lines of the caller's cart matching an id: the product id first, then the line id (the contract accepts both). */
export function findLine(lines: CartItemRow[], id: string): CartItemRow | undefined {
  return lines.find((l) => l.productId === id) ?? lines.find((l) => l.id === id);
}

export async function bumpVersion(exec: Executor, cartId: string): Promise<void> {
  await exec
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(carts.id, cartId)));
}

/**
 * The contract's cart envelope. `populate` false: each line's product is its id (the POST answer);
 * true: the CartProduct object.
 */
export async function cartEnvelope(
  exec: Executor,
  cart: CartRow,
  publicUrl: string,
  populate: boolean,
  message?: string,
) {
  const lines = await cartLines(exec, cart.id);
  const productMap = populate
    ? await loadProductsByIds(
        exec,
        lines.map((l) => l.productId),
      )
    : new Map();
  return {
    status: 'success',
    ...(message ? { message } : {}),
    numOfCartItems: lines.length,
    cartId: cart.id,
    data: {
      _id: cart.id,
      cartOwner: cart.userId,
      products: lines.map((l) => {
        const p = productMap.get(l.productId);
        return {
          count: l.count,
          _id: l.id,
          product: populate && p ? serializeCartProduct(p, publicUrl) : l.productId,
          price: l.price,
        };
      }),
      createdAt: cart.createdAt.toISOString(),
      updatedAt: cart.updatedAt.toISOString(),
      __v: cart.version,
      totalCartPrice: lines.reduce((sum, l) => sum + l.count * l.price, 0),
    },
  };
}
