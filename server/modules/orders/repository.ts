import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  checkoutSessions,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  products,
  users,
} from '../../db/schema';
import { inIdsOrder } from '../../paging';
import { escapeLike } from '../catalogue';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
  /** Its status changes, oldest first. */
  events: OrderEventRow[];
  /** Its refunds that were made (succeeded), oldest first. */
  refunds: OrderRefundRow[];
}

/** Lines and status changes of these orders, by order: lines in the order they were written, changes oldest first. */
async function withItems(exec: Executor, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  // At most two at once: on a transaction's one connection node-postgres queues a third, and warns that queueing is
  // deprecated.
  const [items, events] = await Promise.all([
    exec.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    exec
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
  ]);
  const refunds = await exec
    .select()
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded')))
    .orderBy(asc(orderRefunds.completedAt), asc(orderRefunds.id));
  const group = <T extends { orderId: string }>(list: T[]) => {
    const by = new Map<string, T[]>();
    for (const x of list) by.set(x.orderId, [...(by.get(x.orderId) ?? []), x]);
    return by;
  };
  const itemsOf = group(items);
  const eventsOf = group(events);
  const refundsOf = group(refunds);
  return rows.map((order) => ({
    order,
    items: itemsOf.get(order.id) ?? [],
    events: eventsOf.get(order.id) ?? [],
    refunds: refundsOf.get(order.id) ?? [],
  }));
}

export async function loadOrder(exec: Executor, orderId: string): Promise<OrderWithItems | undefined> {
  const order = await orderRow(exec, { id: orderId });
  return order ? withLines(exec, order) : undefined;
}

/** An order named by its `_id` or by its number. */
export type OrderRef = { id: string } | { number: number };

/**
 * The order's row; with `lock`, locked until the transaction ends (every change of an order's status takes this lock
 * first, so two changes of one order run one after the other and the second sees the first's status).
 */
export async function orderRow(exec: Executor, ref: OrderRef, lock = false): Promise<OrderRow | undefined> {
  const where = 'id' in ref ? eq(orders.id, ref.id) : eq(orders.number, ref.number);
  const query = exec.select().from(orders).where(where);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function withLines(exec: Executor, row: OrderRow): Promise<OrderWithItems> {
  const [found] = await withItems(exec, [row]);
  return found!;
}

export async function updateOrder(
  exec: Executor,
  id: string,
  set: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await exec.update(orders).set(set).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`order ${id} vanished under its lock`);
  return row;
}

export async function insertEvent(exec: Executor, row: typeof orderEvents.$inferInsert): Promise<void> {
  await exec.insert(orderEvents).values(row);
}

/**
 * Puts an order's units back on sale when it is cancelled: each line's units not already put back by a refund
 * (count − restocked), which are then all back (restocked = count). Returns the products changed.
 */
export async function restock(exec: Executor, orderId: string): Promise<string[]> {
  const lines = await exec
    .select({
      productId: orderItems.productId,
      units: sql<number>`sum(${orderItems.count} - ${orderItems.restocked})`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
  await exec
    .update(orderItems)
    .set({ restocked: sql`${orderItems.count}` })
    .where(eq(orderItems.orderId, orderId));
  await putBack(exec, lines);
  return lines.map((l) => l.productId);
}

/**
 * Quantity up and sold down by these units, products locked in id order (as placing an order locks them, so the
 * two cannot deadlock).
 */
export async function putBack(exec: Executor, lines: { productId: string; units: number }[]): Promise<void> {
  const sorted = [...lines].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  );
  for (const { productId, units } of sorted) {
    if (units <= 0) continue;
    await exec
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${units}`,
        sold: sql`${products.sold} - ${units}`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, productId));
  }
}

/** An order's lines (locked with the order's row held: only the order's lock holder changes them). */
export function orderLines(exec: Executor, orderId: string): Promise<OrderItemRow[]> {
  return exec.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** Every refund row of an order (pending, succeeded and failed), oldest first. */
export function refundRows(exec: Executor, orderId: string): Promise<OrderRefundRow[]> {
  return exec
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

export async function insertRefund(exec: Executor, row: typeof orderRefunds.$inferInsert): Promise<void> {
  await exec.insert(orderRefunds).values(row);
}

export async function updateRefund(
  exec: Executor,
  id: string,
  set: Partial<typeof orderRefunds.$inferInsert>,
): Promise<OrderRefundRow> {
  const [row] = await exec.update(orderRefunds).set(set).where(eq(orderRefunds.id, id)).returning();
  if (!row) throw new Error(`refund ${id} vanished`);
  return row;
}

/** Marks `count` more units of a line put back; refused by the CHECK if that would exceed the line's count. */
export async function markRestocked(exec: Executor, lineId: string, count: number): Promise<void> {
  await exec
    .update(orderItems)
    .set({ restocked: sql`${orderItems.restocked} + ${count}` })
    .where(eq(orderItems.id, lineId));
}

/** The payment of a card order as its checkout session recorded it: the provider's session id (null for 'test'). */
export async function paymentOf(exec: Executor, checkoutSessionId: string) {
  const [row] = await exec
    .select({
      id: checkoutSessions.id,
      provider: checkoutSessions.provider,
      providerSessionId: checkoutSessions.providerSessionId,
    })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutSessionId));
  return row;
}

export async function findUser(exec: Executor, userId: string) {
  const [user] = await exec.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The owners of these orders, as the Order shape shows them. */
export async function orderUsers(exec: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return exec
    .select({ _id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** A shopper's orders, newest first, each with its lines in the order they were written. */
export async function ordersOfUser(exec: Executor, userId: string): Promise<OrderWithItems[]> {
  const rows = await exec
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  return withItems(exec, rows);
}

/** Accounts whose e-mail or phone starts with `prefix` (the list's keyword), at most `limit` of them. */
export async function usersByPrefix(exec: Executor, prefix: string, limit: number): Promise<string[]> {
  const pattern = `${escapeLike(prefix)}%`;
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} like ${pattern.toLowerCase()} or ${users.phone} like ${pattern}`)
    .limit(limit);
  return rows.map((r) => r.id);
}

export type OrderSortKey = 'createdAt' | 'totalOrderPrice';

/** From this many rows skipped, a page is found by its ids first (as the catalogue's deep pages). */
const deepOffset = 1000;

/**
 * One page of orders matching `where` in the sort's order (ties by id, the indexes' last column), and the total.
 * Counted first (nothing more is read past the end); a deep page reads the ids it skips from an index alone, then
 * its rows by key.
 */
export async function orderPage(
  exec: Executor,
  where: SQL[],
  sort: { key: OrderSortKey; descending: boolean },
  page: { limit: number; offset: number },
): Promise<{ total: number; orders: OrderWithItems[] }> {
  const condition = where.length ? and(...where) : undefined;
  const [counted] = await exec
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(condition);
  const total = counted?.n ?? 0;
  if (page.offset >= total) return { total, orders: [] };
  const column = sort.key === 'createdAt' ? orders.createdAt : orders.totalOrderPrice;
  const orderBy = sort.descending ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
  let rows: OrderRow[];
  if (page.offset < deepOffset) {
    rows = await exec
      .select()
      .from(orders)
      .where(condition)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset);
  } else {
    const ids = (
      await exec
        .select({ id: orders.id })
        .from(orders)
        .where(condition)
        .orderBy(...orderBy)
        .limit(page.limit)
        .offset(page.offset)
    ).map((r) => r.id);
    rows = ids.length ? inIdsOrder(ids, await exec.select().from(orders).where(inArray(orders.id, ids))) : [];
  }
  return { total, orders: await withItems(exec, rows) };
}
