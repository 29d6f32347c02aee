import { humanizeValue } from '@b2b/domain/statuses';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type Column, DataTable } from '../../components/data-table';
import { changesText } from '../invoices/invoice-history-tab';
import type { SalesReturnHistory } from './sales-returns.api';

type Entry = SalesReturnHistory['results'][number];

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

/** Who did what to a return or a credit note and when, newest first. */
export function HistoryTable({ label, query }: { label: string; query: UseQueryResult<SalesReturnHistory> }) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rowKey={(h) => h.id}
      data={query.data}
      isLoading={query.isLoading}
      error={query.error}
      errorTitle="Failed to load history."
      onRetry={() => query.refetch()}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          No history yet.
        </Text>
      }
    />
  );
}
