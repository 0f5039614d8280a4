import { firstError, loginSchema, registerSchema } from '@/lib/rules/account-schemas';
import type {
  AuthAnswer,
  ForgotPasswordBody,
  PasswordReset,
  PublicUser,
  ResetCodeSent,
  ResetCodeVerified,
  ResetPasswordBody,
  SigninBody,
  SignupBody,
  VerifyResetCodeBody,
} from '@/lib/contract/auth';
import type { AppContext } from '../../context';
import { pgErrorCode } from '../../db/client';
import { newId } from '../../db/ids';
import { MailNotConfiguredError } from '../../mail/mailer';
import { resetMail } from '../../mail/reset-mail';
import type { Language } from '@/lib/contract/common';
import { AppError, TooManyAttempts, ValidationError } from '../../errors';
import { countAttempt, retryIn, type Window } from './attempt-counters';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
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
import * as repo from './repository';
import { passwordChangeStamp } from './tokens';

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

export type AccountLimits = Omit<AuthLimits, 'perMinute' | 'windowMs'>;

export const defaultAuthLimits: AccountLimits = {
  signinPerAccount: { max: 10, ms: 15 * 60_000 },
  forgotPerAccount: { max: 5, ms: 60 * 60_000 },
  resetPerAccount: { max: 10, ms: 60 * 60_000 },
  blindVerifyGlobal: { max: 30, ms: 10 * 60_000 },
};

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
function trimEmail<T extends { email?: string }>(body: T | undefined): T {
  const b = body ?? ({} as T);
  return typeof b.email === 'string' ? { ...b, email: b.email.trim() } : b;
}

/** Applies the storefront's rule set to a body: the first failing field becomes the contract's 400. */
export function validate(schema: Parameters<typeof firstError>[0], body: Record<string, unknown>): void {
  const err = firstError(schema, body);
  if (err) throw new ValidationError(err.param, err.msg, err.value, 'body');
}

export function publicUser(u: { name: string; email: string; role: string }): PublicUser {
  return { name: u.name, email: u.email, role: u.role };
}

/** One atomic count per attempt, before any password hashing or code check: over the limit, a 429. */
async function enforce(ctx: AppContext, key: string, window: Window, message: (wait: string) => string) {
  const verdict = await countAttempt(ctx.database.db, key, window, ctx.now());
  if (!verdict.allowed) {
    throw new TooManyAttempts(
      message(retryIn(verdict.retryAfterMs)),
      Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
    );
  }
}

