import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { type SalesChannelDetail, salesChannelListQuery } from './sales-channels.api';

const columns: Column<SalesChannelDetail>[] = [
  {
    key: 'display_name',
    header: 'Sales Channel',
    render: (channel) => <Text fw={500}>{channel.display_name}</Text>,
  },
  {
    key: 'name',
    header: 'Code',
    render: (channel) => (
      <Text size="sm" c="dimmed" ff="monospace">
        {channel.name}
      </Text>
    ),
  },
  {
    key: 'marketing',
    header: 'Marketing',
    render: (channel) =>
      channel.is_marketing_enabled ? (
        <Badge color="violet" variant="light" radius="sm">
          Enabled
        </Badge>
      ) : (
        <Badge color="gray" variant="light" radius="sm">
          Disabled
        </Badge>
      ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (channel) => (
      <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(channel.is_active).value} />
    ),
  },
];

/** /web-stores (Sales Channels): the channels the company sells through, read-only. */
export function SalesChannelsPage() {
  const channels = useQuery(salesChannelListQuery);
  return (
    <Stack gap="lg">
      <Title order={2}>Sales Channels</Title>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The channels your company sells through.
          </Text>
          <DataTable
            label="Sales Channels"
            columns={columns}
            rowKey={(channel) => channel.id}
            data={channels.data}
            isLoading={channels.isLoading}
            error={channels.error}
            errorTitle="Failed to load Sales Channels"
            onRetry={() => channels.refetch()}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No sales channels yet.
              </Text>
            }
          />
        </Stack>
      </Card>
    </Stack>
  );
}
