import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30-50 ms per hash on this kind of machine.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A stored value that is not an argon2 hash (seeded reviewer accounts) matches nothing.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Sign-in with an unknown e-mail still verifies against a real hash, so the answer takes as long as
 * for a known e-mail and timing does not reveal which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}
