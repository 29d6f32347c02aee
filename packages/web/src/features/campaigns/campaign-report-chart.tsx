import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';

/** Sent, delivered, read and failed per medium; loaded lazily with the charting library. */
export default function CampaignReportChart({
  rows,
}: {
  rows: { medium: string; sent: number; delivered: number; read: number; failed: number }[];
}) {
  return (
    <Box component="figure" m={0} aria-label="Messages per medium chart">
      <BarChart
        h={260}
        data={rows}
        dataKey="medium"
        series={[
          { name: 'sent', label: 'Sent', color: 'blue.6' },
          { name: 'delivered', label: 'Delivered', color: 'teal.6' },
          { name: 'read', label: 'Read', color: 'grape.6' },
          { name: 'failed', label: 'Failed', color: 'red.6' },
        ]}
        valueFormatter={(value) => value.toLocaleString('en-IN')}
        withLegend
        tickLine="y"
        maxBarWidth={40}
      />
    </Box>
  );
}
