import '@mantine/charts/styles.css';
import { formatMoneyAxis, formatMoneyShort } from '@b2b/domain/money';
import { AreaChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import dayjs from 'dayjs';

/** Spend against attributed revenue per day; loaded lazily with the charting library. */
export default function SpendRevenueChart({
  series,
}: {
  series: { date: string; spend: number; revenue: number }[];
}) {
  const data = series.map((point) => ({ ...point, day: dayjs(point.date).format('DD MMM') }));
  return (
    <Box component="figure" m={0} aria-label="Spend and revenue per day chart">
      <AreaChart
        h={260}
        data={data}
        dataKey="day"
        series={[
          { name: 'revenue', label: 'Revenue', color: 'teal.6' },
          { name: 'spend', label: 'Spend', color: 'red.6' },
        ]}
        valueFormatter={(value) => formatMoneyShort(value)}
        yAxisProps={{ tickFormatter: formatMoneyAxis }}
        withLegend
        curveType="monotone"
        tickLine="y"
      />
    </Box>
  );
}
