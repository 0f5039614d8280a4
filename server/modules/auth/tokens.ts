import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenUser {
  id: string;
  name: string;
  role: string;
}

export interface DecodedToken extends TokenUser {
  iat: number;
  exp: number;
}

export const tokenLifetimeSeconds = 90 * 24 * 60 * 60;
/** A staff or admin session is short: a stolen back-office token is good for a working day at most. */
export const staffTokenLifetimeSeconds = 8 * 60 * 60;

/** Roles whose tokens open the staff calls (the database decides on each call; the token must say so too). */
export function isStaffRole(role: string): role is 'staff' | 'admin' {
  return role === 'staff' || role === 'admin';
}

/** HS256 tokens with the contract's payload {id,name,role}: 90 days for shoppers, 8 hours for staff and admins. */
export class TokenService {
  private readonly secret: Uint8Array;
  /** The secret as an HMAC key, imported once: jose would import a raw secret again on every sign and verify. */
  private imported: Promise<webcrypto.CryptoKey> | undefined;

  constructor(secret: string) {
    this.secret = new TextEncoder().encode(secret);
  }

  private get key(): Promise<webcrypto.CryptoKey> {
    this.imported ??= webcrypto.subtle.importKey(
      'raw',
      this.secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.imported;
  }

  /**
   * `notBefore` (seconds) is the account's password_changed_at: a token is never stamped earlier,
   * so one issued in the same second as a change still counts as issued after it.
   */
  async sign(user: TokenUser, nowMs: number, notBefore?: number): Promise<string> {
    const iat = Math.max(Math.floor(nowMs / 1000), notBefore ?? 0);
    return (
      new SignJWT({ id: user.id, name: user.name, role: user.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        // A random id: two sign-ins in one second get two tokens, so Logout on one device ends only that one.
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuedAt(iat)
        .setExpirationTime(iat + (isStaffRole(user.role) ? staffTokenLifetimeSeconds : tokenLifetimeSeconds))
        .sign(await this.key)
    );
  }

  /** The payload, or null for any token that is malformed, forged, expired or of the wrong shape. */
  async verify(token: string, nowMs: number): Promise<DecodedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
      });
      const { id, name, role, iat, exp } = payload as Record<string, unknown>;
      if (typeof id !== 'string' || typeof name !== 'string' || typeof role !== 'string') return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      return { id, name, role, iat, exp };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

/**
 * password_changed_at as the token clock sees it: the next whole second after the change, so every
 * token issued up to and including the change's second is refused, and new ones are stamped with it.
 */
export function passwordChangeStamp(nowMs: number): Date {
  return new Date((Math.floor(nowMs / 1000) + 1) * 1000);
}
