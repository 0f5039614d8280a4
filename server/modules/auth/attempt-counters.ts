import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { attemptCounters } from '../../db/schema';

export interface Window {
  /** How many attempts the window allows. */
  max: number;
  /** Its length in milliseconds. */
  ms: number;
}

/**
 * Counts one attempt under `key` and says whether it is within the limit. Counting and checking are one
 * statement (an upsert that returns the new count), so concurrent attempts on PostgreSQL and PGlite are
 * serialised by the row lock: 60 attempts sent at once against a limit of 5 let exactly 5 through.
 * The window is fixed: it starts with the first attempt and, once `ms` has passed, the next attempt
 * starts a new one.
 */
export async function countAttempt(
  exec: Executor,
  key: string,
  window: Window,
  now: number,
): Promise<{ allowed: boolean; count: number; retryAfterMs: number }> {
  const at = new Date(now);
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const expired = sql`${new Date(now - window.ms).toISOString()}::timestamptz`;
  const [row] = await exec
    .insert(attemptCounters)
    .values({ key, windowStart: at, count: 1 })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${attemptCounters.windowStart} <= ${expired} then 1 else ${attemptCounters.count} + 1 end`,
        windowStart: sql`case when ${attemptCounters.windowStart} <= ${expired} then ${atSql} else ${attemptCounters.windowStart} end`,
      },
    })
    .returning({ count: attemptCounters.count, windowStart: attemptCounters.windowStart });
  if (!row) throw new Error('attempt counter upsert returned no row');
  // Now and then, forget counters whose window ended long ago (the table holds one row per key seen).
  if (Math.random() < 0.01) {
    await exec.delete(attemptCounters).where(lt(attemptCounters.windowStart, new Date(now - 86_400_000)));
  }
  return {
    allowed: row.count <= window.max,
    count: row.count,
    retryAfterMs: Math.max(0, row.windowStart.getTime() + window.ms - now),
  };
}

/** "in 42 seconds" / "in 3 minutes": the wording of the rate limiter's own 429s. */
export function retryIn(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`;
}
