import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Language } from '@/lib/contract/common';
import { cartSummary, cartTotal } from '@/lib/rules/cart-summary';
import { toMinorUnits } from '@/lib/rules/money';
import { onCommit, type Tx } from '../../db/client';
import { newId } from '../../db/ids';
import {
  cartItems,
  carts,
  orderEvents,
  orderItems,
  orders,
  products,
  type SessionLineSnapshot,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { CatalogueCache } from '../catalogue';
import { checkHolder, checkProductShare, holderOf, limitsFor, lockHolder, type HoldLimits } from './holds';
import { checkUnits } from './limits';
import { loadOrder, type OrderWithItems } from './repository';

export interface ShippingAddress {
  details: string;
  phone: string;
  city: string;
}

export type OrderPayment =
  | { method: 'cash' }
  | { method: 'card'; provider: 'test' | 'stripe'; checkoutSessionId: string; paidAt: Date };

/** Whether an order of this payment holds stock: unpaid cash, or the hosted test page (no money taken). */
export function holdsStock(payment: OrderPayment): boolean {
  return payment.method === 'cash' || payment.provider === 'test';
}

export interface PlaceOrderInput {
  userId: string;
  cartId: string;
  shippingAddress: ShippingAddress;
  payment: OrderPayment;
  /** The language the shopper placed it in (a cash order's request, a card order's session): its mails speak it. */
  language: Language;
  /** request.ip of the shopper placing the order (for a card order, of the one who opened the session). */
  clientIp: string | null;
  holdLimits: HoldLimits;
  /** The app's catalogue cache (ctx): stock is part of the product payload. */
  catalogueCache: Pick<CatalogueCache, 'productsChanged'>;
  /**
   * What was paid for (a checkout session's snapshot). Checked against the cart after its row is
   * locked, so no cart change can slip in between the check and the order: any difference throws
   * CartChangedError and nothing is written.
   */
  paidFor?: { lines: SessionLineSnapshot[] | null; totalMinor: number };
}

/** The cart no longer holds what the checkout session was opened (and paid) for. */
export class CartChangedError extends AppError {
  constructor() {
    super(409, 'Your cart changed after the payment page was opened');
  }
}

export function sameLines(
  a: { productId: string; count: number; price: number }[],
  b: SessionLineSnapshot[],
): boolean {
  if (a.length !== b.length) return false;
  const key = (l: { productId: string; count: number; price: number }) =>
    `${l.productId}:${l.count}:${l.price}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
}

export interface PlacedOrder extends OrderWithItems {
  /** false when the cart had already been turned into this order (a repeated request). */
  created: boolean;
}

export const noCartWithId = (cartId: string) => `No cart for this id ${cartId}`;
export const insufficientStock = (title: string) => `Insufficient stock for ${title}`;

async function existingOrder(tx: Tx, input: PlaceOrderInput): Promise<OrderWithItems | undefined> {
  const [bySession] =
    input.payment.method === 'card'
      ? await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.checkoutSessionId, input.payment.checkoutSessionId))
      : [];
  const [byCart] = bySession
    ? [bySession]
    : await tx.select({ id: orders.id }).from(orders).where(eq(orders.sourceCartId, input.cartId));
  if (!byCart) return undefined;
  const found = await loadOrder(tx, byCart.id);
  // Someone else's order for that cart id is none of the caller's business: answer as for an unknown cart.
  if (found && found.order.userId !== input.userId) throw new AppError(404, noCartWithId(input.cartId));
  return found;
}

/**
 * Turns a cart into an order inside the caller's transaction: the cart row is locked, every line is
 * taken out of stock by one conditional UPDATE (so stock never goes below zero and concurrent orders
 * cannot oversell), the order and its line snapshots are written, and the cart is deleted. A repeat
 * for a cart that an order already consumed returns that order (idempotent).
 * Throws AppError 404 (no such cart for this user), 400 (empty cart, insufficient stock).
 */
export async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<PlacedOrder> {
  const before = await existingOrder(tx, input);
  if (before) return { ...before, created: false };

  // Waits for any concurrent order on this cart; if that one consumed it, no row comes back.
  const [cart] = await tx.select().from(carts).where(eq(carts.id, input.cartId)).for('update');
  if (!cart) {
    const after = await existingOrder(tx, input);
    if (after) return { ...after, created: false };
    throw new AppError(404, noCartWithId(input.cartId));
  }
  if (cart.userId !== input.userId) throw new AppError(404, noCartWithId(input.cartId));

  const lines = await tx
    .select({
      productId: cartItems.productId,
      count: cartItems.count,
      price: cartItems.price,
      title: products.title,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (lines.length === 0) throw new AppError(400, 'Your cart is empty');
  // The caps hold for carts filled before they existed too.
  checkUnits(lines);

  const totalCartPrice = cartTotal(lines);
  const summary = cartSummary(totalCartPrice);
  if (input.paidFor) {
    const { lines: snapshot, totalMinor } = input.paidFor;
    if (toMinorUnits(summary.total) !== totalMinor) throw new CartChangedError();
    if (snapshot && !sameLines(lines, snapshot)) throw new CartChangedError();
  }

  // An order nobody paid real money for holds its stock until delivered: what such orders hold is capped
  // per account, address, phone and shipping address, checked under those holders' locks.
  const holder = holderOf(input.userId, input.clientIp, input.shippingAddress);
  const held = holdsStock(input.payment);
  const holdLimits = limitsFor(input.holdLimits, input.clientIp);
  if (held) {
    await lockHolder(tx, holder);
    await checkHolder(
      tx,
      holder,
      lines.reduce((n, l) => n + l.count, 0),
      holdLimits,
    );
  }

  // Stock rows are locked in one fixed order (by product id) in every transaction, so two orders
  // sharing products cannot deadlock; the order's lines keep the cart's order.
  for (const line of [...lines].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  )) {
    const taken = await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} - ${line.count}`,
        sold: sql`${products.sold} + ${line.count}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, line.productId), gte(products.quantity, line.count)))
      .returning({ quantity: products.quantity });
    // The AppError aborts the caller's transaction, which puts back any stock already taken.
    if (!taken[0]) throw new AppError(400, insufficientStock(line.title));
    // The product's row is locked now: no other order of it can commit before this one ends.
    if (held) await checkProductShare(tx, line, taken[0].quantity + line.count, holdLimits);
  }

  const now = new Date();
  const orderId = newId();
  const card = input.payment.method === 'card' ? input.payment : undefined;
  const [order] = await tx
    .insert(orders)
    .values({
      id: orderId,
      userId: input.userId,
      sourceCartId: cart.id,
      checkoutSessionId: card?.checkoutSessionId ?? null,
      shippingDetails: input.shippingAddress.details,
      shippingPhone: input.shippingAddress.phone,
      shippingCity: input.shippingAddress.city,
      taxPrice: summary.tax,
      shippingPrice: 0,
      discountPrice: summary.savings,
      totalOrderPrice: summary.total,
      paymentMethodType: input.payment.method,
      paymentProvider: card?.provider ?? null,
      isPaid: Boolean(card),
      paidAt: card?.paidAt ?? null,
      // A card order exists only once its payment was taken: it starts paid.
      status: card ? 'paid' : 'placed',
      language: input.language,
      clientAddress: holder.clientAddress,
      shippingPhoneKey: holder.phoneKey,
      shippingAddressKey: holder.addressKey,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  // Line ids share a prefix and end in their position, so sorting by id keeps the cart's order.
  const prefix = newId().slice(0, 18);
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((l, i) => ({
        id: prefix + i.toString(16).padStart(6, '0'),
        orderId,
        productId: l.productId,
        count: l.count,
        price: l.price,
      })),
    )
    .returning();
  await tx.delete(carts).where(eq(carts.id, cart.id));
  const [event] = await tx
    .insert(orderEvents)
    .values({ orderId, fromStatus: null, toStatus: order.status, at: now, actorId: input.userId })
    .returning();

  // Stock is part of the product payload: these products' cached answers are now stale.
  const ordered = lines.map((l) => l.productId);
  input.catalogueCache.productsChanged(ordered);
  onCommit(tx, () => input.catalogueCache.productsChanged(ordered));
  return {
    order,
    items: items.sort((a, b) => a.id.localeCompare(b.id)),
    events: event ? [event] : [],
    refunds: [],
    created: true,
  };
}
