import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, orders, products } from '@/server/db/schema';
import { json, signUp, someProducts, startTestApp, type Json, type TestApp } from '../helpers/test-app';

const address = { details: '5 Nile Corniche', phone: '01012345678', city: 'Giza' };

// PGlite serves one connection, so races prove nothing there: these run on PostgreSQL only, over
// real HTTP (the app listens on port 0) so the requests truly overlap.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('races on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  let catalogue: Json[];

  async function call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(base + path, {
      method,
      headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  beforeAll(async () => {
    t = await startTestApp('postgres');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
    catalogue = await someProducts(t.app, 5);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 concurrent adds of one product end with count 20', async () => {
    const s = await signUp(t.app);
    const p = catalogue[0]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/v1/cart', s.token, { productId: p._id })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const cart = await call('GET', '/api/v1/cart', s.token);
    expect(cart.body.numOfCartItems).toBe(1);
    expect(cart.body.data.products[0].count).toBe(20);
    expect(new Set(results.map((r) => r.body.cartId)).size).toBe(1);
  });

  it('two shoppers racing for the last unit: exactly one order, stock 0, never negative', async () => {
    const p = catalogue[1]!;
    const shoppers = await Promise.all([signUp(t.app), signUp(t.app)]);
    const carts: string[] = [];
    for (const s of shoppers)
      carts.push((await call('POST', '/api/v1/cart', s.token, { productId: p._id })).body.cartId as string);
    await t.database.db.update(products).set({ quantity: 1 }).where(eq(products.id, p._id));
    const results = await Promise.all(
      shoppers.map((s, i) =>
        call('POST', `/api/v1/orders/${carts[i]}`, s.token, { shippingAddress: address }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({
      statusMsg: 'fail',
      message: `Insufficient stock for ${p.title}`,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p._id));
    expect(row!.quantity).toBe(0);
    expect(row!.sold).toBe(p.sold + 1);
  });

  it('a double-submitted cash order makes one order', async () => {
    const s = await signUp(t.app);
    const p = catalogue[2]!;
    const cartId = (await call('POST', '/api/v1/cart', s.token, { productId: p._id })).body.cartId as string;
    await call('PUT', `/api/v1/cart/${p._id}`, s.token, { count: 2 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/v1/orders/${cartId}`, s.token, { shippingAddress: address }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, s.id));
    expect(rows).toHaveLength(1);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p._id));
    expect(row!.quantity).toBe(p.quantity - 2);
    const history = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/user/${s.id}`, headers: { token: s.token } }),
    );
    expect(history).toHaveLength(1);
  });

  it('an add racing an order never resurrects the consumed cart', async () => {
    const s = await signUp(t.app);
    const [p, q] = [catalogue[3]!, catalogue[4]!];
    const cartId = (await call('POST', '/api/v1/cart', s.token, { productId: p._id })).body.cartId as string;
    const [order, add] = await Promise.all([
      call('POST', `/api/v1/orders/${cartId}`, s.token, { shippingAddress: address }),
      call('POST', '/api/v1/cart', s.token, { productId: q._id }),
    ]);
    expect(order.status).toBe(201);
    expect(add.status).toBe(200);
    const items = order.body.data.cartItems as Json[];
    const cart = await call('GET', '/api/v1/cart', s.token);
    if (items.length === 2) {
      // The add landed first and went into the order; no cart is left.
      expect(cart.status).toBe(404);
    } else {
      // The order came first; the add started a new cart.
      expect(items).toHaveLength(1);
      expect(cart.body.cartId).not.toBe(cartId);
      expect(cart.body.data.products[0].product._id).toBe(q._id);
    }
  });

  it('adds racing on one cart never pass the per-order cap together: one of ten takes the 100th unit', async () => {
    const s = await signUp(t.app);
    const [a, b, c] = [catalogue[0]!, catalogue[1]!, catalogue[2]!];
    await t.database.db
      .update(products)
      .set({ quantity: 1000 })
      .where(inArray(products.id, [a._id, b._id, c._id]));
    await call('POST', '/api/v1/cart', s.token, { productId: a._id });
    await call('POST', '/api/v1/cart', s.token, { productId: b._id });
    expect((await call('PUT', `/api/v1/cart/${a._id}`, s.token, { count: 50 })).status).toBe(200);
    expect((await call('PUT', `/api/v1/cart/${b._id}`, s.token, { count: 49 })).status).toBe(200);
    const adds = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/v1/cart', s.token, { productId: c._id })),
    );
    expect(adds.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    for (const r of adds.filter((r) => r.status === 400)) {
      expect(r.body.message).toBe('An order can hold at most 100 items; remove some to add more');
    }
    const cart = await call('GET', '/api/v1/cart', s.token);
    const counts = (cart.body.data.products as Json[]).map((l) => l.count as number);
    expect(counts).toEqual([50, 49, 1]);
    // Taking a line out frees its units for new adds.
    expect((await call('DELETE', `/api/v1/cart/${b._id}`, s.token)).status).toBe(200);
    expect((await call('POST', '/api/v1/cart', s.token, { productId: c._id })).status).toBe(200);
  });

  it('adds of several units racing for the same stock take whole adds only: three of five adds of 3 fit in 10', async () => {
    const s = await signUp(t.app);
    const p = catalogue[3]!;
    await t.database.db.update(products).set({ quantity: 10 }).where(eq(products.id, p._id));
    const adds = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/v1/cart', s.token, { productId: p._id, count: 3 })),
    );
    expect(adds.map((r) => r.status).sort()).toEqual([200, 200, 200, 400, 400]);
    for (const r of adds.filter((r) => r.status === 400))
      expect(r.body.message).toBe(`Only 10 of ${p.title} in stock`);
    const cart = await call('GET', '/api/v1/cart', s.token);
    expect((cart.body.data.products as Json[]).map((l) => l.count)).toEqual([9]);
  });

  it('each add answers with a whole cart holding its line, also when another add committed while it waited', async () => {
    const s = await signUp(t.app);
    const adds = await Promise.all(
      catalogue.map((p) => call('POST', '/api/v1/cart', s.token, { productId: p._id })),
    );
    expect(adds.map((r) => r.status)).toEqual(Array(catalogue.length).fill(200));
    // Each answer is the cart as it was at one moment after its own add (its own, or a later add's): every add here
    // makes a new line and a new version, so a whole cart of version v has v + 1 lines.
    for (const [i, add] of adds.entries()) {
      const lines = (add.body.data.products as Json[]).map((l) => l.product as string);
      expect(lines).toHaveLength((add.body.data.__v as number) + 1);
      expect(lines).toContain(catalogue[i]!._id);
      expect(add.body.numOfCartItems).toBe(lines.length);
    }
    const cart = await call('GET', '/api/v1/cart', s.token);
    expect(cart.body.data.__v).toBe(catalogue.length - 1);
    expect(cart.body.numOfCartItems).toBe(catalogue.length);
  });

  it('count changes racing on one cart never pass the per-order cap together: one of five raises its line by 35', async () => {
    const s = await signUp(t.app);
    await t.database.db
      .update(products)
      .set({ quantity: 1000 })
      .where(
        inArray(
          products.id,
          catalogue.map((p) => p._id as string),
        ),
      );
    for (const p of catalogue) {
      await call('POST', '/api/v1/cart', s.token, { productId: p._id });
      expect((await call('PUT', `/api/v1/cart/${p._id}`, s.token, { count: 10 })).status).toBe(200);
    }
    // 50 units in five lines of 10: any one line may go to 45 (85 units), never two (120).
    const changes = await Promise.all(
      catalogue.map((p) => call('PUT', `/api/v1/cart/${p._id}`, s.token, { count: 45 })),
    );
    expect(changes.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of changes.filter((r) => r.status === 400)) {
      expect(r.body).toEqual({
        message: 'fail',
        errors: {
          value: 45,
          msg: 'An order can hold at most 100 items; remove some to add more',
          param: 'count',
          location: 'body',
        },
      });
    }
    const cart = await call('GET', '/api/v1/cart', s.token);
    const counts = (cart.body.data.products as Json[]).map((l) => l.count as number);
    expect(counts.sort((x, y) => x - y)).toEqual([10, 10, 10, 10, 45]);
  });

  it('count changes, removals and adds racing on one cart keep its units the sum of its lines', async () => {
    const s = await signUp(t.app);
    for (const p of catalogue) await call('POST', '/api/v1/cart', s.token, { productId: p._id });
    const [a, b, c, d, e] = catalogue.map((p) => p._id as string);
    const results = await Promise.all([
      call('PUT', `/api/v1/cart/${a}`, s.token, { count: 3 }),
      call('DELETE', `/api/v1/cart/${b}`, s.token),
      call('POST', '/api/v1/cart', s.token, { productId: c, count: 2 }),
      call('PUT', `/api/v1/cart/${d}`, s.token, { count: 4 }),
      call('DELETE', `/api/v1/cart/${e}`, s.token),
      call('PUT', `/api/v1/cart/${c}`, s.token, { count: 2 }),
      call('POST', '/api/v1/cart', s.token, { productId: a }),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(7).fill(200));
    // Every answer is a whole cart at one moment: its lines add up to its total.
    for (const r of results) {
      const lines = r.body.data.products as Json[];
      expect(r.body.numOfCartItems).toBe(lines.length);
      const priceOf = (l: Json) =>
        catalogue.find((p) => p._id === (l.product._id ?? l.product))!.price as number;
      expect(r.body.data.totalCartPrice).toBe(
        lines.reduce((sum, l) => sum + (l.count as number) * priceOf(l), 0),
      );
    }
    const cart = await call('GET', '/api/v1/cart', s.token);
    const byProduct = new Map((cart.body.data.products as Json[]).map((l) => [l.product._id, l.count]));
    expect(byProduct.get(b)).toBeUndefined();
    expect(byProduct.get(e)).toBeUndefined();
    expect(byProduct.get(d)).toBe(4);
    // c: 1, then +2 and =2 in either order (2 or 4); a: 1, then =3 and +1 in either order (3 or 4).
    expect([2, 4]).toContain(byProduct.get(c));
    expect([3, 4]).toContain(byProduct.get(a));
    expect(cart.body.data.__v).toBe(4 + 7);
    const [row] = await t.database.db
      .select()
      .from(carts)
      .where(eq(carts.id, cart.body.cartId as string));
    const lines = await t.database.db.select().from(cartItems).where(eq(cartItems.cartId, row!.id));
    expect(row!.units).toBe(lines.reduce((sum, l) => sum + l.count, 0));
  });
});
