import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { CartProductJson } from '../catalogue/serialize';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

export interface OrderUserJson {
  _id: string;
  name: string;
  email: string;
  phone: string;
}

export interface OrderPopulation {
  user: OrderUserJson;
  products: Map<string, CartProductJson>;
}

/**
 * The contract's Order. Without `populate`, `user` and each line's `product` are id strings (the
 * answer to POST /orders); with it, they are objects (the order history).
 */
export function serializeOrder(o: OrderWithItems, populate?: OrderPopulation) {
  const { order } = o;
  return {
    shippingAddress: { details: order.shippingDetails, phone: order.shippingPhone, city: order.shippingCity },
    taxPrice: order.taxPrice,
    shippingPrice: order.shippingPrice,
    discountPrice: order.discountPrice,
    totalOrderPrice: order.totalOrderPrice,
    paymentMethodType: order.paymentMethodType,
    isPaid: order.isPaid,
    ...(order.paidAt ? { paidAt: order.paidAt.toISOString() } : {}),
    isDelivered: order.isDelivered,
    ...(order.deliveredAt ? { deliveredAt: order.deliveredAt.toISOString() } : {}),
    _id: order.id,
    user: populate ? populate.user : order.userId,
    cartItems: o.items.map((item) => ({
      count: item.count,
      _id: item.id,
      product: populate ? (populate.products.get(item.productId) ?? item.productId) : item.productId,
      price: item.price,
    })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    id: order.number,
    __v: 0,
  };
}

export type OrderJson = ReturnType<typeof serializeOrder>;

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
