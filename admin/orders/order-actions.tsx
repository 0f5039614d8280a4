import CancelIcon from '@mui/icons-material/Block';
import DeliveredIcon from '@mui/icons-material/Done';
import PaidIcon from '@mui/icons-material/Payments';
import ProcessIcon from '@mui/icons-material/Inventory';
import ShipIcon from '@mui/icons-material/LocalShipping';
import { Button, Stack, Typography } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { OrderAction, OrderRecord } from '../api/orders';
import { allowedActions, needsRefundFirst } from './order-moves';
import { OrderSection } from './order-section';
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

/** The changes the order's status allows now (order-moves.ts), as buttons; Ship and Cancel ask first. */
export function OrderActions({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const { run, busy } = useOrderAction(order);
  const [asking, setAsking] = useState<'ship' | 'cancel' | null>(null);
  const actions = allowedActions(order);
  const close = () => setAsking(null);
  const press = (action: OrderAction) => {
    if (action === 'ship' || action === 'cancel') setAsking(action);
    else void run(action);
  };
  const refundFirst = needsRefundFirst(order) && ['paid', 'processing'].includes(order.status ?? '');
  if (actions.length === 0 && !refundFirst) return null;
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
      </Stack>
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
