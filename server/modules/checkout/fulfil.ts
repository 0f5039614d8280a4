import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@/lib/contract/common';
import type { AppContext } from '../../context';
import { onCommit, runInTransaction, type Db, type Tx } from '../../db/client';
import { checkoutSessions } from '../../db/schema';
import { AppError } from '../../errors';
import type { CatalogueCache } from '../catalogue';
import {
  CartChangedError,
  holdLimitsOf,
  loadOrder,
  mailOrderLater,
  placeOrder,
  type HoldLimits,
  type OrderWithItems,
} from '../orders';
import type { PaymentProvider } from './providers/provider';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export type SessionRef = { sessionId: string } | { providerSessionId: string };

export interface FulfilOptions {
  paidAt: Date;
  now: Date;
  /**
   * The test provider has not charged anything yet, so it refuses expired sessions and carts whose
   * total no longer matches the session's amount. A provider webhook reports money already taken:
   * the order is placed whatever the clock says.
   */
  beforeCharge: boolean;
  /** What the provider says it charged (Stripe's amount_total and currency); checked against the session. */
  charged?: { amountTotal: number | null; currency: string | null };
  /** The stock-hold caps: a test-page order holds stock and is checked against them. */
  holdLimits: HoldLimits;
  /** The app's catalogue cache (ctx): the order's products show other stock now. */
  catalogueCache: Pick<CatalogueCache, 'productsChanged'>;
  /** Runs once the transaction that placed a new order committed (not for a repeat): the shopper's mail. */
  orderPlaced: (orderId: string) => void;
}

/** What fulfilment takes from the app: the stock caps, the catalogue cache, and the "placed" mail. */
export function fulfilDeps(
  ctx: AppContext,
): Pick<FulfilOptions, 'holdLimits' | 'catalogueCache' | 'orderPlaced'> {
  return {
    holdLimits: holdLimitsOf(ctx.config),
    catalogueCache: ctx.catalogueCache,
    orderPlaced: (orderId) => mailOrderLater(ctx, orderId, { kind: 'placed' }),
  };
}

/** A session's language as an order keeps it ('en' for anything else a session may hold). */
function languageOf(session: CheckoutSessionRow): Language {
  return session.lang === 'ar' ? 'ar' : 'en';
}

export type FulfilResult =
  | { outcome: 'paid'; session: CheckoutSessionRow; order: OrderWithItems; created: boolean }
  | { outcome: 'failed'; session: CheckoutSessionRow; reason: string }
  | { outcome: 'expired'; session: CheckoutSessionRow }
  | { outcome: 'unknown' };

export const cartChangedReason =
  'Your cart changed after this payment page was opened, so its total no longer matches. Nothing was charged. Return to your cart and check out again.';

export const cartChangedAfterPaymentReason =
  'Your cart changed after this payment page was opened, so the order was not placed. Your payment will be refunded; contact the shop if you have questions.';

export const amountMismatchReason =
  'The amount charged does not match this order, so it was not placed. Your payment will be refunded; contact the shop if you have questions.';

export function alreadyOrderedReason(orderNumber: number): string {
  return `This cart was already turned into order #${orderNumber}.`;
}

// The test provider charges only after the order is placed; a provider webhook reports money
// already taken, which the shop must then refund (the failure is logged for that).
function consequence(beforeCharge: boolean): string {
  return beforeCharge
    ? 'Nothing was charged.'
    : 'Your payment will be refunded; contact the shop if you have questions.';
}

export function isExpired(session: CheckoutSessionRow, now: Date): boolean {
  return (
    session.status === 'expired' ||
    (session.status === 'open' && session.expiresAt.getTime() <= now.getTime())
  );
}

/**
 * The one fulfilment path for every provider: the hosted test page after an approved card, and
 * the Stripe webhook. In one transaction it locks the session row, and if the session is still
 * open, places the card order (stock, order, cart consumed) and marks the session complete/paid.
 * Called again for the same session (a refresh, a webhook retry, the webhook racing the redirect)
 * it finds the session complete and returns the same order; the unique orders.checkout_session_id
 * backs that up. When the order cannot be placed (stock ran out, the cart is gone), the session
 * is marked failed with the reason, and the transaction commits only that.
 */
export async function fulfilCheckoutSession(
  db: Db,
  ref: SessionRef,
  options: FulfilOptions,
): Promise<FulfilResult> {
  return runInTransaction(db, (tx) => fulfilInTransaction(tx, ref, options));
}

