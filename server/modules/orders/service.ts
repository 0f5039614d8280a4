import type { Language } from '@/lib/contract/common';
import type {
  Order,
  OrderHistory,
  PlacedOrderAnswer,
  ShippingAddress,
  ShippingAddressBody,
} from '@/lib/contract/orders';
import { exemptFromAddressLimits } from '../../address-list';
import type { AppContext } from '../../context';
import { runInTransaction } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { cartProducts } from '../catalogue';
import type { HoldLimits } from './holds';
import { mailOrderOnCommit } from './order-mail';
import { noCartWithId, placeOrder } from './place-order';
import * as repo from './repository';
import { serializeOrder, serializePlacedOrder } from './serialize-order';

/** The stock-hold caps the shop configured (server/config.ts). */
export function holdLimitsOf(config: AppContext['config']): HoldLimits {
  return {
    unitsPerAddress: config.heldUnitsPerAddress,
    stockSharePercent: config.heldStockSharePercent,
    exempt: (clientIp) => exemptFromAddressLimits(config, clientIp),
  };
}

/** details, city and phone are required and must not be blank; the first missing one is reported. */
export function readShippingAddress(body: ShippingAddressBody | undefined): ShippingAddress {
  const address = body?.shippingAddress;
  if (!address) throw new ValidationError('shippingAddress', 'shippingAddress is required', address, 'body');
  for (const field of ['details', 'city', 'phone'] as const) {
    const value = address[field];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ValidationError(`shippingAddress.${field}`, `${field} is required`, value, 'body');
    }
  }
  return {
    details: String(address.details).trim(),
    phone: String(address.phone).trim(),
    city: String(address.city).trim(),
  };
}

/**
 * A cash order from the caller's cart, placed in the request's language (?lang=, Accept-Language): its mails speak
 * it. A repeated request gets the order the first one made, with the same status.
 */
export async function placeCashOrder(
  ctx: AppContext,
  userId: string,
  cartId: string,
  body: ShippingAddressBody | undefined,
  clientIp: string,
  lang: Language,
): Promise<PlacedOrderAnswer> {
  const shippingAddress = readShippingAddress(body);
  if (!isObjectId(cartId)) throw new AppError(404, noCartWithId(cartId));
  const placed = await runInTransaction(ctx.database.db, async (tx) => {
    const order = await placeOrder(tx, {
      userId,
      cartId,
      shippingAddress,
      payment: { method: 'cash' },
      language: lang,
      clientIp,
      holdLimits: holdLimitsOf(ctx.config),
      catalogueCache: ctx.catalogueCache,
    });
    // A repeated request finds the order the first one placed: that one sent the mail.
    if (order.created) mailOrderOnCommit(tx, ctx, order.order.id, { kind: 'placed' });
    return order;
  });
  return { status: 'success', data: serializePlacedOrder(placed) };
}

/** Orders in the contract's Order shape: their owners and products populated, the products' titles in `lang`. */
export async function populated(
  ctx: AppContext,
  found: repo.OrderWithItems[],
  lang: Language,
): Promise<Order[]> {
  const db = ctx.database.db;
  const [owners, products] = await Promise.all([
    repo.orderUsers(
      db,
      found.map((o) => o.order.userId),
    ),
    cartProducts(
      ctx.database,
      found.flatMap((o) => o.items.map((i) => i.productId)),
      ctx.config.publicUrl,
      lang,
    ),
  ]);
  const byId = new Map(owners.map((u) => [u._id, u]));
  return found.flatMap((o) => {
    const owner = byId.get(o.order.userId);
    return owner ? [serializeOrder(o, owner, products)] : [];
  });
}

/** The caller's orders, newest first, with the products' titles and names in `lang`. */
export async function orderHistory(
  ctx: AppContext,
  callerId: string,
  userId: string,
  lang: Language,
): Promise<OrderHistory> {
  // Private on purpose (contract, "where our server differs"): only your own history.
  if (userId !== callerId) throw new AppError(403, 'You are not allowed to see the orders of another user');
  const db = ctx.database.db;
  const user = await repo.findUser(db, callerId);
  if (!user) throw new AppError(404, `No user for this id ${userId}`);
  return populated(ctx, await repo.ordersOfUser(db, callerId), lang);
}
