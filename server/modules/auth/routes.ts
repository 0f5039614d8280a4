import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { firstError, registerSchema, loginSchema } from '@/lib/rules/account-schemas';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords';
import { passwordChangeStamp } from '../../auth/tokens';
import { requireUser } from '../../auth/plugin';
import { pgErrorCode } from '../../db/client';
import { MailNotConfiguredError } from '../../mail/mailer';
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
import { countAttempt, retryIn, type Window } from '../../auth/attempt-counters';
import {
  hashResetCode,
  hashResetToken,
  maxBlindAttempts,
  maxWrongAttempts,
  newResetCode,
  newResetToken,
  readResetCode,
  resetCodeLifetimeMs,
  tokenlessResetMs,
} from './reset-codes';

export interface AuthLimits {
  /** Requests per IP per minute on each of signin, signup, forgotPasswords, verifyResetCode and resetPassword. */
  perMinute: number;
  /** The window `perMinute` counts over, in ms (default one minute; a test shortens it to see the reset). */
  windowMs?: number;
  /** Sign-in attempts per account (whatever the address they come from). */
  signinPerAccount: Window;
  /** Reset codes mailed per account. */
  forgotPerAccount: Window;
  /** resetPassword calls per account. */
  resetPerAccount: Window;
  /** verifyResetCode calls without an e-mail, for the whole shop. */
  blindVerifyGlobal: Window;
}

export const defaultAuthLimits: Omit<AuthLimits, 'perMinute' | 'windowMs'> = {
  signinPerAccount: { max: 10, ms: 15 * 60_000 },
  forgotPerAccount: { max: 5, ms: 60 * 60_000 },
  resetPerAccount: { max: 10, ms: 60 * 60_000 },
  blindVerifyGlobal: { max: 30, ms: 10 * 60_000 },
};

type Body = Record<string, unknown>;

export const accountExists = 'Account Already Exists';
export const incorrectLogin = 'Incorrect email or password';
export const resetCodeInvalid = 'Reset code is invalid or has expired';
export const resetNotVerified = 'Reset code not verified for this email. Please verify your reset code first';
export const tooManySignins = (wait: string) =>
  `Too many sign-in attempts for this account, please try again in ${wait}`;
export const tooManyResetMails = (wait: string) =>
  `Too many reset codes asked for this account, please try again in ${wait}`;
export const tooManyResets = (wait: string) =>
  `Too many password resets for this account, please try again in ${wait}`;
