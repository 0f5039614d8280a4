import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
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
    const [user] = await database.db
      .select({ id: users.id, email: users.email, passwordChangedAt: users.passwordChangedAt })
      .from(users)
      .where(eq(users.id, decoded.id));
    if (!user) throw new AppError(401, invalidToken);
    if (user.passwordChangedAt && decoded.iat * 1000 < user.passwordChangedAt.getTime()) {
      throw new AppError(401, invalidToken);
    }
    request.user = { ...decoded, email: user.email };
  });
});

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, notLoggedIn);
  return request.user;
}
