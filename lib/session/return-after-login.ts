// Read by the sign-in screens only (so the first screen does not carry it): why the shopper is at /login, where to
// go once signed in, and the e-mail a registration just used. The guards and session-store.ts keep the first two.
import { RETURN_TO_KEY, SESSION_ENDED_KEY } from './session-store';

/** Session storage key of the e-mail a plain registration used, for the login form it sends the shopper to. */
export const REGISTERED_EMAIL_KEY = 'freshcart-registered-email';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

// Screens a shopper may not be sent back to: the sign-in screens.
const notReturnable = /^\/+(login|register|forgotpass|changePass)(\/|\?|$)/i;

/**
 * `path` when it is a route of this shop to go back to, else null. Only the guards (a protected route the guest
 * asked for) and a session that ended (the screen on show) keep one, but an attacker's link chose that route's
 * spelling: nothing but a hash route of this page comes out (no `//host`, no `/\host`, no `javascript:`, no control
 * character), and never a sign-in screen.
 */
export function returnableRoute(path: string | null): string | null {
  if (!path || path.length > 2048 || !path.startsWith('/') || path.startsWith('//')) return null;
  const unsafe = [...path].some((c) => c === '\\' || c < ' ' || c === '\u007f');
  return unsafe || notReturnable.test(path) ? null : path;
}

/** The screen a guest asked for, still waiting for a sign-in (left in place), or null. */
export function pendingReturnPath(): string | null {
  return returnableRoute(sessionStore()?.getItem(RETURN_TO_KEY) ?? null);
}

/**
 * Where to go after signing in: the screen the guest asked for or the session ended on, else /home (spec
 * section 4).
 */
export function takeReturnPath(): string {
  const path = pendingReturnPath();
  sessionStore()?.removeItem(RETURN_TO_KEY);
  return path ?? '/home';
}

/** Whether the shopper is at /login because their session ended (the login screen says so). */
export function sessionHasEnded(): boolean {
  return sessionStore()?.getItem(SESSION_ENDED_KEY) === '1';
}

/** The login screen has shown the message: a later visit to /login is an ordinary one. */
export function forgetSessionEnded(): void {
  sessionStore()?.removeItem(SESSION_ENDED_KEY);
}

/** A plain registration succeeded: the login form it leads to starts with this e-mail. */
export function rememberRegisteredEmail(email: string): void {
  try {
    sessionStore()?.setItem(REGISTERED_EMAIL_KEY, email.trim());
  } catch {
    // Storage full or disabled: the shopper types the e-mail again.
  }
}

/** The e-mail a registration just used ('' when none): the login form starts with it. */
export function registeredEmail(): string {
  return sessionStore()?.getItem(REGISTERED_EMAIL_KEY) ?? '';
}

/** The login form has it: a later visit to /login starts empty. */
export function forgetRegisteredEmail(): void {
  sessionStore()?.removeItem(REGISTERED_EMAIL_KEY);
}
