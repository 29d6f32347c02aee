import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type Column, DataTable } from '../../components/data-table';
import { type BuyerHistoryEntry, buyerHistoryQuery } from './buyers.api';

/** 'sales_channel_enabled' -> 'Sales channel enabled'. */
export function actionLabel(action: string): string {
  const text = action.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const columns: Column<BuyerHistoryEntry>[] = [
  { key: 'when', header: 'Date', render: (h) => dayjs(h.created_at).format('DD/MM/YYYY hh:mm A') },
  { key: 'action', header: 'Action', render: (h) => actionLabel(h.actions.action) },
  {
    key: 'user',
    header: 'By',
    render: (h) => (h.user ? `${h.user.first_name} ${h.user.last_name}`.trim() : 'System'),
  },
];

/** Who changed what on the buyer, newest first. */
export function BuyerHistoryTab({ buyerId }: { buyerId: number }) {
  const history = useQuery(buyerHistoryQuery(buyerId));
  return (
    <DataTable
      label="Buyer history"
      columns={columns}
      rowKey={(h) => h.id}
      data={history.data}
      isLoading={history.isLoading}
      error={history.error}
      errorTitle="Load Error"
      onRetry={() => history.refetch()}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          No history yet.
        </Text>
      }
    />
  );
}
