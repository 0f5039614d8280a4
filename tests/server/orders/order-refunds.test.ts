// Refunds of card orders (issue 28): POST /orders/{id}/refunds. In part, then the rest, then nothing more; never more
// than was paid; cash orders and shoppers refused; the amount read strictly; a provider's refusal leaves the order
// as it was; units of refunded lines go back on sale once, and a cancel after a full refund puts back only the rest.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orderRefunds, products } from '@/server/db/schema';
import { cashRefund, fullyRefunded, onlyLeft, refundFirst } from '@/server/modules/orders/states';
import { noRefundThrough, providerRefused } from '@/server/modules/orders/refunds';
import { seedProducts, type SeededProduct } from '../fakes/payments-app';
import { cardOrder, cashOrder, faultyTestProvider } from '../helpers/orders';
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

describe.each(dbKinds)('order refunds on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let shopper: Shopper;
  let goods: SeededProduct[];
  const { provider, control } = faultyTestProvider();

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { HELD_STOCK_SHARE_PERCENT: '100', HELD_UNITS_PER_ADDRESS: '100000' },
      paymentProvider: provider,
    });
    staff = await staffMember(t.app, t.database, 'staff');
    shopper = await signUp(t.app);
    goods = await seedProducts(t.database, [
      { title: 'Dates Box', price: 80, quantity: 1000 },
      { title: 'Olive Oil', price: 120, quantity: 1000 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    control.failWith = null;
  });

  const refund = (id: string, body: unknown, token = staff.token) =>
    call(t.app, 'POST', `/api/v1/orders/${id}/refunds`, token, body);
  const read = async (id: string) =>
    json(await call(t.app, 'GET', `/api/v1/orders/${id}`, staff.token)).data as Json;
  const stock = async (id: string) => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    return { quantity: row!.quantity, sold: row!.sold };
  };
  const refundRows = (orderId: string) =>
    t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const audit = async (orderId: string) =>
    json(await call(t.app, 'GET', `/api/v1/audit-log?entity=order&entityId=${orderId}`, staff.token))
      .data as Json[];
  // A shopper of its own each: an order paid on the test page holds stock, and a shopper's such orders are capped.
  const card = async (lines: [string, number][] = [[goods[0]!.id, 2]]) =>
    cardOrder(t, await signUp(t.app), lines, 'test');
  const expectFail = (res: { statusCode: number; body: string }, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ message });
  };

  it('refunds in part, then the rest; a third refund is refused; each is recorded on the order, its history and the audit log', async () => {
    const id = await card();
    const total = (await read(id)).totalOrderPrice as number;
    expect(total).toBeGreaterThan(40);

    const first = await refund(id, { amount: 40 });
    expect(first.statusCode, first.body).toBe(200);
    const once = json(first).data;
    expect(once).toMatchObject({ status: 'paid', isPaid: true, refundedAmount: 40 });
    expect(once.refunds).toEqual([{ amount: 40, at: expect.any(String) }]);
    expect(once.statusHistory.at(-1)).toEqual({ status: 'paid', at: once.refunds[0].at, refunded: 40 });
    // The provider was asked for piastres, with the refund's own id as the idempotency key.
    const asked = provider.refunds.at(-1)!;
    expect(asked.amount).toBe(4000);
    const [row] = await refundRows(id);
    expect(asked.idempotencyKey).toBe(`order-refund-${row!.id}`);
    expect(row).toMatchObject({
      status: 'succeeded',
      providerRefundId: asked.id,
      provider: 'test',
      actorId: staff.id,
    });

    const rest = json(await refund(id, { amount: total - 40 })).data;
    expect(rest.refundedAmount).toBe(total);
    expect(rest.refunds.map((r: Json) => r.amount)).toEqual([40, total - 40]);
    // A refund changes no status: the order stays paid.
    expect(rest.status).toBe('paid');

    expectFail(await refund(id, { amount: 1 }), 409, fullyRefunded);
    expect((await read(id)).refundedAmount).toBe(total);

    const rows = (await audit(id)).filter((a) => a.action === 'order.refund');
    expect(rows).toHaveLength(2);
    expect(rows.map((a) => a.after.refundedAmount).sort((a: number, b: number) => a - b)).toEqual([
      40,
      total,
    ]);
  });

  it('never refunds more than is left, and says how much is', async () => {
    const id = await card();
    const total = (await read(id)).totalOrderPrice as number;
    expectFail(await refund(id, { amount: total + 1 }), 409, onlyLeft(total));
    expect(json(await refund(id, { amount: total - 40 })).data.refundedAmount).toBe(total - 40);
    expectFail(await refund(id, { amount: 41 }), 409, 'Only 40 EGP is left to refund');
    expect((await refundRows(id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('mails the shopper each refund, with its amount, once it is made (a refused one mails nothing)', async () => {
    const owner = await signUp(t.app);
    const id = await cardOrder(t, owner, [[goods[1]!.id, 1]], 'test');
    const reference = `FC-${String((await read(id)).id).padStart(6, '0')}`;
    const mails = async () => {
      await t.app.ctx.background.idle();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/dev/outbox?to=${encodeURIComponent(owner.email)}`,
      });
      return (json(res).data as Json[]).filter((m) => /refunded/.test(m.subject as string));
    };
    expect(json(await refund(id, { amount: 30 })).data.refundedAmount).toBe(30);
    const [mail] = await mails();
    expect(mail!.subject).toBe(`FreshCart refunded 30 EGP for your order ${reference}`);
    expect(mail!.text).toContain('We refunded 30 EGP of this order');
    control.failWith = 'card_declined';
    expect((await refund(id, { amount: 5 })).statusCode).toBe(502);
    expect(await mails()).toHaveLength(1);
  });

  it('a cash order is refunded in person, not here', async () => {
    const placed = await cashOrder(t.app, shopper.token, [[goods[0]!.id, 1]]);
    const id = placed._id as string;
    expect((await call(t.app, 'PUT', `/api/v1/orders/${id}/pay`, staff.token)).statusCode).toBe(200);
    expectFail(await refund(id, { amount: 10 }), 409, cashRefund);
    expect(await refundRows(id)).toEqual([]);
  });

  it('staff only: a shopper gets 403 even for their own order, no token 401', async () => {
    const id = await card();
    expect((await refund(id, { amount: 10 }, shopper.token)).statusCode).toBe(403);
    expect((await refund(id, { amount: 10 }, '')).statusCode).toBe(401);
    expect((await refund('00000000000000000000abcd', { amount: 10 })).statusCode).toBe(404);
    expect(await refundRows(id)).toEqual([]);
  });

  it.each([
    ['0', 0, 'amount must be at least 1'],
    ['-1', -1, 'amount must be at least 1'],
    ['1.5', 1.5, 'amount must be a whole number'],
    ['"10" (text)', '10', 'amount must be a number, not text'],
    ['huge', 1e12, 'amount must be at most 2,000,000,000'],
    ['missing', undefined, 'amount is required'],
  ])('amount %s is a 400 that says what is wrong', async (_name, amount, message) => {
    const id = await card();
    const res = await refund(id, amount === undefined ? {} : { amount });
    expect(res.statusCode, res.body).toBe(400);
    const errors = json(res).errors;
    expect(errors).toMatchObject({ param: 'amount', location: 'body' });
    expect(errors.msg).toContain(message);
    expect(errors.msg).toContain('whole Egyptian pounds');
    expect(await refundRows(id)).toEqual([]);
  });

  it('a provider that refuses leaves the order exactly as it was, and says why', async () => {
    const id = await card([[goods[1]!.id, 2]]);
    const before = await read(id);
    const stockBefore = await stock(goods[1]!.id);
    const events = (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).length;
    control.failWith = 'Card network unavailable.';
    const res = await refund(id, { amount: 30, restock: [{ line: before.cartItems[0]._id, count: 1 }] });
    expect(res.statusCode, res.body).toBe(502);
    expect(json(res)).toEqual({ statusMsg: 'error', message: providerRefused('Card network unavailable') });
    expect(await read(id)).toEqual(before);
    expect(await stock(goods[1]!.id)).toEqual(stockBefore);
    expect((await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).length).toBe(
      events,
    );
    expect((await audit(id)).filter((a) => a.action === 'order.refund')).toEqual([]);
    // Kept as failed with the reason (it no longer reserves its amount): the whole total is still refundable.
    expect((await refundRows(id)).map((r) => [r.status, r.failureReason])).toEqual([
      ['failed', 'Card network unavailable'],
    ]);
    control.failWith = null;
    expect(json(await refund(id, { amount: before.totalOrderPrice })).data.refundedAmount).toBe(
      before.totalOrderPrice,
    );
  });

  it('an order paid through another provider than the server refunds through is refused with where to refund it', async () => {
    const id = await cardOrder(t, shopper, [[goods[0]!.id, 1]], 'stripe');
    expectFail(await refund(id, { amount: 5 }), 409, noRefundThrough('stripe', 'test'));
  });

  it('puts refunded units back on sale once, never more than were ordered', async () => {
    const [dates, oil] = goods as [SeededProduct, SeededProduct];
    const id = await card([
      [dates.id, 3],
      [oil.id, 1],
    ]);
    const order = await read(id);
    const lineOf = (p: string) => order.cartItems.find((l: Json) => l.product._id === p)._id as string;
    const datesBefore = await stock(dates.id);

    const first = json(
      await refund(id, { amount: 10, restock: [{ line: lineOf(dates.id), count: 2 }] }),
    ).data;
    expect(first.refunds[0].restocked).toEqual([{ line: lineOf(dates.id), count: 2 }]);
    expect(await stock(dates.id)).toEqual({
      quantity: datesBefore.quantity + 2,
      sold: datesBefore.sold - 2,
    });
    expectFail(
      await refund(id, { amount: 10, restock: [{ line: lineOf(dates.id), count: 2 }] }),
      409,
      `Only 1 of line ${lineOf(dates.id)}'s 3 units can go back on sale`,
    );
    // A line named twice counts twice.
    expectFail(
      await refund(id, {
        amount: 10,
        restock: [
          { line: lineOf(dates.id), count: 1 },
          { line: lineOf(dates.id), count: 1 },
        ],
      }),
      409,
      `Only 1 of line ${lineOf(dates.id)}'s 3 units can go back on sale`,
    );
    const last = await refund(id, { amount: 10, restock: [{ line: lineOf(dates.id), count: 1 }] });
    expect(last.statusCode, last.body).toBe(200);
    expectFail(
      await refund(id, { amount: 10, restock: [{ line: lineOf(dates.id), count: 1 }] }),
      409,
      `Every unit of line ${lineOf(dates.id)} is already back on sale`,
    );
    const bad = await refund(id, { amount: 10, restock: [{ line: 'ffffffffffffffffffffffff', count: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({
      param: 'restock[0].line',
      msg: 'restock[0].line is not a line of this order',
    });
    expect(await stock(dates.id)).toEqual({ quantity: datesBefore.quantity + 3, sold: datesBefore.sold - 3 });
  });

  it('a paid card order is cancelled only once refunded in full; the cancel puts back only the units not already back', async () => {
    const [dates, oil] = goods as [SeededProduct, SeededProduct];
    const datesStart = await stock(dates.id);
    const oilStart = await stock(oil.id);
    const id = await card([
      [dates.id, 3],
      [oil.id, 2],
    ]);
    const order = await read(id);
    const datesLine = order.cartItems.find((l: Json) => l.product._id === dates.id)._id as string;
    const total = order.totalOrderPrice as number;

    await refund(id, { amount: 20, restock: [{ line: datesLine, count: 1 }] });
    expectFail(await call(t.app, 'PUT', `/api/v1/orders/${id}/cancel`, staff.token), 409, refundFirst);
    await refund(id, { amount: total - 20 });
    const cancelled = await call(t.app, 'PUT', `/api/v1/orders/${id}/cancel`, staff.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json(cancelled).data).toMatchObject({ status: 'cancelled', refundedAmount: total });
    // Every unit back exactly once: the refund's one and the cancel's four.
    expect(await stock(dates.id)).toEqual(datesStart);
    expect(await stock(oil.id)).toEqual(oilStart);
    expectFail(await refund(id, { amount: 1 }), 409, fullyRefunded);
  });
});
