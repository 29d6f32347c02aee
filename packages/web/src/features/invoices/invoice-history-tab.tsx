import { humanizeValue } from '@b2b/domain/statuses';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type Column, DataTable } from '../../components/data-table';
import { type InvoiceHistory, invoiceHistoryQuery } from './invoices.api';

type Entry = InvoiceHistory['results'][number];

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

const valueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (isChange(value)) return `${valueText(value.from)} → ${valueText(value.to)}`;
  if (Array.isArray(value)) {
    // Lines of a document are counted, not spelled out.
    if (value.some((v) => typeof v === 'object' && v !== null)) return `${value.length} lines`;
    return value.map(valueText).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** What an entry changed, as 'Bank Charges: 0 → 25, Status: generated'; nothing when it carries no details. */
export function changesText(changes: unknown): string {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return '';
  const text = Object.entries(changes)
    .map(([key, value]) => `${humanizeValue(key)}: ${valueText(value)}`)
    .join(', ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

const COLUMNS: Column<Entry>[] = [
  { key: 'when', header: 'Date', render: (h) => dayjs(h.created_at).format('DD/MM/YYYY, hh:mm A') },
  {
    key: 'who',
    header: 'By',
    render: (h) => (h.user ? `${h.user.first_name} ${h.user.last_name}`.trim() : 'System'),
  },
  { key: 'action', header: 'Action', render: (h) => humanizeValue(h.actions.action) },
  {
    key: 'what',
    header: 'Details',
    render: (h) => (
      <Text size="xs" c="dimmed">
        {changesText(h.actions.changes) || '—'}
      </Text>
    ),
  },
];

/** Who did what to the invoice and when, newest first. */
export function InvoiceHistoryTab({ invoiceId }: { invoiceId: number }) {
  const history = useQuery(invoiceHistoryQuery(invoiceId));
  return (
    <DataTable
      label="Invoice history"
      columns={COLUMNS}
      rowKey={(h) => h.id}
      data={history.data}
      isLoading={history.isLoading}
      error={history.error}
      errorTitle="Failed to load history."
      onRetry={() => history.refetch()}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          No history yet.
        </Text>
      }
    />
  );
}
