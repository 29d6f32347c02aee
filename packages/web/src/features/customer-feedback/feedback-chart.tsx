import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { FeedbackSummary } from './customer-feedback.api';

/**
 * Average rating per month (a line on the 1–5 scale) and answers per month (bars), loaded lazily
 * with the charting library. The figures are in the table beside it for screen readers.
 */
export default function FeedbackChart({ periods }: { periods: FeedbackSummary['periods'] }) {
  const data = periods.map((p) => ({ month: p.label, average: p.average, answers: p.count }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap={4} component="figure" m={0} aria-label="Average rating per month chart">
        <Text size="sm" fw={600} component="figcaption">
          Average rating per month
        </Text>
        <LineChart
          h={220}
          data={data}
          dataKey="month"
          series={[{ name: 'average', label: 'Average rating', color: 'orange.6' }]}
          yAxisProps={{ domain: [0, 5], allowDecimals: false }}
          valueFormatter={(value) => value.toFixed(2)}
          connectNulls
          curveType="linear"
        />
      </Stack>
      <Stack gap={4} component="figure" m={0} aria-label="Answers per month chart">
        <Text size="sm" fw={600} component="figcaption">
          Answers per month
        </Text>
        <BarChart
          h={220}
          data={data}
          dataKey="month"
          series={[{ name: 'answers', label: 'Answers', color: 'blue.6' }]}
          valueFormatter={(value) => value.toLocaleString('en-IN')}
          tickLine="y"
          maxBarWidth={28}
        />
      </Stack>
    </SimpleGrid>
  );
}
