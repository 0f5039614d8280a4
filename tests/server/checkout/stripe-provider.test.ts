import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '@/server/modules/checkout/providers/provider';
import { createStripeProvider } from '@/server/modules/checkout/providers/stripe-provider';
import { completedEvent, startFakeStripe, stripeSignature, type FakeStripe } from '../fakes/fake-stripe';

const secret = 'whsec_test_' + 'x'.repeat(24);
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

function provider() {
  return createStripeProvider({
    secretKey: 'sk_test_provider',
    webhookSecret: secret,
    apiHost: '127.0.0.1',
    apiPort: fake.port,
    apiProtocol: 'http',
  });
}

const input = {
  sessionId: '6740aa00' + 'b'.repeat(16),
  lines: [
    { title: 'Woman Shawl', count: 2, unitPrice: 149 },
    { title: 'Laptop Bag', count: 1, unitPrice: 699 },
  ],
  // original 997: tax ⌊997/9⌋ = 110, savings ⌊997/10⌋ = 99, total 1008
  tax: 110,
  savings: 99,
  total: 1008,
  currency: 'egp' as const,
  successUrl: 'http://shop.test/#/allorders',
  cancelUrl: 'http://shop.test/#/cart',
  returnUrl: 'http://api.test/pay/6740aa00bbbbbbbbbbbbbbbb/return',
  customerEmail: 'mona@example.com',
  expiresAt: new Date(Date.now() + 86_400_000),
};

describe('Stripe provider: creating a Checkout Session', () => {
  it('sends the lines, tax and savings in piastres of EGP, the return URLs and our id', async () => {
    const created = await provider().createSession(input);
    expect(created.providerSessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.com/c/pay/${created.providerSessionId}`);

    const coupon = fake.requests.find((r) => r.path === '/v1/coupons');
    expect(coupon?.form).toMatchObject({
      amount_off: '9900',
      currency: 'egp',
      duration: 'once',
      max_redemptions: '1',
    });

    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(create?.authorization).toBe('Bearer sk_test_provider');
    expect(create?.idempotencyKey).toBe(`checkout-${input.sessionId}-session`);
    expect(create?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'egp',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][product_data][name]': 'Woman Shawl',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '69900',
      'line_items[1][price_data][product_data][name]': 'Laptop Bag',
      'line_items[2][price_data][product_data][name]': 'Tax',
      'line_items[2][price_data][unit_amount]': '11000',
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.sessionId,
      'metadata[checkoutSessionId]': input.sessionId,
      customer_email: 'mona@example.com',
    });
    // The savings coupon is attached (the stand-in refuses unknown coupons and subtracts its amount).
    expect(create?.form['discounts[0][coupon]']).toMatch(/^coupon_/);
    // What Stripe will charge is exactly the cart page's Total.
    expect(fake.sessions.get(created.providerSessionId!)?.amount_total).toBe(100_800);
  });

  it('sends no tax line and no coupon when both are zero', async () => {
    const before = fake.requests.length;
    await provider().createSession({
      ...input,
      sessionId: '6740aa00' + 'c'.repeat(16),
      lines: [{ title: 'Pen', count: 1, unitPrice: 5 }],
      tax: 0,
      savings: 0,
      total: 5,
    });
    const sent = fake.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    expect(Object.keys(sent[0]!.form).filter((k) => k.startsWith('line_items[1]'))).toEqual([]);
  });

  it('an unreachable or failing API is an error the route can report', async () => {
    fake.failNext(5);
    await expect(
      provider().createSession({ ...input, sessionId: '6740aa00' + 'd'.repeat(16) }),
    ).rejects.toThrow();
    fake.failNext(0);
  });
});

describe('Stripe provider: webhooks', () => {
  const session = () => ({
    id: 'cs_test_webhook',
    object: 'checkout.session' as const,
    url: 'https://checkout.stripe.com/c/pay/cs_test_webhook',
    status: 'open' as const,
    payment_status: 'unpaid' as const,
    amount_total: 100_800,
    currency: 'egp',
    client_reference_id: input.sessionId,
    metadata: { checkoutSessionId: input.sessionId },
    success_url: input.returnUrl,
    cancel_url: input.cancelUrl,
    created: Math.floor(Date.now() / 1000),
  });

  it('accepts a correctly signed checkout.session.completed and reads the paid session', () => {
    const body = completedEvent(session(), 'evt_ok');
    const header = stripeSignature(body, secret, Math.floor(Date.now() / 1000));
    const event = provider().readWebhook!(Buffer.from(body), header);
    expect(event.eventId).toBe('evt_ok');
    expect(event.paid).toMatchObject({
      providerSessionId: 'cs_test_webhook',
      clientReferenceId: input.sessionId,
    });
  });

  it('refuses a signature made with another secret', () => {
    const body = completedEvent(session());
    const header = stripeSignature(body, 'whsec_wrong', Math.floor(Date.now() / 1000));
    expect(() => provider().readWebhook!(Buffer.from(body), header)).toThrow(WebhookVerificationError);
  });

  it('refuses a body changed after signing (the raw bytes are what is verified)', () => {
    const body = completedEvent(session());
    const header = stripeSignature(body, secret, Math.floor(Date.now() / 1000));
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(() => provider().readWebhook!(Buffer.from(reformatted), header)).toThrow(WebhookVerificationError);
  });

  it('refuses a timestamp older than five minutes, accepts one just inside', () => {
    const body = completedEvent(session());
    const now = Math.floor(Date.now() / 1000);
    expect(() =>
      provider().readWebhook!(Buffer.from(body), stripeSignature(body, secret, now - 301)),
    ).toThrow(/tolerance/i);
    expect(
      provider().readWebhook!(Buffer.from(body), stripeSignature(body, secret, now - 290)).paid,
    ).not.toBeNull();
  });

  it('refuses a missing header', () => {
    expect(() => provider().readWebhook!(Buffer.from(completedEvent(session())), undefined)).toThrow(
      WebhookVerificationError,
    );
  });

  it('reads other verified events without fulfilling anything', () => {
    const body = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'checkout.session.expired',
      created: 1,
      data: { object: session() },
    });
    const event = provider().readWebhook!(
      Buffer.from(body),
      stripeSignature(body, secret, Math.floor(Date.now() / 1000)),
    );
    expect(event).toEqual({ eventId: 'evt_other', type: 'checkout.session.expired', paid: null });
  });
});

describe('Stripe provider: refunds', () => {
  it('refunds part of a payment in piastres, once per idempotency key, and says why it refuses more', async () => {
    const created = await provider().createSession({ ...input, sessionId: '6740aa00' + 'd'.repeat(16) });
    const paid = fake.markPaid(created.providerSessionId!);
    const p = provider();

    const first = await p.refund!(created.providerSessionId!, 'order-refund-r1', 40_000);
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.form).toMatchObject({ payment_intent: paid.payment_intent, amount: '40000' });
    expect(sent.idempotencyKey).toBe('order-refund-r1');
    // The same key again (a retry): the same refund, not a second one.
    expect(await p.refund!(created.providerSessionId!, 'order-refund-r1', 40_000)).toBe(first);
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);

    // 1,008 EGP paid, 400 back: 608 are left, so 700 is refused with Stripe's own words.
    await expect(p.refund!(created.providerSessionId!, 'order-refund-r2', 70_000)).rejects.toThrow(
      /greater than unrefunded amount/,
    );
    // Without an amount: the rest.
    await p.refund!(created.providerSessionId!, 'order-refund-r3');
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent).map((r) => r.amount)).toEqual(
      [40_000, 60_800],
    );
  });
});
