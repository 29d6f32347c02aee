import { type ageBucketAmount, INVENTORY_REPORT_MESSAGES } from '@b2b/domain/api/stock-reports';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { INVENTORY_AGE_BUCKETS } from '@b2b/domain/stock-reports';
import { Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Column, DataTable } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { ListSearch, useListSearch } from '../../components/list-search';
import { ProductCell } from '../../components/product-cell';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { ReportHeader, WarehouseFilter } from './report-controls';
import {
  downloadInventoryAge,
  type InventoryAgeOutput,
  type InventoryAgeParams,
  type InventoryAgeRow,
  inventoryAgeQuery,
} from './stock-reports.api';

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
    render: (r) => <ProductCell product={r.product} />,
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
  { key: 'oldest', header: 'Oldest Stock', render: (r) => formatDay(r.oldest_stock_on) },
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
  const list = useUrlListParams({ ordering: 'product' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [warehouse, setWarehouse] = useUrlFilter<string | null>('warehouse', null);
  const params: InventoryAgeParams = { ...list.params, warehouse: warehouse ? Number(warehouse) : undefined };
  const report = useQuery(inventoryAgeQuery(companyId, params));
  const data = report.data;
  const filtered = list.params.search !== '' || warehouse !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Inventory Age"
        download={noneYet ? undefined : () => downloadInventoryAge(params)}
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          {data ? `As of ${formatDay(data.as_of)}. ` : ''}Stock on hand by how long ago it came in, oldest
          stock going out first. Values are at the rates the stock came in at (— where a rate is not known).
        </Text>
      </ReportHeader>
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
              <ListSearch search={search} placeholder="Product name or SKU" />
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
              {...listTableProps(list, report)}
              errorTitle={INVENTORY_REPORT_MESSAGES.age_load_failed}
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