export async function signUp(ctx: AppContext, input: SignupBody | undefined): Promise<AuthAnswer> {
  const body = trimEmail(input);
  validate(registerSchema, body);
  const db = ctx.database.db;
  const name = String(body.name).trim();
  const email = normaliseEmail(String(body.email));
  if (await repo.findUserByEmail(db, email)) throw new AppError(409, accountExists);
  const id = newId();
  try {
    await repo.insertUser(db, {
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
  return { message: 'success', user: { name, email, role: 'user' }, token };
}

export async function signIn(
  ctx: AppContext,
  limits: AccountLimits,
  input: SigninBody | undefined,
): Promise<AuthAnswer> {
  const body = trimEmail(input);
  validate(loginSchema, body);
  const email = normaliseEmail(String(body.email));
  const password = String(body.password);
  await enforce(ctx, `signin:${email}`, limits.signinPerAccount, tooManySignins);
  const user = await repo.findUserByEmail(ctx.database.db, email);
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
}

export async function sendResetCode(
  ctx: AppContext,
  limits: AccountLimits,
  input: ForgotPasswordBody | undefined,
  log: { error(obj: unknown, msg?: string): void },
  lang: Language,
): Promise<ResetCodeSent> {
  const body = trimEmail(input);
  validate(loginSchema.pick(['email']), body);
  const db = ctx.database.db;
  const email = normaliseEmail(String(body.email));
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError(404, `There is no user registered with this email address ${email}`);
  await enforce(ctx, `forgot:${user.id}`, limits.forgotPerAccount, tooManyResetMails);
  const code = newResetCode();
  const now = ctx.now();
  await repo.upsertPasswordReset(db, user.id, {
    codeHash: hashResetCode(code, ctx.config.jwtSecret),
    expiresAt: new Date(now + resetCodeLifetimeMs),
    verifiedAt: null,
    attempts: 0,
    blindAttempts: 0,
    tokenHash: null,
    verifiedFrom: null,
    createdAt: new Date(now),
  });
  try {
    // The mail speaks the shopper's language; the answer below stays the contract's English.
    await ctx.mailer.send(
      resetMail(lang, { to: user.email, shopName: ctx.config.shopName, name: user.name, code }),
    );
  } catch (err) {
    await repo.deletePasswordReset(db, user.id);
    if (err instanceof MailNotConfiguredError) {
      log.error('password reset asked, but SMTP_URL is not set: no mail can be sent');
      throw new AppError(503, 'Password resets are not available: this shop cannot send e-mail yet');
    }
    log.error({ err }, 'reset mail failed');
    throw new AppError(503, 'We could not send the reset e-mail right now. Please try again later');
  }
  return { statusMsg: 'success', message: 'Reset code sent to your email' };
}

export async function verifyResetCode(
  ctx: AppContext,
  limits: AccountLimits,
  input: VerifyResetCodeBody | undefined,
  ip: string,
): Promise<ResetCodeVerified> {
  const body = trimEmail(input);
  const raw = typeof body.resetCode === 'string' ? body.resetCode.trim() : '';
  if (raw === '') throw new ValidationError('resetCode', 'resetCode is required', body.resetCode, 'body');
  const db = ctx.database.db;
  const code = readResetCode(raw);
  // Something that is not a code cannot match one: refused without using up anyone's guesses.
  if (!code) throw new AppError(400, resetCodeInvalid);
  const token = newResetToken();
  const guess = {
    codeHash: hashResetCode(code, ctx.config.jwtSecret),
    tokenHash: hashResetToken(token, ctx.config.jwtSecret),
    ip,
    now: new Date(ctx.now()),
    maxWrong: maxWrongAttempts,
    maxBlind: maxBlindAttempts,
  };
  let outcomes: repo.GuessOutcome[];
  if (typeof body.email === 'string' && body.email.trim() !== '') {
    // Our storefront sends the e-mail: guesses count against that account's code only.
    const user = await repo.findUserByEmail(db, normaliseEmail(body.email));
    if (!user) throw new AppError(400, resetCodeInvalid);
    outcomes = await repo.guessResetCode(db, { ...guess, userId: user.id });
  } else {
    // The spec's {resetCode} alone could be aimed at any live code: a shop-wide cap first, then each
    // live code takes the guess against its own small cap (docs/security.md has the arithmetic).
    await enforce(ctx, 'verify-blind', limits.blindVerifyGlobal, tooManyBlindGuesses);
    outcomes = await repo.guessResetCode(db, guess);
  }
  if (outcomes.some((r) => r.ok)) return { status: 'Success', resetToken: token };
  throw new AppError(400, resetCodeInvalid);
}

export async function resetPassword(
  ctx: AppContext,
  limits: AccountLimits,
  input: ResetPasswordBody | undefined,
  ip: string,
): Promise<PasswordReset> {
  const body = trimEmail(input);
  validate(loginSchema.pick(['email']), body);
  const pwErr = firstError(passwordRules, { password: body.newPassword });
  if (pwErr) throw new ValidationError('newPassword', pwErr.msg, body.newPassword, 'body');
  const db = ctx.database.db;
  const email = normaliseEmail(String(body.email));
  await enforce(ctx, `reset:${email}`, limits.resetPerAccount, tooManyResets);
  const now = ctx.now();
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError(400, resetNotVerified);
  // Who may reset: the holder of the token verifyResetCode answered (within the code's 10 minutes),
  // or a client that sends no token (the spec's call) from the address that verified, soon after.
  const token = typeof body.resetToken === 'string' && body.resetToken !== '' ? body.resetToken : null;
  const allowed = repo.resetAllowed(
    user.id,
    token
      ? { tokenHash: hashResetToken(token, ctx.config.jwtSecret), since: new Date(now - resetCodeLifetimeMs) }
      : { ip, since: new Date(now - tokenlessResetMs) },
  );
  // Nothing is hashed for a request that is not allowed.
  if (!(await repo.pendingReset(db, allowed))) throw new AppError(400, resetNotVerified);
  const stamp = passwordChangeStamp(now);
  const passwordHash = await hashPassword(String(body.newPassword));
  const done = await repo.consumeResetAndSetPassword(db, allowed, user.id, {
    passwordHash,
    passwordChangedAt: stamp,
    updatedAt: new Date(now),
  });
  if (!done) throw new AppError(400, resetNotVerified);
  return { token: await ctx.tokens.sign(user, now, stamp.getTime() / 1000) };
}
