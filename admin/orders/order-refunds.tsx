import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRecord } from '../api/orders';
import { OrderSection } from './order-section';
import { useOrderFormat } from './use-order-format';

/** A card order's refunds: how much of the total went back, and each refund with its date and the items restocked. */
export function OrderRefunds({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  const titleOf = (line: string) => order.cartItems.find((l) => l._id === line)?.product.title ?? line;
  return (
    <OrderSection title="freshcart.order.refunds">
      <Typography variant="body2">
        {translate('freshcart.order.refunded_total', {
          amount: format.money(order.refundedAmount ?? 0),
          total: format.money(order.totalOrderPrice),
        })}
      </Typography>
      <List dense aria-label={translate('freshcart.order.refunds')} sx={{ py: 0 }}>
        {refunds.map((refund, index) => (
          <ListItem key={`${refund.at}-${index}`} disableGutters>
            <ListItemText
              primary={translate('freshcart.order.refund_entry', { amount: format.money(refund.amount) })}
              secondary={[
                format.date(refund.at),
                ...(refund.restocked?.length
                  ? [
                      translate('freshcart.order.refund_restocked', {
                        items: refund.restocked.map((l) => `${titleOf(l.line)} × ${l.count}`).join(', '),
                      }),
                    ]
                  : []),
              ].join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </OrderSection>
  );
}
