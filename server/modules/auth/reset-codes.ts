import { createHmac, randomInt } from 'node:crypto';

export const resetCodeLifetimeMs = 10 * 60 * 1000;
export const maxWrongAttempts = 5;

/** A uniformly random 6-digit code (leading zeros kept). */
export function newResetCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are stored as an HMAC keyed with the server secret: a database leak does not reveal them. */
export function hashResetCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(`reset-code:${code}`).digest('hex');
}
