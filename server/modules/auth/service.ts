import { firstError, loginSchema, registerSchema } from '@/lib/rules/account-schemas';
import type {
  AuthAnswer,
  ForgotPasswordBody,
  LoggedOut,
  PasswordReset,
  PublicUser,
  ResetCodeSent,
  ResetCodeVerified,
  ResetPasswordBody,
  SigninBody,
  SignupBody,
  VerifyResetCodeBody,
} from '@/lib/contract/auth';
import type { AppContext, AuthUser } from '../../context';
import { tokenHash } from './authenticate';
import { exemptFromAddressLimits } from '../../address-list';
import { pgErrorCode } from '../../db/client';
import { newId } from '../../db/ids';
import { resetMail } from '../../mail/reset-mail';
import type { Language } from '@/lib/contract/common';
import { AppError, TooManyAttempts, ValidationError } from '../../errors';
import { countAttempt, retryIn, type Window } from './attempt-counters';
import { deviceCookieName, newDeviceCookie, readDeviceCookie } from './device-cookies';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import {
  hashResetCode,
  hashResetToken,
  maxBlindAttempts,
  maxWrongAttempts,
  maxWrongPerCode,
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
  /** Sign-in attempts on one account from one address, from a browser without the account's device cookie. */
  signinPerAccountAddress: Window;
  /** Sign-in attempts on one account from every browser without its device cookie, all addresses together. */
  signinPerAccount: Window;
  /** Sign-in attempts from one device that signed in to the account before (its device cookie). */
  signinPerDevice: Window;
  /** Current-password checks (changeMyPassword, updateMe's e-mail change) per account. */
  passwordChecksPerAccount: Window;
  /** Current-password checks per client address, all accounts together (default: `perMinute` a minute). */
  passwordChecksPerAddress: Window;
  /** Reset codes mailed per account (over it nothing new is mailed; the last code stays valid). */
  forgotPerAccount: Window;
  /** resetPassword calls per account that carry a verified code (the owner's proof). */
  resetPerAccount: Window;
  /** verifyResetCode calls without an e-mail, for the whole shop. */
  blindVerifyGlobal: Window;
}

export type AccountLimits = Omit<AuthLimits, 'perMinute' | 'windowMs'>;

export const defaultAuthLimits: AccountLimits = {
  signinPerAccountAddress: { max: 10, ms: 15 * 60_000 },
  signinPerAccount: { max: 30, ms: 15 * 60_000 },
  signinPerDevice: { max: 10, ms: 15 * 60_000 },
  passwordChecksPerAccount: { max: 10, ms: 15 * 60_000 },
  passwordChecksPerAddress: { max: 20, ms: 60_000 },
  forgotPerAccount: { max: 5, ms: 60 * 60_000 },
  resetPerAccount: { max: 10, ms: 60 * 60_000 },
  blindVerifyGlobal: { max: 30, ms: 10 * 60_000 },
};

/** Where a request comes from: its address, and the cookies its browser sent (device cookies). */
export interface Client {
  ip: string;
  cookies: Record<string, string | undefined>;
}

/** A cookie for the route to set. */
export interface DeviceCookie {
  name: string;
  value: string;
}

export const accountExists = 'Account Already Exists';
export const incorrectLogin = 'Incorrect email or password';
export const resetCodeInvalid = 'Reset code is invalid or has expired';
export const resetNotVerified = 'Reset code not verified for this email. Please verify your reset code first';
export const tooManySignins = (wait: string) =>
  `Too many sign-in attempts for this account, please try again in ${wait}`;
export const tooManyPasswordChecks = (wait: string) =>
  `Too many current-password checks, please try again in ${wait}`;
export const resetCodeSent = 'Reset code sent to your email';
export const tooManyResets = (wait: string) =>
  `Too many password resets for this account, please try again in ${wait}`;
export const tooManyBlindGuesses = (wait: string) =>
  `Too many reset codes checked without an e-mail, please try again in ${wait} or send your e-mail with the code`;
