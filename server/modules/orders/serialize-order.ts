import type { CartProduct } from '@/lib/contract/catalogue';
import type { Order, OrderUser, PlacedOrder } from '@/lib/contract/orders';
import type { OrderWithItems } from './repository';

function orderFields(o: OrderWithItems) {
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
  };
}

/** The contract's stamps, then ours: the status, its history and the shipping and cancelling facts when set. */
function stamps(o: OrderWithItems) {
  const { order } = o;
  return {
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    id: order.number,
    __v: 0,
    status: order.status,
    statusHistory: o.events.map((e) => {
      const refund = e.refundId ? o.refunds.find((r) => r.id === e.refundId) : undefined;
      return { status: e.toStatus, at: e.at.toISOString(), ...(refund ? { refunded: refund.amount } : {}) };
    }),
    ...(order.shippedAt ? { shippedAt: order.shippedAt.toISOString() } : {}),
    ...(order.carrier ? { carrier: order.carrier } : {}),
    ...(order.trackingReference ? { trackingReference: order.trackingReference } : {}),
    ...(order.cancelledAt ? { cancelledAt: order.cancelledAt.toISOString() } : {}),
    ...(order.paymentMethodType === 'card' ? refundFields(o) : {}),
    language: order.language,
  };
}

/** A card order's refunds made, and their sum. */
function refundFields(o: OrderWithItems) {
  return {
    refunds: o.refunds.map((r) => ({
      amount: r.amount,
      at: (r.completedAt ?? r.createdAt).toISOString(),
      ...(r.restock.length ? { restocked: r.restock.map((l) => ({ line: l.lineId, count: l.count })) } : {}),
    })),
    refundedAmount: o.refunds.reduce((n, r) => n + r.amount, 0),
  };
}

/** A new order as POST /orders answers it: `user` and each line's `product` are ids. */
export function serializePlacedOrder(o: OrderWithItems): PlacedOrder {
  return {
    ...orderFields(o),
    user: o.order.userId,
    cartItems: o.items.map((item) => ({
      count: item.count,
      _id: item.id,
      product: item.productId,
      price: item.price,
    })),
    ...stamps(o),
  };
}

/**
 * An order in the history: the user and each line's product populated. A line's product always exists (order
 * lines reference products, and a product with orders cannot be deleted).
 */
export function serializeOrder(
  o: OrderWithItems,
  user: OrderUser,
  products: Map<string, CartProduct>,
): Order {
  return {
    ...orderFields(o),
    user,
    cartItems: o.items.flatMap((item) => {
      const product = products.get(item.productId);
      return product ? [{ count: item.count, _id: item.id, product, price: item.price }] : [];
    }),
    ...stamps(o),
  };
}
