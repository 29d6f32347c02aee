import { formatMoney, formatQuantity } from '@b2b/domain/money';
import type { ReportColumn } from '@b2b/domain/reports/report-definition';
import { monthLabel } from '@b2b/domain/reports/report-definition';
import { formatDay } from '../../components/format-day';

/** A cell as the column's type reads: ₹ with Indian grouping, quantities, percentages, days, months. */
export function formatReportCell(
  type: ReportColumn['type'],
  value: string | number | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (type) {
    case 'money':
      return formatMoney(Number(value));
    case 'quantity':
      return formatQuantity(Number(value));
    case 'integer':
      return Number(value).toLocaleString('en-IN');
    case 'percent':
      return `${Number(value).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
    case 'date':
      return formatDay(String(value));
    case 'month':
      return monthLabel(String(value));
    default:
      return String(value);
  }
}

/** Numbers line up on the right, as in a ledger. */
export const isNumeric = (type: ReportColumn['type']) =>
  type !== 'text' && type !== 'date' && type !== 'month';
