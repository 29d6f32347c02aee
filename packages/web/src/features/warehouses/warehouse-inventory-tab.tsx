import { formatQuantity } from '@b2b/domain/money';
import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { ListSearch, useListSearch } from '../../components/list-search';
import { productLinkColumns } from '../../components/product-cell';
import { listTableProps, useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { bulkKindPermission, WarehouseBulkUpdateDialog } from './warehouse-bulk-update-dialog';
import { type WarehouseInventoryRow, warehouseInventoryQuery } from './warehouses.api';

const STOCK_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
];

export const inventoryColumns: Column<WarehouseInventoryRow>[] = [
  ...productLinkColumns<WarehouseInventoryRow>(),
  {
    key: 'available_stock',
    header: 'Available Stock',
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
    key: 'stock',
    header: 'Stock',
    align: 'right',
    render: (row) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Text size="sm" fw={600}>
          {formatQuantity(row.stock)}
        </Text>
        <Badge color={row.in_stock ? 'teal' : 'red'} variant="light" radius="sm">
          {row.in_stock ? 'In stock' : 'Out of stock'}
        </Badge>
      </Group>
    ),
  },
];

/** Product inventory: each product's stock in this warehouse, with search and the in-stock filter. */
export function WarehouseInventoryTab({ warehouseId }: { warehouseId: number }) {
  const list = useListParams({ ordering: 'name' });
  const search = useListSearch(list.setSearch);
  const [stockFilter, setStockFilter] = useState('all');
  const user = useCurrentUser();
  const bulkKinds = (['adjustment', 'update', 'tally'] as const).filter((kind) =>
    canPerform(user, bulkKindPermission(kind)),
  );
  const [bulkOpen, setBulkOpen] = useState(false);
  const inventory = useQuery(
    warehouseInventoryQuery(warehouseId, {
      ...list.params,
      in_stock: stockFilter === 'all' ? undefined : stockFilter === 'in',
    }),
  );
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group gap="sm" align="flex-end">
          <ListSearch search={search} placeholder="Product name or SKU" />
          <Select
            label="Stock"
            data={STOCK_FILTERS}
            value={stockFilter}
            allowDeselect={false}
            onChange={(value) => {
              setStockFilter(value ?? 'all');
              list.resetPage();
            }}
            w={160}
          />
          {bulkKinds.length > 0 && (
            <Button
              ml="auto"
              variant="light"
              leftSection={<IconFileUpload size={16} />}
              onClick={() => setBulkOpen(true)}
            >
              Bulk Update
            </Button>
          )}
        </Group>
        {bulkKinds.length > 0 && (
          <WarehouseBulkUpdateDialog
            warehouseId={warehouseId}
            opened={bulkOpen}
            onClose={() => setBulkOpen(false)}
            kinds={[...bulkKinds]}
          />
        )}
        <DataTable
          label="Product inventory"
          columns={inventoryColumns}
          rowKey={(row) => row.product.id}
          {...listTableProps(list, inventory)}
          errorTitle="Failed to load product inventory."
          minWidth={720}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.params.search || stockFilter !== 'all'
                ? 'No product matches the search or the stock filter.'
                : 'No product is assigned to this warehouse yet.'}
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}
