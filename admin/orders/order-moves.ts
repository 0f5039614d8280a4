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

type OrderState = Pick<OrderRecord, 'status' | 'paymentMethodType' | 'isPaid'>;

/** A paid card order is cancelled only once its money is back (refunds are not built yet): `decide()`'s refundFirst. */
export function needsRefundFirst(order: OrderState): boolean {
  return order.paymentMethodType === 'card' && order.isPaid;
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
