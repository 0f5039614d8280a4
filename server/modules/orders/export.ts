// GET /orders/export.csv (staff): the orders the list's filters match, oldest first, one row each, for the
// accountant. Streamed (server/csv.ts): orders are read a page at a time by (created_at, id), with their customers
// and pieces for that page only, so 100,000 orders never sit in memory.
import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orderExportColumns, type OrderFilters } from '@/lib/contract/orders';
import type { AppContext } from '../../context';
import { csvStream, type Cell } from '../../csv';
import { orderItems, orderRefunds, orders, users } from '../../db/schema';
import { orderConditions } from './order-list';

const defaultPageSize = 500;

const iso = (d: Date | null) => d?.toISOString() ?? '';

export async function exportOrders(
  ctx: AppContext,
  filters: OrderFilters,
  pageSize = defaultPageSize,
): Promise<Readable> {
  const db = ctx.database.db;
  const where = await orderConditions(ctx, filters);
  async function* records(): AsyncGenerator<Cell[]> {
    // The cursor keeps created_at as the database's text: a Date would cut its microseconds off.
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const page: SQL[] = [...where];
      if (after)
        page.push(sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})`);
      const rows = await db
        .select({
          order: orders,
          name: users.name,
          email: users.email,
          cursor: sql<string>`${orders.createdAt}::text`,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(page.length ? and(...page) : undefined)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(pageSize);
      if (rows.length === 0) return;
      const sums = await db
        .select({
          orderId: orderItems.orderId,
          pieces: sql<number>`sum(${orderItems.count})`.mapWith(Number),
          subtotal: sql<number>`sum(${orderItems.count} * ${orderItems.price})`.mapWith(Number),
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.order.id),
          ),
        )
        .groupBy(orderItems.orderId);
      const refunds = await db
        .select({
          orderId: orderRefunds.orderId,
          amount: sql<number>`sum(${orderRefunds.amount})`.mapWith(Number),
        })
        .from(orderRefunds)
        .where(
          and(
            inArray(
              orderRefunds.orderId,
              rows.map((r) => r.order.id),
            ),
            eq(orderRefunds.status, 'succeeded'),
          ),
        )
        .groupBy(orderRefunds.orderId);
      const refundedOf = new Map(refunds.map((r) => [r.orderId, r.amount]));
      const sumOf = new Map(sums.map((s) => [s.orderId, s]));
      for (const { order: o, name, email } of rows) {
        const sum = sumOf.get(o.id);
        const row: Record<(typeof orderExportColumns)[number], Cell> = {
          'Order number': o.number,
          'Placed at': iso(o.createdAt),
          Status: o.status,
          Payment: o.paymentMethodType,
          Paid: o.isPaid ? 'yes' : 'no',
          'Paid at': iso(o.paidAt),
          Customer: name,
          'E-mail': email,
          Phone: o.shippingPhone,
          City: o.shippingCity,
          Address: o.shippingDetails,
          Pieces: sum?.pieces ?? 0,
          Subtotal: sum?.subtotal ?? 0,
          Discount: o.discountPrice,
          Tax: o.taxPrice,
          Shipping: o.shippingPrice,
          Total: o.totalOrderPrice,
          Refunded: refundedOf.get(o.id) ?? 0,
          'Shipped at': iso(o.shippedAt),
          Carrier: o.carrier ?? '',
          'Tracking reference': o.trackingReference ?? '',
          'Delivered at': iso(o.deliveredAt),
          'Cancelled at': iso(o.cancelledAt),
        };
        yield orderExportColumns.map((c) => row[c]);
      }
      const last = rows[rows.length - 1]!;
      after = { at: last.cursor, id: last.order.id };
    }
  }
  return csvStream(orderExportColumns, records());
}
