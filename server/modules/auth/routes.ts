import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { firstError, registerSchema, loginSchema } from '@/lib/rules/account-schemas';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords';
import { passwordChangeStamp } from '../../auth/tokens';
import { requireUser } from '../../auth/plugin';
import { pgErrorCode } from '../../db/client';
import { newId } from '../../db/ids';
import { passwordResets, users } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import {
  authResponse,
  forgotBody,
  resetBody,
  signinBody,
  signupBody,
  statusMessageResponse,
  verifyCodeBody,
  verifyTokenResponse,
} from './schemas';
import { hashResetCode, maxWrongAttempts, newResetCode, resetCodeLifetimeMs } from './reset-codes';

export interface AuthLimits {
  /** Requests per IP per minute on each of signin, signup, forgotPasswords and verifyResetCode. */
  perMinute: number;
  /** The window `perMinute` counts over, in ms (default one minute; a test shortens it to see the reset). */
  windowMs?: number;
}

type Body = Record<string, unknown>;

export const accountExists = 'Account Already Exists';
export const incorrectLogin = 'Incorrect email or password';
export const resetCodeInvalid = 'Reset code is invalid or has expired';
export const resetNotVerified = 'Reset code not verified for this email. Please verify your reset code first';
const passwordRules = registerSchema.pick(['password']);

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The body with a string e-mail trimmed (pasted addresses often carry spaces). */
function trimEmail(body: Body): Body {
  return typeof body.email === 'string' ? { ...body, email: body.email.trim() } : body;
}

function validate(schema: Parameters<typeof firstError>[0], body: Body): void {
  const err = firstError(schema, body);
  if (err) throw new ValidationError(err.param, err.msg, err.value, 'body');
}

