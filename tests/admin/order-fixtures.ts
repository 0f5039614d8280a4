// Orders as GET /orders and GET /orders/{id} answer them (lib/contract/orders.ts), for the back office's tests.
import type { ListEnvelope } from '@/lib/contract/common';
import type { Order, OrderStatus } from '@/lib/contract/orders';

const cat = { _id: 'c'.repeat(24), name: "Women's Fashion", slug: 'womens-fashion', image: '/c.png' };
const brand = { _id: 'b'.repeat(24), name: 'DeFacto', slug: 'defacto', image: '/b.png' };

function product(id: string, title: string) {
  return {
    subcategory: [],
    _id: id,
    title,
    quantity: 20,
    imageCover: `/images/products/${id}.webp`,
    category: cat,
    brand,
    ratingsAverage: 4.5,
    id,
  };
}

export const orderId = 'a1'.repeat(12);

/** A cash order as placed: two lines (2 × 149 and 1 × 500 = 798; tax 88, discount 79, total 807). */
export function order(over: Partial<Order> = {}): Order {
  return {
    shippingAddress: { details: '12 Nile Street', phone: '01012345678', city: 'Cairo' },
    taxPrice: 88,
    shippingPrice: 0,
    discountPrice: 79,
    totalOrderPrice: 807,
    paymentMethodType: 'cash',
    isPaid: false,
    isDelivered: false,
    _id: orderId,
    user: { _id: 'u'.repeat(24), name: 'Mona Said', email: 'mona@example.com', phone: '01098765432' },
    cartItems: [
      { count: 2, _id: 'l1'.repeat(12), product: product('p1'.repeat(12), 'Woman Shawl'), price: 149 },
      { count: 1, _id: 'l2'.repeat(12), product: product('p2'.repeat(12), 'Leather Bag'), price: 500 },
    ],
    createdAt: '2030-03-01T09:00:00.000Z',
    updatedAt: '2030-03-01T09:00:00.000Z',
    id: 1047,
    __v: 0,
    status: 'placed',
    statusHistory: [{ status: 'placed', at: '2030-03-01T09:00:00.000Z' }],
    ...over,
  };
}

/** The order in `status`, with the history and fields the server would have given it on the way. */
export function orderIn(status: OrderStatus, over: Partial<Order> = {}): Order {
  const at = (hour: number) =>
    `2030-03-0${hour < 24 ? 1 : 2}T${String(hour % 24).padStart(2, '0')}:00:00.000Z`;
  const card = over.paymentMethodType === 'card';
  const path: Record<OrderStatus, OrderStatus[]> = {
    placed: card ? ['paid'] : ['placed'],
    paid: card ? ['paid'] : ['placed', 'paid'],
    processing: [card ? 'paid' : 'placed', 'processing'],
    shipped: [card ? 'paid' : 'placed', 'processing', 'shipped'],
    delivered: [card ? 'paid' : 'placed', 'processing', 'shipped', 'delivered'],
    cancelled: ['placed', 'cancelled'],
  };
  const steps = path[status];
  const paid = card || ['paid', 'delivered'].includes(status);
  return order({
    status,
    statusHistory: steps.map((s, i) => ({ status: s, at: at(9 + i) })),
    isPaid: paid,
    ...(paid ? { paidAt: at(9) } : {}),
    ...(['shipped', 'delivered'].includes(status)
      ? { shippedAt: at(11), carrier: 'Aramex', trackingReference: 'AX-123' }
      : {}),
    ...(status === 'delivered' ? { isDelivered: true, deliveredAt: at(12) } : {}),
    ...(status === 'cancelled' ? { cancelledAt: at(10) } : {}),
    ...over,
  });
}

export function orderPage(data: Order[], results = data.length): ListEnvelope<Order> {
  return { results, metadata: { currentPage: 1, numberOfPages: 1, limit: 25 }, data };
}
