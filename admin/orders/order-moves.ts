// Which state changes the order page offers: a copy of the server's rules for staff (the `moves` table and
// `decide()` in server/modules/orders/states.ts; the back office may not import the server). The server decides in
// the end: a change this offers that someone else's change made stale is a 409, shown with its message.
import type { OrderStatus } from '@/lib/contract/orders';
import type { OrderAction, OrderRecord } from '../api/orders';

/** The statuses each change starts from (server/modules/orders/states.ts `moves`). */
export const moves: Record<OrderAction, readonly OrderStatus[]> = {
  pay: ['placed', 'processing'],
  process: ['placed', 'paid'],
  ship: ['placed', 'paid', 'processing'],
  deliver: ['placed', 'paid', 'processing', 'shipped'],
  cancel: ['placed', 'paid', 'processing'],
};

/** The buttons' order on the page: the way forward first, cancelling last. */
export const actionOrder: readonly OrderAction[] = ['pay', 'process', 'ship', 'deliver', 'cancel'];

type OrderState = Pick<
  OrderRecord,
  'status' | 'paymentMethodType' | 'isPaid' | 'totalOrderPrice' | 'refundedAmount'
>;

/** Pounds of a card order still to refund (server/modules/orders/states.ts `decideRefund`); 0 for cash. */
export function leftToRefund(order: OrderState): number {
  if (order.paymentMethodType !== 'card' || !order.isPaid) return 0;
  return Math.max(0, order.totalOrderPrice - (order.refundedAmount ?? 0));
}

/** A paid card order is cancelled only once its money is back in full: `decide()`'s refundFirst. */
export function needsRefundFirst(order: OrderState): boolean {
  return order.paymentMethodType === 'card' && order.isPaid && leftToRefund(order) > 0;
}

/** Whether staff may make this change now, as `decide(order, action, 'staff')` would answer. */
export function allows(order: OrderState, action: OrderAction): boolean {
  const status = order.status ?? 'placed';
  if (!moves[action].includes(status)) return false;
  if (action === 'pay') return !order.isPaid;
  if (action === 'cancel') return !needsRefundFirst(order);
  return true;
}

export function allowedActions(order: OrderState): OrderAction[] {
  return actionOrder.filter((action) => allows(order, action));
}
