// GET /dashboard (staff): the back office's first screen in one answer. Today's and this month's orders and sales,
// the orders waiting to ship, the products low on stock and the last 30 days' sales, on the shop's calendar
// (SHOP_TIME_ZONE). Three reads, each from an index: the days since the earlier of the month's start and 29 days ago
// grouped by day (orders_created_idx), the waiting count (orders_status_created_idx), the low stock
// (products_quantity_idx).
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { lowStockAt, type DashboardAnswer, type SalesFigures } from '@/lib/contract/reports';
import type { AppContext } from '../../context';
import { orderRefunds, orders, products } from '../../db/schema';

const days = 30;

/** YYYY-MM-DD of `at` on the calendar of `timeZone`. */
function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day `n` days after the calendar day `day` (YYYY-MM-DD; calendar arithmetic, no time zone involved). */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export async function dashboard(ctx: AppContext): Promise<DashboardAnswer> {
  const db = ctx.database.db;
  const timeZone = ctx.config.shopTimeZone;
  const today = dayIn(timeZone, new Date(ctx.now()));
  const firstOfSeries = addDays(today, -(days - 1));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const from = firstOfMonth < firstOfSeries ? firstOfMonth : firstOfSeries;
  // The shop's midnight starting `from`, as the database reads the zone (no DST arithmetic here).
  const since = sql`(${from}::timestamp at time zone ${timeZone})`;
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;

  // Refunds made, by order (a few orders have any: read from order_refunds_order_idx).
  const refunded = db
    .select({ orderId: orderRefunds.orderId, amount: sql<number>`sum(${orderRefunds.amount})`.as('amount') })
    .from(orderRefunds)
    .where(eq(orderRefunds.status, 'succeeded'))
    .groupBy(orderRefunds.orderId)
    .as('refunded');
  const [byDay, [waiting], [low], lowest] = await Promise.all([
    db
      .select({
        day,
        orders: count().mapWith(Number),
        // Net of what was refunded: a refund's money is not a sale.
        sales:
          sql<number>`coalesce(sum(${orders.totalOrderPrice}), 0) - coalesce(sum(${refunded.amount}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .leftJoin(refunded, eq(refunded.orderId, orders.id))
      .where(and(gte(orders.createdAt, since), sql`${orders.status} <> 'cancelled'`))
      // By position: the select's expression carries the zone as a parameter of its own, so it cannot be repeated.
      .groupBy(sql`1`),
    db
      .select({ n: count().mapWith(Number) })
      .from(orders)
      .where(inArray(orders.status, ['placed', 'paid', 'processing'])),
    db
      .select({ n: count().mapWith(Number) })
      .from(products)
      .where(and(eq(products.status, 'active'), lte(products.quantity, lowStockAt))),
    db
      .select({
        _id: products.id,
        title: products.title,
        quantity: products.quantity,
        imageCover: products.imageCover,
      })
      .from(products)
      .where(and(eq(products.status, 'active'), lte(products.quantity, lowStockAt)))
      .orderBy(asc(products.quantity), asc(products.id))
      .limit(10),
  ]);

  const onDay = new Map(byDay.map((d) => [d.day, d]));
  const sum = (keep: (d: string) => boolean): SalesFigures =>
    byDay
      .filter((d) => keep(d.day))
      .reduce((t, d) => ({ orders: t.orders + d.orders, sales: t.sales + d.sales }), { orders: 0, sales: 0 });
  return {
    status: 'success',
    data: {
      timeZone,
      today,
      todays: sum((d) => d === today),
      thisMonth: sum((d) => d >= firstOfMonth && d <= today),
      waitingToShip: waiting?.n ?? 0,
      lowStock: { count: low?.n ?? 0, products: lowest },
      salesByDay: Array.from({ length: days }, (_, i) => {
        const d = addDays(firstOfSeries, i);
        const found = onDay.get(d);
        return { day: d, orders: found?.orders ?? 0, sales: found?.sales ?? 0 };
      }),
    },
  };
}
