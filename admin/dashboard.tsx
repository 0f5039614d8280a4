// The back office's first screen: today's and this month's orders and sales, the orders waiting to ship, the products
// low on stock and the last 30 days' sales, from one request (GET /dashboard); then links to every screen.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, Title, useDataProvider, useTranslate } from 'react-admin';
import type { FreshCartDataProvider } from './api/data-provider';
import { lowStockLimit, type DashboardFigures } from './api/reports';
import { SalesByDay, chartHeight } from './reports/sales-by-day';
import { useReportFormat } from './reports/use-report-format';

const links = [
  { to: '/orders', label: 'freshcart.dashboard.orders' },
  { to: '/customers', label: 'freshcart.dashboard.customers' },
  { to: '/products', label: 'freshcart.dashboard.products' },
  { to: '/categories', label: 'freshcart.dashboard.categories' },
  { to: '/brands', label: 'freshcart.dashboard.brands' },
  { to: '/audit-log', label: 'freshcart.dashboard.audit' },
  { to: '/import', label: 'freshcart.import.title' },
];

/** The orders list's status filter: "waiting to ship" is these three. */
const waitingStatuses = ['placed', 'paid', 'processing'] as const;
const ordersIn = (status: string) => `/orders?${new URLSearchParams({ filter: JSON.stringify({ status }) })}`;
/** Every product, the fewest left first: the low ones, then the rest. */
const productsByStock = `/products?${new URLSearchParams({ sort: 'quantity', order: 'ASC' })}`;

/** Three columns on a wide screen, two on a tablet, one on a phone (the cards stack). */
const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

function Tile({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={wide ? { gridColumn: { sm: 'span 2' } } : undefined}
      variant="outlined"
    >
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Big({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" variant="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const translate = useTranslate();
  const format = useReportFormat();
  const ordersText = (n: number) =>
    translate('freshcart.dashboard.orders_count', { smart_count: n, count: format.number(n) });
  const low = figures.lowStock;
  return (
    <Box sx={grid}>
      <Tile title={translate('freshcart.dashboard.today')}>
        <Big>{format.money(figures.todays.sales)}</Big>
        <Typography color="text.secondary">{ordersText(figures.todays.orders)}</Typography>
      </Tile>
      <Tile title={translate('freshcart.dashboard.this_month')}>
        <Big>{format.money(figures.thisMonth.sales)}</Big>
        <Typography color="text.secondary">{ordersText(figures.thisMonth.orders)}</Typography>
      </Tile>
      <Tile title={translate('freshcart.dashboard.waiting')}>
        <Big>{format.number(figures.waitingToShip)}</Big>
        <Typography color="text.secondary">{translate('freshcart.dashboard.waiting_help')}</Typography>
        <Stack
          component="nav"
          aria-label={translate('freshcart.dashboard.waiting_by_status')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}
        >
          {waitingStatuses.map((status) => (
            <Button key={status} component={Link} to={ordersIn(status)} size="small" variant="outlined">
              {translate(`freshcart.order.status_${status}`)}
            </Button>
          ))}
        </Stack>
      </Tile>
      <Tile title={translate('freshcart.dashboard.low_stock')}>
        <Big>{format.number(low.count)}</Big>
        <Typography color="text.secondary">
          {translate(
            low.count === 0 ? 'freshcart.dashboard.low_stock_none' : 'freshcart.dashboard.low_stock_help',
            { limit: format.number(lowStockLimit) },
          )}
        </Typography>
        {low.products.length > 0 ? (
          <List dense disablePadding aria-label={translate('freshcart.dashboard.low_stock')}>
            {low.products.map((p) => (
              // An item of the list holding its link (a list holds only items).
              <ListItem key={p._id} disablePadding>
                <ListItemButton component={Link} to={`/products/${encodeURIComponent(p._id)}`}>
                  <ListItemText
                    primary={p.title}
                    secondary={translate('freshcart.dashboard.left', { quantity: format.number(p.quantity) })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ) : null}
        {/* A 24 px target at least, with room from the list above it. */}
        <Link to={productsByStock} sx={{ display: 'inline-block', minHeight: 24, py: 0.5, mt: 1 }}>
          {translate('freshcart.dashboard.low_stock_all')}
        </Link>
      </Tile>
      <Card variant="outlined" sx={{ gridColumn: { sm: 'span 2' }, minWidth: 0 }}>
        <CardContent>
          <SalesByDay days={figures.salesByDay} />
        </CardContent>
      </Card>
    </Box>
  );
}

/** The figures' places while they load, at their sizes (nothing jumps when they arrive). */
function Loading() {
  const translate = useTranslate();
  return (
    <Box sx={grid} role="status" aria-label={translate('freshcart.dashboard.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} variant="rounded" height={140} />
      ))}
      <Skeleton variant="rounded" height={chartHeight + 80} sx={{ gridColumn: { sm: 'span 2' } }} />
    </Box>
  );
}

function GoTo() {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box component="nav" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} component="h2" variant="h6" gutterBottom>
        {translate('freshcart.dashboard.go_to')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {links.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant="outlined" size="small">
            {translate(link.label)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const answer = useQuery({
    queryKey: ['freshcart', 'dashboard'],
    queryFn: async ({ signal }) => (await dataProvider.dashboard({ signal })).data,
    // The retry is the staff member's, from the error's button.
    retry: false,
  });
  return (
    <Box sx={{ mt: 2, mb: 3 }}>
      <Title title="freshcart.title" />
      <Typography component="h1" variant="h5">
        {translate('freshcart.dashboard.welcome')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('freshcart.dashboard.intro')}
      </Typography>
      {answer.data ? (
        <Figures figures={answer.data} />
      ) : answer.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void answer.refetch()}>
              {translate('freshcart.dashboard.retry')}
            </Button>
          }
        >
          {translate('freshcart.dashboard.failed')}
        </Alert>
      ) : (
        <Loading />
      )}
      <GoTo />
    </Box>
  );
}
