import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { ShipBody, shipLimits } from '@/lib/contract/orders';

/** The server's lengths after trimming (the contract's `shipLimits`: the type keeps the two equal). */
export const shipFieldLimits = {
  carrierMax: 60,
  trackingReferenceMax: 100,
} as const satisfies typeof shipLimits;

/** Ship: the carrier and tracking reference, both optional (the server trims them; blank is none). */
export function ShipDialog({
  open,
  busy,
  onShip,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onShip: (shipping: ShipBody) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingReference, setTrackingReference] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShip({ carrier, trackingReference });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{translate('freshcart.order.ship_title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('freshcart.order.carrier')}
            helperText={translate('freshcart.order.optional')}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            slotProps={{ htmlInput: { maxLength: shipFieldLimits.carrierMax } }}
            fullWidth
            margin="dense"
            autoFocus
          />
          <TextField
            label={translate('freshcart.order.tracking')}
            helperText={translate('freshcart.order.optional')}
            value={trackingReference}
            onChange={(event) => setTrackingReference(event.target.value)}
            slotProps={{ htmlInput: { maxLength: shipFieldLimits.trackingReferenceMax, dir: 'ltr' } }}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('freshcart.order.action_ship')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
