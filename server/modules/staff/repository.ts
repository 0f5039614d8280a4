import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type AccountRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'createdAt' | 'updatedAt'
>;

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Staff and admin accounts, oldest first; or the one account with this e-mail, whatever its role. */
export async function accountPage(
  exec: Executor,
  email: string | undefined,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: AccountRow[] }> {
  const condition = email !== undefined ? eq(users.email, email) : inArray(users.role, ['staff', 'admin']);
  const [totalRow] = await exec.select({ n: count() }).from(users).where(condition);
  const rows = await exec
    .select(accountColumns)
    .from(users)
    .where(condition)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(totalRow?.n ?? 0), rows };
}

/** The account, its row locked until the transaction ends (two admins changing one role take turns). */
export async function lockAccount(exec: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await exec.select(accountColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setRole(
  exec: Executor,
  id: string,
  role: AccountRow['role'],
  at: Date,
): Promise<AccountRow | undefined> {
  const [row] = await exec
    .update(users)
    .set({ role, updatedAt: at })
    .where(eq(users.id, id))
    .returning(accountColumns);
  return row;
}
