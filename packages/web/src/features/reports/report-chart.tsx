import '@mantine/charts/styles.css';
import { formatMoneyAxis, formatMoneyShort, formatQuantity } from '@b2b/domain/money';
import type { ReportChart as ChartSpec } from '@b2b/domain/reports/report-definition';
import { monthLabel } from '@b2b/domain/reports/report-definition';
import { BarChart, LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { ReportRow } from './reports.api';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'indigo.6'];

const formatterOf = (valueType: ChartSpec['valueType']) =>
  valueType === 'money' ? formatMoneyShort : (value: number) => formatQuantity(value);

/** A month key ('2026-04') reads 'Apr 2026' on the axis; other x values stay as they are. */
const xLabel = (value: string | number | null) =>
  typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? monthLabel(value) : (value ?? '—');

/**
 * A report's chart (bar, stacked bar or line) over its chart rows. This module is loaded lazily,
 * with the charting library, when a report with a chart opens.
 */
export default function ReportChart({
  chart,
  rows,
  title,
}: {
  chart: ChartSpec;
  rows: ReportRow[];
  title: string;
}) {
  const data = rows.map((row) => ({ ...row, [chart.x]: xLabel(row[chart.x]) }));
  const series = chart.series.map((s, index) => ({
    name: s.key,
    label: s.label,
    color: COLORS[index % COLORS.length],
  }));
  const common = {
    h: 260,
    data,
    dataKey: chart.x,
    series,
    valueFormatter: formatterOf(chart.valueType),
    ...(chart.valueType === 'money' && { yAxisProps: { tickFormatter: formatMoneyAxis } }),
    withLegend: series.length > 1,
    tickLine: 'y' as const,
  };
  return (
    <Box component="figure" m={0} aria-label={`${title} chart`}>
      {chart.type === 'line' ? (
        <LineChart {...common} curveType="monotone" />
      ) : (
        <BarChart {...common} type={chart.type === 'stacked' ? 'stacked' : 'default'} maxBarWidth={56} />
      )}
    </Box>
  );
}
