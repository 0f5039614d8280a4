// One change of the shown order (a state change or a refund): the call, a notification, and the order read again.
// A 409 (someone else moved the order meanwhile, or its status no longer allows it) or a 502 (the payment provider
// refused a refund) shows the server's message and reads the order again too, so the page follows what it is now.
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { RefundRequest, ShipBody } from '@/lib/contract/orders';
import type { FreshCartDataProvider } from '../api/data-provider';
import type { OrderAction, OrderRecord } from '../api/orders';

type Change = { action: OrderAction; shipping?: ShipBody } | { action: 'refund'; refund: RefundRequest };

export function useOrderAction(order: OrderRecord) {
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: (change: Change) =>
      change.action === 'refund'
        ? dataProvider.orderRefund('orders', { id: order.id, refund: change.refund })
        : dataProvider.orderAction('orders', {
            id: order.id,
            action: change.action,
            shipping: change.shipping,
          }),
  });
  /** True when the server made the change. */
  const perform = async (change: Change): Promise<boolean> => {
    try {
      await mutateAsync(change);
      notify(`freshcart.order.done_${change.action}`, { type: 'success' });
      return true;
    } catch (err) {
      // The server's words (English, docs/decisions/0005), or ours for a key such as the network's.
      const message = err instanceof Error ? err.message : String(err);
      notify(translate(message, { _: message }), { type: 'error' });
      return false;
    } finally {
      refresh();
    }
  };
  const run = (action: OrderAction, shipping?: ShipBody) => perform({ action, shipping });
  const refund = (body: RefundRequest) => perform({ action: 'refund', refund: body });
  return { run, refund, busy: isPending };
}
