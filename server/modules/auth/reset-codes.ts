import { createHmac, randomBytes, randomInt } from 'node:crypto';

export const resetCodeLifetimeMs = 10 * 60 * 1000;
/** Guesses a code takes from one address (or one device that signed in before) that sends the account's
 *  e-mail, the right one included. */
export const maxWrongAttempts = 5;
/** Guesses with the e-mail a code takes from all addresses without the account's device cookie together. */
export const maxWrongPerCode = 100;
/** Guesses without an e-mail that each live code takes before it can only be verified with its e-mail. */
export const maxBlindAttempts = 3;
/** Digits in a code: 10^10 codes, so even every live code together is a needle in a haystack (docs/security.md). */
export const resetCodeDigits = 10;
/** A verified reset without its token is accepted only from the verifying address, within this time. */
export const tokenlessResetMs = 5 * 60 * 1000;

/** A uniformly random 10-digit code (leading zeros kept). */
export function newResetCode(): string {
  // randomInt's range is below 2^48: two 5-digit halves keep the draw uniform.
  return (
    randomInt(0, 100_000).toString().padStart(5, '0') + randomInt(0, 100_000).toString().padStart(5, '0')
  );
}

/** What a client typed, as a code: digits only (spaces and dashes between groups are ignored). */
export function readResetCode(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${resetCodeDigits}}$`).test(digits) ? digits : null;
}

/** Codes are stored as an HMAC keyed with the server secret: a database leak does not reveal them. */
export function hashResetCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(`reset-code:${code}`).digest('hex');
}

/** The single-use reset token answered by verifyResetCode: 32 random bytes; only its HMAC is stored. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashResetToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`reset-token:${token}`).digest('hex');
}
