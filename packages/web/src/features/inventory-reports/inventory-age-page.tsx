import { type ageBucketAmount, INVENTORY_REPORT_MESSAGES } from '@b2b/domain/api/inventory-reports';
import { INVENTORY_AGE_BUCKETS } from '@b2b/domain/inventory-reports';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { Anchor, Card, EmptyState, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { useCurrentUser } from '../../app/current-user';
import { productPath } from '../../app/paths';
import { type Column, DataTable } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import {
  downloadInventoryAge,
  type InventoryAgeOutput,
  type InventoryAgeParams,
  type InventoryAgeRow,
  inventoryAgeQuery,
} from './inventory-reports.api';
import {
  DownloadCsvButton,
  ReportSearch,
  shownDay,
  useReportSearch,
  WarehouseFilter,
} from './report-controls';

type BucketAmount = z.infer<typeof ageBucketAmount>;

/** A bucket's quantity, with its value below when the stock in it has rates ('—' when it has none). */
function Amount({ amount, strong }: { amount: BucketAmount; strong?: boolean }) {
  if (amount.quantity === 0) {
    return (
      <Text size="sm" c="dimmed">
        0
      </Text>
    );
  }
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {formatQuantity(amount.quantity)}
      </Text>
      <Text size="xs" c="dimmed">
        {amount.value === null ? '—' : formatMoney(amount.value)}
      </Text>
    </Stack>
  );
}

const COLUMNS: Column<InventoryAgeRow>[] = [
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
  {
    key: 'on_hand',
    header: 'On Hand',
    sortField: 'on_hand',
    align: 'right',
    render: (r) => <Amount amount={{ quantity: r.on_hand, value: r.value }} strong />,
  },
  ...INVENTORY_AGE_BUCKETS.map(
    (bucket): Column<InventoryAgeRow> => ({
      key: bucket.key,
      header: bucket.label,
      align: 'right',
      render: (r) => <Amount amount={r.buckets[bucket.key]} />,
    }),
  ),
  { key: 'oldest', header: 'Oldest Stock', render: (r) => shownDay(r.oldest_stock_on) },
];

/** The totals of every row of the filters (not only this page), under the table. */
function TotalsRow({ totals }: { totals: InventoryAgeOutput['totals'] }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      <Table.Th colSpan={2} scope="row">
        Total
      </Table.Th>
      <Table.Td ta="right">
        <Amount amount={{ quantity: totals.on_hand, value: totals.value }} strong />
      </Table.Td>
      {INVENTORY_AGE_BUCKETS.map((bucket) => (
        <Table.Td key={bucket.key} ta="right">
          <Amount amount={totals.buckets[bucket.key]} strong />
        </Table.Td>
      ))}
      <Table.Td />
    </Table.Tr>
  );
}

/** /reports/inventory-reports/inventory-age: stock on hand by how long ago it came in. */
export function InventoryAgePage() {
  const companyId = useCurrentUser().company.id;
  const list = useListParams({ ordering: 'product' });
  const search = useReportSearch(list.setSearch);
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const params: InventoryAgeParams = { ...list.params, warehouse: warehouse ? Number(warehouse) : undefined };
  const report = useQuery(inventoryAgeQuery(companyId, params));
  const data = report.data;
  const filtered = list.params.search !== '' || warehouse !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1 }}>
          <Title order={2}>Inventory Age</Title>
          <Text size="sm" c="dimmed">
            {data ? `As of ${shownDay(data.as_of)}. ` : ''}Stock on hand by how long ago it came in, oldest
            stock going out first. Values are at the rates the stock came in at (— where a rate is not known).
          </Text>
        </Stack>
        {!noneYet && (
          <DownloadCsvButton
            download={() => downloadInventoryAge(params)}
            disabled={!data || data.count === 0}
          />
        )}
      </Group>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No stock on hand"
            description={INVENTORY_REPORT_MESSAGES.no_stock}
            icon={<IconHourglass size={28} />}
          />
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <ReportSearch search={search} placeholder="Product name or SKU" />
              <WarehouseFilter
                companyId={companyId}
                value={warehouse}
                onChange={(value) => {
                  setWarehouse(value);
                  list.resetPage();
                }}
              />
            </Group>
            <DataTable
              label="Inventory Age"
              columns={COLUMNS}
              rowKey={(r) => `${r.product.id}-${r.warehouse.id}`}
              data={data}
              isLoading={report.isLoading}
              error={report.error}
              errorTitle={INVENTORY_REPORT_MESSAGES.age_load_failed}
              onRetry={() => report.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={1100}
              footer={data && data.count > 0 ? <TotalsRow totals={data.totals} /> : undefined}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No stock matches the search or the filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
