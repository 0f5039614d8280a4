import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { revokedTokens, users } from '../../db/schema';
import { AppError, invalidToken, notLoggedIn } from '../../errors';
import type { AuthUser } from '../../context';
import { isStaffRole } from './tokens';

export const notAllowed = 'You are not allowed to perform this action';

/**
 * `app.authenticate` (an onRequest/preHandler hook) reads the contract's `token` header, verifies it, and refuses
 * tokens of deleted accounts and tokens issued before the account's last password change.
 * Routes read the caller from `request.user`; `requireUser(request)` narrows it. `request.user.role` is the
 * account's role in the database now, not the one the token was signed with (`tokenRole`).
 *
 * `app.requireStaff` and `app.requireAdmin` (hooks after `authenticate`) let a caller through only when the
 * database says staff/admin (admin) on this very call, so a role taken away stops working at once, and when the
 * token was signed for a staff role (an 8-hour token): a shopper promoted mid-session signs in again rather than
 * carrying a 90-day token into the back office.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  // Every signed-in call runs this read: built once, and prepared once per database connection (its plan kept).
  // One round trip: the account, and whether Logout ended this token.
  const caller = app.ctx.database.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      passwordChangedAt: users.passwordChangedAt,
      revoked: revokedTokens.tokenHash,
    })
    .from(users)
    .leftJoin(revokedTokens, eq(revokedTokens.tokenHash, sql.placeholder('tokenHash')))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('authenticate_caller');
  async function authenticate(request: FastifyRequest) {
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || token.trim() === '') throw new AppError(401, notLoggedIn);
    const { tokens, now } = app.ctx;
    const decoded = await tokens.verify(token.trim(), now());
    if (!decoded) throw new AppError(401, invalidToken);
    const [user] = await caller.execute({ id: decoded.id, tokenHash: tokenHash(token.trim()) });
    if (!user || user.revoked !== null) throw new AppError(401, invalidToken);
    if (user.passwordChangedAt && decoded.iat * 1000 < user.passwordChangedAt.getTime()) {
      throw new AppError(401, invalidToken);
    }
    request.user = {
      ...decoded,
      role: user.role,
      tokenRole: decoded.role,
      email: user.email,
      token: token.trim(),
    };
  }
  app.decorate('authenticate', authenticate);
  app.decorate('requireStaff', async function requireStaff(request: FastifyRequest) {
    checkRole(request, isStaffRole);
  });
  app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest) {
    checkRole(request, (role) => role === 'admin');
  });
  app.decorate('staffOrNull', async function staffOrNull(request: FastifyRequest) {
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || token.trim() === '') return null;
    // A shopper's token (the usual case on the storefront) costs a signature check, no database read.
    const decoded = await app.ctx.tokens.verify(token.trim(), app.ctx.now());
    if (!decoded || !isStaffRole(decoded.role)) return null;
    try {
      await authenticate(request);
      checkRole(request, isStaffRole);
      return requireUser(request);
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  });
});

/** 401 without a caller; 401 for a token signed for a shopper (sign in again); 403 when the role does not allow. */
function checkRole(request: FastifyRequest, allowed: (role: string) => boolean): void {
  const user = requireUser(request);
  if (!allowed(user.role)) throw new AppError(403, notAllowed);
  if (!isStaffRole(user.tokenRole)) throw new AppError(401, staffSignInAgain);
}

export const staffSignInAgain = 'Your account was given staff powers after this sign-in. Please login again';

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, notLoggedIn);
  return request.user;
}

/** The caller as the audit log names them: id and e-mail (401 without a caller). */
export function actorOf(request: FastifyRequest): { id: string; email: string } {
  const { id, email } = requireUser(request);
  return { id, email };
}

/** What the deny-list keeps of a token: its SHA-256, never the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
