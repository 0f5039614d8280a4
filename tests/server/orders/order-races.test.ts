// Two changes of one order at the same moment, over real HTTP (the app listens on port 0) so the requests truly
// overlap on PostgreSQL (PGlite runs them one after the other: the outcome must be the same). The order's row lock
// and the status check make one win and the other a 409, and stock goes back exactly once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderRefunds, products } from '@/server/db/schema';
import { refundFirst } from '@/server/modules/orders/states';
import { seedProducts, type SeededProduct } from '../fakes/payments-app';
import { cardOrder, cashOrder } from '../helpers/orders';
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
  async function postRefund(id: string, token: string, body: unknown) {
    const res = await fetch(`${base}/api/v1/orders/${id}/refunds`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  /** What the order's refunds add up to, as recorded, and how many were made. */
  const refunded = async (orderId: string) => {
    const rows = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    const made = rows.filter((r) => r.status === 'succeeded');
    return {
      sum: made.reduce((n, r) => n + r.amount, 0),
      made: made.length,
      pending: rows.length - made.length,
    };
  };
  /** A card order paid on the hosted test page (what this app refunds through), by a shopper of its own. */
  const paidByCard = async (units: number) =>
    cardOrder(t, await signUp(t.app), [[product.id, units]], 'test');
  const totalOf = async (id: string) => {
    const res = await fetch(`${base}/api/v1/orders/${id}`, { headers: { token: staff.token } });
    return ((await res.json()) as Json).data.totalOrderPrice as number;
  };
  const stock = async () => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    return { quantity: row!.quantity, sold: row!.sold };
  };
  const history = async (orderId: string) =>
    (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
      (e) => e.toStatus,
    );

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { HELD_STOCK_SHARE_PERCENT: '100', HELD_UNITS_PER_ADDRESS: '100000' },
    });
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

  it('two refunds whose sum exceeds the total, at once: one is made, the other is told what is left', async () => {
    const id = await paidByCard(4);
    const total = await totalOf(id);
    const amount = Math.ceil(total * 0.6);
    const results = await Promise.all([
      postRefund(id, staff.token, { amount }),
      postRefund(id, other.token, { amount }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      `Only ${total - amount} EGP is left to refund`,
    );
    expect(await refunded(id)).toEqual({ sum: amount, made: 1, pending: 0 });
  });

  it('six refunds of a third at once: three are made, the money never exceeds the total', async () => {
    const id = await paidByCard(3);
    const total = await totalOf(id);
    const third = Math.floor(total / 3);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postRefund(id, i % 2 ? staff.token : other.token, { amount: third }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const { sum } = await refunded(id);
    expect(sum).toBe(3 * third);
    expect(sum).toBeLessThanOrEqual(total);
  });

  it('a full refund and a cancel at once: the refund is made; the cancel waits for it or is told to refund first', async () => {
    const before = await stock();
    const id = await paidByCard(5);
    const total = await totalOf(id);
    const [refund, cancel] = await Promise.all([
      postRefund(id, staff.token, { amount: total, restock: [] }),
      put(id, 'cancel', other.token),
    ]);
    expect(refund.status).toBe(200);
    expect(await refunded(id)).toEqual({ sum: total, made: 1, pending: 0 });
    if (cancel.status === 200) {
      expect(await stock()).toEqual(before);
      expect(await history(id)).toEqual(['paid', 'paid', 'cancelled']);
    } else {
      expect(cancel.status).toBe(409);
      expect(cancel.body.message).toBe(refundFirst);
      expect(await stock()).toEqual({ quantity: before.quantity - 5, sold: before.sold + 5 });
      expect(await history(id)).toEqual(['paid', 'paid']);
    }
  });

  it('a refund putting units back and a cancel after the full refund, at once: every unit back exactly once', async () => {
    const before = await stock();
    const id = await paidByCard(4);
    const total = await totalOf(id);
    const res = await fetch(`${base}/api/v1/orders/${id}`, { headers: { token: staff.token } });
    const line = ((await res.json()) as Json).data.cartItems[0]._id as string;
    expect((await postRefund(id, staff.token, { amount: total - 1 })).status).toBe(200);
    const [last, cancel] = await Promise.all([
      postRefund(id, staff.token, { amount: 1, restock: [{ line, count: 3 }] }),
      put(id, 'cancel', other.token),
    ]);
    expect(last.status).toBe(200);
    expect([200, 409]).toContain(cancel.status);
    // Whichever came first, the units went back once: all four when cancelled, the refund's three otherwise.
    expect(await stock()).toEqual(
      cancel.status === 200 ? before : { quantity: before.quantity - 1, sold: before.sold + 1 },
    );
  });
});
