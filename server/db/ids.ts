import { createHash, randomBytes } from 'node:crypto';
import { objectIdPattern } from '@/lib/contract/common';

// Ids on the wire are 24 hex characters (MongoDB ObjectId style), as the contract shows.
// Random ids start with the creation time in seconds, like an ObjectId, so they sort roughly by age.
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}

/** A stable id for seeded rows: the same slug always gives the same id, so re-seeding is idempotent. */
export function idFromSlug(kind: string, slug: string): string {
  return createHash('sha256').update(`${kind}:${slug}`).digest('hex').slice(0, 24);
}

const objectId = new RegExp(objectIdPattern);

export function isObjectId(value: string): boolean {
  return objectId.test(value);
}
