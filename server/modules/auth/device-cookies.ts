import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that signed in
// to an account before carries a signed cookie naming that account. Its attempts are counted per device, so
// strangers who spend the account's limits for unknown devices cannot lock the owner out of a device they
// used before. One cookie per account (its name is derived from the e-mail), HttpOnly, sent only to
// /api/v1/auth, valid a year, renewed with a new nonce at each sign-in.

export const deviceCookiePath = '/api/v1/auth';
export const deviceCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** The cookie's name for one account: a keyed hash of the e-mail, so it does not show the address. */
export function deviceCookieName(secret: string, email: string): string {
  return `fc_dev_${mac(secret, `device-name:${email}`).slice(0, 16)}`;
}

/** A new cookie value for the account: a random nonce and its MAC. */
export function newDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${nonce}.${mac(secret, `device:${email}:${nonce}`)}`;
}

/** The device's nonce when `value` is a cookie this server issued for this account, else null. */
export function readDeviceCookie(secret: string, email: string, value: string | undefined): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const [nonce, sig, extra] = value.split('.');
  if (!nonce || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(secret, `device:${email}:${nonce}`));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? nonce : null;
}
