// One state change of the shown order: the call, a notification, and the order read again. A 409 (someone else
// moved the order meanwhile, or its status no longer allows it) shows the server's message and reads it again too,
// so the page's buttons follow the status it has now.
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ShipBody } from '@/lib/contract/orders';
import type { FreshCartDataProvider } from '../api/data-provider';
import type { OrderAction, OrderRecord } from '../api/orders';

export function useOrderAction(order: OrderRecord) {
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ action, shipping }: { action: OrderAction; shipping?: ShipBody }) =>
      dataProvider.orderAction('orders', { id: order.id, action, shipping }),
  });
  /** True when the server made the change. */
  const run = async (action: OrderAction, shipping?: ShipBody): Promise<boolean> => {
    try {
      await mutateAsync({ action, shipping });
      notify(`freshcart.order.done_${action}`, { type: 'success' });
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
  return { run, busy: isPending };
}
