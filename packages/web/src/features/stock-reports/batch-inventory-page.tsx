import { INVENTORY_REPORT_MESSAGES } from '@b2b/domain/api/stock-reports';
import { formatQuantity } from '@b2b/domain/money';
import type { BatchExpiryStatus } from '@b2b/domain/stock-reports';
import {
  Anchor,
  Card,
  EmptyState,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type Column, DataTable } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { ListSearch, useListSearch } from '../../components/list-search';
import { ProductCell } from '../../components/product-cell';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { BatchStatusBadge } from '../stock-batches/batch-status-badge';
import { ReportHeader, WarehouseFilter } from './report-controls';
import {
  type BatchInventoryParams,
  type BatchInventoryRow,
  batchInventoryQuery,
  downloadBatchInventory,
} from './stock-reports.api';

type StatusFilter = 'all' | Extract<BatchExpiryStatus, 'expired' | 'expiring_soon'>;

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'expired', label: 'Expired' },
  { value: 'expiring_soon', label: 'Expiring soon' },
];

const COLUMNS: Column<BatchInventoryRow>[] = [
  {
    key: 'product',
    header: 'Product',
    sortField: 'product',
    render: (r) => <ProductCell product={r.product} />,
  },
  { key: 'warehouse', header: 'Warehouse', sortField: 'warehouse', render: (r) => r.warehouse.name },
  { key: 'batch_number', header: 'Batch Number', sortField: 'batch_number', render: (r) => r.batch_number },
  {
    key: 'manufactured_on',
    header: 'Manufactured On',
    sortField: 'manufactured_on',
    render: (r) => formatDay(r.manufactured_on),
  },
  {
    key: 'expires_on',
    header: 'Expires On',
    sortField: 'expires_on',
    render: (r) => formatDay(r.expires_on),
  },
  {
    key: 'quantity',
    header: 'Quantity',
    sortField: 'quantity',
    align: 'right',
    render: (r) => formatQuantity(r.quantity),
  },
  { key: 'status', header: 'Status', render: (r) => <BatchStatusBadge row={r} radius="sm" /> },
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
  const list = useUrlListParams({ ordering: 'expires_on' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [warehouse, setWarehouse] = useUrlFilter<string | null>('warehouse', null);
  const [status, setStatus] = useUrlFilter<StatusFilter>('status', 'all');
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
      <ReportHeader
        title="Batch Inventory"
        download={noneYet ? undefined : () => downloadBatchInventory(params)}
        downloadDisabled={!data || data.count === 0}
      >
        {data && (
          <Text size="sm" c="dimmed">
            As of {formatDay(data.as_of)}. Batches expiring within {configuration?.expiry_alert_days} days are
            shown as expiring soon.
          </Text>
        )}
      </ReportHeader>
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
                <ListSearch search={search} placeholder="Product, SKU or batch number" />
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
                {...listTableProps(list, report)}
                errorTitle={INVENTORY_REPORT_MESSAGES.batch_load_failed}
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
