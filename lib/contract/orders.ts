// Orders. The answer to placing one carries ids (user, each line's product); the history populates them.
import { Type, type Static, type TSchema } from 'typebox';
import { Id, Timestamp } from './common';
import { CartProduct } from './catalogue';

export const ShippingAddress = Type.Object({
  details: Type.String(),
  phone: Type.String(),
  city: Type.String(),
});
export type ShippingAddress = Static<typeof ShippingAddress>;

export const OrderUser = Type.Object({
  _id: Id,
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
});
export type OrderUser = Static<typeof OrderUser>;

export const PaymentMethod = Type.Union([Type.Literal('cash'), Type.Literal('card')]);
export type PaymentMethod = Static<typeof PaymentMethod>;

function order<U extends TSchema, P extends TSchema>(user: U, product: P) {
  return Type.Object({
    shippingAddress: ShippingAddress,
    taxPrice: Type.Integer(),
    shippingPrice: Type.Integer(),
    discountPrice: Type.Integer(),
    totalOrderPrice: Type.Integer(),
    paymentMethodType: PaymentMethod,
    isPaid: Type.Boolean(),
    paidAt: Type.Optional(Timestamp),
    isDelivered: Type.Boolean(),
    deliveredAt: Type.Optional(Timestamp),
    _id: Id,
    user,
    cartItems: Type.Array(Type.Object({ count: Type.Integer(), _id: Id, product, price: Type.Integer() })),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    /** The shop's order number, shown to the shopper. */
    id: Type.Integer(),
    __v: Type.Integer(),
  });
}

/** An order in the history: its user and products populated. */
export const Order = order(OrderUser, CartProduct);
export type Order = Static<typeof Order>;
export type OrderLine = Order['cartItems'][number];

/** A new order (POST /orders/{cartId}, and the order a card payment created): ids only. */
export const PlacedOrder = order(Id, Id);
export type PlacedOrder = Static<typeof PlacedOrder>;

export const PlacedOrderAnswer = Type.Object({ status: Type.Literal('success'), data: PlacedOrder });
export type PlacedOrderAnswer = Static<typeof PlacedOrderAnswer>;

export const OrderHistory = Type.Array(Order);
export type OrderHistory = Static<typeof OrderHistory>;

/** Shape only: details, city and phone are required and non-blank, checked by the server (first missing named). */
export const ShippingAddressBody = Type.Object({
  shippingAddress: Type.Optional(
    Type.Object({
      details: Type.Optional(Type.String({ maxLength: 500 })),
      phone: Type.Optional(Type.String({ maxLength: 40 })),
      city: Type.Optional(Type.String({ maxLength: 120 })),
    }),
  ),
});
export type ShippingAddressBody = Static<typeof ShippingAddressBody>;

export const CartIdParams = Type.Object({ cartId: Type.String({ maxLength: 100 }) });
export const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 100 }) });
