import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { revokedTokens, users } from '../../db/schema';
import { AppError, invalidToken, notLoggedIn } from '../../errors';
import type { AuthUser } from '../../context';

/**
 * `app.authenticate` (an onRequest/preHandler hook) reads the contract's `token` header, verifies it, and refuses
 * tokens of deleted accounts and tokens issued before the account's last password change.
 * Routes read the caller from `request.user`; `requireUser(request)` narrows it.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || token.trim() === '') throw new AppError(401, notLoggedIn);
    const { tokens, database, now } = app.ctx;
    const decoded = await tokens.verify(token.trim(), now());
    if (!decoded) throw new AppError(401, invalidToken);
    // One round trip: the account, and whether Logout ended this token.
    const [user] = await database.db
      .select({
        id: users.id,
        email: users.email,
        passwordChangedAt: users.passwordChangedAt,
        revoked: revokedTokens.tokenHash,
      })
      .from(users)
      .leftJoin(revokedTokens, eq(revokedTokens.tokenHash, tokenHash(token.trim())))
      .where(eq(users.id, decoded.id));
    if (!user || user.revoked !== null) throw new AppError(401, invalidToken);
    if (user.passwordChangedAt && decoded.iat * 1000 < user.passwordChangedAt.getTime()) {
      throw new AppError(401, invalidToken);
    }
    request.user = { ...decoded, email: user.email, token: token.trim() };
  });
});

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, notLoggedIn);
  return request.user;
}

/** What the deny-list keeps of a token: its SHA-256, never the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
