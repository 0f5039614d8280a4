import { useSyncExternalStore } from 'react';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { TOKEN_KEY } from './token-key';

// Spec section 3: the session token lives in memory and in local storage under 'tkn' (TOKEN_KEY).

type Listener = () => void;

const listeners = new Set<Listener>();
// undefined = not read yet: local storage is read on first use, never during the static prerender.
let token: string | null | undefined;
let loginRedirect: (() => void) | null = null;
let routeReader: (() => string | null) | null = null;

/** Session storage keys: why the shopper is at /login, and the screen to go back to after signing in. */
export const SESSION_ENDED_KEY = 'freshcart-session-ended';
export const RETURN_TO_KEY = 'freshcart-return-to';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode): the session then lives in memory only.
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  if (token === undefined) {
    const stored = storage()?.getItem(TOKEN_KEY) ?? null;
    token = stored && stored.trim() ? stored : null;
  }
  return token;
}

/**
 * The shopper's id from a token's payload (our server's tokens carry it); null when it cannot be read. Only
 * the payload's JSON is read (base64url), so the first screen does not carry a JWT library for one field.
 */
export function userIdFromToken(token: string): string | null {
  try {
    const part = token.split('.')[1] ?? '';
    const payload: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    const id = (payload as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export function setToken(next: string): void {
  token = next;
  storage()?.setItem(TOKEN_KEY, next);
  emit();
}

export function clearToken(): void {
  token = null;
  storage()?.removeItem(TOKEN_KEY);
  emit();
}

/** Subscribe to token changes (the cart state uses this to load or reset the cart). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The router registers how to go to /login, so a 401 can navigate without lib/ knowing the router.
 * Without one (tests, before the router exists) the hash is set directly, which the hash router follows.
 */
export function setLoginRedirect(redirect: (() => void) | null): void {
  loginRedirect = redirect;
}

function leaveForLogin(): void {
  clearToken();
  if (loginRedirect) loginRedirect();
  else if (typeof window !== 'undefined') window.location.hash = '#/login';
}

/** Logout as the spec words it: token out of memory and storage (the cart resets on that change), then /login. */
export function logout(): void {
  // Leaving on purpose: no "session ended" message and no screen to return to.
  sessionStore()?.removeItem(SESSION_ENDED_KEY);
  sessionStore()?.removeItem(RETURN_TO_KEY);
  leaveForLogin();
}

/** The router tells the session which screen is open, so a session that ends can bring the shopper back. */
export function setRouteReader(reader: (() => string | null) | null): void {
  routeReader = reader;
}

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A guest asked for a protected screen (a product link, say) and is being sent to /login: once signed in they go
 * there (return-after-login.ts checks it is one of the shop's own screens before going). The latest ask wins.
 */
export function rememberReturnPath(path: string): void {
  try {
    sessionStore()?.setItem(RETURN_TO_KEY, path);
  } catch {
    // Storage full or disabled: the shopper lands on /home after login, as the spec has it.
  }
}

/**
 * The server refused the token mid-visit (expired, password changed elsewhere): the shopper is told that
 * their session ended and, once signed in again, returns to the screen they were on
 * (return-after-login.ts reads both).
 */
export function endSession(): void {
  const store = sessionStore();
  store?.setItem(SESSION_ENDED_KEY, '1');
  store?.setItem(RETURN_TO_KEY, routeReader?.() ?? '');
  leaveForLogin();
}

// A 401 on an authenticated call means the token is no longer valid: end the session once.
setUnauthorizedHandler(() => {
  if (getToken() !== null) endSession();
});

// Another tab logging in or out changes 'tkn': follow it, so two tabs never disagree about who is signed in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const stored = storage()?.getItem(TOKEN_KEY) ?? null;
    if (stored !== token) {
      token = stored && stored.trim() ? stored : null;
      emit();
    }
  });
}

export interface Session {
  token: string | null;
  setToken: (token: string) => void;
  clearToken: () => void;
}

const getServerToken = (): string | null => null;

export function useSession(): Session {
  const current = useSyncExternalStore(subscribeSession, getToken, getServerToken);
  return { token: current, setToken, clearToken };
}
