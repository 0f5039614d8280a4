import CancelIcon from '@mui/icons-material/Block';
import DeliveredIcon from '@mui/icons-material/Done';
import PaidIcon from '@mui/icons-material/Payments';
import ProcessIcon from '@mui/icons-material/Inventory';
import RefundIcon from '@mui/icons-material/CurrencyExchange';
import ShipIcon from '@mui/icons-material/LocalShipping';
import { Button, Stack, Typography } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { OrderAction, OrderRecord } from '../api/orders';
import { allowedActions, leftToRefund, needsRefundFirst } from './order-moves';
import { OrderSection } from './order-section';
import { RefundDialog } from './refund-dialog';
import { ShipDialog } from './ship-dialog';
import { useOrderAction } from './use-order-action';
import { useOrderFormat } from './use-order-format';

const icons: Record<OrderAction, ReactElement> = {
  pay: <PaidIcon />,
  process: <ProcessIcon />,
  ship: <ShipIcon />,
  deliver: <DeliveredIcon />,
  cancel: <CancelIcon />,
};

/**
 * The changes the order's status allows now (order-moves.ts), as buttons, and Refund while a paid card order has
 * money left to give back; Ship, Cancel and Refund ask first.
 */
export function OrderActions({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const { run, refund, busy } = useOrderAction(order);
  const [asking, setAsking] = useState<'ship' | 'cancel' | 'refund' | null>(null);
  const actions = allowedActions(order);
  const left = leftToRefund(order);
  const close = () => setAsking(null);
  const press = (action: OrderAction) => {
    if (action === 'ship' || action === 'cancel') setAsking(action);
    else void run(action);
  };
  const refundFirst = needsRefundFirst(order) && ['paid', 'processing'].includes(order.status ?? '');
  if (actions.length === 0 && !refundFirst && left === 0) return null;
  return (
    <OrderSection title="freshcart.order.actions">
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'cancel' ? 'outlined' : 'contained'}
            color={action === 'cancel' ? 'error' : 'primary'}
            startIcon={icons[action]}
            disabled={busy}
            onClick={() => press(action)}
          >
            {translate(`freshcart.order.action_${action}`)}
          </Button>
        ))}
        {left > 0 ? (
          <Button
            variant="outlined"
            startIcon={<RefundIcon />}
            disabled={busy}
            onClick={() => setAsking('refund')}
          >
            {translate('freshcart.order.action_refund')}
          </Button>
        ) : null}
      </Stack>
      {left > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('freshcart.order.refund_left', { amount: format.money(left) })}
        </Typography>
      ) : null}
      {refundFirst ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('freshcart.order.refund_first')}
        </Typography>
      ) : null}
      <ShipDialog
        open={asking === 'ship'}
        busy={busy}
        onClose={close}
        onShip={(shipping) => {
          close();
          void run('ship', shipping);
        }}
      />
      <RefundDialog
        key={`${asking === 'refund'}-${order.refundedAmount ?? 0}`}
        order={order}
        open={asking === 'refund'}
        busy={busy}
        onClose={close}
        onRefund={(body) => {
          close();
          void refund(body);
        }}
      />
      <Confirm
        isOpen={asking === 'cancel'}
        loading={busy}
        title="freshcart.order.cancel_title"
        titleTranslateOptions={{ reference: format.reference(order) }}
        content="freshcart.order.cancel_content"
        confirm="freshcart.order.action_cancel"
        cancel="freshcart.order.keep"
        confirmColor="warning"
        onConfirm={() => {
          close();
          void run('cancel');
        }}
        onClose={close}
      />
    </OrderSection>
  );
}
