import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { OrderStatus } from '@/lib/contract/orders';
import type { OrderRecord } from '../api/orders';

/**
 * Each status its colour, as text on the page's background (outlined) or, once delivered, white or dark text on the
 * colour (filled): the theme's colours (admin/theme.ts) and MUI's success give at least 4.5:1 in both schemes.
 */
const looks: Record<OrderStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  placed: { color: 'default', variant: 'outlined' },
  paid: { color: 'secondary', variant: 'outlined' },
  processing: { color: 'warning', variant: 'outlined' },
  shipped: { color: 'primary', variant: 'outlined' },
  delivered: { color: 'success', variant: 'filled' },
  cancelled: { color: 'error', variant: 'outlined' },
};

/** Every status, in the order of an order's life (the type makes this table name each of the contract's). */
export const orderStatusChoices = (Object.keys(looks) as OrderStatus[]).map((id) => ({
  id,
  name: `freshcart.order.status_${id}`,
}));

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const translate = useTranslate();
  return <Chip size="small" {...looks[status]} label={translate(`freshcart.order.status_${status}`)} />;
}

/** The record's status as a chip (a list row, the order page). */
export function OrderStatusField() {
  const record = useRecordContext<OrderRecord>();
  if (!record) return null;
  return <OrderStatusChip status={record.status ?? 'placed'} />;
}
