import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';

const oldestFirst = [asc(wishlistItems.createdAt), asc(wishlistItems.productId)];

/** Only products for sale: an archived or draft product leaves the wishlist with the storefront (it comes back if
 *  staff make it active again). */
const forSale = eq(products.status, 'active');

export async function wishlistIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), forSale))
    .orderBy(...oldestFirst);
  return rows.map((r) => r.productId);
}

/** The ids of the products on a shopper's wishlist that are for sale, oldest first. */
export async function wishlistProductIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), forSale))
    .orderBy(...oldestFirst);
  return rows.map((r) => r.id);
}

export async function productExists(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), forSale));
  return row !== undefined;
}

/** Adding a product already on the list changes nothing (a double click is harmless). */
export async function insertWishlistItem(db: Executor, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

export async function deleteWishlistItem(db: Executor, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
