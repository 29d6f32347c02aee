import { formatQuantity } from '@b2b/domain/money';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorDetail } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { ListSearch, useListSearch } from '../../components/list-search';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { productLinkColumns } from '../../components/product-cell';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps, useListParams } from '../../components/use-list-params';
import {
  unassignedProductsQuery,
  useAssignProducts,
  type Warehouse,
  type WarehouseInventoryRow,
  warehouseInventoryQuery,
} from './warehouses.api';

const columns: Column<WarehouseInventoryRow>[] = [
  ...productLinkColumns<WarehouseInventoryRow>(),
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(row.product.is_active).value} />
    ),
  },
  { key: 'stock', header: 'Stock', align: 'right', render: (row) => formatQuantity(row.stock) },
];

/** Products assigned to the warehouse (each has a stock row here), and assigning more. */
export function WarehouseProductsTab({ warehouse, canChange }: { warehouse: Warehouse; canChange: boolean }) {
  const list = useListParams({ ordering: 'name' });
  const search = useListSearch(list.setSearch);
  const [assigning, setAssigning] = useState(false);
  const products = useQuery(warehouseInventoryQuery(warehouse.id, list.params));

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <ListSearch search={search} placeholder="Product name or SKU" />
          {canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)}>
              Assign Products
            </Button>
          )}
        </Group>
        <DataTable
          label="Assigned products"
          columns={columns}
          rowKey={(row) => row.product.id}
          {...listTableProps(list, products)}
          errorTitle="Failed to load products."
          minWidth={560}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.params.search
                ? 'No assigned product matches the search.'
                : 'No product is assigned to this warehouse yet.'}
            </Text>
          }
        />
      </Stack>
      {assigning && <AssignProductsDialog warehouse={warehouse} onClose={() => setAssigning(false)} />}
    </Card>
  );
}

/** The company's products not yet in this warehouse, searchable, to tick and assign (zero stock). */
function AssignProductsDialog({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const assign = useAssignProducts(warehouse.id);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 300);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const unassigned = useQuery(unassignedProductsQuery(warehouse.id, search.trim()));

  const toggle = (id: number, name: string, checked: boolean) => {
    setError(null);
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(id, name);
      else next.delete(id);
      return next;
    });
  };

  const submit = async () => {
    if (selected.size === 0) {
      setError('Select at least one product.');
      return;
    }
    try {
      await assign.mutateAsync([...selected.keys()]);
      onClose();
    } catch (failure) {
      setError(errorDetail(failure));
    }
  };

  const rows = unassigned.data?.results ?? [];
  return (
    <Modal opened onClose={onClose} title={`Assign Products to ${warehouse.name}`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Assigned products get a stock row in this warehouse with zero stock.
        </Text>
        <TextInput
          label="Search"
          placeholder="Product name or SKU"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          data-autofocus
        />
        {unassigned.error && !unassigned.data ? (
          <LoadErrorAlert
            error={unassigned.error}
            onRetry={() => unassigned.refetch()}
            title="Failed to load products."
          />
        ) : unassigned.isLoading ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={20} />
            <Skeleton height={20} />
            <Skeleton height={20} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {search
              ? 'No unassigned product matches the search.'
              : 'Every product is already assigned to this warehouse.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap="xs" role="group" aria-label="Unassigned products">
              {rows.map((product) => (
                <Checkbox
                  key={product.id}
                  label={product.sku ? `${product.name} (${product.sku})` : product.name}
                  checked={selected.has(product.id)}
                  onChange={(event) => toggle(product.id, product.name, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {(unassigned.data?.count ?? 0) > rows.length && (
          <Text size="xs" c="dimmed">
            Showing {rows.length} of {unassigned.data?.count}; search to narrow the list.
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm">{selected.size} selected</Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={assign.isPending}>
              Assign
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
