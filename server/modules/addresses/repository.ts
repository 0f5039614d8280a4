import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses, users } from '../../db/schema';

export async function listAddresses(db: Executor, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/**
 * Locks the account's row until the transaction ends: concurrent additions for one account take turns, so a
 * count read after it stays true until the insert.
 */
export async function lockAccount(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countAddresses(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, row: typeof addresses.$inferInsert): Promise<void> {
  await db.insert(addresses).values(row);
}

/**
 * Makes the caller's own address `id` their default and every other one not (in the caller's transaction, under
 * the account's lock); false when the caller has no address with that id, and then nothing changed.
 */
export async function setDefaultAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const [own] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!own) return false;
  // Off first, then on: the partial unique index allows one default per account at every step.
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await db.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  return true;
}

/** Removes the caller's own address only; false when there was none with that id. */
export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return removed.length > 0;
}
