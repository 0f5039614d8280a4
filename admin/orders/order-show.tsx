import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext, useTranslate, type ShowProps } from 'react-admin';
import type { OrderRecord } from '../api/orders';
import { OrderActions } from './order-actions';
import { OrderDetails } from './order-details';
import { OrderHistory } from './order-history';
import { OrderLines, OrderTotals } from './order-lines';
import { OrderRefunds } from './order-refunds';
import { useOrderFormat } from './use-order-format';

function OrderTitle() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const format = useOrderFormat();
  return record ? (
    <span>{translate('freshcart.order.title', { reference: format.reference(record) })}</span>
  ) : null;
}

/** The page's parts: on a phone one column, from 900 px the lines and totals beside the rest. */
function OrderPage() {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const format = useOrderFormat();
  if (!order) return null;
  return (
    <CardContent sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h5">
          {translate('freshcart.order.title', { reference: format.reference(order) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('freshcart.order.number', { number: order.number })} · {format.date(order.createdAt)}
        </Typography>
      </Box>
      <OrderActions order={order} />
      <Divider />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
          <OrderLines order={order} />
          <OrderTotals order={order} />
          <OrderRefunds order={order} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
          <OrderHistory order={order} />
          <OrderDetails order={order} />
        </Box>
      </Box>
    </CardContent>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <ListButton />
    </TopToolbar>
  );
}

/** One order: what was bought, by whom, where it goes, how it is paid, its history and what can be done next. */
export function OrderShow(props: Omit<ShowProps, 'children'>) {
  return (
    <Show {...props} title={<OrderTitle />} actions={<ShowActions />} component={Card}>
      <OrderPage />
    </Show>
  );
}
