// GET /orders (staff): every order, newest first, in the product list's envelope, with its filters, sorts, keyword
// and deep pages; GET /orders/{id}. A shopper's token gets 403.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
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

describe.each(dbKinds)('the staff order list on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let alice: Shopper;
  let bob: Shopper;
  let goods: SeededProduct[];
  /** Alice's orders, oldest first: placed, paid (cash), shipped, cancelled; Bob's: a placed cash one and a card one. */
  const made: Json[] = [];

  const list = async (query: string, token = staff.token) => {
    const res = await call(t.app, 'GET', `/api/v1/orders?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const numbers = async (query: string) => ((await list(query)).data as Json[]).map((o) => o.id as number);
  const put = (id: string, action: string) =>
    call(t.app, 'PUT', `/api/v1/orders/${id}/${action}`, staff.token);

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    staff = await staffMember(t.app, t.database, 'admin');
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    goods = await seedProducts(t.database, [
      { title: 'Tea Tin', price: 50, quantity: 500 },
      { title: 'Coffee Bag', price: 300, quantity: 500 },
    ]);
    const [tea, coffee] = goods as [SeededProduct, SeededProduct];
    // One at a time: an account may have only 3 unpaid orders waiting.
    made.push(await cashOrder(t.app, alice.token, [[tea.id, 1]]));
    made.push(await cashOrder(t.app, alice.token, [[coffee.id, 1]]));
    await put(made[1]!._id, 'pay');
    made.push(await cashOrder(t.app, alice.token, [[tea.id, 2]]));
    made.push(await cashOrder(t.app, alice.token, [[coffee.id, 3]]));
    await put(made[2]!._id, 'ship');
    await put(made[3]!._id, 'cancel');
    made.push(await cashOrder(t.app, bob.token, [[tea.id, 4]]));
    const card = await cardOrder(t, bob, [[coffee.id, 2]]);
    made.push(json(await call(t.app, 'GET', `/api/v1/orders/${card}`, staff.token)).data as Json);
    // A day apart, oldest first, so the date filters have fixed answers.
    for (const [i, o] of made.entries())
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1 + i, 12)) })
        .where(eq(orders.id, o._id as string));
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = (...indexes: number[]) => indexes.map((i) => made[i]!.id as number);

  it('answers the product list’s envelope, newest first; a shopper gets 403', async () => {
    const first = await list(`user=${alice.id}&limit=3`);
    expect(Object.keys(first)).toEqual(['results', 'metadata', 'data']);
    expect(first.results).toBe(4);
    expect(first.metadata).toEqual({ currentPage: 1, numberOfPages: 2, limit: 3, nextPage: 2 });
    expect((first.data as Json[]).map((o) => o.id)).toEqual(ids(3, 2, 1));
    const order = (first.data as Json[])[0]!;
    expect(order).toMatchObject({
      status: 'cancelled',
      user: { _id: alice.id, name: 'Alice', email: alice.email },
    });
    expect(order.cartItems[0].product.title).toBe('Coffee Bag');
    expect(order.statusHistory.map((h: Json) => h.status)).toEqual(['placed', 'cancelled']);
    const second = await list(`user=${alice.id}&limit=3&page=2`);
    expect(second.metadata).toEqual({ currentPage: 2, numberOfPages: 2, limit: 3, prevPage: 1 });
    expect((second.data as Json[]).map((o) => o.id)).toEqual(ids(0));

    const shopper = await call(t.app, 'GET', '/api/v1/orders', alice.token);
    expect(shopper.statusCode).toBe(403);
    expect(json(shopper)).toEqual({
      statusMsg: 'fail',
      message: 'You are not allowed to perform this action',
    });
  });

  it('filters by status, payment, paid, dates, customer and total, and sorts', async () => {
    const mine = `user=${alice.id}`;
    expect(await numbers(`${mine}&status=shipped`)).toEqual(ids(2));
    expect(await numbers(`${mine}&status=cancelled`)).toEqual(ids(3));
    expect(await numbers(`user=${bob.id}&paymentMethodType=card`)).toEqual(ids(5));
    expect(await numbers(`user=${bob.id}&paymentMethodType=cash`)).toEqual(ids(4));
    expect(await numbers(`${mine}&isPaid=true`)).toEqual(ids(1));
    expect(await numbers(`${mine}&isPaid=false`)).toEqual(ids(3, 2, 0));
    expect(await numbers(`${mine}&createdAt[gte]=2030-01-02&createdAt[lte]=2030-01-03`)).toEqual(ids(2, 1));
    expect(
      await numbers(`${mine}&createdAt[gte]=2030-01-02T12:00:00Z&createdAt[lte]=2030-01-02T12:00:00Z`),
    ).toEqual(ids(1));
    const totals = made.map((o) => o.totalOrderPrice as number);
    expect(
      await numbers(`${mine}&totalOrderPrice[gte]=${totals[2]}&totalOrderPrice[lte]=${totals[1]}`),
    ).toEqual(ids(2, 1));
    expect(await numbers(`${mine}&sort=totalOrderPrice`)).toEqual(ids(0, 2, 1, 3));
    expect(await numbers(`${mine}&sort=-totalOrderPrice`)).toEqual(ids(3, 1, 2, 0));
    expect(await numbers(`${mine}&sort=createdAt`)).toEqual(ids(0, 1, 2, 3));
    expect(await numbers(`user=${bob.id}&status=paid&paymentMethodType=card&isPaid=true`)).toEqual(ids(5));
    // Every order of the shop, newest first: these six were written last (in 2030).
    expect((await numbers('limit=6')).slice(0, 6)).toEqual(ids(5, 4, 3, 2, 1, 0));
  });

  it('finds orders by number, the customer’s e-mail or phone', async () => {
    expect(await numbers(`keyword=${made[2]!.id}`)).toEqual(ids(2));
    expect(await numbers(`keyword=%23${made[2]!.id}`)).toEqual(ids(2));
    expect(await numbers(`keyword=${encodeURIComponent(alice.email.slice(0, -5).toUpperCase())}`)).toEqual(
      ids(3, 2, 1, 0),
    );
    const phone = made[4]!.shippingAddress.phone as string;
    expect(await numbers(`keyword=${phone}`)).toEqual(ids(4));
    // The same number written internationally, and a prefix of it.
    expect(await numbers(`keyword=${encodeURIComponent(`+20 ${phone.slice(1)}`)}`)).toEqual(ids(4));
    // Bob's two orders were shipped to numbers one apart: ten digits find both.
    expect(await numbers(`keyword=${phone.slice(0, 10)}&user=${bob.id}`)).toEqual(ids(5, 4));
    expect(await numbers('keyword=nobody-here%40example.org')).toEqual([]);
    // A like pattern is a literal.
    expect(await numbers(`keyword=%25&user=${alice.id}`)).toEqual([]);
  });

  it('refuses what it cannot read, in the validation envelope', async () => {
    for (const [query, param, msg] of [
      [
        'status=lost',
        'status',
        'status must be one of placed, paid, processing, shipped, delivered, cancelled',
      ],
      ['sort=price', 'sort', 'sort must be one of -createdAt, createdAt, -totalOrderPrice, totalOrderPrice'],
      ['paymentMethodType=cheque', 'paymentMethodType', 'paymentMethodType must be one of cash, card'],
      ['isPaid=maybe', 'isPaid', 'isPaid must be a boolean'],
      ['createdAt[gte]=yesterday', 'createdAt[gte]', expect.stringContaining('is not a date')],
      ['user=someone', 'user', 'user must be an account id (24 hex characters)'],
      ['totalOrderPrice[gte]=-1', 'totalOrderPrice[gte]', 'totalOrderPrice[gte] must be at least 0'],
      ['totalOrderPrice[gt]=1', 'totalOrderPrice[gt]', 'Unsupported filter totalOrderPrice[gt]'],
      ['createdAt[$ne]=1', 'createdAt[$ne]', 'Unsupported query parameter createdAt[$ne]'],
    ] as const) {
      const res = await call(t.app, 'GET', `/api/v1/orders?${query}`, staff.token);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).errors, query).toMatchObject({ param, msg, location: 'query' });
    }
  });

  it('reads deep pages by their ids first, in the same order as the first pages', async () => {
    const many = await signUp(t.app, { name: 'Many Orders' });
    await t.database.db.execute(sql`
      insert into orders (id, user_id, source_cart_id, shipping_details, shipping_phone, shipping_city, tax_price,
        discount_price, total_order_price, payment_method_type, created_at, updated_at)
      select substr(md5('deep' || g || ${many.id}), 1, 24), ${many.id}, 'deep-cart-' || g || ${many.id}, 'x', '010',
        'Cairo', 0, 0, g % 7, 'cash', timestamp '2031-01-01' - (g / 3) * interval '1 minute', now()
      from generate_series(1, 1105) g`);
    const expected = (
      await t.database.db
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.userId, many.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
    ).map((r) => r.number);
    const deep = await list(`user=${many.id}&limit=100&page=11`);
    expect(deep.results).toBe(1105);
    expect(deep.metadata).toEqual({
      currentPage: 11,
      numberOfPages: 12,
      limit: 100,
      nextPage: 12,
      prevPage: 10,
    });
    expect((deep.data as Json[]).map((o) => o.id)).toEqual(expected.slice(1000, 1100));
    const last = await list(`user=${many.id}&limit=100&page=12`);
    expect((last.data as Json[]).map((o) => o.id)).toEqual(expected.slice(1100));
    expect((await list(`user=${many.id}&limit=100&page=13`)).data).toEqual([]);
    const byTotal = await list(`user=${many.id}&limit=50&page=21&sort=-totalOrderPrice`);
    const totals = (byTotal.data as Json[]).map((o) => o.totalOrderPrice as number);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    await t.database.db.delete(orders).where(inArray(orders.userId, [many.id]));
  });

  it('GET /orders/{id}: staff read any order by id or number; a shopper only their own', async () => {
    const order = made[2]!;
    for (const ref of [order._id, order.id]) {
      const res = await call(t.app, 'GET', `/api/v1/orders/${ref}`, staff.token);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ status: 'success', data: { _id: order._id, status: 'shipped' } });
    }
    expect((await call(t.app, 'GET', `/api/v1/orders/${order._id}`, alice.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/v1/orders/${order._id}`, bob.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/orders/99999999', staff.token)).statusCode).toBe(404);
  });

  it('reads just the orders named by ids (the packing slips), and refuses a bad or too long list', async () => {
    const named = await list(`ids=${made[4]!._id},${made[0]!._id},${made[0]!._id}`);
    expect((named.data as Json[]).map((o) => o.id)).toEqual(ids(4, 0));
    const tooMany = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    for (const bad of ['', 'abc', `${made[0]!._id},nope`, tooMany]) {
      const res = await call(t.app, 'GET', `/api/v1/orders?ids=${bad}`, staff.token);
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).errors).toMatchObject({
        param: 'ids',
        msg: 'ids must be 1 to 100 order ids (24 hex characters), separated by commas',
      });
    }
  });
});
