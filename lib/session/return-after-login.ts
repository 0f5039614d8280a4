// Read by the login screen only (so the first screen does not carry it): why the shopper is at /login and
// where to go once signed in. session-store.ts writes both when the server ends a session.
import { RETURN_TO_KEY, SESSION_ENDED_KEY } from './session-store';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

// Screens a shopper may be sent back to: a screen of this shop, never a sign-in screen.
const notReturnable = /^\/(login|register|forgotpass|changePass)(\/|\?|$)/i;

/** Whether the shopper is at /login because their session ended (the login screen says so). */
export function sessionHasEnded(): boolean {
  return sessionStore()?.getItem(SESSION_ENDED_KEY) === '1';
}

/** The login screen has shown the message: a later visit to /login is an ordinary one. */
export function forgetSessionEnded(): void {
  sessionStore()?.removeItem(SESSION_ENDED_KEY);
}

/** Where to go after signing in: the screen the session ended on, else /home (spec section 4). */
export function takeReturnPath(): string {
  const store = sessionStore();
  const path = store?.getItem(RETURN_TO_KEY) ?? null;
  store?.removeItem(RETURN_TO_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') && !notReturnable.test(path) ? path : '/home';
}
