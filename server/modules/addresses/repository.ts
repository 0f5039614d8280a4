import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses } from '../../db/schema';

export async function listAddresses(db: Executor, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function insertAddress(db: Executor, row: typeof addresses.$inferInsert): Promise<void> {
  await db.insert(addresses).values(row);
}

/** Removes the caller's own address only; false when there was none with that id. */
export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return removed.length > 0;
}
