import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRecord } from '../api/orders';
import { OrderSection } from './order-section';
import { OrderStatusChip } from './order-status';
import { useOrderFormat } from './use-order-format';

/**
 * The current status, every status the order has had with its date (oldest first; a refund is a step too), and how it
 * was shipped.
 */
export function OrderHistory({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const history = order.statusHistory ?? [];
  const shipped = Boolean(order.shippedAt);
  return (
    <OrderSection title="freshcart.order.status">
      <OrderStatusChip status={order.status ?? 'placed'} />
      {shipped ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('freshcart.order.carrier')}: {order.carrier || translate('freshcart.order.not_given')}
          <br />
          {translate('freshcart.order.tracking')}:{' '}
          <span dir="ltr">{order.trackingReference || translate('freshcart.order.not_given')}</span>
        </Typography>
      ) : null}
      <List dense aria-label={translate('freshcart.order.history')} sx={{ py: 0 }}>
        {history.map((step, index) => (
          <ListItem key={`${step.status}-${step.at}-${index}`} disableGutters>
            <ListItemText
              primary={
                step.refunded !== undefined
                  ? translate('freshcart.order.refunded_step', { amount: format.money(step.refunded) })
                  : translate(`freshcart.order.status_${step.status}`)
              }
              secondary={format.date(step.at)}
            />
          </ListItem>
        ))}
      </List>
    </OrderSection>
  );
}
