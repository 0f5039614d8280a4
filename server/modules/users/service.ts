import { registerSchema } from '@/lib/rules/account-schemas';
import type { AuthAnswer, ChangePasswordBody, UpdateMeAnswer, UpdateMeBody } from '@/lib/contract/auth';
import type { AppContext } from '../../context';
import { pgErrorCode } from '../../db/client';
import type { users } from '../../db/schema';
import { AppError, ValidationError, invalidToken } from '../../errors';
import {
  accountExists,
  checkCurrentPassword,
  emailTakenByOther,
  findUserById,
  hashPassword,
  normaliseEmail,
  passwordChangeStamp,
  publicUser,
  updateUser,
  validate,
  type AccountLimits,
} from '../auth';

const passwordPair = registerSchema.pick(['password', 'rePassword']);

/** The body's currentPassword, or the contract's 400 naming it. */
function requireCurrentPassword(value: string | undefined, message: string): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('currentPassword', message, value, 'body');
  return value;
}

export async function changePassword(
  ctx: AppContext,
  limits: AccountLimits,
  userId: string,
  input: ChangePasswordBody | undefined,
  ip: string,
): Promise<AuthAnswer> {
  const body = input ?? {};
  const currentPassword = requireCurrentPassword(body.currentPassword, 'currentPassword is required');
  validate(passwordPair, body);
  const db = ctx.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, invalidToken);
  if (!(await checkCurrentPassword(ctx, limits, user, currentPassword, ip))) {
    throw new AppError(401, 'Your current password is incorrect');
  }
  const now = ctx.now();
  const stamp = passwordChangeStamp(now);
  await updateUser(db, user.id, {
    passwordHash: await hashPassword(String(body.password)),
    passwordChangedAt: stamp,
    updatedAt: new Date(now),
  });
  const token = await ctx.tokens.sign(user, now, stamp.getTime() / 1000);
  return { message: 'success', user: publicUser(user), token };
}

export async function updateMe(
  ctx: AppContext,
  limits: AccountLimits,
  userId: string,
  input: UpdateMeBody | undefined,
  ip: string,
): Promise<UpdateMeAnswer> {
  const body = input ?? {};
  const fields = (['name', 'email', 'phone'] as const).filter((f) => body[f] !== undefined);
  if (fields.length === 0)
    throw new ValidationError('name', 'Send at least one of name, email and phone', undefined, 'body');
  // Each field present follows the registration rules and messages.
  validate(registerSchema.pick(fields), body);
  const db = ctx.database.db;
  const now = ctx.now();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date(now) };
  if (body.name !== undefined) set.name = body.name.trim();
  if (body.phone !== undefined) set.phone = body.phone;
  const current = await findUserById(db, userId);
  if (!current) throw new AppError(401, invalidToken);
  const newEmail = body.email !== undefined ? normaliseEmail(body.email) : undefined;
  // The e-mail is the key to the account (sign-in, password reset): changing it takes the current
  // password, and every other session ends (tokens issued before now are refused).
  if (newEmail !== undefined && newEmail !== current.email) {
    const currentPassword = requireCurrentPassword(
      body.currentPassword,
      'currentPassword is required to change the e-mail',
    );
    if (!(await checkCurrentPassword(ctx, limits, current, currentPassword, ip))) {
      throw new AppError(401, 'Your current password is incorrect');
    }
    set.passwordChangedAt = passwordChangeStamp(now);
  }
  if (newEmail !== undefined) {
    set.email = newEmail;
    if (await emailTakenByOther(db, newEmail, userId)) throw new AppError(409, accountExists);
  }
  try {
    const user = await updateUser(db, userId, set);
    if (!user) throw new AppError(401, invalidToken);
    if (!set.passwordChangedAt) return { message: 'success', user: publicUser(user) };
    // This session continues with a fresh token; the others are signed out.
    const token = await ctx.tokens.sign(user, now, set.passwordChangedAt.getTime() / 1000);
    return { message: 'success', user: publicUser(user), token };
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError(409, accountExists);
    throw e;
  }
}
