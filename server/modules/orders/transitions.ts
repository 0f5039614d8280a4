// The changes of an order's status (issue 28): PUT /orders/{id}/pay, /process, /ship, /deliver (staff) and /cancel
// (staff, or the order's owner while it is placed). Each runs in one transaction that locks the order's row, decides
// from the status it finds (states.ts: a 409 when the change is not allowed), writes the order, its history row, its
// audit row (staff) and, for a cancel, the stock it gives back. Two changes of one order queue on the lock: the second
// sees the first's status, so stock goes back exactly once. Ship, deliver and cancel mail the shopper once the change
// commits (order-mail.ts); a refused change (the loser of two at once) rolls back and mails nothing.
import type { Language } from '@/lib/contract/common';
import type { OrderAnswer, ShipBody } from '@/lib/contract/orders';
import { shipLimits } from '@/lib/contract/orders';
import type { AppContext } from '../../context';
import { onCommit, runInTransaction } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit';
import { mailOrderOnCommit, type OrderMailEvent } from './order-mail';
import * as repo from './repository';
import { populated } from './service';
import { decide, type OrderAction } from './states';

export const noOrderWithId = (id: string) => `No order for this id ${id}`;

/** The order a path names: its `_id`, or its number (what the shopper sees); anything else names none. */
export function orderRef(id: string): repo.OrderRef | undefined {
  if (isObjectId(id)) return { id };
  return /^\d{1,9}$/.test(id) ? { number: Number(id) } : undefined;
}

/** Who asks: staff (audited), or a shopper who may touch only their own orders. */
export type Who = { caller: 'staff'; actor: Actor } | { caller: 'owner'; userId: string };

/** What the audit log keeps of an order before and after a change: its status and the fields that follow it. */
function stateOf(o: repo.OrderRow) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    status: o.status,
    isPaid: o.isPaid,
    paidAt: iso(o.paidAt),
    isDelivered: o.isDelivered,
    deliveredAt: iso(o.deliveredAt),
    shippedAt: iso(o.shippedAt),
    carrier: o.carrier,
    trackingReference: o.trackingReference,
    cancelledAt: iso(o.cancelledAt),
  };
}

/** The fields a change writes besides the status (`ship` adds what staff gave). */
function effects(
  action: OrderAction,
  row: repo.OrderRow,
  now: Date,
  shipping: { carrier: string | null; trackingReference: string | null },
): { set: Partial<repo.OrderRow>; note: string | null } {
  switch (action) {
    case 'pay':
      return { set: { isPaid: true, paidAt: now }, note: null };
    case 'process':
      return { set: {}, note: null };
    case 'ship':
      return { set: { shippedAt: now, ...shipping }, note: null };
    case 'deliver':
      // A cash order is paid at the door.
      return row.isPaid
        ? { set: { isDelivered: true, deliveredAt: now }, note: null }
        : {
            set: { isDelivered: true, deliveredAt: now, isPaid: true, paidAt: now },
            note: 'Paid on delivery',
          };
    case 'cancel':
      return { set: { cancelledAt: now }, note: null };
  }
}

/** The shopper's mail about a change (order-mail.ts says why `pay` and `process` send none). */
function mailOf(action: OrderAction, who: Who): OrderMailEvent | undefined {
  switch (action) {
    case 'ship':
      return { kind: 'shipped' };
    case 'deliver':
      return { kind: 'delivered' };
    case 'cancel':
      return { kind: 'cancelled', by: who.caller === 'owner' ? 'shopper' : 'shop' };
    case 'pay':
    case 'process':
      return undefined;
  }
}

/** Pounds given back by an order's refunds that succeeded. */
export function refundedOf(refunds: repo.OrderRefundRow[]): number {
  return refunds.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amount, 0);
}

/** One change of one order, as the header says; the answer is the order as it is after it. */
export async function changeOrder(
  ctx: AppContext,
  who: Who,
  id: string,
  action: OrderAction,
  lang: Language,
  shipping: { carrier: string | null; trackingReference: string | null } = {
    carrier: null,
    trackingReference: null,
  },
): Promise<OrderAnswer> {
  const ref = orderRef(id);
  if (!ref) throw new AppError(404, noOrderWithId(id));
  const changed = await runInTransaction(ctx.database.db, async (tx) => {
    const row = await repo.orderRow(tx, ref, true);
    // Someone else's order is answered as no order: a shopper learns nothing of it.
    if (!row || (who.caller === 'owner' && row.userId !== who.userId))
      throw new AppError(404, noOrderWithId(id));
    const refunded = refundedOf(await repo.refundRows(tx, row.id));
    const decided = decide({ ...row, refunded }, action, who.caller);
    if ('refused' in decided) throw new AppError(409, decided.refused);
    const now = new Date(ctx.now());
    const { set, note } = effects(action, row, now, shipping);
    const after = await repo.updateOrder(tx, row.id, { ...set, status: decided.to, updatedAt: now });
    await repo.insertEvent(tx, {
      orderId: row.id,
      fromStatus: row.status,
      toStatus: decided.to,
      at: now,
      actorId: who.caller === 'staff' ? who.actor.id : who.userId,
      note: who.caller === 'owner' ? 'Cancelled by the customer' : note,
    });
    const mail = mailOf(action, who);
    if (mail) mailOrderOnCommit(tx, ctx, row.id, mail);
    if (action === 'cancel') {
      const products = await repo.restock(tx, row.id);
      // Stock is part of the product payload: these products' cached answers are stale now and once this commits.
      ctx.catalogueCache.productsChanged(products);
      onCommit(tx, () => ctx.catalogueCache.productsChanged(products));
    }
    if (who.caller === 'staff')
      await recordAudit(
        tx,
        who.actor,
        {
          action: `order.${action}`,
          entity: 'order',
          entityId: row.id,
          before: stateOf(row),
          after: stateOf(after),
        },
        now,
      );
    return after;
  });
  return { status: 'success', data: await orderAnswer(ctx, changed, lang) };
}

export async function orderAnswer(ctx: AppContext, row: repo.OrderRow, lang: Language) {
  const [order] = await populated(ctx, [await repo.withLines(ctx.database.db, row)], lang);
  if (!order) throw new Error(`order ${row.id} has no owner`);
  return order;
}

/** GET /orders/{id}: any order for staff, only their own for a shopper (404 for another's). */
export async function readOrder(ctx: AppContext, who: Who, id: string, lang: Language): Promise<OrderAnswer> {
  const ref = orderRef(id);
  const row = ref && (await repo.orderRow(ctx.database.db, ref));
  if (!row || (who.caller === 'owner' && row.userId !== who.userId))
    throw new AppError(404, noOrderWithId(id));
  return { status: 'success', data: await orderAnswer(ctx, row, lang) };
}

/** A carrier or tracking reference as stored: trimmed, printable, within its length; blank is none. */
function shippingText(param: 'carrier' | 'trackingReference', value: string | undefined, max: number) {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text))
    throw new ValidationError(param, `${param} must be printable text on one line`, value, 'body');
  if ([...text].length > max)
    throw new ValidationError(param, `${param} must be at most ${max} characters`, value, 'body');
  return text;
}

export function readShipBody(body: ShipBody | undefined) {
  return {
    carrier: shippingText('carrier', body?.carrier, shipLimits.carrierMax),
    trackingReference: shippingText(
      'trackingReference',
      body?.trackingReference,
      shipLimits.trackingReferenceMax,
    ),
  };
}
