import { and, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { passwordResets, revokedTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
type ResetRow = Omit<typeof passwordResets.$inferInsert, 'userId'>;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Whether another account than `exceptId` holds the address. */
export async function emailTakenByOther(db: Executor, email: string, exceptId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)));
  return taken !== undefined;
}

export async function insertUser(db: Executor, user: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(user);
}

export async function updateUser(
  db: Executor,
  id: string,
  set: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [user] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return user;
}

/** A new request replaces any earlier code for the account. */
export async function upsertPasswordReset(db: Executor, userId: string, row: ResetRow): Promise<void> {
  await db
    .insert(passwordResets)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: passwordResets.userId, set: row });
}

export async function deletePasswordReset(db: Executor, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/** The account's live, unverified code: when it was made and when it expires. */
export async function liveResetCode(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ createdAt: Date; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        gt(passwordResets.expiresAt, now),
        isNull(passwordResets.verifiedAt),
      ),
    );
  return row;
}

export interface GuessOutcome {
  ok: boolean;
}

/**
 * Counts one guess at a live reset code and checks it in one UPDATE: a row takes a guess only while under its
 * cap (the row lock serialises concurrent guesses), and only a guess that was counted can verify it. With a
 * user id the guess is aimed at that account's code; without, at every live code under its blind-guess cap.
 */
export async function guessResetCode(
  db: Executor,
  guess: {
    codeHash: string;
    tokenHash: string;
    ip: string;
    now: Date;
    userId?: string;
    /** Whether the guess counts against the code's total (not for a device that signed in before). */
    counted?: boolean;
    maxWrong: number;
    maxBlind: number;
  },
): Promise<GuessOutcome[]> {
  const matches = sql`${passwordResets.codeHash} = ${guess.codeHash}`;
  const verifyIfRight = {
    verifiedAt: sql`case when ${matches} then ${guess.now.toISOString()}::timestamptz else null end`,
    tokenHash: sql`case when ${matches} then ${guess.tokenHash} else null end`,
    verifiedFrom: sql`case when ${matches} then ${guess.ip} else null end`,
  };
  const live = and(gt(passwordResets.expiresAt, guess.now), isNull(passwordResets.verifiedAt));
  const ok = sql<boolean>`${passwordResets.verifiedAt} is not null`;
  if (guess.userId !== undefined) {
    const mine = and(live, eq(passwordResets.userId, guess.userId));
    return guess.counted === false
      ? db.update(passwordResets).set(verifyIfRight).where(mine).returning({ ok })
      : db
          .update(passwordResets)
          .set({ attempts: sql`${passwordResets.attempts} + 1`, ...verifyIfRight })
          .where(and(mine, lt(passwordResets.attempts, guess.maxWrong)))
          .returning({ ok });
  }
  return db
    .update(passwordResets)
    .set({ blindAttempts: sql`${passwordResets.blindAttempts} + 1`, ...verifyIfRight })
    .where(and(live, lt(passwordResets.blindAttempts, guess.maxBlind)))
    .returning({ ok });
}

/** Who may reset: the holder of the reset token (within `tokenSince`), or, with no token, the address that
 *  verified the code (within `ipSince`). */
export function resetAllowed(
  userId: string,
  by: { tokenHash: string; since: Date } | { ip: string; since: Date },
): SQL | undefined {
  return and(
    eq(passwordResets.userId, userId),
    'tokenHash' in by
      ? and(eq(passwordResets.tokenHash, by.tokenHash), gt(passwordResets.verifiedAt, by.since))
      : and(eq(passwordResets.verifiedFrom, by.ip), gt(passwordResets.verifiedAt, by.since)),
  );
}

export async function pendingReset(db: Executor, allowed: SQL | undefined): Promise<boolean> {
  const [pending] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(allowed);
  return pending !== undefined;
}

/**
 * Consumes the verified code and sets the password in one transaction: a verified code works once, even when
 * two resets race.
 */
export async function consumeResetAndSetPassword(
  db: Db,
  allowed: SQL | undefined,
  userId: string,
  set: { passwordHash: string; passwordChangedAt: Date; updatedAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const consumed = await tx
      .delete(passwordResets)
      .where(allowed)
      .returning({ userId: passwordResets.userId });
    if (consumed.length === 0) return false;
    await tx.update(users).set(set).where(eq(users.id, userId));
    return true;
  });
}

/** Ends one token until it would have expired; now and then forgets tokens past their expiry. */
export async function revokeToken(db: Executor, hash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.insert(revokedTokens).values({ tokenHash: hash, expiresAt }).onConflictDoNothing();
  if (Math.random() < 0.01) await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}
