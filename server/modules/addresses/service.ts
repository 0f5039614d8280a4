import { firstError, registerSchema } from '@/lib/rules/account-schemas';
import type { Address, AddressList, NewAddress } from '@/lib/contract/addresses';
import type { AppContext } from '../../context';
import { runInTransaction } from '../../db/client';
import { newId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import * as repo from './repository';

/** Saved addresses per account: a shopper needs a handful; each answer carries the whole list. */
export const maxSavedAddresses = 20;
export const tooManyAddresses = `You can save at most ${maxSavedAddresses} addresses. Remove one to add another`;

async function saved(ctx: AppContext, userId: string): Promise<Address[]> {
  const rows = await repo.listAddresses(ctx.database.db, userId);
  return rows.map((a) => ({
    _id: a.id,
    name: a.name,
    details: a.details,
    phone: a.phone,
    city: a.city,
    default: a.isDefault,
  }));
}

export async function readAddresses(ctx: AppContext, userId: string): Promise<AddressList> {
  const data = await saved(ctx, userId);
  return { status: 'success', results: data.length, data };
}

export async function addAddress(
  ctx: AppContext,
  userId: string,
  input: NewAddress | undefined,
): Promise<AddressList> {
  const body = input ?? {};
  const fields = ['name', 'details', 'phone', 'city'] as const;
  for (const f of fields) {
    const v = body[f];
    if (typeof v !== 'string' || v.trim() === '') throw new ValidationError(f, `${f} is required`, v, 'body');
  }
  const [name, details, phone, city] = fields.map((f) => String(body[f]).trim()) as [
    string,
    string,
    string,
    string,
  ];
  // The phone follows the sign-up rule and message (an Egyptian mobile number).
  const phoneErr = firstError(registerSchema.pick(['phone']), { phone });
  if (phoneErr) throw new ValidationError('phone', phoneErr.msg, body.phone, 'body');
  await runInTransaction(ctx.database.db, async (tx) => {
    await repo.lockAccount(tx, userId);
    if ((await repo.countAddresses(tx, userId)) >= maxSavedAddresses)
      throw new AppError(400, tooManyAddresses);
    await repo.insertAddress(tx, { id: newId(), userId, name, details, phone, city });
  });
  const data = await saved(ctx, userId);
  return {
    status: 'success',
    message: 'Address added successfully to your addresses',
    results: data.length,
    data,
  };
}

export async function removeAddress(ctx: AppContext, userId: string, id: string): Promise<AddressList> {
  if (!(await repo.deleteAddress(ctx.database.db, userId, id))) {
    throw new AppError(404, `No address for this id ${id}`);
  }
  const data = await saved(ctx, userId);
  return {
    status: 'success',
    message: 'Address removed successfully from your addresses',
    results: data.length,
    data,
  };
}

/** The caller's own address `id` becomes the one the order page chooses first; any other stops being it. */
export async function makeDefaultAddress(ctx: AppContext, userId: string, id: string): Promise<AddressList> {
  const found = await runInTransaction(ctx.database.db, async (tx) => {
    await repo.lockAccount(tx, userId);
    return repo.setDefaultAddress(tx, userId, id);
  });
  if (!found) throw new AppError(404, `No address for this id ${id}`);
  const data = await saved(ctx, userId);
  return { status: 'success', message: 'Default address set', results: data.length, data };
}
