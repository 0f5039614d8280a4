import { getToken, rememberReturnPath } from '@/lib/session/session-store';

// Spec section 2. Guards are decided by the router when a route is matched, from the token as it is at that
// moment, before the screen renders or its code loads: a guest never sees a protected screen flash, and a
// redirect is never a late effect that could override a navigation made after it.

/**
 * Protected routes need the token ('tkn'); without one the shopper goes to /login, and back to `path` once
 * signed in (the head script remembers it the same way for the page's first route).
 */
export function requireAuth(path: string): string | null {
  if (getToken()) return null;
  rememberReturnPath(path);
  return '/login';
}

/** /login and /register send a shopper who already holds a token to /home. */
export function guestOnly(): string | null {
  return getToken() ? '/home' : null;
}
