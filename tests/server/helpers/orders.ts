// Orders for the order-state suites: cash orders placed through the API (cart, then POST /orders/{cartId}), card
// orders through placeOrder as card fulfilment calls it (a Stripe payment: it holds no stock; or the test page's).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { runInTransaction } from '@/server/db/client';
import { checkoutSessions } from '@/server/db/schema';
import { createTestProvider, type TestProvider } from '@/server/modules/checkout';
import { holdLimitsOf, placeOrder } from '@/server/modules/orders';
import { call } from './staff';
import { json, type Json, type TestApp } from './test-app';

let household = 0;

/** A shipping address of its own each time: the stock caps per phone and address stay out of the way. */
export function nextShipping() {
  household++;
  return {
    details: `${household} Nile Corniche`,
    phone: `0102${String(household).padStart(7, '0')}`,
    city: 'Giza',
  };
}

/** Fills the shopper's cart with these lines; returns the cart id. */
export async function fillCart(
  app: FastifyInstance,
  token: string,
  lines: [productId: string, count: number][],
): Promise<string> {
  let cartId = '';
  for (const [productId, count] of lines) {
    const added = await call(app, 'POST', '/api/v1/cart', token, { productId });
    if (added.statusCode !== 200) throw new Error(`add failed: ${added.statusCode} ${added.body}`);
    cartId = json(added).cartId as string;
    if (count > 1) await call(app, 'PUT', `/api/v1/cart/${productId}`, token, { count });
  }
  return cartId;
}

/** A cash order of these lines; the answer of POST /orders/{cartId} (any status). */
export async function placeCash(app: FastifyInstance, token: string, lines: [string, number][]) {
  const cartId = await fillCart(app, token, lines);
  return call(app, 'POST', `/api/v1/orders/${cartId}`, token, { shippingAddress: nextShipping() });
}

/** A cash order that must be placed: its data. */
export async function cashOrder(
  app: FastifyInstance,
  token: string,
  lines: [string, number][],
): Promise<Json> {
  const res = await placeCash(app, token, lines);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return json(res).data as Json;
}

/**
 * A card order paid through Stripe (or, with `provider: 'test'`, on the hosted test page: it holds stock until
 * delivered), placed as fulfilment places it, with the checkout session it was paid in (refunds find the payment
 * there); its `_id`.
 */
export async function cardOrder(
  t: TestApp,
  shopper: { id: string; token: string },
  lines: [string, number][],
  provider: 'stripe' | 'test' = 'stripe',
): Promise<string> {
  const cartId = await fillCart(t.app, shopper.token, lines);
  const shipping = nextShipping();
  const sessionId = randomBytes(12).toString('hex');
  await t.database.db.insert(checkoutSessions).values({
    id: sessionId,
    userId: shopper.id,
    cartId,
    provider,
    providerSessionId: provider === 'stripe' ? `cs_test_${sessionId}` : null,
    status: 'complete',
    paymentStatus: 'paid',
    amountTotal: 0,
    shippingDetails: shipping.details,
    shippingPhone: shipping.phone,
    shippingCity: shipping.city,
    successUrl: 'http://shop.test/#/allorders',
    cancelUrl: 'http://shop.test/#/cart',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const placed = await runInTransaction(t.database.db, (tx) =>
    placeOrder(tx, {
      userId: shopper.id,
      cartId,
      shippingAddress: shipping,
      payment: { method: 'card', provider, checkoutSessionId: sessionId, paidAt: new Date() },
      language: 'en',
      clientIp: '127.0.0.1',
      holdLimits: holdLimitsOf(t.config),
      catalogueCache: t.app.ctx.catalogueCache,
    }),
  );
  return placed.order.id;
}

/**
 * The hosted test provider with a fault the suite turns on: while `failWith` holds a reason, its refunds throw it
 * (as a provider refusing or unreachable would). Give `provider` to startTestApp as paymentProvider.
 */
export function faultyTestProvider() {
  const inner = createTestProvider({ publicUrl: 'http://shop.test' });
  const control = { failWith: null as string | null };
  const provider: TestProvider = {
    ...inner,
    get refunds() {
      return inner.refunds;
    },
    async refund(sessionId, key, amount) {
      if (control.failWith) throw new Error(control.failWith);
      return inner.refund!(sessionId, key, amount);
    },
  };
  return { provider, control };
}
