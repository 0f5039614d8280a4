// Staff sign in with the shop's own sign-in; only the roles `staff` and `admin` may enter. The token is kept in
// sessionStorage under the back office's own key and sent as the contract's `token` header on every call.
import type { AuthProvider } from 'react-admin';
import type { AuthAnswer, VerifyTokenAnswer } from '@/lib/contract/auth';
import { isStaffRole } from '../config';
import { request } from './client';
import { clearSession, readIdentity, readToken, saveSession } from './token';

/** Message keys (admin/i18n): react-admin translates a rejection's message when it is a key. */
export const authMessages = {
  noAccess: 'freshcart.auth.no_access',
  forbidden: 'freshcart.auth.forbidden',
  expired: 'freshcart.auth.expired',
  incorrect: 'freshcart.auth.incorrect',
} as const;

/** The server's sign-in refusals that the back office says in the staff member's language (English on the wire). */
const knownSigninRefusals: Record<string, string> = { 'Incorrect email or password': authMessages.incorrect };

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The token was checked with the server once on this page load; later checks only look at what is stored. */
let verified: Promise<void> | null = null;

function verify(token: string): Promise<void> {
  verified ??= request<VerifyTokenAnswer>('/auth/verifyToken', { token })
    .then((answer) => {
      if (!isStaffRole(answer.decoded.role)) throw new Error(authMessages.noAccess);
      const stored = readIdentity();
      saveSession(token, {
        name: answer.decoded.name,
        email: stored?.email ?? '',
        role: answer.decoded.role,
      });
    })
    .catch((error: unknown) => {
      verified = null;
      clearSession();
      throw error instanceof Error && error.message === authMessages.noAccess
        ? error
        : { message: authMessages.expired };
    });
  return verified;
}

/** Forget the check of this page load (a new sign-in, a logout, or a test). */
export function resetVerification(): void {
  verified = null;
}

export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password?: string }) {
    const answer = await request<AuthAnswer>('/auth/signin', {
      method: 'POST',
      body: { email: (email ?? username ?? '').trim(), password: password ?? '' },
      token: null,
    }).catch((error: unknown) => {
      const key = error instanceof Error ? knownSigninRefusals[error.message] : undefined;
      throw key ? new Error(key) : error;
    });
    if (!isStaffRole(answer.user.role)) {
      // A shopper's token is of no use here; it is not kept. Telling the server to end it keeps it from lingering.
      void request('/auth/logout', { method: 'POST', token: answer.token }).catch(() => undefined);
      throw new Error(authMessages.noAccess);
    }
    saveSession(answer.token, answer.user);
    verified = Promise.resolve();
  },

  async logout() {
    const token = readToken();
    clearSession();
    verified = null;
    if (token) await request('/auth/logout', { method: 'POST', token }).catch(() => undefined);
  },

  async checkAuth() {
    const token = readToken();
    if (!token) throw { message: false };
    await verify(token);
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) {
      clearSession();
      verified = null;
      throw { message: authMessages.expired };
    }
    // A 403 keeps the session: this staff member may do other things. Say so where they are.
    if (status === 403) throw { logoutUser: false, message: authMessages.forbidden };
  },

  async getIdentity() {
    const identity = readIdentity();
    if (!identity) throw new Error('Not signed in');
    return { id: identity.email || identity.name, fullName: identity.name };
  },

  async getPermissions() {
    return readIdentity()?.role ?? null;
  },
};
