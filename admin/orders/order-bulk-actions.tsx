// The order list's bulk actions, for the rows ticked: mark them shipped (one carrier for all, optional), and print
// their packing slips. Shipping is one call per order, each decided by the server on its own: the orders it may ship
// move on, the others stay as they are and the notification says which and why.
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PrintIcon from '@mui/icons-material/Print';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { orderReference } from '@/lib/rules/order-reference';
import type { FreshCartDataProvider } from '../api/data-provider';
import type { OrderRecord } from '../api/orders';
import { shipFieldLimits } from './ship-dialog';

/** At most this many orders at once: a page of the list holds 25, and a packing run rarely more than a few pages. */
export const maxBulkOrders = 100;
/** Orders shipped at the same time (each is its own transaction on the server). */
const parallel = 4;

export interface BulkOutcome {
  shipped: Identifier[];
  refused: { id: Identifier; reason: string }[];
}

/** Runs `ship` for every id, `parallel` at a time; each order's failure is kept with its reason, none stops the rest. */
export async function shipEach(
  ids: readonly Identifier[],
  ship: (id: Identifier) => Promise<unknown>,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { shipped: [], refused: [] };
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await ship(id);
        outcome.shipped.push(id);
      } catch (err) {
        outcome.refused.push({ id, reason: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, ids.length) }, worker));
  return outcome;
}

function ShipSelectedButton() {
  const { selectedIds, data } = useListContext<OrderRecord>();
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('orders');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;
  const referenceOf = (id: Identifier) => {
    const record = data?.find((o) => o.id === id);
    return record ? orderReference(record.number) : String(id);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await shipEach(selectedIds, (id) =>
      dataProvider.orderAction('orders', {
        id,
        action: 'ship',
        shipping: { carrier, trackingReference: '' },
      }),
    );
    setBusy(false);
    setOpen(false);
    setCarrier('');
    if (outcome.shipped.length)
      notify('freshcart.order_bulk.shipped', {
        type: 'success',
        messageArgs: { smart_count: outcome.shipped.length },
      });
    if (outcome.refused.length) {
      const reasons = outcome.refused.map((r) => `${referenceOf(r.id)}: ${r.reason}`).join('; ');
      notify('freshcart.order_bulk.refused', {
        type: 'error',
        multiLine: true,
        autoHideDuration: null,
        messageArgs: { smart_count: outcome.refused.length, reasons },
      });
    }
    unselectAll();
    refresh();
  };

  return (
    <>
      <Button
        label="freshcart.order_bulk.ship"
        onClick={() => setOpen(true)}
        disabled={count > maxBulkOrders}
      >
        <LocalShippingIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>
            {translate('freshcart.order_bulk.ship_title', { smart_count: count })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('freshcart.order_bulk.ship_content')}</DialogContentText>
            <TextField
              label={translate('freshcart.order_bulk.carrier_all')}
              value={carrier}
              onChange={(event) => setCarrier(event.target.value)}
              slotProps={{ htmlInput: { maxLength: shipFieldLimits.carrierMax } }}
              fullWidth
              margin="dense"
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={busy}>
              {translate('freshcart.order_bulk.ship')}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** Opens the printable packing slips of the ticked orders (admin/orders/packing-slips.tsx). */
function PackingSlipsButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <Button
      label="freshcart.order_bulk.slips"
      onClick={() => {
        if (selectedIds.length > maxBulkOrders)
          return notify('freshcart.order_bulk.too_many', {
            type: 'warning',
            messageArgs: { max: maxBulkOrders },
          });
        navigate(`/packing-slips?ids=${selectedIds.map((id) => encodeURIComponent(String(id))).join(',')}`);
      }}
    >
      <PrintIcon />
    </Button>
  );
}

export function OrderBulkActions() {
  return (
    <>
      <PackingSlipsButton />
      <ShipSelectedButton />
    </>
  );
}
