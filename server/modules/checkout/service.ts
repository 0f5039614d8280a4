import type { CheckoutSession } from '@/lib/contract/checkout';
import type { Language } from '@/lib/contract/common';
import { cartSummary, cartTotal } from '@/lib/rules/cart-summary';
import { toMinorUnits } from '@/lib/rules/money';
import { runInTransaction, type Db, type Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { AppError } from '../../errors';
import { localised } from '../catalogue';
import {
  checkHolder,
  checkProductShare,
  checkUnits,
  holderOf,
  insufficientStock,
  limitsFor,
  noCartWithId,
  type HoldLimits,
  type ShippingAddress,
} from '../orders';
import type { PaymentProvider } from './providers/provider';
import * as repo from './repository';
import type { SessionRow } from './repository';

/** Sessions live as long as a Stripe Checkout Session does by default. */
export const sessionLifetimeMs = 24 * 60 * 60 * 1000;

/** Open (unpaid, unexpired) sessions per cart: 514 were opened for one cart in 12 s before this cap. */
export const maxOpenSessionsPerCart = 10;
export const tooManySessions =
  `This cart already has ${maxOpenSessionsPerCart} open payment pages. ` +
  'Pay on one of them, or try again once one has expired';

async function refuseOverSessionCap(db: Executor, req: CreateSessionRequest): Promise<void> {
  if ((await repo.openSessionCount(db, req.userId, req.cartId, req.now)) >= maxOpenSessionsPerCart)
    throw new AppError(400, tooManySessions);
}

export const providerUnavailable = 'The payment provider could not be reached. Please try again in a moment.';

export interface CreateSessionRequest {
  userId: string;
  email: string;
  cartId: string;
  shippingAddress: ShippingAddress;
  /** The return base from ?url=, already checked to be http(s). */
  returnBase: string;
  publicUrl: string;
  now: Date;
  /** The shopper's language: the payment page and the lines' titles follow it. */
  lang: Language;
  /** request.ip: the order this session becomes counts against it (stock holds). */
  clientIp: string;
  holdLimits: HoldLimits;
}

/** The wire shape: Stripe's Checkout Session field names, amounts in piastres as Stripe gives them. */
export function serializeSession(row: SessionRow, url: string): CheckoutSession {
  return {
    id: row.id,
    url,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    status: row.status,
    payment_status: row.paymentStatus,
    amount_total: row.amountTotal,
    currency: row.currency,
    expires_at: Math.floor(row.expiresAt.getTime() / 1000),
  };
}

/**
 * Opens a checkout session for the caller's own, non-empty cart. The cart is left as it is: only a
 * successful payment turns it into an order (fulfil.ts).
 */
export async function createCheckoutSession(db: Db, provider: PaymentProvider, req: CreateSessionRequest) {
  const cart = await repo.cartById(db, req.cartId);
  // Someone else's cart answers exactly like a cart that does not exist.
  if (!cart || cart.userId !== req.userId) throw new AppError(404, noCartWithId(req.cartId));
  const lines = await repo.loadCartLines(db, cart.id);
  if (lines.length === 0) throw new AppError(400, 'Your cart is empty');
  checkUnits(lines);
  // Refuse up front what fulfilment would refuse anyway, before the shopper types a card number.
  for (const line of lines) {
    if (line.stock < line.count) throw new AppError(400, insufficientStock(line.title));
  }
  // A test-page payment takes no money, so its order holds stock like an unpaid cash order: refuse now what
  // the caps would refuse when it is paid (fulfilment checks again, under the locks).
  if (provider.name === 'test') {
    const holder = holderOf(req.userId, req.clientIp, req.shippingAddress);
    const holdLimits = limitsFor(req.holdLimits, req.clientIp);
    await checkHolder(
      db,
      holder,
      lines.reduce((n, l) => n + l.count, 0),
      holdLimits,
    );
    for (const line of lines) await checkProductShare(db, line, line.stock, holdLimits);
  }

  // Checked before the provider is asked, and again under the cart's lock as the session is stored.
  await refuseOverSessionCap(db, req);

  const summary = cartSummary(cartTotal(lines));
  const id = newId();
  const base = req.returnBase.replace(/\/+$/, '');
  const successUrl = `${base}/allorders`;
  const cancelUrl = `${base}/cart`;
  const expiresAt = new Date(req.now.getTime() + sessionLifetimeMs);

  let created;
  try {
    created = await provider.createSession({
      sessionId: id,
      lines: lines.map((l) => ({
        title: localised(req.lang, l.title, l.titleAr),
        count: l.count,
        unitPrice: l.price,
      })),
      tax: summary.tax,
      savings: summary.savings,
      total: summary.total,
      currency: 'egp',
      successUrl,
      cancelUrl,
      returnUrl: `${req.publicUrl.replace(/\/+$/, '')}/pay/${id}/return`,
      customerEmail: req.email,
      expiresAt,
    });
  } catch (err) {
    throw Object.assign(new AppError(502, providerUnavailable), { cause: err });
  }

  const row = await runInTransaction(db, async (tx) => {
    await repo.lockCart(tx, cart.id);
    await refuseOverSessionCap(tx, req);
    return repo.insertSession(tx, {
      id,
      userId: req.userId,
      cartId: cart.id,
      provider: provider.name,
      providerSessionId: created.providerSessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: toMinorUnits(summary.total),
      currency: 'egp',
      lang: req.lang,
      lines: lines.map((l) => ({ productId: l.productId, count: l.count, price: l.price })),
      shippingDetails: req.shippingAddress.details,
      shippingPhone: req.shippingAddress.phone,
      shippingCity: req.shippingAddress.city,
      clientAddress: req.clientIp,
      successUrl,
      cancelUrl,
      expiresAt,
      createdAt: req.now,
      updatedAt: req.now,
    });
  });
  return { row, url: created.url };
}
