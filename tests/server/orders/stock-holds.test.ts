import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, heldOrder, orderItems, orders, products } from '@/server/db/schema';
import { clientAddressKey, phoneKey, shippingAddressKey } from '@/server/modules/orders/holds';
import {
  maxHeldUnitsPerPhone,
  maxHeldUnitsPerShippingAddress,
  maxOpenUnpaidOrders,
  tooManyHeldForPhone,
  tooManyHeldForShippingAddress,
  tooManyHeldFromAddress,
  tooManyHeldOfProduct,
  tooManyOpenOrders,
} from '@/server/modules/orders/limits';
import {
  card4242,
  csrfFrom,
  formBody,
  returnBase,
  seedProducts,
  signUp,
  startApp,
  type Harness,
  type SeededProduct,
  type SessionJson,
  type Shopper,
} from '../fakes/payments-app';
import { dbKinds } from '../helpers/test-app';

// Unpaid cash orders and orders "paid" on the hosted test page hold stock until they are
// delivered. What they hold together is capped per account, client address, phone number, shipping address
// and product (docs/security.md, "Stock held by unpaid and test-paid orders").

const perAddress = 300;

/** A different phone number and shipping address for each n, so only the cap under test is shared. */
function shippingFor(n: number) {
  return { details: `${n} Attack Street`, phone: `0101${String(n).padStart(7, '0')}`, city: 'Cairo' };
}

