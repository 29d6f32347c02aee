import { INVENTORY_REPORT_MESSAGES } from '@b2b/domain/api/inventory-reports';
import {
  BATCH_EXPIRY_STATUSES,
  type BatchExpiryStatus,
  batchExpiryLabel,
} from '@b2b/domain/inventory-reports';
import { formatQuantity } from '@b2b/domain/money';
import {
  Anchor,
  Badge,
  Card,
  EmptyState,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { PATHS, productPath } from '../../app/paths';
import { type Column, DataTable } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import {
  type BatchInventoryParams,
  type BatchInventoryRow,
  batchInventoryQuery,
  downloadBatchInventory,
} from './inventory-reports.api';
import {
  DownloadCsvButton,
  ReportSearch,
  shownDay,
  useReportSearch,
  WarehouseFilter,
} from './report-controls';

type StatusFilter = 'all' | Extract<BatchExpiryStatus, 'expired' | 'expiring_soon'>;

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'expired', label: 'Expired' },
  { value: 'expiring_soon', label: 'Expiring soon' },
];

/** Expired red, expiring in N days amber, OK green (the colours of the domain's status list). */
export function BatchStatusBadge({ row }: { row: Pick<BatchInventoryRow, 'status' | 'days_to_expiry'> }) {
  const color = BATCH_EXPIRY_STATUSES.find((s) => s.value === row.status)?.color ?? 'gray';
  return (
    <Badge color={color} variant="light" radius="sm">
      {batchExpiryLabel(row.status, row.days_to_expiry)}
    </Badge>
  );
}

const COLUMNS: Column<BatchInventoryRow>[] = [
  {
    key: 'product',
    header: 'Product',
    sortField: 'product',
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={productPath(r.product.id)} size="sm" fw={500}>
          {r.product.name}
        </Anchor>
        {r.product.sku && (
          <Text size="xs" c="dimmed">
            {r.product.sku}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'warehouse', header: 'Warehouse', sortField: 'warehouse', render: (r) => r.warehouse.name },
  { key: 'batch_number', header: 'Batch Number', sortField: 'batch_number', render: (r) => r.batch_number },
  {
    key: 'manufactured_on',
    header: 'Manufactured On',
    sortField: 'manufactured_on',
    render: (r) => shownDay(r.manufactured_on),
  },
  { key: 'expires_on', header: 'Expires On', sortField: 'expires_on', render: (r) => shownDay(r.expires_on) },
  {
    key: 'quantity',
    header: 'Quantity',
    sortField: 'quantity',
    align: 'right',
    render: (r) => formatQuantity(r.quantity),
  },
  { key: 'status', header: 'Status', render: (r) => <BatchStatusBadge row={r} /> },
];

function Figure({
  label,
  count,
  quantity,
  color,
}: {
  label: string;
  count: number;
  quantity: number;
  color?: string;
}) {
  return (
    <Card withBorder padding="sm" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {formatQuantity(quantity)}
      </Text>
      <Text size="xs" c="dimmed">
        {count === 1 ? '1 batch' : `${count} batches`}
      </Text>
    </Card>
  );
}

/** /reports/inventory-reports/batch-inventory: every batch on hand per warehouse, soonest expiry first. */
export function BatchInventoryPage() {
  const companyId = useCurrentUser().company.id;
  const list = useListParams({ ordering: 'expires_on' });
  const search = useReportSearch(list.setSearch);
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const params: BatchInventoryParams = {
    ...list.params,
    warehouse: warehouse ? Number(warehouse) : undefined,
    status: status === 'all' ? undefined : status,
  };
  const report = useQuery(batchInventoryQuery(companyId, params));
  const data = report.data;
  const filtered = list.params.search !== '' || warehouse !== null || status !== 'all';
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const configuration = data?.batch_configuration;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1 }}>
          <Title order={2}>Batch Inventory</Title>
          {data && (
            <Text size="sm" c="dimmed">
              As of {shownDay(data.as_of)}. Batches expiring within {configuration?.expiry_alert_days} days
              are shown as expiring soon.
            </Text>
          )}
        </Stack>
        {!noneYet && (
          <DownloadCsvButton
            download={() => downloadBatchInventory(params)}
            disabled={!data || data.count === 0}
          />
        )}
      </Group>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No batches yet"
            description={INVENTORY_REPORT_MESSAGES.no_batches}
            icon={<IconPackages size={28} />}
          >
            {configuration && !configuration.is_enabled && (
              <Text size="sm" c="dimmed">
                {INVENTORY_REPORT_MESSAGES.batches_off}{' '}
                <Anchor component={Link} to={PATHS.configurations}>
                  Open Configurations
                </Anchor>
              </Text>
            )}
          </EmptyState>
        </Card>
      ) : (
        <>
          {data && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Figure label="Expired" {...data.summary.expired} color="red" />
              <Figure label="Expiring soon" {...data.summary.expiring_soon} color="yellow.8" />
              <Figure label="All batches" {...data.summary.total} />
            </SimpleGrid>
          )}
          <Card withBorder padding="md">
            <Stack gap="md">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <ReportSearch search={search} placeholder="Product, SKU or batch number" />
                <WarehouseFilter
                  companyId={companyId}
                  value={warehouse}
                  onChange={(value) => {
                    setWarehouse(value);
                    list.resetPage();
                  }}
                />
                <Input.Wrapper label="Status">
                  <div>
                    <SegmentedControl
                      aria-label="Status"
                      data={STATUS_FILTERS}
                      value={status}
                      onChange={(value) => {
                        setStatus(value as StatusFilter);
                        list.resetPage();
                      }}
                    />
                  </div>
                </Input.Wrapper>
              </Group>
              <DataTable
                label="Batch Inventory"
                columns={COLUMNS}
                rowKey={(r) => `${r.batch_id}-${r.warehouse.id}`}
                data={data}
                isLoading={report.isLoading}
                error={report.error}
                errorTitle={INVENTORY_REPORT_MESSAGES.batch_load_failed}
                onRetry={() => report.refetch()}
                limit={list.params.limit}
                offset={list.params.offset}
                onPageChange={list.setPage}
                ordering={list.params.ordering}
                onOrderingChange={list.setOrdering}
                minWidth={900}
                empty={
                  <Text c="dimmed" ta="center" py="xl">
                    No batch matches the search or the filters.
                  </Text>
                }
              />
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