const passwordRules = registerSchema.pick(['password']);

/**
 * One spelling per mailbox: trimmed, lower-case, Unicode NFKC, and without the DNS root's trailing dot
 * (`victim@example.com.` is the same mailbox as `victim@example.com`, so it cannot be a second account).
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().replace(/\.+$/, '');
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
export async function enforce(
  ctx: AppContext,
  key: string,
  window: Window,
  message: (wait: string) => string,
) {
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

/**
 * Sign-in. Attempts are counted before any hashing. A browser with the account's device cookie is counted on
 * its own (strangers cannot spend its budget); any other browser is counted per account and address, and per
 * account over every address. A right password renews the device cookie.
 */
export async function signIn(
  ctx: AppContext,
  limits: AccountLimits,
  input: SigninBody | undefined,
  client: Client,
): Promise<{ answer: AuthAnswer; device: DeviceCookie }> {
  const body = trimEmail(input);
  validate(loginSchema, body);
  const email = normaliseEmail(String(body.email));
  const password = String(body.password);
  const secret = ctx.config.jwtSecret;
  const cookieName = deviceCookieName(secret, email);
  const device = readDeviceCookie(secret, email, client.cookies[cookieName]);
  if (device) {
    await enforce(ctx, `signin-device:${email}:${device}`, limits.signinPerDevice, tooManySignins);
  } else {
    if (!exemptFromAddressLimits(ctx.config, client.ip))
      await enforce(ctx, `signin:${email}:${client.ip}`, limits.signinPerAccountAddress, tooManySignins);
    await enforce(ctx, `signin:${email}`, limits.signinPerAccount, tooManySignins);
  }
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
  return {
    answer: { message: 'success', user: publicUser(user), token },
    device: { name: cookieName, value: newDeviceCookie(secret, email) },
  };
}

/**
 * A current-password check by a signed-in caller (whose token may be stolen): counted per account and per
 * address before hashing, like sign-in.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  limits: AccountLimits,
  user: { id: string; passwordHash: string },
  password: string,
  ip: string,
): Promise<boolean> {
  await enforce(ctx, `pwcheck:${user.id}`, limits.passwordChecksPerAccount, tooManyPasswordChecks);
  if (!exemptFromAddressLimits(ctx.config, ip))
    await enforce(ctx, `pwcheck-ip:${ip}`, limits.passwordChecksPerAddress, tooManyPasswordChecks);
  return verifyPassword(user.passwordHash, password);
}

/**
 * forgotPasswords answers the same, in the same time, whether or not the address has an account: the code is
 * made and mailed in the background. At most `forgotPerAccount` codes are mailed per account; the last one
 * stays valid until that window ends, and further requests mail nothing (the owner already has that code), so
 * a stranger asking for codes cannot leave the owner without one.
 */
export async function sendResetCode(
  ctx: AppContext,
  limits: AccountLimits,
  input: ForgotPasswordBody | undefined,
  lang: Language,
): Promise<ResetCodeSent> {
  const body = trimEmail(input);
  validate(loginSchema.pick(['email']), body);
  if (ctx.mailer.kind === 'none') {
    throw new AppError(503, 'Password resets are not available: this shop cannot send e-mail yet');
  }
  const db = ctx.database.db;
  const email = normaliseEmail(String(body.email));
  const now = ctx.now();
  const verdict = await countAttempt(db, `forgot:${email}`, limits.forgotPerAccount, now);
  const user = await repo.findUserByEmail(db, email);
  if (user && verdict.allowed) {
    // The last code of the window lives until the window ends, so the owner always holds a valid one.
    const last = verdict.count === limits.forgotPerAccount.max;
    const expiresAt = Math.max(now + resetCodeLifetimeMs, last ? now + verdict.retryAfterMs : 0);
    ctx.background.run('reset mail', () => mailResetCode(ctx, user, lang, now, expiresAt));
  }
  return { statusMsg: 'success', message: resetCodeSent };
}