export async function authRoutes(app: FastifyInstance, opts: { limits?: Partial<AuthLimits> }) {
  const { ctx } = app;
  const limited = {
    rateLimit: {
      max: opts.limits?.perMinute ?? ctx.config.authRateLimitPerMinute,
      timeWindow: opts.limits?.windowMs ?? 60_000,
    },
  };
  const publicUser = (u: { name: string; email: string; role: string }) => ({
    name: u.name,
    email: u.email,
    role: u.role,
  });

  app.post(
    '/auth/signup',
    { config: limited, schema: { body: signupBody, response: { 201: authResponse } } },
    async (request, reply) => {
      const body = trimEmail((request.body ?? {}) as Body);
      validate(registerSchema, body);
      const name = String(body.name).trim();
      const email = normaliseEmail(String(body.email));
      const [existing] = await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      if (existing) throw new AppError(409, accountExists);
      const id = newId();
      try {
        await ctx.database.db.insert(users).values({
          id,
          name,
          email,
          phone: String(body.phone),
          passwordHash: await hashPassword(String(body.password)),
        });
      } catch (err) {
        // Two signups racing for one address: the unique index decides.
        if (pgErrorCode(err) === '23505') throw new AppError(409, accountExists);
        throw err;
      }
      const token = await ctx.tokens.sign({ id, name, role: 'user' }, ctx.now());
      return reply.status(201).send({ message: 'success', user: { name, email, role: 'user' }, token });
    },
  );

  app.post(
    '/auth/signin',
    { config: limited, schema: { body: signinBody, response: { 200: authResponse } } },
    async (request) => {
      const body = trimEmail((request.body ?? {}) as Body);
      validate(loginSchema, body);
      const email = normaliseEmail(String(body.email));
      const password = String(body.password);
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      if (!user) {
        await burnPasswordCheck(password);
        throw new AppError(401, incorrectLogin);
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(401, incorrectLogin);
      const token = await ctx.tokens.sign(
        user,
        ctx.now(),
        user.passwordChangedAt ? user.passwordChangedAt.getTime() / 1000 : undefined,
      );
      return { message: 'success', user: publicUser(user), token };
    },
  );

  app.get(
    '/auth/verifyToken',
    { onRequest: app.authenticate, schema: { response: { 200: verifyTokenResponse } } },
    async (request) => {
      const { id, name, role, iat, exp } = requireUser(request);
      return { message: 'verified', decoded: { id, name, role, iat, exp } };
    },
  );

  app.post(
    '/auth/forgotPasswords',
    { config: limited, schema: { body: forgotBody, response: { 200: statusMessageResponse } } },
    async (request) => {
      const body = trimEmail((request.body ?? {}) as Body);
      validate(loginSchema.pick(['email']), body);
      const email = normaliseEmail(String(body.email));
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      if (!user) throw new AppError(404, `There is no user registered with this email address ${email}`);
      const code = newResetCode();
      const now = ctx.now();
      const row = {
        codeHash: hashResetCode(code, ctx.config.jwtSecret),
        expiresAt: new Date(now + resetCodeLifetimeMs),
        verifiedAt: null,
        attempts: 0,
        createdAt: new Date(now),
      };
      // A new request replaces any earlier code for the account.
      await ctx.database.db
        .insert(passwordResets)
        .values({ userId: user.id, ...row })
        .onConflictDoUpdate({ target: passwordResets.userId, set: row });
      try {
        await ctx.mailer.send({
          to: user.email,
          subject: `Your ${ctx.config.shopName} password reset code (valid for 10 minutes)`,
          text:
            `Hi ${user.name},\n\n` +
            `We received a request to reset the password of your ${ctx.config.shopName} account.\n` +
            `Your reset code is: ${code}\n\n` +
            `Enter it on the "Enter Your verify Code" step. It expires in 10 minutes.\n` +
            `If you did not ask for this, ignore this e-mail: your password stays the same.\n`,
        });
      } catch (err) {
        await ctx.database.db.delete(passwordResets).where(eq(passwordResets.userId, user.id));
        request.log.error({ err }, 'reset mail failed');
        throw new AppError(503, 'We could not send the reset e-mail right now. Please try again later');
      }
      return { statusMsg: 'success', message: 'Reset code sent to your email' };
    },
  );

  app.post(
    '/auth/verifyResetCode',
    { config: limited, schema: { body: verifyCodeBody } },
    async (request) => {
      const body = trimEmail((request.body ?? {}) as Body);
      const raw = typeof body.resetCode === 'string' ? body.resetCode.trim() : '';
      if (raw === '') throw new ValidationError('resetCode', 'resetCode is required', body.resetCode, 'body');
      const now = new Date(ctx.now());
      const active = and(
        gt(passwordResets.expiresAt, now),
        isNull(passwordResets.verifiedAt),
        lt(passwordResets.attempts, maxWrongAttempts),
      );
      // The storefront sends the code alone; a client that also sends the e-mail gets a per-account check.
      let scope = active;
      if (typeof body.email === 'string' && body.email.trim() !== '') {
        const [user] = await ctx.database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, normaliseEmail(body.email)));
        if (!user) throw new AppError(400, resetCodeInvalid);
        scope = and(active, eq(passwordResets.userId, user.id));
      }
      if (/^\d{6}$/.test(raw)) {
        const verified = await ctx.database.db
          .update(passwordResets)
          .set({ verifiedAt: now })
          .where(and(scope, eq(passwordResets.codeHash, hashResetCode(raw, ctx.config.jwtSecret))))
          .returning({ userId: passwordResets.userId });
        if (verified.length > 0) return { status: 'Success' };
      }
      // A wrong guess counts against every code it could have been aimed at, so a code survives at most
      // five wrong guesses in all; with the per-IP rate limit this makes guessing a 6-digit code hopeless.
      await ctx.database.db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(scope);
      throw new AppError(400, resetCodeInvalid);
    },
  );

  app.put('/auth/resetPassword', { schema: { body: resetBody } }, async (request) => {
    const body = trimEmail((request.body ?? {}) as Body);
    validate(loginSchema.pick(['email']), body);
    const pwErr = firstError(passwordRules, { password: body.newPassword });
    if (pwErr) throw new ValidationError('newPassword', pwErr.msg, body.newPassword, 'body');
    const email = normaliseEmail(String(body.email));
    const now = ctx.now();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new AppError(400, resetNotVerified);
    const stamp = passwordChangeStamp(now);
    const passwordHash = await hashPassword(String(body.newPassword));
    const done = await ctx.database.db.transaction(async (tx) => {
      // Consumed here, in the same transaction as the password change: a verified code works once.
      const consumed = await tx
        .delete(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, user.id),
            gte(passwordResets.verifiedAt, new Date(now - resetCodeLifetimeMs)),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (consumed.length === 0) return false;
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: stamp, updatedAt: new Date(now) })
        .where(eq(users.id, user.id));
      return true;
    });
    if (!done) throw new AppError(400, resetNotVerified);
    const token = await ctx.tokens.sign(user, now, stamp.getTime() / 1000);
    return { token };
  });
}