export const tooManyBlindGuesses = (wait: string) =>
  `Too many reset codes checked without an e-mail, please try again in ${wait} or send your e-mail with the code`;
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
  const limits = { ...defaultAuthLimits, ...opts.limits };
  // One atomic count per attempt, before any password hashing or code check: over the limit, a 429.
  async function enforce(
    reply: FastifyReply,
    key: string,
    window: Window,
    message: (wait: string) => string,
  ) {
    const verdict = await countAttempt(ctx.database.db, key, window, ctx.now());
    if (!verdict.allowed) {
      void reply.header('retry-after', Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)));
      throw new AppError(429, message(retryIn(verdict.retryAfterMs)));
    }
  }
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
    async (request, reply) => {
      const body = trimEmail((request.body ?? {}) as Body);
      validate(loginSchema, body);
      const email = normaliseEmail(String(body.email));
      const password = String(body.password);
      await enforce(reply, `signin:${email}`, limits.signinPerAccount, tooManySignins);
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
    async (request, reply) => {
      const body = trimEmail((request.body ?? {}) as Body);
      validate(loginSchema.pick(['email']), body);
      const email = normaliseEmail(String(body.email));
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      if (!user) throw new AppError(404, `There is no user registered with this email address ${email}`);
      await enforce(reply, `forgot:${user.id}`, limits.forgotPerAccount, tooManyResetMails);
      const code = newResetCode();
      const now = ctx.now();
      const row = {
        codeHash: hashResetCode(code, ctx.config.jwtSecret),
        expiresAt: new Date(now + resetCodeLifetimeMs),
        verifiedAt: null,
        attempts: 0,
        blindAttempts: 0,
        tokenHash: null,
        verifiedFrom: null,
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
        if (err instanceof MailNotConfiguredError) {
          request.log.error('password reset asked, but SMTP_URL is not set: no mail can be sent');
          throw new AppError(503, 'Password resets are not available: this shop cannot send e-mail yet');
        }
        request.log.error({ err }, 'reset mail failed');
        throw new AppError(503, 'We could not send the reset e-mail right now. Please try again later');
      }
      return { statusMsg: 'success', message: 'Reset code sent to your email' };
    },
  );

  app.post(
    '/auth/verifyResetCode',
    { config: limited, schema: { body: verifyCodeBody } },
    async (request, reply) => {
      const body = trimEmail((request.body ?? {}) as Body);
      const raw = typeof body.resetCode === 'string' ? body.resetCode.trim() : '';
      if (raw === '') throw new ValidationError('resetCode', 'resetCode is required', body.resetCode, 'body');
      const nowMs = ctx.now();
      const now = new Date(nowMs);
      const code = readResetCode(raw);
      // Something that is not a code cannot match one: refused without using up anyone's guesses.
      if (!code) throw new AppError(400, resetCodeInvalid);
      const codeHash = hashResetCode(code, ctx.config.jwtSecret);
      const token = newResetToken();
      const matches = sql`${passwordResets.codeHash} = ${codeHash}`;
      // Counting the guess and checking it are one UPDATE: a row takes a guess only while under its cap
      // (the row lock serialises concurrent guesses), and only a guess that was counted can verify it.
      const verifyIfRight = {
        verifiedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
        tokenHash: sql`case when ${matches} then ${hashResetToken(token, ctx.config.jwtSecret)} else null end`,
        verifiedFrom: sql`case when ${matches} then ${request.ip} else null end`,
      };
      const live = and(gt(passwordResets.expiresAt, now), isNull(passwordResets.verifiedAt));
      let rows: { ok: boolean }[];
      if (typeof body.email === 'string' && body.email.trim() !== '') {
        // Our storefront sends the e-mail: guesses count against that account's code only.
        const [user] = await ctx.database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, normaliseEmail(body.email)));
        if (!user) throw new AppError(400, resetCodeInvalid);
        rows = await ctx.database.db
          .update(passwordResets)
          .set({ attempts: sql`${passwordResets.attempts} + 1`, ...verifyIfRight })
          .where(and(live, eq(passwordResets.userId, user.id), lt(passwordResets.attempts, maxWrongAttempts)))
          .returning({ ok: sql<boolean>`${passwordResets.verifiedAt} is not null` });
      } else {
        // The spec's {resetCode} alone could be aimed at any live code: a shop-wide cap first, then each
        // live code takes the guess against its own small cap (docs/security.md has the arithmetic).
        await enforce(reply, 'verify-blind', limits.blindVerifyGlobal, tooManyBlindGuesses);
        rows = await ctx.database.db
          .update(passwordResets)
          .set({ blindAttempts: sql`${passwordResets.blindAttempts} + 1`, ...verifyIfRight })
          .where(and(live, lt(passwordResets.blindAttempts, maxBlindAttempts)))
          .returning({ ok: sql<boolean>`${passwordResets.verifiedAt} is not null` });
      }
      if (rows.some((r) => r.ok)) return { status: 'Success', resetToken: token };
      throw new AppError(400, resetCodeInvalid);
    },
  );

  app.put('/auth/resetPassword', { config: limited, schema: { body: resetBody } }, async (request, reply) => {
    const body = trimEmail((request.body ?? {}) as Body);
    validate(loginSchema.pick(['email']), body);
    const pwErr = firstError(passwordRules, { password: body.newPassword });
    if (pwErr) throw new ValidationError('newPassword', pwErr.msg, body.newPassword, 'body');
    const email = normaliseEmail(String(body.email));
    await enforce(reply, `reset:${email}`, limits.resetPerAccount, tooManyResets);
    const now = ctx.now();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new AppError(400, resetNotVerified);
    // Who may reset: the holder of the token verifyResetCode answered (within the code's 10 minutes),
    // or a client that sends no token (the spec's call) from the address that verified, soon after.
    const token = typeof body.resetToken === 'string' && body.resetToken !== '' ? body.resetToken : null;
    const allowed = and(
      eq(passwordResets.userId, user.id),
      token
        ? and(
            eq(passwordResets.tokenHash, hashResetToken(token, ctx.config.jwtSecret)),
            gt(passwordResets.verifiedAt, new Date(now - resetCodeLifetimeMs)),
          )
        : and(
            eq(passwordResets.verifiedFrom, request.ip),
            gt(passwordResets.verifiedAt, new Date(now - tokenlessResetMs)),
          ),
    );
    const [pending] = await ctx.database.db
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(allowed);
    // Nothing is hashed for a request that is not allowed.
    if (!pending) throw new AppError(400, resetNotVerified);
    const stamp = passwordChangeStamp(now);
    const passwordHash = await hashPassword(String(body.newPassword));
    const done = await ctx.database.db.transaction(async (tx) => {
      // Consumed here, in the same transaction as the password change: a verified code works once.
      const consumed = await tx
        .delete(passwordResets)
        .where(allowed)
        .returning({ userId: passwordResets.userId });
      if (consumed.length === 0) return false;
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: stamp, updatedAt: new Date(now) })
        .where(eq(users.id, user.id));
      return true;
    });
    if (!done) throw new AppError(400, resetNotVerified);
    const jwt = await ctx.tokens.sign(user, now, stamp.getTime() / 1000);
    return { token: jwt };
  });
}