async function mailResetCode(
  ctx: AppContext,
  user: repo.UserRow,
  lang: Language,
  now: number,
  expiresAt: number,
): Promise<void> {
  const db = ctx.database.db;
  const code = newResetCode();
  await repo.upsertPasswordReset(db, user.id, {
    codeHash: hashResetCode(code, ctx.config.jwtSecret),
    expiresAt: new Date(expiresAt),
    verifiedAt: null,
    attempts: 0,
    blindAttempts: 0,
    tokenHash: null,
    verifiedFrom: null,
    createdAt: new Date(now),
  });
  try {
    // The mail speaks the shopper's language; the answer stays the contract's English.
    await ctx.mailer.send(
      resetMail(lang, { to: user.email, shopName: ctx.config.shopName, name: user.name, code }),
    );
  } catch (err) {
    await repo.deletePasswordReset(db, user.id);
    throw err;
  }
}

/**
 * verifyResetCode. With the e-mail (our storefront), a code takes `maxWrongAttempts` guesses per address (or
 * per device that signed in to the account before) and `maxWrongPerCode` from all other browsers together, so a
 * stranger's wrong guesses do not use up the owner's. Without the e-mail, the shop-wide and per-code blind caps.
 */
export async function verifyResetCode(
  ctx: AppContext,
  limits: AccountLimits,
  input: VerifyResetCodeBody | undefined,
  client: Client,
): Promise<ResetCodeVerified> {
  const body = trimEmail(input);
  const raw = typeof body.resetCode === 'string' ? body.resetCode.trim() : '';
  if (raw === '') throw new ValidationError('resetCode', 'resetCode is required', body.resetCode, 'body');
  const db = ctx.database.db;
  const code = readResetCode(raw);
  // Something that is not a code cannot match one: refused without using up anyone's guesses.
  if (!code) throw new AppError(400, resetCodeInvalid);
  const token = newResetToken();
  const now = ctx.now();
  const guess = {
    codeHash: hashResetCode(code, ctx.config.jwtSecret),
    tokenHash: hashResetToken(token, ctx.config.jwtSecret),
    ip: client.ip,
    now: new Date(now),
    maxWrong: maxWrongPerCode,
    maxBlind: maxBlindAttempts,
  };
  let outcomes: repo.GuessOutcome[];
  if (typeof body.email === 'string' && body.email.trim() !== '') {
    // Our storefront sends the e-mail: guesses count against that account's code only.
    const email = normaliseEmail(body.email);
    const user = await repo.findUserByEmail(db, email);
    const live = user && (await repo.liveResetCode(db, user.id, guess.now));
    if (!user || !live) throw new AppError(400, resetCodeInvalid);
    const device = readDeviceCookie(
      ctx.config.jwtSecret,
      email,
      client.cookies[deviceCookieName(ctx.config.jwtSecret, email)],
    );
    const who = device ? `device:${device}` : `ip:${client.ip}`;
    const mine = await countAttempt(
      db,
      `verify:${user.id}:${live.createdAt.getTime()}:${who}`,
      { max: maxWrongAttempts, ms: Math.max(1, live.expiresAt.getTime() - now) },
      now,
    );
    if (!mine.allowed) throw new AppError(400, resetCodeInvalid);
    outcomes = await repo.guessResetCode(db, { ...guess, userId: user.id, counted: !device });
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
  // Nothing is hashed for a request that is not allowed, and only allowed ones (whose sender holds the code
  // mailed to the owner) count against the account: a stranger cannot spend the owner's resets.
  if (!(await repo.pendingReset(db, allowed))) throw new AppError(400, resetNotVerified);
  await enforce(ctx, `reset:${email}`, limits.resetPerAccount, tooManyResets);
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

/** Logout: the token the caller sent stops working at once (the spec's local reset happens in the browser). */
export async function logOut(ctx: AppContext, user: AuthUser): Promise<LoggedOut> {
  await repo.revokeToken(
    ctx.database.db,
    tokenHash(user.token),
    new Date(user.exp * 1000),
    new Date(ctx.now()),
  );
  return { message: 'success' };
}
