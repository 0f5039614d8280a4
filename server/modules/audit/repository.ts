import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAudit(exec: Executor, row: typeof auditLog.$inferInsert): Promise<void> {
  await exec.insert(auditLog).values(row);
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  actorId?: string;
}

/** Newest first (ties by id, which starts with the time), and how many match. */
export async function auditPage(
  exec: Executor,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: AuditRow[] }> {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  const condition = where.length ? and(...where) : undefined;
  const [totalRow] = await exec.select({ n: count() }).from(auditLog).where(condition);
  const rows = await exec
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(totalRow?.n ?? 0), rows };
}
