// GET /orders/export.csv (staff): the list's filters, every matching order oldest first, one row each, streamed a
// page at a time; formula-like cells made inert; a shopper gets 403.
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderExportColumns } from '@/lib/contract/orders';
import { orders } from '@/server/db/schema';
import { exportOrders } from '@/server/modules/orders/export';
import { seedProducts, type SeededProduct } from '../fakes/payments-app';
import { cardOrder, cashOrder } from '../helpers/orders';
import { call, staffMember } from '../helpers/staff';
import { dbKinds, signUp, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';

const rowsOf = (text: string) =>
  parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

describe.each(dbKinds)('the orders CSV export on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let alice: Shopper;
  const made: Json[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    staff = await staffMember(t.app, t.database, 'staff');
    alice = await signUp(t.app, { name: '=1+2' });
    const [tea, coffee] = (await seedProducts(t.database, [
      { title: 'Tea Tin', price: 50, quantity: 500 },
      { title: 'Coffee Bag', price: 300, quantity: 500 },
    ])) as [SeededProduct, SeededProduct];
    made.push(
      await cashOrder(t.app, alice.token, [
        [tea.id, 2],
        [coffee.id, 1],
      ]),
    );
    made.push(await cashOrder(t.app, alice.token, [[tea.id, 1]]));
    const card = await cardOrder(t, alice, [[coffee.id, 3]], 'test');
    made.push({ _id: card });
    await call(t.app, 'POST', `/api/v1/orders/${card}/refunds`, staff.token, { amount: 100 });
    await call(t.app, 'PUT', `/api/v1/orders/${made[0]!._id}/ship`, staff.token, {
      carrier: 'Aramex',
      trackingReference: 'AX-1',
    });
    await call(t.app, 'PUT', `/api/v1/orders/${made[1]!._id}/cancel`, staff.token);
    for (const [i, o] of made.entries())
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1 + i, 12)) })
        .where(eq(orders.id, o._id as string));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a CSV download of every order, oldest first, with its figures; a shopper gets 403', async () => {
    const res = await call(t.app, 'GET', '/api/v1/orders/export.csv', staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="freshcart-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = rowsOf(res.body);
    expect(Object.keys(rows[0]!)).toEqual([...orderExportColumns]);
    expect(rows.map((r) => r.Status)).toEqual(['shipped', 'cancelled', 'paid']);
    expect(rows[0]).toMatchObject({
      'Placed at': '2030-01-01T12:00:00.000Z',
      Payment: 'cash',
      Paid: 'no',
      // A name a spreadsheet would run as a formula is text.
      Customer: "'=1+2",
      'E-mail': alice.email,
      Pieces: '3',
      Subtotal: '400',
      Carrier: 'Aramex',
      'Tracking reference': 'AX-1',
    });
    expect(Number(rows[0]!.Total)).toBeGreaterThanOrEqual(400);
    expect(rows[1]!['Cancelled at']).not.toBe('');
    expect(rows[2]).toMatchObject({
      Payment: 'card',
      Paid: 'yes',
      Pieces: '3',
      Subtotal: '900',
      Refunded: '100',
    });
    expect(rows[0]!.Refunded).toBe('0');

    expect((await call(t.app, 'GET', '/api/v1/orders/export.csv', alice.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/orders/export.csv', undefined)).statusCode).toBe(401);
  });

  it('takes the list’s filters: a date range, a status; bad ones get a clear 400', async () => {
    const range = rowsOf(
      (
        await call(
          t.app,
          'GET',
          '/api/v1/orders/export.csv?createdAt[gte]=2030-01-02&createdAt[lte]=2030-01-03',
          staff.token,
        )
      ).body,
    );
    expect(range.map((r) => r['Placed at'])).toEqual([
      '2030-01-02T12:00:00.000Z',
      '2030-01-03T12:00:00.000Z',
    ]);
    const shipped = rowsOf(
      (await call(t.app, 'GET', '/api/v1/orders/export.csv?status=shipped', staff.token)).body,
    );
    expect(shipped).toHaveLength(1);
    // None match: the header alone.
    const none = await call(t.app, 'GET', '/api/v1/orders/export.csv?createdAt[gte]=2031-01-01', staff.token);
    expect(none.body).toBe(`\uFEFF${orderExportColumns.join(',')}\n`);

    const bad = await call(t.app, 'GET', '/api/v1/orders/export.csv?createdAt[gte]=yesterday', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('createdAt[gte] is not a date');
    const unknown = await call(
      t.app,
      'GET',
      '/api/v1/orders/export.csv?createdAt[ne]=2030-01-01',
      staff.token,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('pages by (placed at, id) to the microsecond: orders placed in the same instant are each written once', async () => {
    // All three in one microsecond-precise instant: pages of 2 cut between them.
    await t.database.db.execute(sql`update ${orders} set created_at = '2030-02-01 10:00:00.123456+00'`);
    const stream = await exportOrders(t.app.ctx, {}, 2);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const rows = rowsOf(text);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r['Order number'])).size).toBe(3);
  });
});
