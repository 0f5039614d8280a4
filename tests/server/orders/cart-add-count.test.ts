import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import {
  dbKinds,
  json,
  signUp,
  someProducts,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

// POST /cart {productId, count}: product details' quantity, added in one statement, all units or none.
describe.each(dbKinds)('adding several units at once on %s', (kind) => {
  let t: TestApp;
  let catalogue: Json[];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper, payload?: object) =>
    t.app.inject({ method, url, headers: { token: who.token }, ...(payload ? { payload } : {}) });
  const add = (who: Shopper, productId: string, count?: unknown) =>
    call('POST', '/api/v1/cart', who, count === undefined ? { productId } : { productId, count });
  const stock = (id: string, quantity: number) =>
    t.database.db.update(products).set({ quantity }).where(eq(products.id, id));
  /** The caller's cart lines as product id → count, read back from GET /cart. */
  async function counts(who: Shopper): Promise<Record<string, number>> {
    const res = await call('GET', '/api/v1/cart', who);
    if (res.statusCode === 404) return {};
    return Object.fromEntries((json(res).data.products as Json[]).map((l) => [l.product._id, l.count]));
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    catalogue = await someProducts(t.app, 4);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds that many units to a new cart and to an existing line, priced as one unit times the count', async () => {
    const s = await signUp(t.app);
    const [a] = catalogue as [Json];
    await stock(a._id, 40);
    const first = await add(s, a._id, 3);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({
      message: 'Product added successfully to your cart',
      numOfCartItems: 1,
    });
    expect(json(first).data.products).toEqual([expect.objectContaining({ product: a._id, count: 3 })]);
    expect(json(first).data.totalCartPrice).toBe(3 * (a.price as number));
    expect((await add(s, a._id, 4)).statusCode).toBe(200);
    // Without a count it is the contract's add of one.
    expect((await add(s, a._id)).statusCode).toBe(200);
    expect(await counts(s)).toEqual({ [a._id]: 8 });
  });

  it('refuses more than the stock, the line cap or the cart cap, with the rule, and changes nothing', async () => {
    const s = await signUp(t.app);
    const [a, b, c] = catalogue as [Json, Json, Json];
    await stock(a._id, 5);
    await stock(b._id, 500);
    await stock(c._id, 500);
    expect((await add(s, a._id, 2)).statusCode).toBe(200);

    const overStock = await add(s, a._id, 4);
    expect(overStock.statusCode).toBe(400);
    expect(json(overStock).message).toBe(`Only 5 of ${a.title} in stock`);

    const overLine = await add(s, b._id, 51);
    expect(overLine.statusCode).toBe(400);
    expect(json(overLine).message).toBe(`You can order at most 50 of ${b.title} at a time`);

    expect((await add(s, b._id, 50)).statusCode).toBe(200);
    expect((await add(s, c._id, 47)).statusCode).toBe(200);
    const overCart = await add(s, c._id, 2);
    expect(overCart.statusCode).toBe(400);
    expect(json(overCart).message).toBe('An order can hold at most 100 items; remove some to add more');
    expect(await counts(s)).toEqual({ [a._id]: 2, [b._id]: 50, [c._id]: 47 });
    // The one unit that fits still goes in: 100 in all.
    expect((await add(s, c._id, 1)).statusCode).toBe(200);
    expect(await counts(s)).toEqual({ [a._id]: 2, [b._id]: 50, [c._id]: 48 });
  });

  it('refuses a count that is no whole number of at least 1 with a clear error, and never fails on a huge one', async () => {
    const s = await signUp(t.app);
    const [, , , d] = catalogue as [Json, Json, Json, Json];
    await stock(d._id, 20);
    for (const [count, msg] of [
      [0, 'count must be at least 1'],
      [-3, 'count must be at least 1'],
      [2.5, 'count must be an integer'],
      ['three', 'count must be an integer'],
    ] as const) {
      const res = await add(s, d._id, count);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        message: 'fail',
        errors: { value: count, msg, param: 'count', location: 'body' },
      });
    }
    for (const bad of [null, [2, 3], { n: 2 }]) {
      const res = await add(s, d._id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(res).errors).toMatchObject({ param: 'count' });
    }
    for (const huge of [1e12, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const res = await add(s, d._id, huge);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(`Only 20 of ${d.title} in stock`);
    }
    // A numeric string is read as the number, as every other count of the contract is.
    expect((await add(s, d._id, '2')).statusCode).toBe(200);
    expect(await counts(s)).toEqual({ [d._id]: 2 });
  });

  it('an archived product or an unknown id adds nothing, whatever the count', async () => {
    const s = await signUp(t.app);
    const [a] = catalogue as [Json];
    await t.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, a._id));
    try {
      const archived = await add(s, a._id, 3);
      expect(archived.statusCode).toBe(400);
      expect(json(archived).message).toBe(`${a.title} is no longer for sale`);
    } finally {
      await t.database.db.update(products).set({ status: 'active' }).where(eq(products.id, a._id));
    }
    expect((await add(s, '6428ebc6dc1175abc65ca0aa', 3)).statusCode).toBe(404);
    expect(await counts(s)).toEqual({});
  });
});
