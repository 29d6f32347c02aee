import '@mantine/dates/styles.css';
import {
  INVENTORY_ADJUSTMENT_REASON_OPTIONS,
  type InventoryAdjustmentReason,
} from '@b2b/domain/inventory-adjustments';
import { formatQuantity } from '@b2b/domain/money';
import { Anchor, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/date-range-filter';
import { ListPage } from '../../components/list-page';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { inventoryAdjustmentPath, PATHS } from '../../session/paths';
import { SerialNumbersButton } from '../serial-numbers/serial-numbers-button';
import { warehouseListQuery } from '../warehouses/warehouses.api';
import {
  INVENTORY_ADJUSTMENT_TOASTS,
  type InventoryAdjustmentListParams,
  type InventoryAdjustmentSummary,
  inventoryAdjustmentListQuery,
} from './inventory-adjustments.api';

/** '+4' or '−3': the net quantity a document moved. */
export const signedQuantity = (n: number) =>
  n > 0 ? `+${formatQuantity(n)}` : `−${formatQuantity(Math.abs(n))}`;

const COLUMNS: Column<InventoryAdjustmentSummary>[] = [
  {
    key: 'number',
    header: 'Number',
    sortField: 'number',
    render: (a) => (
      <Anchor component={Link} to={inventoryAdjustmentPath(a.id)} fw={500}>
        {a.number}
      </Anchor>
    ),
  },
  {
    key: 'adjusted_on',
    header: 'Date',
    sortField: 'adjusted_on',
    render: (a) => dayjs(a.adjusted_on).format('DD/MM/YYYY'),
  },
  {
    key: 'warehouse',
    header: 'Warehouse',
    render: (a) => (
      <Stack gap={0}>
        <Text size="sm">{a.warehouse.name}</Text>
        <Text size="xs" c="dimmed">
          {a.branch.name}
        </Text>
      </Stack>
    ),
  },
  { key: 'reason', header: 'Reason', render: (a) => a.reason_label },
  { key: 'lines', header: 'Products', align: 'right', render: (a) => a.lines_count },
  {
    key: 'quantity',
    header: 'Quantity',
    align: 'right',
    render: (a) => (
      <Text size="sm" c={a.total_quantity < 0 ? 'red' : 'teal'}>
        {signedQuantity(a.total_quantity)}
      </Text>
    ),
  },
  {
    key: 'created_by',
    header: 'Created By',
    render: (a) => (a.created_by ? `${a.created_by.first_name} ${a.created_by.last_name}`.trim() : 'System'),
  },
  {
    key: 'created_at',
    header: 'Created On',
    sortField: 'created_at',
    render: (a) => dayjs(a.created_at).format('DD/MM/YYYY, hh:mm A'),
  },
];

/** /inventory-adjustments ('Inventory Adjustment'): the company's adjustments, newest first. */
export function InventoryAdjustmentsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_inventory_adjustment');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const { setSearch, resetPage } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);
  const [warehouse, setWarehouse] = useUrlIdFilter('warehouse');
  const [reason, setReason] = useUrlFilter<InventoryAdjustmentReason | null>('reason', null);
  const [dates, setDates] = useUrlFilter<[string | null, string | null]>('dates', [null, null]);
  const warehouses = useQuery(warehouseListQuery(companyId, { limit: -1, ordering: 'name' }));

  const params: InventoryAdjustmentListParams = {
    ...list.params,
    warehouse: warehouse ? Number(warehouse) : undefined,
    reason: reason ?? undefined,
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? undefined,
  };
  const adjustments = useQuery(inventoryAdjustmentListQuery(companyId, params));
  const filtered = list.params.search !== '' || warehouse !== null || reason !== null || dates[0] !== null;
  const noneYet = !filtered && adjustments.data?.count === 0 && !adjustments.isPlaceholderData;
  const add = canAdd ? () => void navigate({ to: PATHS.inventoryAdjustmentNew }) : undefined;

  return (
    <ListPage
      title="Inventory Adjustment"
      addLabel="New Adjustment"
      onAdd={add}
      dialogOpen={false}
      noneYet={noneYet}
      area="inventory-adjustments"
      actions={<SerialNumbersButton />}
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Adjustment number"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={220}
          />
          <Select
            label="Warehouse"
            placeholder="All warehouses"
            data={(warehouses.data?.results ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={warehouse}
            onChange={(value) => {
              setWarehouse(value);
              resetPage();
            }}
            clearable
            searchable
            w={220}
          />
          <Select
            label="Reason"
            placeholder="All reasons"
            data={INVENTORY_ADJUSTMENT_REASON_OPTIONS}
            value={reason}
            onChange={(value) => {
              setReason(value as InventoryAdjustmentReason | null);
              resetPage();
            }}
            clearable
            w={200}
          />
          <DateRangeFilter
            label="Date"
            value={dates}
            onChange={(range) => {
              setDates(range);
              resetPage();
            }}
          />
        </Group>
      }
      table={
        <DataTable
          label="Inventory Adjustments"
          columns={COLUMNS}
          rowKey={(a) => a.id}
          data={adjustments.data}
          isLoading={adjustments.isLoading}
          error={adjustments.error}
          errorTitle={INVENTORY_ADJUSTMENT_TOASTS.list_failed}
          onRetry={() => adjustments.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(a) => void navigate({ to: inventoryAdjustmentPath(a.id) })}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No inventory adjustment matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
