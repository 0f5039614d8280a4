import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { firstError, registerSchema } from '@/lib/rules/account-schemas';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { passwordChangeStamp } from '../../auth/tokens';
import { requireUser } from '../../auth/plugin';
import { pgErrorCode } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, ValidationError, invalidToken } from '../../errors';
import { authResponse, userResponse } from '../auth/schemas';

const userWithTokenResponse = {
  type: 'object',
  properties: { ...userResponse.properties, token: { type: 'string' } },
} as const;
import { accountExists, normaliseEmail } from '../auth/routes';

const str = { type: 'string', maxLength: 500 } as const;
type Body = Record<string, unknown>;

const passwordPair = registerSchema.pick(['password', 'rePassword']);

/** The body's currentPassword, or the contract's 400 naming it. */
function requireCurrentPassword(body: Body, message: string): string {
  const value = body.currentPassword;
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('currentPassword', message, value, 'body');
  return value;
}

export async function userRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.put(
    '/users/changeMyPassword',
    {
      onRequest: app.authenticate,
      schema: {
        body: { type: 'object', properties: { currentPassword: str, password: str, rePassword: str } },
        response: { 200: authResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const body = (request.body ?? {}) as Body;
      const currentPassword = requireCurrentPassword(body, 'currentPassword is required');
      const err = firstError(passwordPair, body);
      if (err) throw new ValidationError(err.param, err.msg, err.value, 'body');
      const [user] = await ctx.database.db.select().from(users).where(eq(users.id, caller.id));
      if (!user) throw new AppError(401, invalidToken);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new AppError(401, 'Your current password is incorrect');
      }
      const now = ctx.now();
      const stamp = passwordChangeStamp(now);
      await ctx.database.db
        .update(users)
        .set({
          passwordHash: await hashPassword(String(body.password)),
          passwordChangedAt: stamp,
          updatedAt: new Date(now),
        })
        .where(eq(users.id, user.id));
      const token = await ctx.tokens.sign(user, now, stamp.getTime() / 1000);
      return { message: 'success', user: { name: user.name, email: user.email, role: user.role }, token };
    },
  );

  app.put(
    '/users/updateMe',
    {
      onRequest: app.authenticate,
      schema: {
        body: {
          type: 'object',
          properties: { name: str, email: str, phone: str, currentPassword: str },
        },
        response: { 200: userWithTokenResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const body = (request.body ?? {}) as Body;
      const fields = (['name', 'email', 'phone'] as const).filter((f) => body[f] !== undefined);
      if (fields.length === 0)
        throw new ValidationError('name', 'Send at least one of name, email and phone', undefined, 'body');
      // Each field present follows the registration rules and messages.
      const err = firstError(registerSchema.pick(fields), body);
      if (err) throw new ValidationError(err.param, err.msg, err.value, 'body');
      const now = ctx.now();
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date(now) };
      if (body.name !== undefined) set.name = String(body.name).trim();
      if (body.phone !== undefined) set.phone = String(body.phone);
      const [current] = await ctx.database.db.select().from(users).where(eq(users.id, caller.id));
      if (!current) throw new AppError(401, invalidToken);
      const newEmail = body.email !== undefined ? normaliseEmail(String(body.email)) : undefined;
      // The e-mail is the key to the account (sign-in, password reset): changing it takes the current
      // password, and every other session ends (tokens issued before now are refused).
      const emailChanges = newEmail !== undefined && newEmail !== current.email;
      if (emailChanges) {
        const currentPassword = requireCurrentPassword(
          body,
          'currentPassword is required to change the e-mail',
        );
        if (!(await verifyPassword(current.passwordHash, currentPassword))) {
          throw new AppError(401, 'Your current password is incorrect');
        }
        set.passwordChangedAt = passwordChangeStamp(now);
      }
      if (newEmail !== undefined) {
        set.email = newEmail;
        const [taken] = await ctx.database.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, set.email), ne(users.id, caller.id)));
        if (taken) throw new AppError(409, accountExists);
      }
      try {
        const [user] = await ctx.database.db
          .update(users)
          .set(set)
          .where(eq(users.id, caller.id))
          .returning();
        if (!user) throw new AppError(401, invalidToken);
        const publicUser = { name: user.name, email: user.email, role: user.role };
        if (!set.passwordChangedAt) return { message: 'success', user: publicUser };
        // This session continues with a fresh token; the others are signed out.
        const token = await ctx.tokens.sign(user, now, set.passwordChangedAt.getTime() / 1000);
        return { message: 'success', user: publicUser, token };
      } catch (e) {
        if (pgErrorCode(e) === '23505') throw new AppError(409, accountExists);
        throw e;
      }
    },
  );
}
