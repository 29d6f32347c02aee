import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import dayjs from 'dayjs';

/** Clicks per day (India's days); loaded lazily with the charting library. */
export default function ShortLinkClicksChart({ series }: { series: { date: string; clicks: number }[] }) {
  const data = series.map((point) => ({ day: dayjs(point.date).format('DD MMM'), clicks: point.clicks }));
  return (
    <Box component="figure" m={0} aria-label="Clicks per day chart">
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        series={[{ name: 'clicks', label: 'Clicks', color: 'blue.6' }]}
        valueFormatter={(value) => value.toLocaleString('en-IN')}
        tickLine="y"
        maxBarWidth={28}
      />
    </Box>
  );
}
