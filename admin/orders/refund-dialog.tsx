import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { RefundRequest } from '@/lib/contract/orders';
import type { OrderRecord } from '../api/orders';
import { leftToRefund } from './order-moves';
import { useOrderFormat } from './use-order-format';

/** Units of each line already back on sale (the order's refunds say which). */
export function restockedUnits(order: OrderRecord): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of order.refunds ?? [])
    for (const line of refund.restocked ?? []) units.set(line.line, (units.get(line.line) ?? 0) + line.count);
  return units;
}

/** A whole number from a field, or null (blank, text, fractions). */
function wholeNumber(text: string): number | null {
  const value = text.trim();
  return /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Refund: the amount (prefilled with what is left, whole pounds) and, optionally, how many units of each line go back
 * on sale. The server checks both again and its message is shown when it refuses (use-order-action.ts). The page
 * mounts it afresh each time it opens (its key), so it starts from what is left then.
 */
export function RefundDialog({
  order,
  open,
  busy,
  onRefund,
  onClose,
}: {
  order: OrderRecord;
  open: boolean;
  busy: boolean;
  onRefund: (refund: RefundRequest) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const titleId = useId();
  const left = leftToRefund(order);
  const back = restockedUnits(order);
  const [amount, setAmount] = useState(String(left));
  const [units, setUnits] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const value = wholeNumber(amount);
  const amountOk = value !== null && value >= 1 && value <= left;
  const restockable = (line: OrderRecord['cartItems'][number]) => line.count - (back.get(line._id) ?? 0);
  const restock = order.cartItems.flatMap((line) => {
    const count = wholeNumber(units[line._id] ?? '');
    return count ? [{ line: line._id, count }] : [];
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!amountOk) return;
    onRefund({ amount: value, ...(restock.length ? { restock } : {}) });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate('freshcart.order.refund_title', { reference: format.reference(order) })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {translate('freshcart.order.refund_left', { amount: format.money(left) })}
          </Typography>
          <TextField
            label={translate('freshcart.order.refund_amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={touched && !amountOk}
            helperText={translate(
              touched && !amountOk
                ? 'freshcart.order.refund_amount_invalid'
                : 'freshcart.order.refund_amount_hint',
              { amount: format.money(left) },
            )}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            fullWidth
            margin="dense"
            required
            autoFocus
          />
          <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
            {translate('freshcart.order.refund_restock')}
          </Typography>
          {order.cartItems.map((line) => {
            const most = restockable(line);
            return (
              <TextField
                key={line._id}
                label={line.product.title}
                value={units[line._id] ?? ''}
                onChange={(event) => setUnits({ ...units, [line._id]: event.target.value })}
                helperText={translate('freshcart.order.refund_restock_hint', { count: most })}
                disabled={most === 0}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                fullWidth
                margin="dense"
                size="small"
              />
            );
          })}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('freshcart.order.refund_send', {
              amount: format.money(amountOk ? value : left),
            })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
