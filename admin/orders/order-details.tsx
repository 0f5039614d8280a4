import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { OrderRecord } from '../api/orders';
import { OrderSection } from './order-section';
import { useOrderFormat } from './use-order-format';

function Line({ children, ltr }: { children: ReactNode; ltr?: boolean }) {
  return (
    <Typography
      variant="body2"
      dir={ltr ? 'ltr' : undefined}
      sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}
    >
      {children}
    </Typography>
  );
}

/** Who ordered, where it goes, how it is paid, and when it was placed, paid, shipped, delivered or cancelled. */
export function OrderDetails({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const dates = (
    [
      ['freshcart.order.placed_at', order.createdAt],
      ['freshcart.order.paid_at', order.paidAt],
      ['freshcart.order.shipped_at', order.shippedAt],
      ['freshcart.order.delivered_at', order.deliveredAt],
      ['freshcart.order.cancelled_at', order.cancelledAt],
    ] as const
  ).filter(([, at]) => Boolean(at));
  return (
    <>
      <OrderSection title="freshcart.order.customer">
        <Line>{order.user.name}</Line>
        <Line ltr>{order.user.email}</Line>
        <Line ltr>{order.user.phone}</Line>
      </OrderSection>
      <OrderSection title="freshcart.order.address">
        <Line>{order.shippingAddress.details}</Line>
        <Line>{order.shippingAddress.city}</Line>
        <Line ltr>{order.shippingAddress.phone}</Line>
      </OrderSection>
      <OrderSection title="freshcart.order.payment">
        <Line>{format.payment(order)}</Line>
      </OrderSection>
      <OrderSection title="freshcart.order.dates">
        <Box component="dl" sx={{ m: 0 }}>
          {dates.map(([label, at]) => (
            <Box key={label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {format.date(at)}
              </Typography>
            </Box>
          ))}
        </Box>
      </OrderSection>
    </>
  );
}
