// Bulk changes from the back office's product list (POST /products/bulk): prices by a percentage, one stock count,
// archiving; all of the chosen products change or none do, each with its own audit and stock history row, and two
// staff members changing overlapping products at once both land, in turn.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stockHistory } from '@/server/db/schema';
import { scaledPrice } from '@/server/modules/catalogue/staff-bulk';
import { call, staffMember } from '../helpers/staff';
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

describe.each(dbKinds)('bulk product changes on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let other: Shopper;
  let shopper: Shopper;
  let seeded: Json;
  let counter = 0;

  const bulk = (body: unknown, who: Shopper = staff) =>
    call(t.app, 'POST', '/api/v1/products/bulk', who.token, body);
  const publicProduct = async (id: string) =>
    json(await t.app.inject({ url: `/api/v1/products/${id}` })).data as Json;

  /** New products of the given prices (and prices after discount), made through the staff API. */
  async function make(prices: [number, number | null][]): Promise<string[]> {
    const ids: string[] = [];
    for (const [price, priceAfterDiscount] of prices) {
      counter++;
      const res = await call(t.app, 'POST', '/api/v1/products', staff.token, {
        title: `Bulk test lamp ${kind} ${counter}`,
        description: 'A brass lamp',
        price,
        priceAfterDiscount,
        quantity: 10,
        category: seeded.category._id,
        brand: seeded.brand._id,
        imageCover: new URL(seeded.imageCover).pathname,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(json(res).data._id);
    }
    return ids;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await staffMember(t.app, t.database, 'staff');
    other = await staffMember(t.app, t.database, 'admin');
    shopper = await signUp(t.app);
    [seeded] = (await someProducts(t.app, 1)) as [Json];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('raises prices and prices after discount by a percentage; the storefront shows them; each has an audit row', async () => {
    const ids = await make([
      [200, 150],
      [99, null],
      [1000, 999],
    ]);
    const res = await bulk({ ids, action: 'price-percent', percent: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.map((p: Json) => [p._id, p.price, p.priceAfterDiscount ?? null])).toEqual([
      [ids[0], 220, 165],
      [ids[1], 109, null],
      [ids[2], 1100, 1099],
    ]);
    expect((await publicProduct(ids[1]!)).price).toBe(109);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.bulk-price'), inArray(auditLog.entityId, ids)));
    expect(audit).toHaveLength(3);
    expect(audit.find((a) => a.entityId === ids[0])).toMatchObject({
      actorEmail: staff.email,
      before: expect.objectContaining({ price: 200 }),
      after: expect.objectContaining({ price: 220 }),
    });
  });

  it('rounds to whole pounds', () => {
    expect(scaledPrice(99, 10)).toBe(109);
    expect(scaledPrice(5, -90)).toBe(1);
    expect(scaledPrice(1, -90)).toBe(0);
    expect(scaledPrice(149, -15)).toBe(127);
  });

  it('changes nothing when one price would fall to 0 EGP, and says which product', async () => {
    const ids = await make([
      [500, null],
      [1, null],
    ]);
    const res = await bulk({ ids, action: 'price-percent', percent: -90 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/^The price of "Bulk test lamp .*" would fall to 0 EGP/);
    expect((await publicProduct(ids[0]!)).price).toBe(500);
  });

  it('sets one stock count with a history row for each product whose stock moved', async () => {
    const ids = await make([
      [10, null],
      [20, null],
    ]);
    await call(t.app, 'PUT', `/api/v1/products/${ids[1]}`, staff.token, { quantity: 40 });
    const res = await bulk({ ids, action: 'set-stock', quantity: 40, stockReason: 'Stock count, December' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicProduct(ids[0]!)).quantity).toBe(40);
    const history = await t.database.db
      .select()
      .from(stockHistory)
      .where(inArray(stockHistory.productId, ids));
    const counted = history.filter((h) => h.reason === 'Stock count, December');
    expect(counted.map((h) => [h.productId, h.before, h.after])).toEqual([[ids[0], 10, 40]]);
  });

  it('archives: the products leave the storefront', async () => {
    const ids = await make([
      [10, null],
      [20, null],
    ]);
    const res = await bulk({ ids, action: 'archive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.map((p: Json) => p.status)).toEqual(['archived', 'archived']);
    expect((await t.app.inject({ url: `/api/v1/products/${ids[0]}` })).statusCode).toBe(404);
  });

  it('two staff members raising overlapping products at once both land, one after the other', async () => {
    const ids = await make([
      [100, null],
      [200, null],
      [300, null],
    ]);
    const [a, b] = await Promise.all([
      bulk({ ids, action: 'price-percent', percent: 10 }),
      bulk({ ids: [...ids].reverse(), action: 'price-percent', percent: 10 }, other),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect((await Promise.all(ids.map(publicProduct))).map((p) => p.price)).toEqual([121, 242, 363]);
  });

  it.each([
    ['no ids', { ids: [], action: 'archive' }, 'ids'],
    [
      '101 ids',
      { ids: Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')), action: 'archive' },
      'ids',
    ],
    ['the same id twice', { ids: ['a'.repeat(24), 'a'.repeat(24)], action: 'archive' }, 'ids'],
    ['an unknown action', { ids: ['a'.repeat(24)], action: 'delete' }, 'action'],
    ['a price change without a percentage', { ids: ['a'.repeat(24)], action: 'price-percent' }, 'percent'],
    ['a cut of 95 %', { ids: ['a'.repeat(24)], action: 'price-percent', percent: -95 }, 'percent'],
    ['a stock count below 0', { ids: ['a'.repeat(24)], action: 'set-stock', quantity: -1 }, 'quantity'],
    ['a stock count without a number', { ids: ['a'.repeat(24)], action: 'set-stock' }, 'quantity'],
  ])('refuses %s with the validation envelope', async (_what, body, param) => {
    const res = await bulk(body);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.param).toBe(param);
  });

  it('an unknown product among the ids: 404, and the others are unchanged', async () => {
    const [id] = await make([[70, null]]);
    const res = await bulk({ ids: [id, 'f'.repeat(24)], action: 'price-percent', percent: 50 });
    expect(res.statusCode).toBe(404);
    expect((await publicProduct(id!)).price).toBe(70);
  });

  it("a shopper's token gets 403", async () => {
    const [id] = await make([[70, null]]);
    expect((await bulk({ ids: [id], action: 'archive' }, shopper)).statusCode).toBe(403);
    expect((await publicProduct(id!)).price).toBe(70);
  });
});
