// GET /dashboard (staff): today's and this month's orders and sales on the shop's calendar (Cairo by default, so an
// order at 22:10 UTC is the next day's), orders waiting to ship, low stock, and the last 30 days zero-filled.
import { eq } from 'drizzle-orm';
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

// 00:30 on 11 March 2030 in Cairo (UTC+2 in March).
const now = Date.parse('2030-03-10T22:30:00.000Z');

describe.each(dbKinds)('the back office dashboard on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let shopper: Shopper;
  let tea: SeededProduct;
  let low: SeededProduct;

  // A shopper each: an account may have only 3 unpaid orders waiting.
  const place = async (at: string, units = 1) => {
    const order = await cashOrder(t.app, (await signUp(t.app)).token, [[tea.id, units]]);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(at) })
      .where(eq(orders.id, order._id as string));
    return order;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { HELD_STOCK_SHARE_PERCENT: '100', HELD_UNITS_PER_ADDRESS: '100000' },
    });
    t.advance(now - Date.now());
    staff = await staffMember(t.app, t.database, 'staff');
    shopper = await signUp(t.app);
    [tea, low] = (await seedProducts(t.database, [
      { title: 'Tea Tin', price: 100, quantity: 1000 },
      { title: 'Rare Saffron', price: 900, quantity: 2 },
    ])) as [SeededProduct, SeededProduct];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds up days on the shop’s calendar, leaves cancelled orders out, and zero-fills the series', async () => {
    const today1 = await place('2030-03-10T22:10:00.000Z', 2); // Cairo: 11 March, 00:10
    const yesterday = await place('2030-03-10T21:45:00.000Z'); // Cairo: 10 March, 23:45
    const firstOfMonth = await place('2030-02-28T22:01:00.000Z'); // Cairo: 1 March, 00:01
    const lastMonth = await place('2030-02-28T21:59:00.000Z'); // Cairo: 28 February
    const cancelled = await place('2030-03-10T22:20:00.000Z', 5);
    await place('2029-12-01T10:00:00.000Z'); // before the series and the month
    expect((await call(t.app, 'PUT', `/api/v1/orders/${cancelled._id}/cancel`, staff.token)).statusCode).toBe(
      200,
    );
    await call(t.app, 'PUT', `/api/v1/orders/${lastMonth._id}/ship`, staff.token);
    const total = (o: Json) => o.totalOrderPrice as number;
    // A card order today, refunded in part: only what was kept counts as sales.
    const card = await cardOrder(t, await signUp(t.app), [[tea.id, 1]], 'test');
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date('2030-03-10T22:15:00.000Z') })
      .where(eq(orders.id, card));
    const refund = await call(t.app, 'POST', `/api/v1/orders/${card}/refunds`, staff.token, { amount: 30 });
    expect(refund.statusCode, refund.body).toBe(200);
    const kept = total(json(refund).data as Json) - 30;

    const res = await call(t.app, 'GET', '/api/v1/dashboard', staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = json(res) as { data: Json };
    expect(data.timeZone).toBe('Africa/Cairo');
    expect(data.today).toBe('2030-03-11');
    expect(data.todays).toEqual({ orders: 2, sales: total(today1) + kept });
    expect(data.thisMonth).toEqual({
      orders: 4,
      sales: total(today1) + kept + total(yesterday) + total(firstOfMonth),
    });
    // Placed or paid, not shipped, not cancelled: all but the shipped and the cancelled one.
    expect(data.waitingToShip).toBe(5);
    expect(data.lowStock).toEqual({
      count: 1,
      products: [{ _id: low.id, title: 'Rare Saffron', quantity: 2, imageCover: expect.any(String) }],
    });
    const series = data.salesByDay as { day: string; orders: number; sales: number }[];
    expect(series).toHaveLength(30);
    expect(series[0]!.day).toBe('2030-02-10');
    expect(series.at(-1)).toEqual({ day: '2030-03-11', orders: 2, sales: total(today1) + kept });
    expect(series.find((d) => d.day === '2030-02-28')).toEqual({
      day: '2030-02-28',
      orders: 1,
      sales: total(lastMonth),
    });
    expect(series.find((d) => d.day === '2030-03-05')).toEqual({ day: '2030-03-05', orders: 0, sales: 0 });
    expect(series.reduce((n, d) => n + d.orders, 0)).toBe(5);
  });

  it('is for staff only', async () => {
    expect((await call(t.app, 'GET', '/api/v1/dashboard', shopper.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/dashboard', undefined)).statusCode).toBe(401);
  });
});
