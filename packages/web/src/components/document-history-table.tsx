import { humanizeValue } from '@b2b/domain/statuses';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Paged } from '../api/types';
import { type Column, DataTable } from './data-table';

/** One row of a document's history as every history route answers it. */
export interface DocumentHistoryEntry {
  id: number;
  created_at: string | Date;
  user: { first_name: string; last_name: string } | null;
  actions: { action: string; changes?: unknown };
}

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

const COLUMNS: Column<DocumentHistoryEntry>[] = [
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

/** Who did what to a document and when, newest first: the History tab of every document page. */
export function DocumentHistoryTable({
  label,
  query,
  errorTitle = 'Failed to load history.',
}: {
  label: string;
  query: Pick<UseQueryResult<Paged<DocumentHistoryEntry>>, 'data' | 'isLoading' | 'error' | 'refetch'>;
  errorTitle?: string;
}) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rowKey={(h) => h.id}
      data={query.data}
      isLoading={query.isLoading}
      error={query.error}
      errorTitle={errorTitle}
      onRetry={() => query.refetch()}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          No history yet.
        </Text>
      }
    />
  );
}
