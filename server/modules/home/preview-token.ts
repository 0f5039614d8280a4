// Preview links (POST /home/preview): a token that opens the draft for an hour, to anyone who has it (marketing
// shares it). Signed with the server's JWT secret under a purpose of its own, so it is neither a sign-in token nor a
// device cookie, and cannot be made into one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { homePreviewLifetimeSeconds } from '@/lib/contract/home';
import { AppError } from '../../errors';

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`home-preview:${payload}`).digest('base64url');

export const previewInvalid = 'This preview link is not valid: ask for a new one in the back office';
export const previewExpired = 'This preview link has expired: ask for a new one in the back office';

/** A token for the draft as it is shown at `at` (ms; null: whenever it is opened), good for an hour from `now`. */
export function signPreview(
  secret: string,
  at: number | null,
  now: number,
): { token: string; expiresAt: number } {
  const expiresAt = now + homePreviewLifetimeSeconds * 1000;
  const payload = Buffer.from(JSON.stringify({ at, exp: expiresAt })).toString('base64url');
  return { token: `${payload}.${mac(secret, payload)}`, expiresAt };
}

/** The token's `at` (null: now); 401 for a token this server did not sign, or one past its hour. */
export function readPreview(secret: string, token: string, now: number): { at: number | null } {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) throw new AppError(401, previewInvalid);
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new AppError(401, previewInvalid);
  const { at, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    at: number | null;
    exp: number;
  };
  if (!(now < exp)) throw new AppError(401, previewExpired);
  return { at };
}
