import { isHomePreview } from '@/lib/session/route-access';
import { getToken } from '@/lib/session/session-store';

// Spec section 2. Guards are decided by the router when a route is matched, from the token as it is at that
// moment, before the screen renders or its code loads: a guest never sees a protected screen flash, and a
// redirect is never a late effect that could override a navigation made after it.

/**
 * Protected routes need the token ('tkn'); without one the shopper goes to /login. One exception: a preview link of
 * the home page (#/home?preview=TOKEN, made in the back office) opens for a guest too, so marketing can look at it
 * without a shopper's account (lib/session/route-access.ts, isHomePreview).
 */
export function requireAuth(to?: { pathname: string; search: string }): string | null {
  if (getToken() || (to && isHomePreview(to.pathname, to.search))) return null;
  return '/login';
}

/** /login and /register send a shopper who already holds a token to /home. */
export function guestOnly(): string | null {
  return getToken() ? '/home' : null;
}
