// An order's life (issue 28): which change each call makes from which status, and the 409 that names why not. Pure:
// transitions.ts applies it under the order's row lock.
//
//   placed ──pay──▶ paid ──process──▶ processing ──ship──▶ shipped ──deliver──▶ delivered
//   placed, paid, processing ──cancel──▶ cancelled (stock back)
//
// A card order starts `paid` (it exists only once its payment was taken); a cash order starts `placed`, may be
// shipped and delivered unpaid, and is paid when staff mark it so or when it is delivered.
//
// Refunds (refunds.ts) change no status: a paid card order is refunded in part or in full in any status, and once
// refunded in full it may be cancelled (its units not yet put back go back then). `decideRefund` below says when.
import type { OrderStatus } from '@/lib/contract/orders';

export type OrderAction = 'pay' | 'process' | 'ship' | 'deliver' | 'cancel';
/** Staff act on any order; a shopper only cancels their own, while it is placed. */
export type Caller = 'staff' | 'owner';

export const moves: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pay: { from: ['placed', 'processing'], to: 'paid' },
  process: { from: ['placed', 'paid'], to: 'processing' },
  ship: { from: ['placed', 'paid', 'processing'], to: 'shipped' },
  deliver: { from: ['placed', 'paid', 'processing', 'shipped'], to: 'delivered' },
  cancel: { from: ['placed', 'paid', 'processing'], to: 'cancelled' },
};

export const refundFirst =
  'Refund the payment first: this card order was paid, and a paid card order is cancelled only once its money is back';
export const ownerTooLate =
  'This order is already being prepared and can no longer be cancelled here; contact the shop';

/** Why `action` cannot happen to an order in `status` (used when the table above refuses it). */
const refusals: Record<OrderAction, Partial<Record<OrderStatus, string>>> = {
  pay: {
    paid: 'This order is already paid',
    delivered: 'This order is already paid',
    shipped: 'A shipped cash order is paid when it is delivered: mark it delivered',
    cancelled: 'This order is cancelled: it cannot be paid',
  },
  process: {
    processing: 'This order is already being processed',
    shipped: 'This order has already been shipped',
    delivered: 'This order has already been delivered',
    cancelled: 'This order is cancelled: it cannot be processed',
  },
  ship: {
    shipped: 'This order has already been shipped',
    delivered: 'This order has already been delivered',
    cancelled: 'This order is cancelled: it cannot be shipped',
  },
  deliver: {
    delivered: 'This order has already been delivered',
    cancelled: 'A cancelled order cannot be delivered',
  },
  cancel: {
    shipped: 'A shipped order cannot be cancelled',
    delivered: 'A delivered order cannot be cancelled',
    cancelled: 'This order is already cancelled',
  },
};

export interface OrderState {
  status: OrderStatus;
  paymentMethodType: 'cash' | 'card';
  isPaid: boolean;
  totalOrderPrice: number;
  /** Pounds given back by refunds that succeeded. */
  refunded: number;
}

/** The status `action` leads to from `order`'s, or the 409's message. */
export function decide(
  order: OrderState,
  action: OrderAction,
  caller: Caller,
): { to: OrderStatus } | { refused: string } {
  const { from, to } = moves[action];
  if (!from.includes(order.status))
    return { refused: refusals[action][order.status] ?? `This order cannot be moved to ${to} now` };
  if (action === 'pay' && order.isPaid) return { refused: refusals.pay.paid! };
  if (action === 'cancel') {
    if (caller === 'owner' && order.status !== 'placed') return { refused: ownerTooLate };
    // A card order's money is never kept for an order not sent: it is cancelled once refunded in full.
    if (order.paymentMethodType === 'card' && order.isPaid && order.refunded < order.totalOrderPrice)
      return { refused: refundFirst };
  }
  return { to };
}

export const cashRefund =
  'A cash order is not refunded here: its money was handed over in person, so it is handed back in person (refunds here go back to the card that paid)';
export const unpaidRefund = 'This order has not been paid: there is nothing to refund';
export const fullyRefunded = 'This order has already been refunded in full';
export const restBeingRefunded =
  'The rest of this order is being refunded now: nothing more is left to refund';
export const onlyLeft = (left: number) => `Only ${left} EGP is left to refund`;

/**
 * Whether `amount` pounds may be refunded on `order`, given `reserved` pounds refunded or being refunded (succeeded
 * and pending refunds): null, or the 409's message. Refunds go back to a card; the sum never exceeds the total paid.
 */
export function decideRefund(order: OrderState, amount: number, reserved: number): string | null {
  if (order.paymentMethodType !== 'card') return cashRefund;
  if (!order.isPaid) return unpaidRefund;
  const left = order.totalOrderPrice - reserved;
  if (left <= 0) return order.refunded >= order.totalOrderPrice ? fullyRefunded : restBeingRefunded;
  if (amount > left) return onlyLeft(left);
  return null;
}
