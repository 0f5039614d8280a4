import { createHmac, timingSafeEqual } from 'node:crypto';

// Cross-site form posts to the payment page are refused twice over: the form carries a token that
// only our server can compute for that one session, and the browser's own Origin / Sec-Fetch-Site
// headers must say the post came from our page. There are no cookies on this page, so the token
// cannot be a double-submit cookie; it is an HMAC of the session id and its creation time.

export function csrfTokenFor(secret: string, sessionId: string, createdAt: Date): string {
  return createHmac('sha256', secret)
    .update(`pay-csrf:${sessionId}:${createdAt.getTime()}`)
    .digest('base64url');
}

export function csrfTokenValid(secret: string, sessionId: string, createdAt: Date, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionId, createdAt));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface RequestOriginInfo {
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** Origins the page may legitimately be served from: PUBLIC_URL's and the request's own Host. */
  allowedOrigins: string[];
}

/** Null when the post may proceed, otherwise why it was refused (for the log, never shown verbatim). */
export function crossSiteReason(info: RequestOriginInfo): string | null {
  // Browsers send Sec-Fetch-Site on every request; a form on our own page posting to itself is same-origin.
  if (info.secFetchSite !== undefined && info.secFetchSite !== 'same-origin') {
    return `Sec-Fetch-Site ${info.secFetchSite}`;
  }
  if (info.origin !== undefined) {
    // "null" comes from sandboxed frames, data: URLs and the like: never our page.
    if (!info.allowedOrigins.includes(info.origin)) return `Origin ${info.origin}`;
  }
  return null;
}

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}
