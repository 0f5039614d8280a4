// The product list's bulk actions, for the rows ticked: prices by a percentage, one stock count, archive. Each asks
// for its number (or a confirmation) in a dialog, then makes one call: all the products change, or none does.
import ArchiveIcon from '@mui/icons-material/Inventory2Outlined';
import InventoryIcon from '@mui/icons-material/Numbers';
import PercentIcon from '@mui/icons-material/Percent';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import type { BulkChange, FreshCartDataProvider } from '../api/data-provider';

const bulkLimits = { maxIds: 100, minPercent: -90, maxPercent: 500 };

function useBulkChange(onDone: () => void) {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('products');
  const mutation = useMutation({
    mutationFn: (change: BulkChange) => dataProvider.bulkProducts('products', { ids: selectedIds, change }),
    onSuccess: ({ data }) => {
      notify('freshcart.bulk.done', { type: 'info', messageArgs: { smart_count: data.length } });
      unselectAll();
      refresh();
      onDone();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return { ...mutation, count: selectedIds.length };
}

/** A dialog with one number field (or none), and Cancel / Apply. */
function BulkDialog({
  open,
  title,
  onClose,
  onApply,
  pending,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onApply: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" disabled={pending}>
            {translate('freshcart.bulk.apply')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A whole number in [min, max] typed in a field, or the message that says what is wrong. */
function parseWhole(text: string, min: number, max: number): { value?: number; error?: string } {
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return { error: 'freshcart.bulk.number_needed' };
  const value = Number(text);
  if (value < min || value > max) return { error: 'freshcart.bulk.between' };
  return { value };
}

function NumberDialogButton({
  label,
  icon,
  field,
  min,
  max,
  toChange,
}: {
  label: string;
  icon: ReactNode;
  field: string;
  min: number;
  max: number;
  toChange: (value: number) => BulkChange;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutate, isPending, count } = useBulkChange(() => setOpen(false));
  const apply = () => {
    const parsed = parseWhole(text, min, max);
    if (parsed.value === undefined) return setError(parsed.error!);
    setError(null);
    mutate(toChange(parsed.value));
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={count > bulkLimits.maxIds}>
        {icon}
      </Button>
      <BulkDialog
        open={open}
        title={translate(`${label}_title`, { smart_count: count })}
        onClose={() => setOpen(false)}
        onApply={apply}
        pending={isPending}
      >
        <TextField
          autoFocus
          margin="dense"
          label={translate(field)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputMode="decimal"
          error={Boolean(error)}
          helperText={error ? translate(error, { min, max }) : translate(`${field}_hint`)}
          fullWidth
        />
      </BulkDialog>
    </>
  );
}

function ArchiveSelectedButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { mutate, isPending, count } = useBulkChange(() => setOpen(false));
  return (
    <>
      <Button
        label="freshcart.bulk.archive"
        onClick={() => setOpen(true)}
        disabled={count > bulkLimits.maxIds}
        color="warning"
      >
        <ArchiveIcon />
      </Button>
      <BulkDialog
        open={open}
        title={translate('freshcart.bulk.archive_title', { smart_count: count })}
        onClose={() => setOpen(false)}
        onApply={() => mutate({ action: 'archive' })}
        pending={isPending}
      >
        {translate('freshcart.product.archive_content')}
      </BulkDialog>
    </>
  );
}

export function ProductBulkActions() {
  const { selectedIds } = useListContext();
  // Nothing ticked: react-admin keeps its bulk toolbar folded over the list's header, and buttons left in it would
  // sit on top of the header's sort buttons and the filter button for a screen reader or a keyboard.
  if (selectedIds.length === 0) return null;
  return (
    <>
      <NumberDialogButton
        label="freshcart.bulk.price"
        icon={<PercentIcon />}
        field="freshcart.bulk.percent"
        min={bulkLimits.minPercent}
        max={bulkLimits.maxPercent}
        toChange={(percent) => ({ action: 'price-percent', percent })}
      />
      <NumberDialogButton
        label="freshcart.bulk.stock"
        icon={<InventoryIcon />}
        field="freshcart.bulk.quantity"
        min={0}
        max={1_000_000}
        toChange={(quantity) => ({ action: 'set-stock', quantity: Math.round(quantity) })}
      />
      <ArchiveSelectedButton />
    </>
  );
}
