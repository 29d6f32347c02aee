import type { ReportRow } from '@b2b/domain/api/reports';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import type { ReportColumn } from '@b2b/domain/reports/report-definition';
import { monthLabel, statusLabel } from '@b2b/domain/reports/report-definition';
import { Anchor, Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../components/format-day';

/** India's local 'YYYY-MM-DD HH:MM' as the screens write a moment: 29/11/2026, 23:37. */
const formatIndiaDateTime = (value: string) => {
  const [day, time] = value.split(' ');
  return time ? `${formatDay(day)}, ${time}` : formatDay(day);
};

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
    case 'datetime':
      return formatIndiaDateTime(String(value));
    default:
      return String(value);
  }
}

/** A table cell: a link to its record where the column has one, a status as its coloured badge, every other type as text. */
export function ReportCell({ column, row }: { column: ReportColumn; row: ReportRow }) {
  const value = row[column.key];
  const id = column.link ? row[column.link.idKey] : null;
  if (column.link && typeof id === 'number') {
    return (
      <Anchor component={Link} to={column.link.path.replace(/\$\w+/, String(id))} size="sm">
        {formatReportCell(column.type, value)}
      </Anchor>
    );
  }
  if (column.type !== 'status' || value === null || value === undefined) {
    return formatReportCell(column.type, value);
  }
  const code = String(value);
  return (
    // In the case it is written: a long status ('Pending Approval') stays readable in a narrow column.
    <Badge variant="light" tt="none" maw="none" color={column.statuses?.[code]?.color ?? 'gray'}>
      {statusLabel(column, code)}
    </Badge>
  );
}

/** Numbers line up on the right, as in a ledger. */
export const isNumeric = (type: ReportColumn['type']) =>
  type !== 'text' && type !== 'date' && type !== 'month' && type !== 'datetime' && type !== 'status';
