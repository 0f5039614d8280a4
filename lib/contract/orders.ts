// Orders. The answer to placing one carries ids (user, each line's product); the history populates them.
import { Type, type Static, type TSchema } from 'typebox';
import { Id, LangQuery, PageQuery, Timestamp, listEnvelope } from './common';
import { CartProduct } from './catalogue';

/**
 * Where an order is in its life (ours: the public host has only the flags). A card order is `paid` once its payment
 * is taken; a cash order starts `placed` and becomes paid when staff mark it so or when it is delivered. `isPaid`,
 * `paidAt`, `isDelivered` and `deliveredAt` follow the status, so clients that read only them read it right.
 */
export const orderStatuses = ['placed', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatus = Type.Union([
  Type.Literal('placed'),
  Type.Literal('paid'),
  Type.Literal('processing'),
  Type.Literal('shipped'),
  Type.Literal('delivered'),
  Type.Literal('cancelled'),
]);
export type OrderStatus = (typeof orderStatuses)[number];

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

/** A refund made (POST /orders/{id}/refunds): its pounds, when, and the units of lines put back on sale. */
export const OrderRefund = Type.Object({
  amount: Type.Integer(),
  at: Timestamp,
  restocked: Type.Optional(Type.Array(Type.Object({ line: Id, count: Type.Integer() }))),
});
export type OrderRefund = Static<typeof OrderRefund>;

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
    // Ours, after the contract's fields (which keep their order). Optional in the type: the public host sends none.
    status: Type.Optional(OrderStatus),
    /**
     * Every status the order has had, oldest first, the current one last. A refund is an entry too: the status the
     * order kept, and `refunded`, the pounds given back then.
     */
    statusHistory: Type.Optional(
      Type.Array(
        Type.Object({ status: OrderStatus, at: Timestamp, refunded: Type.Optional(Type.Integer()) }),
      ),
    ),
    shippedAt: Type.Optional(Timestamp),
    /** Set when staff gave them on shipping. */
    carrier: Type.Optional(Type.String()),
    trackingReference: Type.Optional(Type.String()),
    cancelledAt: Type.Optional(Timestamp),
    /** Card orders: the refunds made, oldest first (each with the lines whose units went back on sale). */
    refunds: Type.Optional(Type.Array(OrderRefund)),
    /** Card orders: the sum of `refunds`, in pounds (what is left to refund is totalOrderPrice − refundedAmount). */
    refundedAmount: Type.Optional(Type.Integer()),
    /** The language the shopper placed it in: its mails and its packing slip speak it. */
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')])),
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

/** A staff call or the owner's cancel on one order: `{status:"success", data: Order}` (the public host's answer). */
export const OrderAnswer = Type.Object({ status: Type.Literal('success'), data: Order });
export type OrderAnswer = Static<typeof OrderAnswer>;

/** The carrier and tracking reference are optional; each is trimmed, printable, and blank means none. */
export const shipLimits = { carrierMax: 60, trackingReferenceMax: 100 } as const;
/** PUT /orders/{id}/ship. Lengths are checked after trimming (the server's rule, with its message). */
export const ShipBody = Type.Object({
  carrier: Type.Optional(Type.String({ maxLength: 400 })),
  trackingReference: Type.Optional(Type.String({ maxLength: 400 })),
});
export type ShipBody = Static<typeof ShipBody>;

/** The largest refund the server reads (an order's total is at most this too: an integer column). */
export const refundLimits = { amountMax: 2_000_000_000, linesMax: 100 } as const;

/**
 * POST /orders/{id}/refunds (staff): `amount` in whole pounds (a positive integer, at most what is left to refund),
 * and optionally the lines (`cartItems[]._id`) whose units go back on sale, each at most its count less the units
 * already put back. The values are read by the server (not coerced: `"10"` is refused), which names what is wrong.
 */
export const RefundBody = Type.Object({
  amount: Type.Optional(Type.Unknown()),
  restock: Type.Optional(
    Type.Array(Type.Object({ line: Type.Optional(Type.Unknown()), count: Type.Optional(Type.Unknown()) }), {
      maxItems: refundLimits.linesMax,
    }),
  ),
});
export type RefundBody = Static<typeof RefundBody>;
/** What a client sends (the schema above accepts any values, so that the server's messages name the field). */
export interface RefundRequest {
  amount: number;
  restock?: { line: string; count: number }[];
}

export const orderSorts = ['-createdAt', 'createdAt', '-totalOrderPrice', 'totalOrderPrice'] as const;
export type OrderSort = (typeof orderSorts)[number];

/** A query value of a fixed set, as one JSON Schema enum: a refusal names the values allowed. */
function oneOf<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}

/** GET /orders (staff): paged like the product list, newest first unless `sort` says otherwise. */
/** What the staff list and the CSV export filter orders by. */
export const OrderFilters = Type.Object({
  status: Type.Optional(oneOf(orderStatuses)),
  paymentMethodType: Type.Optional(oneOf(['cash', 'card'] as const)),
  isPaid: Type.Optional(Type.Boolean()),
  /** ISO date-times, inclusive. */
  'createdAt[gte]': Type.Optional(Type.String({ maxLength: 40 })),
  'createdAt[lte]': Type.Optional(Type.String({ maxLength: 40 })),
  /** The customer's account id. */
  user: Type.Optional(Type.String({ maxLength: 100 })),
  'totalOrderPrice[gte]': Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000 })),
  'totalOrderPrice[lte]': Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000 })),
  /** The order number (exactly, `#` allowed), or the first characters of the customer's e-mail or phone. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type OrderFilters = Static<typeof OrderFilters>;

export const OrderListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(oneOf(orderSorts)),
  ...OrderFilters.properties,
  /** These orders only: `_id`s, comma-separated, at most 100 (the back office's packing slips). */
  ids: Type.Optional(Type.String({ maxLength: 4000 })),
  ...LangQuery.properties,
});
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderList = listEnvelope(Order);
/** GET /orders/export.csv: the list's filters; the file holds every matching order, oldest first. */
export const OrderExportQuery = OrderFilters;
/** The export's columns, in order (a header row names them). */
export const orderExportColumns = [
  'Order number',
  'Placed at',
  'Status',
  'Payment',
  'Paid',
  'Paid at',
  'Customer',
  'E-mail',
  'Phone',
  'City',
  'Address',
  'Pieces',
  'Subtotal',
  'Discount',
  'Tax',
  'Shipping',
  'Total',
  'Refunded',
  'Shipped at',
  'Carrier',
  'Tracking reference',
  'Delivered at',
  'Cancelled at',
] as const;
export type OrderList = Static<typeof OrderList>;

/** The order as `_id` (24 hex characters) or as its number. */
export const OrderIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
