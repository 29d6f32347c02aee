import {
  DEFAULT_OVERSTOCK_WINDOW,
  OVERSTOCK_WINDOWS,
  type OverstockWindow,
  STOCK_REPORT_MESSAGES,
} from '@b2b/domain/api/stock-reports';
import { formatQuantity } from '@b2b/domain/money';
import { Anchor, Card, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { productPath } from '../../app/paths';
import { type Column, DataTable } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import {
  type OverstockingRow,
  overstockingQuery,
  type UnderStockingRow,
  underStockingQuery,
} from './stock-reports.api';

type ProductRow = { product: { id: number; name: string; sku: string | null; unit: string | null } };

/** '4 PCS' with the product's unit, or '4'. */
const withUnit = (quantity: number, unit: string | null) =>
  unit ? `${formatQuantity(quantity)} ${unit}` : formatQuantity(quantity);

function productColumns<T extends ProductRow>(): Column<T>[] {
  return [
    {
      key: 'name',
      header: 'Product',
      sortField: 'name',
      render: (row) => (
        <Anchor component={Link} to={productPath(row.product.id)} fw={500}>
          {row.product.name}
        </Anchor>
      ),
    },
    { key: 'sku', header: 'SKU', sortField: 'sku', render: (row) => row.product.sku ?? 'N/A' },
  ];
}

const UNDER_COLUMNS: Column<UnderStockingRow>[] = [
  ...productColumns<UnderStockingRow>(),
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
  ...productColumns<OverstockingRow>(),
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

/** A search box whose text reaches the list's params after a pause. */
function useSearch(setSearch: (search: string) => void) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  return { text, setText };
}

function SearchBox({ search }: { search: ReturnType<typeof useSearch> }) {
  return (
    <TextInput
      label="Search"
      placeholder="Product name or SKU"
      leftSection={<IconSearch size={16} />}
      value={search.text}
      onChange={(event) => search.setText(event.currentTarget.value)}
      w={260}
    />
  );
}

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
  const search = useSearch(list.setSearch);
  const report = useQuery(underStockingQuery(list.params));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Products whose sellable stock (on hand minus committed, in active warehouses) is below their reorder
        point.
      </Text>
      <SearchBox search={search} />
      <DataTable
        label="Under-stocking"
        columns={UNDER_COLUMNS}
        rowKey={(row) => row.product.id}
        data={report.data}
        isLoading={report.isLoading}
        error={report.error}
        errorTitle={STOCK_REPORT_MESSAGES.under_failed}
        onRetry={() => report.refetch()}
        limit={list.params.limit}
        offset={list.params.offset}
        onPageChange={list.setPage}
        ordering={list.params.ordering}
        onOrderingChange={list.setOrdering}
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
  const search = useSearch(list.setSearch);
  const [days, setDays] = useState<OverstockWindow>(DEFAULT_OVERSTOCK_WINDOW);
  const report = useQuery(overstockingQuery({ ...list.params, days }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Products with stock on hand that has not gone out (sold, issued or written off) in the chosen period.
      </Text>
      <Group gap="sm" align="flex-end">
        <SearchBox search={search} />
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
        data={report.data}
        isLoading={report.isLoading}
        error={report.error}
        errorTitle={STOCK_REPORT_MESSAGES.over_failed}
        onRetry={() => report.refetch()}
        limit={list.params.limit}
        offset={list.params.offset}
        onPageChange={list.setPage}
        ordering={list.params.ordering}
        onOrderingChange={list.setOrdering}
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
