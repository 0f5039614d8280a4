// An order's life (issue 28): each change allowed and refused (409 with its reason), the contract's flags following
// the status, the history rows, the audit rows, who may do what, and stock coming back on a cancel.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, products } from '@/server/db/schema';
import { ownerTooLate, refundFirst } from '@/server/modules/orders/states';
import { cardOrder, cashOrder } from '../helpers/orders';
import { call, staffMember } from '../helpers/staff';
import { seedProducts, type SeededProduct } from '../fakes/payments-app';
import {
  dbKinds,
  json,
  signUp,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

describe.each(dbKinds)('order states on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let goods: SeededProduct[];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    staff = await staffMember(t.app, t.database, 'staff');
    goods = await seedProducts(t.database, [
      { title: 'Dates Box', price: 80, quantity: 1000 },
      { title: 'Olive Oil', price: 120, quantity: 1000 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (id: string, action: string, token: string | undefined, body?: object) =>
    call(t.app, 'PUT', `/api/v1/orders/${id}/${action}`, token, body);
  const stock = async (id: string) => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    return { quantity: row!.quantity, sold: row!.sold };
  };
  const events = (orderId: string) =>
    t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const audit = async (orderId: string) =>
    json(await call(t.app, 'GET', `/api/v1/audit-log?entity=order&entityId=${orderId}`, staff.token))
      .data as Json[];
  const expect409 = async (id: string, action: string, token: string, message: string) => {
    const res = await put(id, action, token);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
    expect(json(res)).toEqual({ statusMsg: 'fail', message });
  };

  it('a cash order goes placed → paid → processing → shipped → delivered; the flags follow; each change is recorded', async () => {
    const s = await signUp(t.app);
    const placed = await cashOrder(t.app, s.token, [[goods[0]!.id, 2]]);
    expect(placed).toMatchObject({ status: 'placed', isPaid: false, isDelivered: false });
    expect(placed.statusHistory).toEqual([{ status: 'placed', at: placed.createdAt }]);
    const id = placed._id as string;

    const paid = json(await put(id, 'pay', staff.token));
    expect(paid.status).toBe('success');
    expect(paid.data).toMatchObject({ status: 'paid', isPaid: true, isDelivered: false });
    expect(Date.parse(paid.data.paidAt)).toBeGreaterThan(0);
    expect(paid.data.user).toMatchObject({ _id: s.id, email: s.email });
    expect(paid.data.cartItems[0].product.title).toBe('Dates Box');

    const processing = json(await put(id, 'process', staff.token)).data;
    expect(processing).toMatchObject({ status: 'processing', isPaid: true, paidAt: paid.data.paidAt });

    const shipped = json(
      await put(id, 'ship', staff.token, { carrier: '  Aramex ', trackingReference: 'EG123456789' }),
    ).data;
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Aramex', trackingReference: 'EG123456789' });
    expect(shipped.isDelivered).toBe(false);
    expect(shipped.deliveredAt).toBeUndefined();

    const delivered = json(await put(id, 'deliver', staff.token)).data;
    expect(delivered).toMatchObject({
      status: 'delivered',
      isPaid: true,
      isDelivered: true,
      paidAt: paid.data.paidAt,
    });
    expect(Date.parse(delivered.deliveredAt)).toBeGreaterThanOrEqual(Date.parse(shipped.shippedAt));
    expect(delivered.statusHistory.map((h: Json) => h.status)).toEqual([
      'placed',
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);

    const rows = await events(id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.actorId])).toEqual([
      [null, 'placed', s.id],
      ['placed', 'paid', staff.id],
      ['paid', 'processing', staff.id],
      ['processing', 'shipped', staff.id],
      ['shipped', 'delivered', staff.id],
    ]);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual([
      'order.deliver',
      'order.ship',
      'order.process',
      'order.pay',
    ]);
    expect(entries[0]!.actor).toEqual({ _id: staff.id, email: staff.email });
    expect(entries[0]!.before).toMatchObject({ status: 'shipped', isDelivered: false, carrier: 'Aramex' });
    expect(entries[0]!.after).toMatchObject({ status: 'delivered', isDelivered: true });
    expect(entries[3]!.before).toMatchObject({ status: 'placed', isPaid: false, paidAt: null });
    expect(entries[3]!.after).toMatchObject({ status: 'paid', isPaid: true });

    // The shopper's history shows the same.
    const history = json(
      await call(t.app, 'GET', `/api/v1/orders/user/${s.id}`, s.token),
    ) as unknown as Json[];
    expect(history[0]).toMatchObject({
      status: 'delivered',
      carrier: 'Aramex',
      trackingReference: 'EG123456789',
    });
    // The contract's fields keep their order; ours follow them.
    expect(Object.keys(history[0]!).slice(0, 15)).toEqual([
      'shippingAddress',
      'taxPrice',
      'shippingPrice',
      'discountPrice',
      'totalOrderPrice',
      'paymentMethodType',
      'isPaid',
      'paidAt',
      'isDelivered',
      'deliveredAt',
      '_id',
      'user',
      'cartItems',
      'createdAt',
      'updatedAt',
    ]);
    expect(Object.keys(history[0]!).slice(15)).toEqual([
      'id',
      '__v',
      'status',
      'statusHistory',
      'shippedAt',
      'carrier',
      'trackingReference',
      'language',
    ]);
  });

  it('an unpaid cash order is paid when delivered, shipped or not; ship may carry nothing', async () => {
    const s = await signUp(t.app);
    const a = (await cashOrder(t.app, s.token, [[goods[1]!.id, 1]]))._id as string;
    const shipped = json(await put(a, 'ship', staff.token, {})).data;
    expect(shipped).toMatchObject({ status: 'shipped', isPaid: false });
    expect(shipped).not.toHaveProperty('carrier');
    expect(shipped).not.toHaveProperty('trackingReference');
    await expect409(
      a,
      'pay',
      staff.token,
      'A shipped cash order is paid when it is delivered: mark it delivered',
    );
    const delivered = json(await put(a, 'deliver', staff.token)).data;
    expect(delivered).toMatchObject({ status: 'delivered', isPaid: true, isDelivered: true });
    expect(delivered.paidAt).toBe(delivered.deliveredAt);
    expect((await events(a)).at(-1)!.note).toBe('Paid on delivery');

    // A shop that records no shipping delivers a placed order at once.
    const b = (await cashOrder(t.app, s.token, [[goods[1]!.id, 1]]))._id as string;
    expect(json(await put(b, 'deliver', staff.token)).data).toMatchObject({
      status: 'delivered',
      isPaid: true,
    });
  });

  it('refuses each change its status does not allow, with the reason, and writes nothing', async () => {
    const s = await signUp(t.app);
    const id = (await cashOrder(t.app, s.token, [[goods[0]!.id, 1]]))._id as string;
    await put(id, 'pay', staff.token);
    await expect409(id, 'pay', staff.token, 'This order is already paid');
    await put(id, 'process', staff.token);
    await expect409(id, 'process', staff.token, 'This order is already being processed');
    await put(id, 'ship', staff.token);
    await expect409(id, 'ship', staff.token, 'This order has already been shipped');
    await expect409(id, 'process', staff.token, 'This order has already been shipped');
    await expect409(id, 'cancel', staff.token, 'A shipped order cannot be cancelled');
    await put(id, 'deliver', staff.token);
    await expect409(id, 'deliver', staff.token, 'This order has already been delivered');
    await expect409(id, 'cancel', staff.token, 'A delivered order cannot be cancelled');
    await expect409(id, 'pay', staff.token, 'This order is already paid');
    expect(await events(id)).toHaveLength(5);
    expect(await audit(id)).toHaveLength(4);

    const other = (await cashOrder(t.app, s.token, [[goods[0]!.id, 1]]))._id as string;
    expect(json(await put(other, 'cancel', staff.token)).data).toMatchObject({ status: 'cancelled' });
    await expect409(other, 'cancel', staff.token, 'This order is already cancelled');
    await expect409(other, 'pay', staff.token, 'This order is cancelled: it cannot be paid');
    await expect409(other, 'process', staff.token, 'This order is cancelled: it cannot be processed');
    await expect409(other, 'ship', staff.token, 'This order is cancelled: it cannot be shipped');
    await expect409(other, 'deliver', staff.token, 'A cancelled order cannot be delivered');
    expect((await events(other)).map((e) => e.toStatus)).toEqual(['placed', 'cancelled']);
  });

  it('a processing cash order may be marked paid (back to paid) and processed again', async () => {
    const s = await signUp(t.app);
    const id = (await cashOrder(t.app, s.token, [[goods[0]!.id, 1]]))._id as string;
    await put(id, 'process', staff.token);
    expect(json(await put(id, 'pay', staff.token)).data).toMatchObject({ status: 'paid', isPaid: true });
    expect(json(await put(id, 'process', staff.token)).data).toMatchObject({
      status: 'processing',
      isPaid: true,
    });
  });

  it('staff cancel: stock back once, cancelledAt, audit; a paid card order must be refunded first', async () => {
    const s = await signUp(t.app);
    const [a, b] = goods as [SeededProduct, SeededProduct];
    const before = [await stock(a.id), await stock(b.id)];
    const id = (
      await cashOrder(t.app, s.token, [
        [a.id, 3],
        [b.id, 2],
      ])
    )._id as string;
    await put(id, 'process', staff.token);
    expect(await stock(a.id)).toEqual({ quantity: before[0]!.quantity - 3, sold: before[0]!.sold + 3 });
    const cancelled = json(await put(id, 'cancel', staff.token)).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', isPaid: false, isDelivered: false });
    expect(Date.parse(cancelled.cancelledAt)).toBeGreaterThan(0);
    expect([await stock(a.id), await stock(b.id)]).toEqual(before);
    const [entry] = await audit(id);
    expect(entry).toMatchObject({
      action: 'order.cancel',
      entity: 'order',
      entityId: id,
      before: { status: 'processing', cancelledAt: null },
      after: { status: 'cancelled', cancelledAt: cancelled.cancelledAt },
    });
    // The storefront's product answer shows the stock back.
    const shown = json(await call(t.app, 'GET', `/api/v1/products/${a.id}`, undefined)).data;
    expect(shown.quantity).toBe(before[0]!.quantity);

    const card = await cardOrder(t, s, [[a.id, 1]]);
    const read = json(await call(t.app, 'GET', `/api/v1/orders/${card}`, staff.token)).data;
    expect(read).toMatchObject({ paymentMethodType: 'card', status: 'paid', isPaid: true });
    expect(read.statusHistory.map((h: Json) => h.status)).toEqual(['paid']);
    await expect409(card, 'cancel', staff.token, refundFirst);
    await expect409(card, 'pay', staff.token, 'This order is already paid');
    await put(card, 'process', staff.token);
    await expect409(card, 'cancel', staff.token, refundFirst);
    expect(json(await put(card, 'ship', staff.token)).data.status).toBe('shipped');
    expect(json(await put(card, 'deliver', staff.token)).data).toMatchObject({
      status: 'delivered',
      paidAt: read.paidAt,
    });
  });

  it('a shopper: 401 without a token, 403 on staff calls, 404 for another’s order, cancels their own while placed', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const product = goods[1]!;
    const before = await stock(product.id);
    const order = await cashOrder(t.app, owner.token, [[product.id, 2]]);
    const id = order._id as string;

    for (const action of ['pay', 'process', 'ship', 'deliver', 'cancel']) {
      const anonymous = await put(id, action, undefined);
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous).message).toBe('You are not logged in. Please login to get access');
    }
    for (const url of ['/api/v1/orders', `/api/v1/orders/${id}`])
      expect((await call(t.app, 'GET', url, undefined)).statusCode).toBe(401);
    for (const action of ['pay', 'process', 'ship', 'deliver']) {
      const res = await put(id, action, owner.token, {});
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ statusMsg: 'fail', message: 'You are not allowed to perform this action' });
    }
    expect((await call(t.app, 'GET', '/api/v1/orders', owner.token)).statusCode).toBe(403);

    // Someone else's order does not exist for a stranger: the same 404 as an unknown id.
    const theirs = await put(id, 'cancel', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs)).toEqual({ statusMsg: 'fail', message: `No order for this id ${id}` });
    expect((await call(t.app, 'GET', `/api/v1/orders/${id}`, stranger.token)).statusCode).toBe(404);
    const unknown = await put('0123456789abcdef01234567', 'cancel', owner.token);
    expect(json(unknown)).toEqual({
      statusMsg: 'fail',
      message: 'No order for this id 0123456789abcdef01234567',
    });
    expect((await put('not-an-order', 'pay', staff.token)).statusCode).toBe(404);

    // The owner reads their order by id or number, and cancels it while placed.
    expect(json(await call(t.app, 'GET', `/api/v1/orders/${order.id}`, owner.token)).data._id).toBe(id);
    const cancelled = await put(id, 'cancel', owner.token);
    expect(cancelled.statusCode).toBe(200);
    expect(json(cancelled).data).toMatchObject({ status: 'cancelled' });
    expect(await stock(product.id)).toEqual(before);
    const [, last] = await events(id);
    expect(last).toMatchObject({
      toStatus: 'cancelled',
      actorId: owner.id,
      note: 'Cancelled by the customer',
    });
    // A shopper's cancel is not a staff change: no audit row.
    expect(await audit(id)).toEqual([]);

    // Once staff process it, the owner can no longer cancel.
    const later = (await cashOrder(t.app, owner.token, [[product.id, 1]]))._id as string;
    await put(later, 'process', staff.token);
    await expect409(later, 'cancel', owner.token, ownerTooLate);
    const card = await cardOrder(t, owner, [[product.id, 1]]);
    await expect409(card, 'cancel', owner.token, ownerTooLate);
  });

  it('checks the carrier and tracking reference: trimmed, printable, within their lengths', async () => {
    const s = await signUp(t.app);
    const id = (await cashOrder(t.app, s.token, [[goods[0]!.id, 1]]))._id as string;
    for (const [body, param, msg] of [
      [{ carrier: 'x'.repeat(61) }, 'carrier', 'carrier must be at most 60 characters'],
      [
        { trackingReference: 'y'.repeat(101) },
        'trackingReference',
        'trackingReference must be at most 100 characters',
      ],
      [{ carrier: 'Bad\u0000carrier' }, 'carrier', 'carrier must be printable text on one line'],
      [
        { trackingReference: 'AB\n12' },
        'trackingReference',
        'trackingReference must be printable text on one line',
      ],
    ] as const) {
      const res = await put(id, 'ship', staff.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).errors).toMatchObject({ param, msg, location: 'body' });
    }
    expect((await events(id)).length).toBe(1);
    const shipped = json(
      await put(id, 'ship', staff.token, { carrier: ` ${'c'.repeat(60)} `, trackingReference: '   ' }),
    ).data;
    expect(shipped.carrier).toBe('c'.repeat(60));
    expect(shipped).not.toHaveProperty('trackingReference');
  });
});
