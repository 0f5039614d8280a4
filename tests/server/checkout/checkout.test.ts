import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSummary } from '@/lib/rules/cart-summary';
import { checkoutSessions, orders, products } from '@/server/db/schema';
import { payThemeScript } from '@/server/modules/checkout/providers/test-provider/page';
import {
  address,
  card4242,
  createSession,
  csrfFrom,
  fillCart,
  formBody,
  orderHistory,
  requestSession,
  returnBase,
  seedProducts,
  signUp,
  startApp,
  type Harness,
  type SeededProduct,
  type SessionJson,
} from '../fakes/payments-app';
import { dbKinds } from '../helpers/test-app';

describe.each(dbKinds)('card checkout on %s', (kind) => {
  let h: Harness;
  let shawl: SeededProduct;
  let bag: SeededProduct;

  beforeAll(async () => {
    h = await startApp(kind);
    [shawl, bag] = (await seedProducts(h.database, [
      { title: 'Woman Shawl', price: 149, quantity: 500 },
      { title: 'Laptop Bag', price: 699, quantity: 500 },
    ])) as [SeededProduct, SeededProduct];
  });
  afterAll(async () => {
    await h?.close();
  });

  const pagePath = (s: SessionJson) => new URL(s.url).pathname;

  async function openPage(s: SessionJson) {
    return h.app.inject({ method: 'GET', url: pagePath(s) });
  }

  async function pay(s: SessionJson, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const page = await openPage(s);
    const csrf = fields.csrf ?? csrfFrom(page.body);
    return h.app.inject({
      method: 'POST',
      url: pagePath(s),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://api.shop.test',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      payload: formBody({ ...fields, csrf }),
    });
  }

  async function cartStatus(token: string) {
    return (await h.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { token } })).statusCode;
  }

  describe('POST /api/v1/orders/checkout-session/:cartId', () => {
    it('opens a session for the cart page Total and leaves the cart alone', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id, shawl.id, bag.id]);
      const before = Math.floor(Date.now() / 1000);
      const res = await requestSession(h.app, shopper, cartId);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { status: string; session: SessionJson };
      expect(body.status).toBe('success');
      const total = cartSummary(2 * 149 + 699).total; // 997 + 110 − 99 = 1008
      expect(body.session).toMatchObject({
        success_url: `${returnBase}/allorders`,
        cancel_url: `${returnBase}/cart`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: total * 100,
        currency: 'egp',
      });
      expect(body.session.id).toMatch(/^[0-9a-f]{24}$/);
      expect(body.session.url).toBe(`http://api.shop.test/pay/${body.session.id}`);
      expect(body.session.expires_at - before).toBeGreaterThanOrEqual(24 * 3600 - 5);
      expect(body.session.expires_at - before).toBeLessThanOrEqual(24 * 3600 + 5);
      expect(await cartStatus(shopper.token)).toBe(200);
    });

    it('answers the contract envelopes for bad input', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);

      const noUrl = await requestSession(h.app, shopper, cartId, { url: null });
      expect(noUrl.statusCode).toBe(400);
      expect(noUrl.json()).toMatchObject({ message: 'fail', errors: { param: 'url', location: 'query' } });

      for (const url of ['javascript:alert(1)', 'ftp://shop.test', 'not a url', '/relative']) {
        const res = await requestSession(h.app, shopper, cartId, { url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({
          message: 'fail',
          errors: { param: 'url', value: url, location: 'query' },
        });
      }

      const noCity = await requestSession(h.app, shopper, cartId, {
        body: { shippingAddress: { details: 'x', phone: '01012345678' } },
      });
      expect(noCity.statusCode).toBe(400);
      expect(noCity.json()).toMatchObject({ message: 'fail', errors: { param: 'shippingAddress.city' } });

      const anonymous = await h.app.inject({
        method: 'POST',
        url: `/api/v1/orders/checkout-session/${cartId}?url=${encodeURIComponent(returnBase)}`,
        payload: { shippingAddress: address },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        statusMsg: 'fail',
        message: 'You are not logged in. Please login to get access',
      });

      const unknownCart = await requestSession(h.app, shopper, 'f'.repeat(24));
      expect(unknownCart.statusCode).toBe(404);
      expect(unknownCart.json()).toMatchObject({ statusMsg: 'fail' });
    });

    it("refuses someone else's cart exactly like an unknown one", async () => {
      const owner = await signUp(h.app);
      const other = await signUp(h.app, 'Karim');
      const cartId = await fillCart(h.app, owner, [shawl.id]);
      const res = await requestSession(h.app, other, cartId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusMsg: 'fail', message: `No cart for this id ${cartId}` });
    });

    it('refuses a cart asking for more than the stock, and an empty cart', async () => {
      const shopper = await signUp(h.app);
      const [vase] = await seedProducts(h.database, [{ title: 'Glass Vase', price: 300, quantity: 1 }]);
      const cartId = await fillCart(h.app, shopper, [vase!.id]);
      // Someone else bought the last one after it went into this cart.
      await h.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, vase!.id));
      const tooMany = await requestSession(h.app, shopper, cartId);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ statusMsg: 'fail', message: 'Insufficient stock for Glass Vase' });

      const removed = await h.app.inject({
        method: 'DELETE',
        url: `/api/v1/cart/${vase!.id}`,
        headers: { token: shopper.token },
      });
      expect(removed.statusCode).toBe(200);
      const empty = await requestSession(h.app, shopper, cartId);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ statusMsg: 'fail', message: 'Your cart is empty' });
    });
  });

  describe('the hosted test payment page', () => {
    it('shows the shop, the lines and the amount in EGP, and cannot be framed or cached', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id, shawl.id, bag.id]);
      const s = await createSession(h.app, shopper, cartId);
      const res = await openPage(s);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self' http://shop.test");
      expect(res.headers['cache-control']).toBe('no-store');
      // "no-referrer" would make browsers send Origin: null on the form post, which is refused.
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.body).not.toContain('no-referrer');
      expect(res.body).toContain('FreshCart');
      expect(res.body).toContain('Woman Shawl');
      expect(res.body).toContain('Laptop Bag');
      // Amounts as the storefront writes them.
      expect(res.body).toContain('1,008 EGP');
      expect(res.body).not.toContain('EGP\u00a0');
      for (const label of ['Card number', 'Expiry date (MM/YY)', 'Security code (CVC)', 'Name on card']) {
        expect(res.body).toContain(`>${label}</label>`);
      }
      expect(res.body).toContain('<button type="submit">Pay 1,008 EGP</button>');
      expect(res.body).toContain(`href="${s.cancel_url}"`);
      // One script only, allowed by its nonce: it applies the shop's theme choice. Everything else works
      // without JavaScript.
      const scripts = [...res.body.matchAll(/<script nonce="([^"]+)">([^<]*)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      expect(res.body.match(/<script/g)).toHaveLength(1);
      expect(scripts[0]![2]).toBe(payThemeScript);
      expect(csp).toContain(`script-src 'nonce-${scripts[0]![1]}'`);
    });

    it('pays with 4242: 303 to success_url, one paid card order in the history, the cart consumed', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id, bag.id]);
      const stockBefore = await stockOf(shawl.id);
      const shownStock = async () =>
        JSON.parse((await h.app.inject({ method: 'GET', url: `/api/v1/products/${shawl.id}` })).body).data
          .quantity;
      // Cached now: the paid order must not leave the old stock on show.
      expect(await shownStock()).toBe(stockBefore);
      const s = await createSession(h.app, shopper, cartId);
      const csrf = csrfFrom((await openPage(s)).body);
      const res = await pay(s, { ...card4242, csrf });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${returnBase}/allorders`);

      const history = await orderHistory(h.app, shopper);
      expect(history).toHaveLength(1);
      const order = history[0]!;
      const summary = cartSummary(149 + 699);
      expect(order).toMatchObject({
        paymentMethodType: 'card',
        isPaid: true,
        totalOrderPrice: summary.total,
        taxPrice: summary.tax,
        // A card order starts paid, and its history says so (issue 28).
        status: 'paid',
        statusHistory: [{ status: 'paid', at: expect.any(String) }],
      });
      expect(Date.now() - Date.parse(order.paidAt!)).toBeLessThan(60_000);
      expect(order.cartItems.map((i) => i.count)).toEqual([1, 1]);
      expect(await cartStatus(shopper.token)).toBe(404);
      expect(await stockOf(shawl.id)).toBe(stockBefore - 1);
      expect(await shownStock()).toBe(stockBefore - 1);

      // The page now says the order is paid; a late second submit lands on the success page again.
      const after = await openPage(s);
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('This order is already paid');
      expect(after.body).toContain(`href="${s.success_url}"`);
      const again = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ ...card4242, csrf }),
      });
      expect(again.statusCode).toBe(303);
      expect(await orderHistory(h.app, shopper)).toHaveLength(1);
    });

    it('a double submit of the payment form makes one order', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [bag.id]);
      const s = await createSession(h.app, shopper, cartId);
      const csrf = csrfFrom((await openPage(s)).body);
      const post = () =>
        h.app.inject({
          method: 'POST',
          url: pagePath(s),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          payload: formBody({ ...card4242, csrf }),
        });
      const results = await Promise.all([post(), post(), post()]);
      expect(results.map((r) => r.statusCode)).toEqual([303, 303, 303]);
      expect(results.map((r) => r.headers.location)).toEqual(Array(3).fill(s.success_url));
      expect(await orderHistory(h.app, shopper)).toHaveLength(1);
      const rows = await h.database.db.select().from(orders).where(eq(orders.checkoutSessionId, s.id));
      expect(rows).toHaveLength(1);
    });

    it('declines 4000 0000 0000 0002, keeps the page usable, and makes no order', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);
      const declined = await pay(s, { ...card4242, cardNumber: '4000 0000 0000 0002' });
      expect(declined.statusCode).toBe(402);
      expect(declined.body).toMatch(/<div class="summary" role="alert"[^>]*>[\s\S]*Your card was declined\./);
      expect(declined.body).toContain('value="Mona Adel"');
      // The typed number is not echoed back: the card-number field comes back empty.
      expect(declined.body).toMatch(/<input id="card-number"(?![^>]*value=)[^>]*>/);
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
      expect(await cartStatus(shopper.token)).toBe(200);

      // Still usable: the same page, a good card, paid.
      const paid = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ ...card4242, csrf: csrfFrom(declined.body) }),
      });
      expect(paid.statusCode).toBe(303);
      expect(await orderHistory(h.app, shopper)).toHaveLength(1);
    });

    it('explains a bad number, an unknown card, an expired card and missing fields', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);

      const luhn = await pay(s, { ...card4242, cardNumber: '4242 4242 4242 4241' });
      expect(luhn.statusCode).toBe(422);
      expect(luhn.body).toContain(
        'This card number is not valid. Check the digits on your card and try again.',
      );
      expect(luhn.body).toMatch(/<input id="card-number"[^>]*aria-invalid="true"/);

      const unknown = await pay(s, { ...card4242, cardNumber: '5555 5555 5555 4444' });
      expect(unknown.statusCode).toBe(402);
      expect(unknown.body).toContain('Your card was declined. This is a test payment page');

      const expired = await pay(s, { ...card4242, expiry: '01/20' });
      expect(expired.statusCode).toBe(422);
      expect(expired.body).toContain('Your card has expired.');

      const empty = await pay(s, { cardNumber: '', expiry: '', cvc: '', cardName: '' });
      expect(empty.statusCode).toBe(422);
      for (const text of [
        'Enter your card number.',
        'Enter the expiry date.',
        'Enter the security code (CVC).',
        'Enter the name on the card.',
      ]) {
        expect(empty.body).toContain(text);
      }
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
    });

    it('Cancel goes back to the cart; the session and the cart stay as they were', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);
      const page = await openPage(s);
      const cancel = /<a class="cancel" href="([^"]+)">Cancel and return to the shop<\/a>/.exec(page.body);
      expect(cancel?.[1]).toBe(s.cancel_url);
      expect(s.cancel_url).toBe(`${returnBase}/cart`);
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
      expect(await cartStatus(shopper.token)).toBe(200);
      expect((await openPage(s)).statusCode).toBe(200);
    });

    it('an expired session shows a clear page and cannot be paid', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);
      const csrf = csrfFrom((await openPage(s)).body);
      await h.database.db
        .update(checkoutSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(checkoutSessions.id, s.id));
      const page = await openPage(s);
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('This payment page has expired');
      const post = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ ...card4242, csrf }),
      });
      expect(post.statusCode).toBe(410);
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
      expect(await cartStatus(shopper.token)).toBe(200);
    });

    it('unknown and malformed session ids get a clear HTML page, not an error dump', async () => {
      for (const id of ['f'.repeat(24), 'nope', '%3Cscript%3E']) {
        const res = await h.app.inject({ method: 'GET', url: `/pay/${id}` });
        expect(res.statusCode, id).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('We could not find this payment');
        expect(res.body).not.toContain('<script>');
        expect(res.body).not.toMatch(/at .*\.ts:\d+/);
      }
    });

    it('answers an oversized or malformed post with an HTML page too', async () => {
      const shopper = await signUp(h.app);
      const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [shawl.id]));
      const big = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cardName=' + 'x'.repeat(20_000),
      });
      expect(big.statusCode).toBe(413);
      expect(big.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(big.body).toContain('The form sent was too large.');
      const json = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/json' },
        payload: '{"cardNumber":',
      });
      expect(json.statusCode).toBe(400);
      expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
    });

    it('refuses cross-site posts and posts without the form token of this session', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);
      const otherShopper = await signUp(h.app);
      const other = await createSession(h.app, otherShopper, await fillCart(h.app, otherShopper, [bag.id]));
      const otherToken = csrfFrom((await openPage(other)).body);

      const attempts = [
        pay(s, card4242, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
        pay(s, card4242, { origin: 'https://evil.example', 'sec-fetch-site': '' }),
        pay(s, card4242, { 'sec-fetch-site': 'same-site', origin: 'http://api.shop.test' }),
        pay(s, card4242, { origin: 'null' }),
        pay(s, { ...card4242, csrf: 'forged' }),
        pay(s, { ...card4242, csrf: otherToken }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(403);
        expect(res.body).toContain('This payment form could not be accepted');
      }
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
      expect(await cartStatus(shopper.token)).toBe(200);
    });

    it('when stock runs out before paying, the session fails with the reason and nothing is ordered', async () => {
      const shopper = await signUp(h.app);
      const [lamp] = await seedProducts(h.database, [{ title: 'Brass Lamp', price: 250, quantity: 1 }]);
      const cartId = await fillCart(h.app, shopper, [lamp!.id]);
      const s = await createSession(h.app, shopper, cartId);
      const csrf = csrfFrom((await openPage(s)).body);
      await h.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, lamp!.id));

      const res = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ ...card4242, csrf }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('Insufficient stock for Brass Lamp. Nothing was charged.');
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
      expect(await cartStatus(shopper.token)).toBe(200);
      const [row] = await h.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.id));
      expect(row).toMatchObject({ status: 'failed', paymentStatus: 'unpaid' });
      expect((await openPage(s)).body).toContain('Insufficient stock for Brass Lamp');
    });

    it('a cart changed after the session opened is not charged the old amount', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);
      const csrf = csrfFrom((await openPage(s)).body);
      await fillCart(h.app, shopper, [bag.id]);
      const page = await openPage(s);
      expect(page.statusCode).toBe(409);
      expect(page.body).toContain('Your cart changed after this payment page was opened');
      const res = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ ...card4242, csrf }),
      });
      expect(res.statusCode).toBe(409);
      expect(await orderHistory(h.app, shopper)).toHaveLength(0);
    });

    it('a cart already turned into a cash order cannot also be paid by card', async () => {
      const shopper = await signUp(h.app);
      const cartId = await fillCart(h.app, shopper, [shawl.id]);
      const s = await createSession(h.app, shopper, cartId);
      const csrf = csrfFrom((await openPage(s)).body);
      const cash = await h.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${cartId}`,
        headers: { token: shopper.token },
        payload: { shippingAddress: address },
      });
      expect(cash.statusCode).toBe(201);
      const res = await h.app.inject({
        method: 'POST',
        url: pagePath(s),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ ...card4242, csrf }),
      });
      expect(res.statusCode).toBe(409);
      const history = await orderHistory(h.app, shopper);
      expect(history.map((o) => o.paymentMethodType)).toEqual(['cash']);
    });

    it("someone else's paid session does not show in your history, and card numbers are stored nowhere", async () => {
      const payer = await signUp(h.app);
      const bystander = await signUp(h.app, 'Karim');
      const s = await createSession(h.app, payer, await fillCart(h.app, payer, [shawl.id]));
      expect((await pay(s, card4242)).statusCode).toBe(303);
      expect(await orderHistory(h.app, bystander)).toHaveLength(0);
      const peek = await h.app.inject({
        method: 'GET',
        url: `/api/v1/orders/user/${payer.userId}`,
        headers: { token: bystander.token },
      });
      expect(peek.statusCode).toBe(403);
      const sessions = await h.database.db.select().from(checkoutSessions);
      const allOrders = await h.database.db.select().from(orders);
      // Ids are random hex and can hold '4242' by chance: blank them, then no digits of the card may remain.
      const stored = JSON.stringify([sessions, allOrders]).replace(/"[0-9a-f]{24}"/g, '"<id>"');
      expect(stored).not.toMatch(/4242|4000000000000002/);
    });

    it('the webhook endpoint says Stripe is not enabled when no keys are set', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusMsg: 'fail' });
    });
  });

  describe('over real HTTP', () => {
    it('a browser-like form post pays and redirects with 303', async () => {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = h.app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const shopper = await signUp(h.app);
      const s = await createSession(h.app, shopper, await fillCart(h.app, shopper, [bag.id]));
      const page = await fetch(`${base}${pagePath(s)}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const res = await fetch(`${base}${pagePath(s)}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: base,
          'sec-fetch-site': 'same-origin',
        },
        body: formBody({ ...card4242, csrf: csrfFrom(html) }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(s.success_url);
      expect(await orderHistory(h.app, shopper)).toHaveLength(1);
    });
  });

  async function stockOf(productId: string): Promise<number> {
    const [row] = await h.database.db
      .select({ q: products.quantity })
      .from(products)
      .where(eq(products.id, productId));
    return row!.q;
  }
});
