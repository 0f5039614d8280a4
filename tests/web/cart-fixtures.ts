// Wire-format cart data (api-contract "Cart envelope") for the cart, order and history tests.
import type { CartEnvelope, CartLine } from '@/lib/contract/cart';
import type { Order } from '@/lib/contract/orders';

export const userId = '6650a1b2c3d4e5f6a7b8c9d0';
export const cartId = '6650a1b2c3d4e5f6a7b8c9ff';

export function line(n: number, count: number, price: number): CartLine {
  const id = `6650a1b2c3d4e5f6a7b8c0${String(n).padStart(2, '0')}`;
  const category = {
    _id: 'c1',
    name: "Women's Fashion",
    slug: 'womens-fashion',
    image: 'https://img.test/c1.png',
  };
  return {
    _id: `line-${n}`,
    count,
    price,
    product: {
      _id: id,
      id,
      title: `Product number ${n}`,
      imageCover: `https://img.test/p${n}.jpg`,
      quantity: 100,
      category,
      brand: { ...category, _id: 'b1', name: 'DeFacto' },
      ratingsAverage: 4.5,
      subcategory: [],
    },
  };
}

export function envelope(lines: CartLine[]): CartEnvelope {
  return {
    status: 'success',
    numOfCartItems: lines.length,
    cartId,
    data: {
      _id: cartId,
      cartOwner: userId,
      products: lines,
      totalCartPrice: lines.reduce((sum, l) => sum + l.count * l.price, 0),
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
      __v: 0,
    },
  };
}

export function order(id: number, createdAt: string, lines: CartLine[], extra: Partial<Order> = {}): Order {
  const total = lines.reduce((sum, l) => sum + l.count * l.price, 0);
  return {
    _id: `order-${id}`,
    id,
    shippingAddress: { details: '12 Nile Street', phone: '01012345678', city: 'Cairo' },
    taxPrice: 0,
    shippingPrice: 0,
    discountPrice: 0,
    totalOrderPrice: total,
    paymentMethodType: 'cash',
    isPaid: false,
    isDelivered: false,
    user: { _id: userId, name: 'Mona', email: 'mona@example.com', phone: '01012345678' },
    cartItems: lines,
    createdAt,
    updatedAt: createdAt,
    __v: 0,
    ...extra,
  };
}
