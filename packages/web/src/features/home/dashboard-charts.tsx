import '@mantine/charts/styles.css';
import type { DashboardOutput } from '@b2b/domain/api/dashboard';
import { formatMoneyAxis, formatMoneyShort } from '@b2b/domain/money';
import { monthLabel } from '@b2b/domain/reports/report-definition';
import { BarChart, LineChart } from '@mantine/charts';

/**
 * The dashboard's two charts. This module is loaded lazily, with the charting library, so the
 * login screen's bundle does not carry it.
 */
export function SalesTrendChart({ trend }: { trend: DashboardOutput['sales_trend'] }) {
  return (
    <LineChart
      h={260}
      data={trend.map((m) => ({ ...m, month: monthLabel(m.month) }))}
      dataKey="month"
      series={[
        { name: 'net_sales', label: 'Net Sales', color: 'blue.6' },
        { name: 'last_year', label: 'Last year', color: 'gray.5' },
      ]}
      curveType="monotone"
      valueFormatter={formatMoneyShort}
      yAxisProps={{ tickFormatter: formatMoneyAxis }}
      withLegend
      tickLine="y"
      aria-label="Sales trend chart"
    />
  );
}

export function CashFlowChart({ months }: { months: DashboardOutput['cash_flow'] }) {
  return (
    <BarChart
      h={260}
      data={months.map((m) => ({ ...m, month: monthLabel(m.month) }))}
      dataKey="month"
      series={[
        { name: 'money_in', label: 'Money in', color: 'teal.6' },
        { name: 'money_out', label: 'Money out', color: 'orange.6' },
      ]}
      valueFormatter={formatMoneyShort}
      yAxisProps={{ tickFormatter: formatMoneyAxis }}
      withLegend
      tickLine="y"
      maxBarWidth={40}
      aria-label="Money in and out chart"
    />
  );
}