describe.each(dbKinds)('stock held by unpaid and test-paid orders on %s', (kind) => {
  let h: Harness;
  let big: SeededProduct[];
  let shopperNo = 0;

  beforeAll(async () => {
    h = await startApp(kind);
    // Plenty of stock: only the per-holder caps can refuse these.
    big = await seedProducts(
      h.database,
      Array.from({ length: 12 }, (_, i) => ({ title: `Crate ${i}`, price: 10, quantity: 100_000 })),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const newShopper = () => signUp(h.app, `Holder ${++shopperNo}`);

  /** Fills the shopper's cart with exactly these lines (product, count); returns the cart id. */
  async function cartWith(s: Shopper, lines: [SeededProduct, number][]): Promise<string> {
    // A refused order leaves its cart as it was: start from an empty one.
    await h.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: { token: s.token } });
    let cartId = '';
    for (const [p, count] of lines) {
      const add = await h.app.inject({
        method: 'POST',
        url: '/api/v1/cart',
        headers: { token: s.token },
        payload: { productId: p.id },
      });
      expect(add.statusCode, add.body).toBe(200);
      cartId = (add.json() as { cartId: string }).cartId;
      const set = await h.app.inject({
        method: 'PUT',
        url: `/api/v1/cart/${p.id}`,
        headers: { token: s.token },
        payload: { count },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    return cartId;
  }

  function cashOrder(s: Shopper, cartId: string, ip: string, shippingAddress: object) {
    return h.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cartId}`,
      headers: { token: s.token },
      remoteAddress: ip,
      payload: { shippingAddress },
    });
  }

  function openSession(s: Shopper, cartId: string, ip: string, shippingAddress: object) {
    return h.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}?url=${encodeURIComponent(returnBase)}`,
      headers: { token: s.token },
      remoteAddress: ip,
      payload: { shippingAddress },
    });
  }

  /** Pays on the hosted test page with 4242, from another address than the one that opened the session. */
  async function payOnTestPage(session: SessionJson) {
    const path = new URL(session.url).pathname;
    const page = await h.app.inject({ method: 'GET', url: path, remoteAddress: '198.51.100.200' });
    return h.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: '198.51.100.200',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://api.shop.test',
        'sec-fetch-site': 'same-origin',
      },
      payload: formBody({ ...card4242, csrf: csrfFrom(page.body) }),
    });
  }

  /** One new shopper per entry orders 50 + 50 units of the two products, in turn; their answers. */
  async function newShoppersOrder100(
    pair: [SeededProduct, SeededProduct],
    entries: { ip: string; shipping: object }[],
  ): Promise<{ status: number; message?: string }[]> {
    const answers: { status: number; message?: string }[] = [];
    for (const { ip, shipping } of entries) {
      const s = await newShopper();
      const cartId = await cartWith(s, [
        [pair[0], 50],
        [pair[1], 50],
      ]);
      const res = await cashOrder(s, cartId, ip, shipping);
      answers.push({ status: res.statusCode, message: (res.json() as { message?: string }).message });
    }
    return answers;
  }

  /** Units held now by the orders of these shoppers (unpaid cash and test-paid, not delivered). */
  async function heldBy(shoppers: Shopper[]): Promise<number> {
    const [row] = await h.database.db
      .select({ units: sql<string | number | null>`sum(${orderItems.count})` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        sql`${heldOrder} and ${inArray(
          orders.userId,
          shoppers.map((s) => s.userId),
        )}`,
      );
    return Number(row?.units ?? 0);
  }

  async function stockOf(p: SeededProduct): Promise<number> {
    const [row] = await h.database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, p.id));
    return row!.quantity;
  }

  it('the issue: 4 new accounts from one address lock 300 units, not 1,200', async () => {
    const ip = '203.0.113.4';
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => newShopper()));
    const answers: { status: number; message?: string }[] = [];
    for (const [i, s] of shoppers.entries()) {
      for (let n = 0; n < maxOpenUnpaidOrders; n++) {
        // 100 units an order (two lines of 50), each order to another phone and shipping address.
        const cartId = await cartWith(s, [
          [big[0]!, 50],
          [big[1]!, 50],
        ]);
        const res = await cashOrder(s, cartId, ip, shippingFor(100 + i * 10 + n));
        answers.push({ status: res.statusCode, message: (res.json() as { message?: string }).message });
      }
    }
    expect(answers.slice(0, 3).every((a) => a.status === 201)).toBe(true);
    expect(answers.slice(3)).toEqual(
      Array(9).fill({ status: 400, message: tooManyHeldFromAddress(perAddress, perAddress) }),
    );
    expect(await heldBy(shoppers)).toBe(perAddress);
    // The refusals took nothing: exactly the three orders' units left the stock.
    expect(await stockOf(big[0]!)).toBe(100_000 - 150);
    // The contract's envelope.
    const s = await newShopper();
    const cartId = await cartWith(s, [[big[2]!, 1]]);
    const refused = await cashOrder(s, cartId, ip, shippingFor(199));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      statusMsg: 'fail',
      message: tooManyHeldFromAddress(perAddress, perAddress),
    });
    // The same address in IPv4-mapped form is the same client.
    const mapped = await cashOrder(s, cartId, `::ffff:${ip}`, shippingFor(198));
    expect(mapped.statusCode).toBe(400);
  });

  it('an IPv6 client is counted by its /64: new addresses in the same /64 do not escape the cap', async () => {
    const answers = await newShoppersOrder100(
      [big[3]!, big[4]!],
      [1, 2, 3, 4].map((n) => ({
        ip: `2001:db8:25:7:${n.toString(16)}::${n + 8}`,
        shipping: shippingFor(200 + n),
      })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses).toEqual([201, 201, 201, 400]);
    expect(clientAddressKey('2001:0db8:0025:0007:ffff::1')).toBe('2001:db8:25:7::/64');
    expect(clientAddressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it(`one phone number, however written, holds at most ${maxHeldUnitsPerPhone} units across accounts and addresses`, async () => {
    const spellings = ['01098765432', '+20 109 876 5432', '0020-109-876-5432', '٠١٠٩٨٧٦٥٤٣٢'];
    expect(new Set(spellings.map(phoneKey))).toEqual(new Set(['01098765432']));
    const statuses = await newShoppersOrder100(
      [big[5]!, big[6]!],
      spellings.map((phone, i) => ({
        ip: `192.0.2.${30 + i}`,
        shipping: { ...shippingFor(300 + i), phone },
      })),
    );
    expect(statuses.map((s) => s.status)).toEqual([201, 201, 201, 400]);
    expect(statuses[3]!.message).toBe(tooManyHeldForPhone(maxHeldUnitsPerPhone, 300));
  });

  it(`one shipping address, however written, holds at most ${maxHeldUnitsPerShippingAddress} units`, async () => {
    const spellings = [
      { details: '7 Corniche Road, flat 9', city: 'Alexandria' },
      { details: '7  corniche road flat 9', city: 'ALEXANDRIA' },
      { details: '7 CORNICHE ROAD - FLAT 9.', city: ' alexandria ' },
      { details: '7 Corniche Road; Flat 9', city: 'Alexandria' },
    ];
    expect(new Set(spellings.map(shippingAddressKey)).size).toBe(1);
    const statuses = await newShoppersOrder100(
      [big[7]!, big[8]!],
      spellings.map((place, i) => ({
        ip: `192.0.2.${40 + i}`,
        shipping: { ...shippingFor(400 + i), ...place },
      })),
    );
    expect(statuses.map((s) => s.status)).toEqual([201, 201, 201, 400]);
    expect(statuses[3]!.message).toBe(tooManyHeldForShippingAddress(maxHeldUnitsPerShippingAddress, 300));
  });

  it('one order of 44 units cannot sell out a product of 44: unpaid orders hold at most a quarter of it', async () => {
    const [small] = await seedProducts(h.database, [{ title: 'Rare Teapot', price: 90, quantity: 44 }]);
    const s = await newShopper();
    const cartId = await cartWith(s, [[small!, 44]]);
    const all = await cashOrder(s, cartId, '192.0.2.50', shippingFor(500));
    expect(all.statusCode).toBe(400);
    expect(all.json()).toEqual({ statusMsg: 'fail', message: tooManyHeldOfProduct('Rare Teapot', 11) });
    expect(await stockOf(small!)).toBe(44);
    // Eleven (25 % of 44) are fine; then nobody else may hold more of it, from any address.
    await h.app.inject({
      method: 'PUT',
      url: `/api/v1/cart/${small!.id}`,
      headers: { token: s.token },
      payload: { count: 11 },
    });
    expect((await cashOrder(s, cartId, '192.0.2.50', shippingFor(500))).statusCode).toBe(201);
    const other = await newShopper();
    const otherCart = await cartWith(other, [[small!, 1]]);
    const more = await cashOrder(other, otherCart, '192.0.2.51', shippingFor(501));
    expect(more.json()).toEqual({ statusMsg: 'fail', message: tooManyHeldOfProduct('Rare Teapot', 0) });
    expect(await stockOf(small!)).toBe(33);
  });

  it('a product with a few units left still sells them to a cash buyer (at least 5 may be held)', async () => {
    const [last] = await seedProducts(h.database, [{ title: 'Last Lamps', price: 50, quantity: 3 }]);
    const s = await newShopper();
    const cartId = await cartWith(s, [[last!, 3]]);
    expect((await cashOrder(s, cartId, '192.0.2.60', shippingFor(600))).statusCode).toBe(201);
    expect(await stockOf(last!)).toBe(0);
  });

  it('test-card orders count: one account cannot "pay" 6 × 100 units on the hosted test page', async () => {
    const s = await newShopper();
    const ip = '192.0.2.70';
    const results: number[] = [];
    for (let n = 0; n < 6; n++) {
      const cartId = await cartWith(s, [
        [big[9]!, 50],
        [big[10]!, 50],
      ]);
      const opened = await openSession(s, cartId, ip, shippingFor(700 + n));
      if (opened.statusCode !== 200) {
        // Refused up front, before a card number is typed.
        expect(opened.json()).toEqual({ statusMsg: 'fail', message: tooManyOpenOrders });
        results.push(opened.statusCode);
        continue;
      }
      results.push((await payOnTestPage((opened.json() as { session: SessionJson }).session)).statusCode);
    }
    expect(results).toEqual([303, 303, 303, 400, 400, 400]);
    expect(await heldBy([s])).toBe(300);
    const rows = await h.database.db.select().from(orders).where(eq(orders.userId, s.userId));
    expect(rows.map((r) => [r.paymentMethodType, r.isPaid, r.paymentProvider])).toEqual(
      Array(3).fill(['card', true, 'test']),
    );
  });

  it('the payment is checked again: a session opened in time is refused when paid, and cart and stock stay', async () => {
    const ip = '192.0.2.75';
    const s = await newShopper();
    const cartId = await cartWith(s, [
      [big[9]!, 50],
      [big[11]!, 50],
    ]);
    const opened = await openSession(s, cartId, ip, shippingFor(750));
    expect(opened.statusCode, opened.body).toBe(200);
    // Meanwhile other accounts from the same address hold 250 units.
    const other = await newShopper();
    for (const [n, count] of [50, 50, 25].entries()) {
      const c = await cartWith(other, [
        [big[9]!, count],
        [big[11]!, count],
      ]);
      expect((await cashOrder(other, c, ip, shippingFor(751 + n))).statusCode).toBe(201);
    }
    const stockBefore = [await stockOf(big[9]!), await stockOf(big[11]!)];
    const cartBefore = await h.app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { token: s.token },
    });
    const refused = await payOnTestPage((opened.json() as { session: SessionJson }).session);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(`${tooManyHeldFromAddress(perAddress, 250)}. Nothing was charged.`);
    const [failed] = await h.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, (opened.json() as { session: SessionJson }).session.id));
    expect(failed).toMatchObject({ status: 'failed', orderId: null });
    expect([await stockOf(big[9]!), await stockOf(big[11]!)]).toEqual(stockBefore);
    const cartAfter = await h.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { token: s.token } });
    expect(cartAfter.statusCode).toBe(200);
    expect(cartAfter.json()).toEqual(cartBefore.json());
    expect(await heldBy([s])).toBe(0);
  });

  it('a test-card session is refused up front when the product share would be passed, and checked again when paid', async () => {
    const [small] = await seedProducts(h.database, [{ title: 'Blue Vase', price: 70, quantity: 40 }]);
    const s = await newShopper();
    const cartId = await cartWith(s, [[small!, 11]]);
    const early = await openSession(s, cartId, '192.0.2.80', shippingFor(800));
    expect(early.json()).toEqual({ statusMsg: 'fail', message: tooManyHeldOfProduct('Blue Vase', 10) });

    // Opened while allowed; another shopper's cash order takes the share before it is paid.
    await h.app.inject({
      method: 'PUT',
      url: `/api/v1/cart/${small!.id}`,
      headers: { token: s.token },
      payload: { count: 6 },
    });
    const opened = await openSession(s, cartId, '192.0.2.80', shippingFor(800));
    expect(opened.statusCode, opened.body).toBe(200);
    const other = await newShopper();
    const otherCart = await cartWith(other, [[small!, 6]]);
    expect((await cashOrder(other, otherCart, '192.0.2.81', shippingFor(801))).statusCode).toBe(201);
    const refused = await payOnTestPage((opened.json() as { session: SessionJson }).session);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(`${tooManyHeldOfProduct('Blue Vase', 4)}. Nothing was charged.`);
    expect(await stockOf(small!)).toBe(34);
    const cart = await h.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { token: s.token } });
    expect((cart.json() as { numOfCartItems: number }).numOfCartItems).toBe(1);
  });

  it('20 accounts ordering at once from one address hold exactly the cap', async () => {
    const ip = '203.0.113.20';
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newShopper()));
    const carts = await Promise.all(shoppers.map((s, i) => cartWith(s, [[big[i % 12]!, 50]])));
    const answers = await Promise.all(
      shoppers.map((s, i) => cashOrder(s, carts[i]!, ip, shippingFor(900 + i))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(6).fill(201), ...Array(14).fill(400)]);
    expect(await heldBy(shoppers)).toBe(perAddress);
  });

  it('20 accounts from 20 addresses ordering one product at once hold exactly its share', async () => {
    const [hot] = await seedProducts(h.database, [{ title: 'Hot Kettle', price: 30, quantity: 200 }]);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newShopper()));
    const carts = await Promise.all(shoppers.map((s) => cartWith(s, [[hot!, 5]])));
    const answers = await Promise.all(
      shoppers.map((s, i) => cashOrder(s, carts[i]!, `198.51.100.${i + 1}`, shippingFor(1000 + i))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(await heldBy(shoppers)).toBe(50);
    expect(await stockOf(hot!)).toBe(150);
  });
});
