import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pictures } from '../../db/schema';

/** Stores a picture once: the same content uploaded again keeps its first row. */
export async function insertPicture(exec: Executor, row: typeof pictures.$inferInsert): Promise<boolean> {
  const inserted = await exec
    .insert(pictures)
    .values(row)
    .onConflictDoNothing({ target: pictures.name })
    .returning({ name: pictures.name });
  return inserted.length > 0;
}

export async function pictureBytes(exec: Executor, name: string): Promise<Buffer | undefined> {
  const [row] = await exec
    .select({ data: pictures.data })
    .from(pictures)
    .where(eq(pictures.name, name))
    .limit(1);
  return row?.data;
}

export async function pictureExists(exec: Executor, name: string): Promise<boolean> {
  const [row] = await exec
    .select({ name: pictures.name })
    .from(pictures)
    .where(eq(pictures.name, name))
    .limit(1);
  return Boolean(row);
}
