// Staff accounts (admins only): who has staff powers, and promoting or demoting an account. Roles are read from
// the database on every staff call, so a demotion takes effect on the demoted member's very next call.
import type {
  Role,
  StaffAccount,
  StaffAccountAnswer,
  StaffAccountList,
  StaffListQuery,
} from '@/lib/contract/staff';
import type { AppContext } from '../../context';
import { runInTransaction } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { metadata, pageOf } from '../../paging';
import { recordAudit, type Actor } from '../audit';
import { normaliseEmail } from '../auth';
import * as repo from './repository';

export const noAccount = (id: string) => `No account for this id ${id}`;
export const ownRole = 'You cannot change your own role; ask another admin';

function serializeAccount(a: repo.AccountRow): StaffAccount {
  return {
    _id: a.id,
    name: a.name,
    email: a.email,
    role: a.role,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export async function listAccounts(ctx: AppContext, q: StaffListQuery): Promise<StaffAccountList> {
  const { page, limit } = pageOf(q);
  const email = q.email !== undefined ? normaliseEmail(q.email) : undefined;
  const { total, rows } = await repo.accountPage(ctx.database.db, email, limit, (page - 1) * limit);
  return { results: total, metadata: metadata(total, page, limit), data: rows.map(serializeAccount) };
}

/**
 * PUT /staff/{id} {role}: promote a shopper, demote a staff member. Nobody changes their own role (so the last
 * admin cannot demote themselves, and an admin cannot lock themselves out by mistake).
 */
export async function changeRole(
  ctx: AppContext,
  actor: Actor,
  id: string,
  role: Role,
): Promise<StaffAccountAnswer> {
  if (!isObjectId(id)) throw new AppError(404, noAccount(id));
  if (id === actor.id) throw new ValidationError('role', ownRole, role, 'body');
  return runInTransaction(ctx.database.db, async (tx) => {
    const row = await repo.lockAccount(tx, id);
    if (!row) throw new AppError(404, noAccount(id));
    const before = serializeAccount(row);
    if (row.role === role) return { data: before };
    const now = new Date(ctx.now());
    const updated = await repo.setRole(tx, id, role, now);
    if (!updated) throw new AppError(404, noAccount(id));
    const after = serializeAccount(updated);
    await recordAudit(
      tx,
      actor,
      { action: 'account.role', entity: 'account', entityId: id, before, after },
      now,
    );
    return { data: after };
  });
}
