// The customers list: a page of shoppers' accounts (role `user`) from users_customers_idx, newest first, then the
// orders of that page's customers only, summed (orders_user_created_idx). Nothing reads the whole orders table.
import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { CustomerList, CustomerListQuery } from '@/lib/contract/reports';
import type { AppContext } from '../../context';
import { orderRefunds, orders, users } from '../../db/schema';
import { metadata, pageOf } from '../../paging';
import { escapeLike } from '../catalogue';

/** A keyword's condition: the e-mail's or the phone's first characters (each read from its prefix index). */
function keywordCondition(keyword: string): SQL {
  const pattern = `${escapeLike(keyword.trim())}%`;
  return sql`(${users.email} like ${pattern.toLowerCase()} or ${users.phone} like ${pattern})`;
}

export async function listCustomers(ctx: AppContext, q: CustomerListQuery): Promise<CustomerList> {
  const db = ctx.database.db;
  const where: SQL[] = [eq(users.role, 'user')];
  if (q.keyword?.trim()) where.push(keywordCondition(q.keyword));
  const condition = and(...where);
  const { page, limit } = pageOf(q);
  const [counted] = await db
    .select({ n: count().mapWith(Number) })
    .from(users)
    .where(condition);
  const total = counted?.n ?? 0;
  const ascending = q.sort === 'createdAt';
  const rows =
    (page - 1) * limit >= total
      ? []
      : await db
          .select({
            _id: users.id,
            name: users.name,
            email: users.email,
            phone: users.phone,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(condition)
          .orderBy(
            ...(ascending ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)]),
          )
          .limit(limit)
          .offset((page - 1) * limit);
  const ids = rows.map((r) => r._id);
  const sums = ids.length
    ? await db
        .select({
          userId: orders.userId,
          orders: count().mapWith(Number),
          spent: sql<number>`coalesce(sum(${orders.totalOrderPrice}), 0)`.mapWith(Number),
          lastOrderAt: max(orders.createdAt),
        })
        .from(orders)
        .where(and(inArray(orders.userId, ids), sql`${orders.status} <> 'cancelled'`))
        .groupBy(orders.userId)
    : [];
  // What was refunded of those orders: not spent.
  const refunds = ids.length
    ? await db
        .select({ userId: orders.userId, amount: sql<number>`sum(${orderRefunds.amount})`.mapWith(Number) })
        .from(orderRefunds)
        .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
        .where(
          and(
            inArray(orders.userId, ids),
            eq(orderRefunds.status, 'succeeded'),
            sql`${orders.status} <> 'cancelled'`,
          ),
        )
        .groupBy(orders.userId)
    : [];
  const refundedOf = new Map(refunds.map((r) => [r.userId, r.amount]));
  const sumOf = new Map(sums.map((s) => [s.userId, s]));
  return {
    results: total,
    metadata: metadata(total, page, limit),
    data: rows.map((r) => {
      const s = sumOf.get(r._id);
      return {
        ...r,
        createdAt: r.createdAt.toISOString(),
        orders: s?.orders ?? 0,
        spent: (s?.spent ?? 0) - (refundedOf.get(r._id) ?? 0),
        ...(s?.lastOrderAt ? { lastOrderAt: s.lastOrderAt.toISOString() } : {}),
      };
    }),
  };
}
