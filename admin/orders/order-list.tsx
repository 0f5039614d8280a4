import DownloadIcon from '@mui/icons-material/Download';
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DataTable,
  DateInput,
  FilterButton,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { saveOrderExport, type OrderFilter, type OrderRecord } from '../api/orders';
import { OrderBulkActions } from './order-bulk-actions';
import { OrderStatusField, orderStatusChoices } from './order-status';
import { useOrderFormat } from './use-order-format';

const methodChoices = [
  { id: 'cash', name: 'freshcart.order.method_cash' },
  { id: 'card', name: 'freshcart.order.method_card' },
];
const paidChoices = [
  { id: 'true', name: 'freshcart.order.paid' },
  { id: 'false', name: 'freshcart.order.unpaid' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={orderStatusChoices} alwaysOn emptyText="" />,
  <SelectInput key="paymentMethodType" source="paymentMethodType" choices={methodChoices} emptyText="" />,
  <SelectInput key="isPaid" source="isPaid" choices={paidChoices} emptyText="" />,
  <DateInput key="createdAt_gte" source="createdAt_gte" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" />,
  <NumberInput key="total_gte" source="total_gte" min={0} />,
  <NumberInput key="total_lte" source="total_lte" min={0} />,
];

const order = (record: object) => record as OrderRecord;

/** The orders the list's filters match, every page of them, as CSV (for the accountant: a date range, say). */
function ExportOrdersButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await saveOrderExport(filterValues as OrderFilter);
    } catch {
      notify('freshcart.order_bulk.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="freshcart.order_bulk.export" onClick={() => void exportCsv()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

/**
 * One customer's orders (the customers list links here with the `user` filter): their name, from their orders, and a
 * way back to every customer's. Not among the filter form's inputs: an account id is nothing to type.
 */
function CustomerFilterChip() {
  const { filterValues, displayedFilters, setFilters, data } = useListContext<OrderRecord>();
  const translate = useTranslate();
  const { user, ...others } = filterValues as OrderFilter;
  if (!user) return null;
  const name = data?.find((o) => o.user?._id === user)?.user.name;
  const label = name
    ? translate('freshcart.order.customer_filter', { name })
    : translate('freshcart.order.customer_filter_one');
  const remove = () => setFilters(others, displayedFilters);
  return (
    <Chip
      label={label}
      aria-label={`${label}: ${translate('freshcart.order.customer_filter_remove')}`}
      onClick={remove}
      onDelete={remove}
      sx={{ alignSelf: 'center', maxWidth: '100%' }}
    />
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CustomerFilterChip />
      <FilterButton />
      <ExportOrdersButton />
    </TopToolbar>
  );
}

/** The customer as two lines: name, then e-mail (left to right, as an address is written). */
function Customer({ record }: { record: OrderRecord }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{record.user.name}</Typography>
      <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
        {record.user.email}
      </Typography>
    </Box>
  );
}

/** Every order, newest first: search by number, e-mail or phone, filters, sort by date or total, 25 a page. */
export function OrderList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const format = useOrderFormat();
  const statusOf = (record: RaRecord) =>
    translate(`freshcart.order.status_${order(record).status ?? 'placed'}`);
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      {small ? (
        <SimpleList
          primaryText={(record) => `${format.reference(order(record))} · ${order(record).user.name}`}
          secondaryText={(record) => `${format.money(order(record).totalOrderPrice)} · ${statusOf(record)}`}
          tertiaryText={(record) => format.date(order(record).createdAt)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={<OrderBulkActions />}>
          <DataTable.Col
            source="number"
            disableSort
            // One unbroken left-to-right token (FC-000123), in an Arabic table too.
            render={(r) => (
              <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {format.reference(order(r))}
              </bdi>
            )}
          />
          <DataTable.Col source="createdAt" render={(r) => format.date(order(r).createdAt)} />
          <DataTable.Col source="user" disableSort render={(r) => <Customer record={order(r)} />} />
          <DataTable.Col source="paymentMethodType" disableSort render={(r) => format.payment(order(r))} />
          <DataTable.Col source="status" disableSort>
            <OrderStatusField />
          </DataTable.Col>
          <DataTable.Col source="totalOrderPrice" render={(r) => format.money(order(r).totalOrderPrice)} />
        </DataTable>
      )}
    </List>
  );
}
