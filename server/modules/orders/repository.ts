import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

export async function loadOrder(exec: Executor, orderId: string): Promise<OrderWithItems | undefined> {
  const [order] = await exec.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const items = await exec
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { order, items };
}

export async function findUser(exec: Executor, userId: string) {
  const [user] = await exec.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A shopper's orders, newest first, each with its lines in the order they were written. */
export async function ordersOfUser(exec: Executor, userId: string): Promise<OrderWithItems[]> {
  const rows = await exec
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  if (rows.length === 0) return [];
  const items = await exec
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    );
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items.sort((a, b) => a.id.localeCompare(b.id))) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return rows.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
}
