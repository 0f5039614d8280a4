// The last 30 days' sales: a bar chart for the eye (its library fetched with it, in a chunk of its own) and the
// same figures as a table for everyone else (screen readers cannot read the chart's bars), under a disclosure.
import {
  Box,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardFigures } from '../api/reports';
import { useReportFormat } from './use-report-format';

const SalesChart = lazy(() => import('./sales-chart'));

/** The chart's height, and its stand-in's while the library loads: nothing below moves when it arrives. */
export const chartHeight = 260;

/** A chart that could not load (its chunk not fetched) leaves its place empty: the table below still has the days. */
class ChartFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function SalesByDay({ days }: { days: DashboardFigures['salesByDay'] }) {
  const translate = useTranslate();
  const format = useReportFormat();
  const theme = useTheme();
  const titleId = useId();
  const summaryId = useId();
  const total = days.reduce((t, d) => ({ orders: t.orders + d.orders, sales: t.sales + d.sales }), {
    orders: 0,
    sales: 0,
  });
  const ordersText = (n: number) =>
    translate('freshcart.dashboard.orders_count', { smart_count: n, count: format.number(n) });
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="h6">
        {translate('freshcart.dashboard.chart_title')}
      </Typography>
      {total.orders === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('freshcart.dashboard.no_orders')}
        </Typography>
      ) : (
        <>
          <Typography id={summaryId} color="text.secondary">
            {translate('freshcart.dashboard.chart_summary', {
              sales: format.money(total.sales),
              orders: ordersText(total.orders),
            })}
          </Typography>
          {/* One picture to a screen reader, named by the heading and the summary; the table below has the days. */}
          <Box role="img" aria-labelledby={`${titleId} ${summaryId}`} sx={{ height: chartHeight }}>
            <ChartFallback>
              <Suspense fallback={<Skeleton variant="rounded" height={chartHeight} />}>
                <SalesChart
                  days={days.map((d) => ({ label: format.shortDay(d.day), sales: d.sales }))}
                  height={chartHeight}
                  rtl={theme.direction === 'rtl'}
                  dayAxis={translate('freshcart.dashboard.chart_day')}
                  salesAxis={translate('freshcart.dashboard.chart_sales')}
                  seriesLabel={translate('freshcart.dashboard.sales')}
                  money={format.money}
                  compact={format.compact}
                />
              </Suspense>
            </ChartFallback>
          </Box>
          <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', py: 0.5 } }}>
            <Typography component="summary" variant="body2">
              {translate('freshcart.dashboard.chart_table')}
            </Typography>
            <Table size="small" aria-label={translate('freshcart.dashboard.chart_title')}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {translate('freshcart.dashboard.chart_day')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {translate('freshcart.dashboard.orders')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {translate('freshcart.dashboard.sales')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {days.map((d) => (
                  <TableRow key={d.day}>
                    <TableCell component="th" scope="row">
                      {format.longDay(d.day)}
                    </TableCell>
                    <TableCell align="right">{format.number(d.orders)}</TableCell>
                    <TableCell align="right">{format.money(d.sales)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
