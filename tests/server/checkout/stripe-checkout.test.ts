import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSummary } from '@/lib/rules/cart-summary';
import { checkoutSessions, orders } from '@/server/db/schema';
import { providerUnavailable } from '@/server/modules/checkout/service';
import { completedEvent, startFakeStripe, stripeSignature, type FakeStripe } from '../fakes/fake-stripe';
import {
  createSession,
  fillCart,
  orderHistory,
  publicUrl,
  requestSession,
  returnBase,
  seedProducts,
  signUp,
  startApp,
  type Harness,
  type SeededProduct,
  type SessionJson,
} from '../fakes/payments-app';
import { staffMember } from '../helpers/staff';
import { dbKinds } from '../helpers/test-app';

const webhookSecret = 'whsec_' + 'k'.repeat(32);

describe.each(dbKinds)('Stripe checkout on %s', (kind) => {
  let fake: FakeStripe;
  let h: Harness;
  let shawl: SeededProduct;
  let bag: SeededProduct;

  beforeAll(async () => {
    fake = await startFakeStripe();
    h = await startApp(kind, {
      // The SDK's API address, as an operator would set it for stripe-mock.
      env: {
        STRIPE_SECRET_KEY: 'sk_test_shop',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
    [shawl, bag] = (await seedProducts(h.database, [
      { title: 'Woman Shawl', price: 149, quantity: 500 },
      { title: 'Laptop Bag', price: 699, quantity: 500 },
    ])) as [SeededProduct, SeededProduct];
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  function stripeSessionOf(s: SessionJson) {
    const id = s.url.split('/').pop()!;
    const found = fake.sessions.get(id);
    if (!found) throw new Error(`no Stripe session behind ${s.url}`);
    return found;
  }

  function deliver(body: string, header?: string) {
    return h.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header === undefined ? {} : { 'stripe-signature': header }),
      },
      payload: body,
    });
  }

  const now = () => Math.floor(Date.now() / 1000);
  const signed = (body: string, at = now()) => deliver(body, stripeSignature(body, webhookSecret, at));

  async function cartStatus(token: string) {
    return (await h.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { token } })).statusCode;
  }

  it('creates a Stripe Checkout Session in EGP with the lines and the return URLs', async () => {
    const shopper = await signUp(h.app);
    const cartId = await fillCart(h.app, shopper, [shawl.id, shawl.id, bag.id]);
    const before = fake.requests.length;
    const s = await createSession(h.app, shopper, cartId);
    const stripeSession = stripeSessionOf(s);
    expect(s.url).toBe(`https://checkout.stripe.com/c/pay/${stripeSession.id}`);
    expect(s).toMatchObject({
      success_url: `${returnBase}/allorders`,
      cancel_url: `${returnBase}/cart`,
      status: 'open',
      payment_status: 'unpaid',
      currency: 'egp',
    });
    const total = cartSummary(2 * 149 + 699).total;
    expect(s.amount_total).toBe(total * 100);
    // Stripe will charge exactly what the cart page showed.
    expect(stripeSession.amount_total).toBe(total * 100);

    const create = fake.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.authorization).toBe('Bearer sk_test_shop');
    expect(create.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'egp',
      'line_items[0][price_data][product_data][name]': 'Woman Shawl',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][product_data][name]': 'Laptop Bag',
      'line_items[1][quantity]': '1',
      success_url: `${publicUrl}/pay/${s.id}/return`,
      cancel_url: `${returnBase}/cart`,
      client_reference_id: s.id,
      customer_email: shopper.email,
    });
    // Paid on Stripe's page, never on ours.
    const ours = await h.app.inject({ method: 'GET', url: `/pay/${s.id}` });
    expect(ours.statusCode).toBe(404);
    expect(await cartStatus(shopper.token)).toBe(200);
  });

  it('a signed checkout.session.completed makes one paid card order; a replay makes nothing more', async () => {
    const shopper = await signUp(h.app);
    const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [bag.id]));
    const body = completedEvent(fake.markPaid(stripeSessionOf(s).id), `evt_${s.id}`);

    const first = await signed(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    const history = await orderHistory(h.app, shopper);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      paymentMethodType: 'card',
      isPaid: true,
      totalOrderPrice: cartSummary(699).total,
    });
    expect(history[0]!.paidAt).toBeTruthy();
    expect(await cartStatus(shopper.token)).toBe(404);

    const replay = await signed(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // A different event about the same payment (Stripe may send several) finds the same order.
    const another = await signed(completedEvent(stripeSessionOf(s), `evt_again_${s.id}`));
    expect(another.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderHistory(h.app, shopper)).toHaveLength(1);
    const [row] = await h.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.id));
    expect(row).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it('refuses a bad signature, a tampered body, a stale timestamp and a missing header', async () => {
    const shopper = await signUp(h.app);
    const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [shawl.id]));
    const body = completedEvent(fake.markPaid(stripeSessionOf(s).id));

    const wrongSecret = await deliver(body, stripeSignature(body, 'whsec_not_ours', now()));
    const tampered = await deliver(
      body.replace('"livemode":false', '"livemode":true'),
      stripeSignature(body, webhookSecret, now()),
    );
    const stale = await signed(body, now() - 301);
    const missing = await deliver(body);
    for (const res of [wrongSecret, tampered, stale, missing]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusMsg: 'fail' });
      expect((res.json() as { message: string }).message).toMatch(/^Webhook signature verification failed/);
    }
    expect((stale.json() as { message: string }).message).toMatch(/tolerance/i);
    expect(await orderHistory(h.app, shopper)).toHaveLength(0);
    // Nothing was recorded either: the genuine delivery still fulfils.
    const genuine = await signed(body);
    expect(genuine.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderHistory(h.app, shopper)).toHaveLength(1);
  });

  it('the shopper returning from Stripe fulfils too; the late webhook finds the same order', async () => {
    const shopper = await signUp(h.app);
    const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [shawl.id]));
    const notYet = await h.app.inject({ method: 'GET', url: `/pay/${s.id}/return` });
    expect(notYet.statusCode).toBe(303);
    expect(await orderHistory(h.app, shopper)).toHaveLength(0);

    const paid = fake.markPaid(stripeSessionOf(s).id);
    const back = await h.app.inject({ method: 'GET', url: `/pay/${s.id}/return` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(s.success_url);
    expect(await orderHistory(h.app, shopper)).toHaveLength(1);

    const late = await signed(completedEvent(paid));
    expect(late.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderHistory(h.app, shopper)).toHaveLength(1);
  });

  it('the webhook racing the redirect (and its own retries) makes exactly one order', async () => {
    const shoppers = await Promise.all([signUp(h.app), signUp(h.app), signUp(h.app)]);
    for (const shopper of shoppers) {
      const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [shawl.id, bag.id]));
      const paid = fake.markPaid(stripeSessionOf(s).id);
      const results = await Promise.all([
        signed(completedEvent(paid, `evt_a_${s.id}`)),
        h.app.inject({ method: 'GET', url: `/pay/${s.id}/return` }),
        signed(completedEvent(paid, `evt_b_${s.id}`)),
        signed(completedEvent(paid, `evt_a_${s.id}`)),
        h.app.inject({ method: 'GET', url: `/pay/${s.id}/return` }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 303, 200, 200, 303]);
      const rows = await h.database.db.select().from(orders).where(eq(orders.checkoutSessionId, s.id));
      expect(rows).toHaveLength(1);
      expect(await orderHistory(h.app, shopper)).toHaveLength(1);
    }
  });

  it('a refund racing the payment’s late webhooks and the shopper’s return: one order, refunded once', async () => {
    const staff = await staffMember(h.app, h.database, 'staff');
    const shopper = await signUp(h.app);
    const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [bag.id]));
    const paid = fake.markPaid(stripeSessionOf(s).id);
    expect((await signed(completedEvent(paid, `evt_first_${s.id}`))).statusCode).toBe(200);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.checkoutSessionId, s.id));
    const refundsBefore = fake.refunds.length;

    // Stripe redelivers (another event id), the shopper comes back, and staff refund, all at once.
    const [refund, late, back] = await Promise.all([
      h.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order!.id}/refunds`,
        headers: { token: staff.token },
        payload: { amount: 100 },
      }),
      signed(completedEvent(paid, `evt_late_${s.id}`)),
      h.app.inject({ method: 'GET', url: `/pay/${s.id}/return` }),
    ]);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(late.statusCode).toBe(200);
    expect(back.statusCode).toBe(303);
    // One order, its refund recorded once and asked of Stripe once; the late webhook changed nothing of it.
    const rows = await h.database.db.select().from(orders).where(eq(orders.checkoutSessionId, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', isPaid: true, totalOrderPrice: order!.totalOrderPrice });
    expect(fake.refunds.length - refundsBefore).toBe(1);
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 100 * 100 });
    const read = await h.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order!.id}`,
      headers: { token: staff.token },
    });
    expect(read.json().data).toMatchObject({ refundedAmount: 100, refunds: [{ amount: 100 }] });
  });

  it('an event for a session this shop never made is acknowledged and changes nothing', async () => {
    const res = await signed(
      completedEvent({ ...fake.markPaid(stripeSessionOf(await anySession()).id), id: 'cs_test_unknown' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'unknown' });
  });

  it('reports the provider being down as a clear 502, and makes no session', async () => {
    const shopper = await signUp(h.app);
    const cartId = await fillCart(h.app, shopper, [shawl.id]);
    const rowsBefore = (await h.database.db.select().from(checkoutSessions)).length;
    fake.failNext(10);
    const res = await requestSession(h.app, shopper, cartId);
    fake.failNext(0);
    expect(res.statusCode).toBe(502);
    // The contract's 5xx envelope.
    expect(res.json()).toEqual({ statusMsg: 'error', message: providerUnavailable });
    expect((await h.database.db.select().from(checkoutSessions)).length).toBe(rowsBefore);
  });

  async function anySession() {
    const shopper = await signUp(h.app);
    return createSession(h.app, shopper, await fillCart(h.app, shopper, [shawl.id]));
  }
});
