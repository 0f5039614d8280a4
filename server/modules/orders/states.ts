// An order's life (issue 28): which change each call makes from which status, and the 409 that names why not. Pure:
// transitions.ts applies it under the order's row lock.
//
//   placed ──pay──▶ paid ──process──▶ processing ──ship──▶ shipped ──deliver──▶ delivered
//   placed, paid, processing ──cancel──▶ cancelled (stock back)
//
// A card order starts `paid` (it exists only once its payment was taken); a cash order starts `placed`, may be
// shipped and delivered unpaid, and is paid when staff mark it so or when it is delivered.
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
    // Refunds are the next slice: until then a card order's money is never kept for an order not sent.
    if (order.paymentMethodType === 'card' && order.isPaid) return { refused: refundFirst };
  }
  return { to };
}
