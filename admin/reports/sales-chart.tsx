// The dashboard's bar chart of the last 30 days' sales: MUI X Charts (docs/decisions/0012), in a chunk of its own,
// loaded by admin/reports/sales-by-day.tsx once there is something to draw. It follows the MUI theme (light and
// dark); in Arabic the days run right to left and the amounts' axis stands on the right.
import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';

export interface SalesChartProps {
  days: { label: string; sales: number }[];
  height: number;
  rtl: boolean;
  dayAxis: string;
  salesAxis: string;
  seriesLabel: string;
  money: (pounds: number) => string;
  /** A figure in few characters (15K), for the amounts' axis. */
  compact: (n: number) => string;
}

export default function SalesChart({
  days,
  height,
  rtl,
  dayAxis,
  salesAxis,
  seriesLabel,
  money,
  compact,
}: SalesChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={height}
      // The shop's colour, as the theme (light or dark) has it.
      colors={[theme.palette.primary.main]}
      hideLegend
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((d) => d.label),
          label: dayAxis,
          reverse: rtl,
          // Every seventh day named: thirty labels do not fit a phone.
          tickLabelInterval: (_value, index) => index % 7 === 0,
        },
      ]}
      yAxis={[
        {
          label: salesAxis,
          position: rtl ? 'right' : 'left',
          valueFormatter: compact,
          // Arabic's compact figures are words ("١٥ ألف"): room for them.
          width: rtl ? 76 : 56,
        },
      ]}
      series={[
        {
          data: days.map((d) => d.sales),
          label: seriesLabel,
          valueFormatter: (value) => (value === null ? '' : money(value)),
        },
      ]}
    />
  );
}
