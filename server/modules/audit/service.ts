import type { AuditLogList, AuditLogQuery } from '@/lib/contract/staff';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { metadata, pageOf } from '../../paging';
import * as repo from './repository';

/** Who made a change: a signed-in staff member, or the command line (id null). */
export interface Actor {
  id: string | null;
  email: string;
}

export const commandLine: Actor = { id: null, email: 'command line (npm run admin)' };

export interface AuditChange {
  /** `<entity>.<verb>`, e.g. product.create. */
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * Writes one audit row inside the change's own transaction: if the change rolls back, so does its row, and a
 * change that commits always has one.
 */
export async function recordAudit(tx: Tx, actor: Actor, change: AuditChange, at: Date): Promise<void> {
  await repo.insertAudit(tx, {
    id: newId(),
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export async function readAuditLog(ctx: AppContext, q: AuditLogQuery): Promise<AuditLogList> {
  const { page, limit } = pageOf(q);
  const { total, rows } = await repo.auditPage(
    ctx.database.db,
    { entity: q.entity, entityId: q.entityId, actorId: q.actor },
    limit,
    (page - 1) * limit,
  );
  return {
    results: total,
    metadata: metadata(total, page, limit),
    data: rows.map((r) => ({
      _id: r.id,
      at: r.at.toISOString(),
      actor: { _id: r.actorId, email: r.actorEmail },
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
    })),
  };
}
