// Shoppers' accounts, newest first, with their orders and spending (GET /customers): search by the start of an
// e-mail or phone, sort by the day they joined; a customer opens the orders list showing only their orders.
import { Box, Link as MuiLink, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, Link, List, SearchInput, SimpleList, useTranslate, type Identifier } from 'react-admin';
import { customerOrdersPath, type CustomerRecord } from '../api/reports';
import { useReportFormat } from '../reports/use-report-format';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const customer = (record: object) => record as CustomerRecord;
const toOrders = (id: Identifier) => customerOrdersPath(String(id));

/** Written left to right in an Arabic table too: an address or a number is one token. */
function Ltr({ children, nowrap }: { children: string; nowrap?: boolean }) {
  return (
    <Box
      component="bdi"
      dir="ltr"
      sx={{ overflowWrap: 'anywhere' }}
      style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
    >
      {children}
    </Box>
  );
}

export function CustomerList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const format = useReportFormat();
  const lastOrder = (r: CustomerRecord) =>
    r.lastOrderAt ? format.date(r.lastOrderAt) : translate('freshcart.customer.no_orders');
  const ordersText = (n: number) =>
    translate('freshcart.dashboard.orders_count', { smart_count: n, count: format.number(n) });
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={false}
    >
      {small ? (
        <SimpleList
          primaryText={(r) => customer(r).name}
          secondaryText={(r) => <Ltr>{customer(r).email}</Ltr>}
          tertiaryText={(r) => `${ordersText(customer(r).orders)} · ${format.money(customer(r).spent)}`}
          rowClick={(id) => toOrders(id)}
        />
      ) : (
        <DataTable rowClick={(id) => toOrders(id)} bulkActionButtons={false}>
          <DataTable.Col
            source="name"
            disableSort
            // A real link, so the keyboard reaches each customer's orders too.
            render={(r) => (
              <MuiLink
                component={Link}
                to={toOrders(customer(r).id)}
                aria-label={translate('freshcart.customer.orders_of', { name: customer(r).name })}
                onClick={(e: React.MouseEvent) => e.stopPropagation()}
              >
                {customer(r).name}
              </MuiLink>
            )}
          />
          <DataTable.Col source="email" disableSort render={(r) => <Ltr>{customer(r).email}</Ltr>} />
          <DataTable.Col source="phone" disableSort render={(r) => <Ltr nowrap>{customer(r).phone}</Ltr>} />
          <DataTable.Col source="createdAt" render={(r) => format.date(customer(r).createdAt)} />
          <DataTable.Col
            align="right"
            source="orders"
            disableSort
            render={(r) => format.number(customer(r).orders)}
          />
          <DataTable.Col
            align="right"
            source="spent"
            disableSort
            render={(r) => format.money(customer(r).spent)}
          />
          <DataTable.Col source="lastOrderAt" disableSort render={(r) => lastOrder(customer(r))} />
        </DataTable>
      )}
    </List>
  );
}
