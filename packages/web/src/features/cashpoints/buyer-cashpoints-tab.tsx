import { formatCashpoints } from '@b2b/domain/cashpoints';
import { NOT_APPLICABLE } from '@b2b/domain/money';
import { CASHPOINT_TRANSACTION_TYPES } from '@b2b/domain/statuses';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorDetail } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { CashpointDialog } from './cashpoint-dialog';
import {
  type CashpointEntry,
  type CashpointMode,
  type CashpointSalesChannel,
  cashpointHistoryQuery,
  cashpointSummaryQuery,
  DEFAULT_HISTORY_PARAMS,
} from './cashpoints.api';

export type { CashpointSalesChannel };

const ALL_CHANNELS = '';

function SummaryFigure({
  label,
  value,
  loading,
}: {
  label: string;
  value: number | undefined;
  loading: boolean;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} mt={6} width="60%" />
      ) : (
        <Text fz={24} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={label}>
          {formatCashpoints(value ?? 0)}
        </Text>
      )}
    </Card>
  );
}

export const cashpointColumns: Column<CashpointEntry>[] = [
  {
    key: 'order',
    header: 'Order',
    render: (entry) =>
      entry.order === null ? (
        NOT_APPLICABLE
      ) : (
        <Anchor component={Link} to={`/orders/${entry.order}`} size="sm">
          {(entry.order_number ?? String(entry.order)).toUpperCase()}
        </Anchor>
      ),
  },
  {
    key: 'transaction_type',
    header: 'Transaction Type',
    render: (entry) => <StatusBadge options={CASHPOINT_TRANSACTION_TYPES} value={entry.transaction_type} />,
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    render: (entry) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCashpoints(entry.amount)}</span>
    ),
  },
  { key: 'sales_channel', header: 'Sales Channel', render: (entry) => entry.sales_channel.display_name },
  {
    key: 'expiring_on',
    header: 'Expiring On',
    render: (entry) => (entry.expired_on ? dayjs(entry.expired_on).format('DD/MM/YYYY') : NOT_APPLICABLE),
  },
];

/**
 * The buyer's cashpoint tab (spec 2): the summary, Credit and Debit, and the history with a
 * sales channel filter. `salesChannels` are the buyer's enabled channels.
 */
export function BuyerCashpointsTab({
  buyerId,
  salesChannels,
}: {
  buyerId: number;
  salesChannels: CashpointSalesChannel[];
}) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'add_cashpoint');
  const [mode, setMode] = useState<CashpointMode | null>(null);
  const [channel, setChannel] = useState(ALL_CHANNELS);
  const [paging, setPaging] = useState({ limit: DEFAULT_HISTORY_PARAMS.limit, offset: 0 });

  const summary = useQuery(cashpointSummaryQuery(buyerId));
  const history = useQuery(
    cashpointHistoryQuery(buyerId, { ...paging, ...(channel ? { sales_channel: channel } : {}) }),
  );

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4}>Cashpoint Information</Title>
        {summary.error && !summary.data ? (
          <Alert color="red" title="Failed to load cashpoints." role="alert">
            <Group justify="space-between">
              <Text size="sm">{errorDetail(summary.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => summary.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SummaryFigure
              label="Total Available Cashpoints"
              value={summary.data?.total_cashpoints}
              loading={summary.isLoading}
            />
            <SummaryFigure
              label="Expiring Cashpoints"
              value={summary.data?.expiring_cash_points}
              loading={summary.isLoading}
            />
            <SummaryFigure
              label="Redeemed Cashpoints"
              value={summary.data?.redeemed_cashpoints}
              loading={summary.isLoading}
            />
          </SimpleGrid>
        )}
      </Stack>

      {canChange && (
        <Card withBorder padding="md" radius="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Title order={5}>Manage Buyer's CashPoints</Title>
              {salesChannels.length === 0 && (
                <Text size="sm" c="dimmed">
                  Enable a sales channel for this buyer to credit or debit cashpoints.
                </Text>
              )}
            </Stack>
            <Group gap="sm">
              <Button
                leftSection={<IconPlus size={16} />}
                color="green"
                disabled={salesChannels.length === 0}
                onClick={() => setMode('Credit')}
              >
                Credit
              </Button>
              <Button
                leftSection={<IconMinus size={16} />}
                color="red"
                variant="light"
                disabled={salesChannels.length === 0}
                onClick={() => setMode('Debit')}
              >
                Debit
              </Button>
            </Group>
          </Group>
        </Card>
      )}

      <Card withBorder padding="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={5}>Cashpoint History</Title>
            <Select
              label="Sales Channel"
              w={240}
              allowDeselect={false}
              value={channel}
              onChange={(value) => {
                setChannel(value ?? ALL_CHANNELS);
                setPaging((current) => ({ ...current, offset: 0 }));
              }}
              data={[
                { value: ALL_CHANNELS, label: 'All Sales Channels' },
                ...salesChannels.map((c) => ({ value: c.name, label: c.display_name })),
              ]}
            />
          </Group>
          <DataTable
            label="Cashpoint history"
            columns={cashpointColumns}
            rowKey={(entry) => entry.id}
            data={history.data}
            isLoading={history.isLoading}
            error={history.error}
            errorTitle="Failed to load cashpoint history."
            onRetry={() => history.refetch()}
            minWidth={640}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No records found.
              </Text>
            }
          />
          {history.data && history.data.count > paging.limit && (
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {paging.offset + 1}–{paging.offset + history.data.results.length} of {history.data.count}
              </Text>
              <Pagination
                size="sm"
                total={Math.ceil(history.data.count / paging.limit)}
                value={Math.floor(paging.offset / paging.limit) + 1}
                onChange={(next) =>
                  setPaging((current) => ({ ...current, offset: (next - 1) * current.limit }))
                }
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </Stack>
      </Card>

      {mode && (
        <CashpointDialog
          buyerId={buyerId}
          mode={mode}
          salesChannels={salesChannels}
          onClose={() => setMode(null)}
        />
      )}
    </Stack>
  );
}
