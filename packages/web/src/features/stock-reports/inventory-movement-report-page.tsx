import {
  DEFAULT_OVERSTOCK_WINDOW,
  OVERSTOCK_WINDOWS,
  type OverstockWindow,
  STOCK_REPORT_MESSAGES,
} from '@b2b/domain/api/stock-reports';
import { formatQuantity } from '@b2b/domain/money';
import { Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { ListSearch, useListSearch } from '../../components/list-search';
import { productLinkColumns } from '../../components/product-cell';
import { listTableProps, useListParams } from '../../components/use-list-params';
import {
  type OverstockingRow,
  overstockingQuery,
  type UnderStockingRow,
  underStockingQuery,
} from './stock-reports.api';

/** '4 PCS' with the product's unit, or '4'. */
const withUnit = (quantity: number, unit: string | null) =>
  unit ? `${formatQuantity(quantity)} ${unit}` : formatQuantity(quantity);

const UNDER_COLUMNS: Column<UnderStockingRow>[] = [
  ...productLinkColumns<UnderStockingRow>(),
  {
    key: 'available_stock',
    header: 'On Hand',
    sortField: 'available_stock',
    align: 'right',
    render: (row) => formatQuantity(row.available_stock),
  },
  {
    key: 'df_quantity',
    header: 'Committed',
    sortField: 'df_quantity',
    align: 'right',
    render: (row) => formatQuantity(row.df_quantity),
  },
  {
    key: 'sellable',
    header: 'Sellable',
    sortField: 'sellable',
    align: 'right',
    render: (row) => withUnit(row.sellable, row.product.unit),
  },
  {
    key: 'reorder_point',
    header: 'Reorder Point',
    sortField: 'reorder_point',
    align: 'right',
    render: (row) => formatQuantity(row.reorder_point),
  },
  {
    key: 'shortfall',
    header: 'Shortfall',
    sortField: 'shortfall',
    align: 'right',
    render: (row) => (
      <Text size="sm" fw={600} c="red">
        {formatQuantity(row.shortfall)}
      </Text>
    ),
  },
];

const OVER_COLUMNS: Column<OverstockingRow>[] = [
  ...productLinkColumns<OverstockingRow>(),
  {
    key: 'available_stock',
    header: 'On Hand',
    sortField: 'available_stock',
    align: 'right',
    render: (row) => withUnit(row.available_stock, row.product.unit),
  },
  {
    key: 'last_outward_at',
    header: 'Last Stock Out',
    sortField: 'last_outward_at',
    render: (row) =>
      row.last_outward_at ? (
        dayjs(row.last_outward_at).format('DD/MM/YYYY')
      ) : (
        <Text size="sm" c="dimmed">
          {STOCK_REPORT_MESSAGES.never}
        </Text>
      ),
  },
];

function emptyText(text: string) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {text}
    </Text>
  );
}

/** Products whose sellable stock is below their reorder point, largest shortfall first. */
function UnderStockingTab() {
  const list = useListParams({ ordering: '-shortfall' });
  const search = useListSearch(list.setSearch);
  const report = useQuery(underStockingQuery(list.params));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Products whose sellable stock (on hand minus committed, in active warehouses) is below their reorder
        point.
      </Text>
      <ListSearch search={search} placeholder="Product name or SKU" />
      <DataTable
        label="Under-stocking"
        columns={UNDER_COLUMNS}
        rowKey={(row) => row.product.id}
        {...listTableProps(list, report)}
        errorTitle={STOCK_REPORT_MESSAGES.under_failed}
        minWidth={820}
        empty={emptyText(
          list.params.search ? STOCK_REPORT_MESSAGES.no_match : STOCK_REPORT_MESSAGES.under_empty,
        )}
      />
    </Stack>
  );
}

const WINDOW_OPTIONS = OVERSTOCK_WINDOWS.map((days) => ({ value: String(days), label: `${days} days` }));

/** Products with stock on hand none of which went out in the chosen window, never-moved first. */
function OverstockingTab() {
  const list = useListParams({ ordering: 'last_outward_at' });
  const search = useListSearch(list.setSearch);
  const [days, setDays] = useState<OverstockWindow>(DEFAULT_OVERSTOCK_WINDOW);
  const report = useQuery(overstockingQuery({ ...list.params, days }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Products with stock on hand that has not gone out (sold, issued or written off) in the chosen period.
      </Text>
      <Group gap="sm" align="flex-end">
        <ListSearch search={search} placeholder="Product name or SKU" />
        <Select
          label="No stock out in the last"
          data={WINDOW_OPTIONS}
          value={String(days)}
          allowDeselect={false}
          onChange={(value) => {
            setDays(Number(value ?? DEFAULT_OVERSTOCK_WINDOW) as OverstockWindow);
            list.resetPage();
          }}
          w={200}
        />
      </Group>
      <DataTable
        label="Overstocking"
        columns={OVER_COLUMNS}
        rowKey={(row) => row.product.id}
        {...listTableProps(list, report)}
        errorTitle={STOCK_REPORT_MESSAGES.over_failed}
        minWidth={640}
        empty={emptyText(
          list.params.search ? STOCK_REPORT_MESSAGES.no_match : STOCK_REPORT_MESSAGES.over_empty(days),
        )}
      />
    </Stack>
  );
}

/** /reports/product-reports/inventory-movement: 'Under-stocking and Overstocking', real time. */
export function InventoryMovementReportPage() {
  return (
    <Stack gap="lg">
      <Title order={2}>{STOCK_REPORT_MESSAGES.title}</Title>
      <Card withBorder padding="md">
        <Tabs defaultValue="under" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="under">Under-stocking</Tabs.Tab>
            <Tabs.Tab value="over">Overstocking</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="under">
            <UnderStockingTab />
          </Tabs.Panel>
          <Tabs.Panel value="over">
            <OverstockingTab />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
