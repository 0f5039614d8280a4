// The shopper's mail about their order (issue 28, item 4): placed (cash here, card from checkout's fulfilment),
// shipped, delivered, cancelled, and refunded (called by the refunds slice). Sent only once the change committed
// (onCommit), in the background: a mail server that is slow or down never holds up, fails or undoes the change. A
// failure is logged with the order's id. `pay` and `process` send nothing: a card order's "placed" mail already says
// it was paid and a cash order is paid at the door (its "delivered" mail says so); processing is the shop's own
// step, and the shopper hears next when the parcel leaves ("shipped").
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { onCommit, type Tx } from '../../db/client';
import { products } from '../../db/schema';
import { orderMail, type OrderMailEvent, type OrderMailFacts } from '../../mail/order-mail';
import { localised } from '../catalogue';
import * as repo from './repository';

export type { OrderMailEvent } from '../../mail/order-mail';

/** The order as its mail tells it, read now (after the change committed), in the language it was placed in. */
async function mailFacts(ctx: AppContext, orderId: string) {
  const db = ctx.database.db;
  const found = await repo.loadOrder(db, orderId);
  if (!found) throw new Error(`order ${orderId} not found`);
  const { order, items } = found;
  const [owner] = await repo.orderUsers(db, [order.userId]);
  if (!owner) throw new Error(`order ${orderId} has no owner`);
  const lang = order.language;
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows = ids.length
    ? await db
        .select({ id: products.id, title: products.title, titleAr: products.titleAr })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const titles = new Map(rows.map((p) => [p.id, localised(lang, p.title, p.titleAr)]));
  const facts: OrderMailFacts = {
    to: owner.email,
    name: owner.name,
    shopName: ctx.config.shopName,
    number: order.number,
    lines: items.map((i) => ({ title: titles.get(i.productId) ?? '', count: i.count, price: i.price })),
    totals: {
      original: items.reduce((sum, i) => sum + i.count * i.price, 0),
      tax: order.taxPrice,
      savings: order.discountPrice,
      total: order.totalOrderPrice,
    },
    payment: order.paymentMethodType,
    isPaid: order.isPaid,
    shipping: { details: order.shippingDetails, city: order.shippingCity, phone: order.shippingPhone },
    carrier: order.carrier,
    trackingReference: order.trackingReference,
    // Delivery paid it: a cash order paid at the moment it was delivered (transitions.ts sets both together).
    paidOnDelivery:
      order.paymentMethodType === 'cash' &&
      order.paidAt !== null &&
      order.deliveredAt !== null &&
      order.paidAt.getTime() === order.deliveredAt.getTime(),
  };
  return { lang, facts };
}

/**
 * Renders and sends the mail about `orderId` now, in the order's language; rejects when it cannot (the mailer's
 * error, or no such order). Callers inside a transaction use mailOrderOnCommit; after one, mailOrderLater.
 */
export async function sendOrderMail(ctx: AppContext, orderId: string, event: OrderMailEvent): Promise<void> {
  const { lang, facts } = await mailFacts(ctx, orderId);
  await ctx.mailer.send(await orderMail(lang, event, facts));
}

/**
 * Sends the mail in the background and returns at once; never throws. A failure is logged (error level, with the
 * order's id and the mail's kind) and changes nothing else. For a caller whose change has already committed: the
 * refunds slice calls `mailOrderLater(ctx, orderId, { kind: 'refunded', amount })` after a refund succeeds.
 */
export function mailOrderLater(ctx: AppContext, orderId: string, event: OrderMailEvent): void {
  ctx.background.queue(orderId, `order mail (${event.kind})`, () => sendOrderMail(ctx, orderId, event), {
    orderId,
    mail: event.kind,
  });
}

/** The mail about this change, once `tx` commits; a rolled-back change (a 409, an error) sends none. */
export function mailOrderOnCommit(tx: Tx, ctx: AppContext, orderId: string, event: OrderMailEvent): void {
  onCommit(tx, () => mailOrderLater(ctx, orderId, event));
}
