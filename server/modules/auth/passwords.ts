import argon2 from 'argon2';
import pLimit from 'p-limit';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30-50 ms per hash on this kind of machine.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads by default), which also reads the storefront's files and
 * pictures from disk. Letting every password check run at once filled the pool: 16 wrong guesses made a
 * 15 ms chunk take seconds for everyone. At most `hashingAtOnce` hashes run at once, shop-wide per process;
 * the rest wait their turn, and beyond `hashingQueue` waiting the request is refused (503) instead of
 * piling up memory (19 MiB each) and latency.
 */
export const hashingAtOnce = 2;
export const hashingQueue = 64;
const hashing = pLimit(hashingAtOnce);

export const hashingBusy = 'The server is busy checking passwords, please try again in a few seconds';

function slot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= hashingQueue) return Promise.reject(new AppError(503, hashingBusy, 5));
  return hashing(work);
}

/** Hashes running now and waiting (tests and the health of the shop under a flood). */
export function hashingLoad(): { active: number; waiting: number } {
  return { active: hashing.activeCount, waiting: hashing.pendingCount };
}

export function hashPassword(password: string): Promise<string> {
  return slot(() => argon2.hash(password, options));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  // A stored value that is not an argon2 hash (seeded reviewer accounts) matches nothing, without a slot.
  if (!hash.startsWith('$argon2')) return false;
  return slot(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Sign-in with an unknown e-mail still verifies against a real hash, so the answer takes as long as
 * for a known e-mail and timing does not reveal which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= argon2.hash(randomBytes(16).toString('hex'), options);
  await verifyPassword(await dummyHash, password);
}
