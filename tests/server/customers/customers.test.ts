// GET /customers (staff): shoppers' accounts newest first, each with their orders (cancelled left out), what they
// spent and when they last ordered; search by e-mail or phone prefix; staff accounts are not customers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProducts, type SeededProduct } from '../fakes/payments-app';
import { cardOrder, cashOrder } from '../helpers/orders';
import { call, staffMember } from '../helpers/staff';
import {
  dbKinds,
  json,
  signUp,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

describe.each(dbKinds)('the customers list on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let alice: Shopper;
  let bob: Shopper;
  let carol: Shopper;
  const placed: Json[] = [];
  let earlier = 0;
  let cardTotal = 0;

  const list = async (query = '') => {
    const res = await call(t.app, 'GET', `/api/v1/customers${query}`, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res) as { results: number; metadata: Json; data: Json[] };
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    staff = await staffMember(t.app, t.database, 'staff');
    earlier = (await list()).results;
    t.advance(1000);
    alice = await signUp(t.app, { name: 'Alice', phone: '01011112222' });
    t.advance(1000);
    bob = await signUp(t.app, { name: 'Bob', phone: '01233334444' });
    t.advance(1000);
    carol = await signUp(t.app, { name: 'Carol', phone: '01555556666' });
    const [tea] = (await seedProducts(t.database, [{ title: 'Tea Tin', price: 100, quantity: 500 }])) as [
      SeededProduct,
    ];
    placed.push(await cashOrder(t.app, alice.token, [[tea.id, 1]]));
    placed.push(await cashOrder(t.app, alice.token, [[tea.id, 3]]));
    placed.push(await cashOrder(t.app, bob.token, [[tea.id, 2]]));
    await call(t.app, 'PUT', `/api/v1/orders/${placed[2]!._id}/cancel`, staff.token);
    // Carol paid by card and got 25 back.
    const card = await cardOrder(t, carol, [[tea.id, 1]], 'test');
    cardTotal = (
      json(await call(t.app, 'POST', `/api/v1/orders/${card}/refunds`, staff.token, { amount: 25 }))
        .data as Json
    ).totalOrderPrice as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists shoppers newest first with their orders, spending and last order; staff are left out', async () => {
    const page = await list();
    // The migrations' review authors are customers from before.
    expect(page.results).toBe(earlier + 3);
    expect(page.data.slice(0, 3).map((c) => c.name)).toEqual(['Carol', 'Bob', 'Alice']);
    const [c, b, a] = page.data as [Json, Json, Json];
    expect(page.data.some((x) => x._id === staff.id)).toBe(false);
    expect(c).toMatchObject({ _id: carol.id, email: carol.email, orders: 1, spent: cardTotal - 25 });
    expect(c.lastOrderAt).toEqual(expect.any(String));
    // Bob's only order was cancelled.
    expect(b).toMatchObject({ orders: 0, spent: 0 });
    expect(a).toMatchObject({
      orders: 2,
      spent: (placed[0]!.totalOrderPrice as number) + (placed[1]!.totalOrderPrice as number),
      lastOrderAt: placed[1]!.createdAt,
    });
    const oldestFirst = (await list(`?sort=createdAt&limit=100`)).data.map((x) => x.name);
    expect(oldestFirst.slice(-3)).toEqual(['Alice', 'Bob', 'Carol']);
    expect((await list('?page=2&limit=2')).data.map((x) => x.name)[0]).toBe('Alice');
  });

  it('finds customers by the start of their e-mail or phone', async () => {
    expect((await list('?keyword=0123')).data.map((x) => x.name)).toEqual(['Bob']);
    expect(
      (await list(`?keyword=${encodeURIComponent(alice.email.slice(0, 8).toUpperCase())}`)).data.map(
        (x) => x.name,
      ),
    ).toContain('Alice');
    // LIKE's wildcards are text here.
    expect((await list('?keyword=%25')).results).toBe(0);
  });

  it('is for staff only, and refuses a bad sort', async () => {
    expect((await call(t.app, 'GET', '/api/v1/customers', alice.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/customers?sort=spent', staff.token)).statusCode).toBe(400);
  });
});
