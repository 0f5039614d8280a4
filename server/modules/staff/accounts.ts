// Admin accounts outside the API: the command line (`npm run admin`, scripts/admin.ts) and the development demo
// admin that `npm start` seeds (server/serve.ts). The shop's own rules apply (lib/rules/account-schemas.ts), and
// every change is in the audit log, its actor the command line.
import { firstError, registerSchema } from '@/lib/rules/account-schemas';
import { runInTransaction, type Db } from '../../db/client';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import { recordAudit, type Actor } from '../audit';
import { hashPassword, normaliseEmail, passwordChangeStamp, updateUser } from '../auth';
import * as repo from './repository';

export interface NewAdmin {
  email: string;
  /** Needed for a new account; for an existing one only with `resetPassword`. */
  password?: string;
  name?: string;
  phone?: string;
  /** Replace an existing account's password too (its other sessions end). */
  resetPassword?: boolean;
}

export type AdminOutcome = 'created' | 'promoted' | 'already admin';

/** A rule refused a value: the message the shop's forms show. */
export class AccountRuleError extends Error {}

function check(values: Record<string, unknown>, fields: Array<'name' | 'email' | 'password' | 'phone'>) {
  const err = firstError(registerSchema.pick(fields), values);
  if (err) throw new AccountRuleError(`${err.param}: ${err.msg}`);
}

/** Whether the account with this e-mail exists (the command line asks for a password only for a new one). */
export async function accountWithEmail(db: Db, email: string) {
  const { rows } = await repo.accountPage(db, normaliseEmail(email), 1, 0);
  return rows[0];
}

/** Makes a new admin, or promotes the account with this e-mail (its password kept unless `resetPassword`). */
export async function makeAdmin(
  db: Db,
  actor: Actor,
  input: NewAdmin,
  now = Date.now(),
): Promise<AdminOutcome> {
  const email = normaliseEmail(input.email);
  check({ email }, ['email']);
  const existing = await accountWithEmail(db, email);
  const newPassword = !existing || input.resetPassword;
  if (newPassword) check({ password: input.password }, ['password']);
  const name = (input.name ?? email.split('@')[0] ?? '').trim();
  const phone = input.phone ?? '01000000000';
  if (!existing) check({ name, phone }, ['name', 'phone']);
  const passwordHash = newPassword ? await hashPassword(String(input.password)) : undefined;
  return runInTransaction(db, async (tx) => {
    const at = new Date(now);
    if (!existing) {
      const id = newId();
      await tx.insert(users).values({ id, name, email, phone, passwordHash: passwordHash!, role: 'admin' });
      const after = { _id: id, name, email, role: 'admin' };
      await recordAudit(
        tx,
        actor,
        { action: 'account.create', entity: 'account', entityId: id, before: null, after },
        at,
      );
      return 'created';
    }
    const row = await repo.lockAccount(tx, existing.id);
    if (!row) throw new AccountRuleError(`${email} disappeared meanwhile; try again`);
    if (row.role === 'admin' && !passwordHash) return 'already admin';
    const before = { _id: row.id, email: row.email, role: row.role };
    await updateUser(tx, row.id, {
      role: 'admin',
      updatedAt: at,
      ...(passwordHash ? { passwordHash, passwordChangedAt: passwordChangeStamp(now) } : {}),
    });
    const after = { ...before, role: 'admin', ...(passwordHash ? { password: 'changed' } : {}) };
    await recordAudit(
      tx,
      actor,
      { action: 'account.role', entity: 'account', entityId: row.id, before, after },
      at,
    );
    return row.role === 'admin' ? 'already admin' : 'promoted';
  });
}

/** Makes an admin or staff member a shopper again. False when no such account, or it was a shopper already. */
export async function demoteAccount(db: Db, actor: Actor, email: string, now = Date.now()): Promise<boolean> {
  const existing = await accountWithEmail(db, email);
  if (!existing || existing.role === 'user') return false;
  return runInTransaction(db, async (tx) => {
    const row = await repo.lockAccount(tx, existing.id);
    if (!row || row.role === 'user') return false;
    const at = new Date(now);
    await repo.setRole(tx, row.id, 'user', at);
    const before = { _id: row.id, email: row.email, role: row.role };
    await recordAudit(
      tx,
      actor,
      {
        action: 'account.role',
        entity: 'account',
        entityId: row.id,
        before,
        after: { ...before, role: 'user' },
      },
      at,
    );
    return true;
  });
}

/** Every staff and admin account, oldest first. */
export async function staffAccounts(db: Db) {
  const { rows } = await repo.accountPage(db, undefined, 10_000, 0);
  return rows;
}
