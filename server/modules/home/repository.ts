// The home page's two rows (home_content: the draft and the published copy), and the categories it may feature.
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, homeContent } from '../../db/schema';

export type HomeKind = 'draft' | 'published';
export type HomeRow = typeof homeContent.$inferSelect;

/** One row; locked until the transaction ends when `lock` is set (saves and publishes of the draft queue). */
export async function homeRow(exec: Executor, kind: HomeKind, lock = false): Promise<HomeRow> {
  const query = exec.select().from(homeContent).where(eq(homeContent.kind, kind));
  const [row] = await (lock ? query.for('update') : query);
  // Migration 0010 writes both rows and nothing deletes them.
  if (!row) throw new Error(`home_content has no ${kind} row`);
  return row;
}

export async function writeHomeRow(
  exec: Executor,
  kind: HomeKind,
  set: Pick<HomeRow, 'content' | 'version' | 'updatedAt' | 'updatedBy'>,
): Promise<HomeRow> {
  const [row] = await exec.update(homeContent).set(set).where(eq(homeContent.kind, kind)).returning();
  if (!row) throw new Error(`home_content has no ${kind} row`);
  return row;
}

/** Which of these ids are categories. */
export async function knownCategories(exec: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await exec.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return new Set(rows.map((r) => r.id));
}
