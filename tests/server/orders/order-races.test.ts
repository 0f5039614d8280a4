// Two changes of one order at the same moment, over real HTTP (the app listens on port 0) so the requests truly
// overlap on PostgreSQL (PGlite runs them one after the other: the outcome must be the same). The order's row lock
// and the status check make one win and the other a 409, and stock goes back exactly once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, products } from '@/server/db/schema';
import { seedProducts, type SeededProduct } from '../fakes/payments-app';
import { cashOrder } from '../helpers/orders';
import { staffMember } from '../helpers/staff';
import { dbKinds, signUp, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';

describe.each(dbKinds)('order changes racing on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let staff: Shopper;
  let other: Shopper;
  let product: SeededProduct;

  async function put(id: string, action: string, token: string, body?: unknown) {
    const res = await fetch(`${base}/api/v1/orders/${id}/${action}`, {
      method: 'PUT',
      headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  const stock = async () => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    return { quantity: row!.quantity, sold: row!.sold };
  };
  const history = async (orderId: string) =>
    (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
      (e) => e.toStatus,
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await staffMember(t.app, t.database, 'staff');
    other = await staffMember(t.app, t.database, 'admin');
    [product] = (await seedProducts(t.database, [{ title: 'Race Crate', price: 25, quantity: 1000 }])) as [
      SeededProduct,
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two staff cancelling one order: one 200, one 409, stock back once', async () => {
    const s = await signUp(t.app);
    const before = await stock();
    const id = (await cashOrder(t.app, s.token, [[product.id, 4]]))._id as string;
    const results = await Promise.all([put(id, 'cancel', staff.token), put(id, 'cancel', other.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('This order is already cancelled');
    expect(await stock()).toEqual(before);
    expect(await history(id)).toEqual(['placed', 'cancelled']);
  });

  it('six cancels at once: stock back once', async () => {
    const s = await signUp(t.app);
    const before = await stock();
    const id = (await cashOrder(t.app, s.token, [[product.id, 3]]))._id as string;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(id, 'cancel', i % 2 ? staff.token : other.token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await stock()).toEqual(before);
  });

  it('the shopper cancelling while staff ship: one wins, the other is told why', async () => {
    const s = await signUp(t.app);
    const before = await stock();
    const id = (await cashOrder(t.app, s.token, [[product.id, 2]]))._id as string;
    const [cancel, ship] = await Promise.all([
      put(id, 'cancel', s.token),
      put(id, 'ship', staff.token, { carrier: 'Bosta' }),
    ]);
    expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
    if (cancel.status === 200) {
      expect(ship.body.message).toBe('This order is cancelled: it cannot be shipped');
      expect(await stock()).toEqual(before);
      expect(await history(id)).toEqual(['placed', 'cancelled']);
    } else {
      expect(cancel.body.message).toBe('A shipped order cannot be cancelled');
      expect(await stock()).toEqual({ quantity: before.quantity - 2, sold: before.sold + 2 });
      expect(await history(id)).toEqual(['placed', 'shipped']);
    }
  });

  it('staff shipping and cancelling at once: stock follows whichever won', async () => {
    const s = await signUp(t.app);
    const before = await stock();
    const id = (await cashOrder(t.app, s.token, [[product.id, 5]]))._id as string;
    const [ship, cancel] = await Promise.all([put(id, 'ship', staff.token), put(id, 'cancel', other.token)]);
    expect([ship.status, cancel.status].sort()).toEqual([200, 409]);
    const cancelled = cancel.status === 200;
    expect(await stock()).toEqual(
      cancelled ? before : { quantity: before.quantity - 5, sold: before.sold + 5 },
    );
    expect(await history(id)).toEqual(['placed', cancelled ? 'cancelled' : 'shipped']);
  });
});