export async function fulfilInTransaction(
  tx: Tx,
  ref: SessionRef,
  options: FulfilOptions,
): Promise<FulfilResult> {
  const where =
    'sessionId' in ref
      ? eq(checkoutSessions.id, ref.sessionId)
      : eq(checkoutSessions.providerSessionId, ref.providerSessionId);
  // The row lock serialises concurrent fulfilments of one session on PostgreSQL.
  const [session] = await tx.select().from(checkoutSessions).where(where).for('update');
  if (!session) return { outcome: 'unknown' };

  if (session.status === 'complete' && session.orderId) {
    const order = await loadOrderOrThrow(tx, session.orderId);
    return { outcome: 'paid', session, order, created: false };
  }
  if (session.status === 'failed')
    return { outcome: 'failed', session, reason: session.failureReason ?? 'Payment failed.' };
  if (options.beforeCharge && isExpired(session, options.now)) {
    if (session.status !== 'expired') {
      const [updated] = await tx
        .update(checkoutSessions)
        .set({ status: 'expired', updatedAt: options.now })
        .where(eq(checkoutSessions.id, session.id))
        .returning();
      return { outcome: 'expired', session: updated ?? session };
    }
    return { outcome: 'expired', session };
  }

  const fail = async (reason: string): Promise<FulfilResult> => {
    const [updated] = await tx
      .update(checkoutSessions)
      .set({ status: 'failed', failureReason: reason, updatedAt: options.now })
      .where(eq(checkoutSessions.id, session.id))
      .returning();
    return { outcome: 'failed', session: updated ?? session, reason };
  };

  // The provider's word on what it took must be the session's amount, in the session's currency.
  if (
    options.charged &&
    (options.charged.amountTotal !== session.amountTotal ||
      (options.charged.currency ?? '').toLowerCase() !== session.currency)
  ) {
    return fail(amountMismatchReason);
  }

  let placed;
  try {
    // A savepoint: when placeOrder refuses (stock, no cart) its partial work is undone, and the
    // outer transaction still records why the session failed.
    placed = await tx.transaction((sp) =>
      placeOrder(sp, {
        userId: session.userId,
        cartId: session.cartId,
        shippingAddress: {
          details: session.shippingDetails,
          phone: session.shippingPhone,
          city: session.shippingCity,
        },
        payment: {
          method: 'card',
          // Only Stripe takes real money; any other provider's order holds stock like an unpaid one.
          provider: session.provider === 'stripe' ? 'stripe' : 'test',
          checkoutSessionId: session.id,
          paidAt: options.paidAt,
        },
        // The language the session was opened in: the order's mails speak it.
        language: languageOf(session),
        clientIp: session.clientAddress,
        holdLimits: options.holdLimits,
        catalogueCache: options.catalogueCache,
        // The order is the session's snapshot, checked under the cart's row lock.
        paidFor: { lines: session.lines, totalMinor: session.amountTotal },
      }),
    );
  } catch (err) {
    if (err instanceof CartChangedError)
      return fail(options.beforeCharge ? cartChangedReason : cartChangedAfterPaymentReason);
    if (err instanceof AppError) return fail(`${err.message}. ${consequence(options.beforeCharge)}`);
    throw err;
  }
  // placeOrder returns an earlier order when the cart was already consumed: a cash order (or
  // another session) got there first. That is not this payment's order.
  if (placed.order.checkoutSessionId !== session.id) {
    return fail(`${alreadyOrderedReason(placed.order.number)} ${consequence(options.beforeCharge)}`);
  }

  // placeOrder ran in a savepoint, whose own after-commit work never runs: the outer transaction's does.
  const ordered = placed.items.map((i) => i.productId);
  onCommit(tx, () => options.catalogueCache.productsChanged(ordered));
  const placedId = placed.order.id;
  if (placed.created) onCommit(tx, () => options.orderPlaced(placedId));
  const [updated] = await tx
    .update(checkoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', orderId: placed.order.id, updatedAt: options.now })
    .where(eq(checkoutSessions.id, session.id))
    .returning();
  return { outcome: 'paid', session: updated ?? session, order: placed, created: placed.created };
}

async function loadOrderOrThrow(tx: Tx, orderId: string): Promise<OrderWithItems> {
  const order = await loadOrder(tx, orderId);
  if (!order) throw new Error(`checkout session points at missing order ${orderId}`);
  return order;
}

/**
 * A payment the provider took but the shop could not turn into an order (the session is marked failed
 * in the same transaction that decided so): give the money back through the provider's API, once
 * (the idempotency key is the session id), and record the refund on the session.
 */
export async function refundFailedPayment(
  db: Db,
  provider: PaymentProvider,
  session: CheckoutSessionRow,
  log: FastifyBaseLogger,
  now: Date,
): Promise<void> {
  if (!provider.refund || !session.providerSessionId || session.refundId) {
    log.error(
      { sessionId: session.id, reason: session.failureReason },
      'paid session failed: refund by hand',
    );
    return;
  }
  try {
    const refundId = await provider.refund(session.providerSessionId, `refund-${session.id}`);
    await db
      .update(checkoutSessions)
      .set({ refundId, updatedAt: now })
      .where(eq(checkoutSessions.id, session.id));
    log.warn(
      { sessionId: session.id, refundId, reason: session.failureReason },
      'paid session failed: refunded',
    );
  } catch (err) {
    log.error(
      { err, sessionId: session.id },
      'paid session failed and the refund call failed: refund by hand',
    );
  }
}
