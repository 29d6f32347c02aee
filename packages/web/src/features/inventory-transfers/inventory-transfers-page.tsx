import {
  INVENTORY_TRANSFER_STATUS_OPTIONS,
  type InventoryTransferStatus,
} from '@b2b/domain/inventory-transfers';
import { formatQuantity } from '@b2b/domain/money';
import { Anchor, Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { inventoryTransferPath, PATHS } from '../../session/paths';
import { warehouseListQuery } from '../warehouses/warehouses.api';
import {
  INVENTORY_TRANSFER_TOASTS,
  type InventoryTransferListParams,
  type InventoryTransferSummary,
  inventoryTransferListQuery,
} from './inventory-transfers.api';

export function TransferStatusBadge({ status, label }: { status: string; label: string }) {
  const color = INVENTORY_TRANSFER_STATUS_OPTIONS.find((o) => o.value === status)?.color ?? 'gray';
  return (
    <Badge color={color} variant="light" radius="sm">
      {label}
    </Badge>
  );
}

const place = (w: InventoryTransferSummary['source_warehouse']) => (
  <Stack gap={0}>
    <Text size="sm">{w.name}</Text>
    <Text size="xs" c="dimmed">
      {w.branch.name}
    </Text>
  </Stack>
);

const COLUMNS: Column<InventoryTransferSummary>[] = [
  {
    key: 'number',
    header: 'Number',
    sortField: 'number',
    render: (t) => (
      <Anchor component={Link} to={inventoryTransferPath(t.id)} fw={500}>
        {t.number}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (t) => <TransferStatusBadge status={t.status} label={t.status_label} />,
  },
  { key: 'source', header: 'Source', render: (t) => place(t.source_warehouse) },
  { key: 'destination', header: 'Destination', render: (t) => place(t.destination_warehouse) },
  { key: 'lines', header: 'Products', align: 'right', render: (t) => t.lines_count },
  {
    key: 'quantity',
    header: 'Sent / Received',
    align: 'right',
    render: (t) => `${formatQuantity(t.total_quantity)} / ${formatQuantity(t.received_quantity)}`,
  },
  {
    key: 'created_at',
    header: 'Created On',
    sortField: 'created_at',
    render: (t) => dayjs(t.created_at).format('DD/MM/YYYY, hh:mm A'),
  },
];

/** /inventory-transfers ('Inventory Transfer'): the company's transfers, newest first. */
export function InventoryTransfersPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const { setSearch, resetPage } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);
  const [status, setStatus] = useUrlFilter<InventoryTransferStatus | null>('status', null);
  const [source, setSource] = useUrlIdFilter('source');
  const [destination, setDestination] = useUrlIdFilter('destination');
  const warehouses = useQuery(warehouseListQuery(companyId, { limit: -1, ordering: 'name' }));
  const warehouseOptions = (warehouses.data?.results ?? []).map((w) => ({
    value: String(w.id),
    label: w.name,
  }));

  const params: InventoryTransferListParams = {
    ...list.params,
    status: status ?? undefined,
    source_warehouse: source ? Number(source) : undefined,
    destination_warehouse: destination ? Number(destination) : undefined,
  };
  const transfers = useQuery(inventoryTransferListQuery(companyId, params));
  const filtered = list.params.search !== '' || status !== null || source !== null || destination !== null;
  const noneYet = !filtered && transfers.data?.count === 0 && !transfers.isPlaceholderData;
  const add = canPerform(user, 'add_inventory_transfer')
    ? () => void navigate({ to: PATHS.inventoryTransferNew })
    : undefined;
  const select = (set: (v: string | null) => void) => (value: string | null) => {
    set(value);
    resetPage();
  };

  return (
    <ListPage
      title="Inventory Transfer"
      addLabel="New Transfer"
      onAdd={add}
      dialogOpen={false}
      noneYet={noneYet}
      area="inventory-transfers"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Transfer number"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={200}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={INVENTORY_TRANSFER_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={status}
            onChange={select((v) => setStatus(v as InventoryTransferStatus | null))}
            clearable
            w={190}
          />
          <Select
            label="Source"
            placeholder="All warehouses"
            data={warehouseOptions}
            value={source}
            onChange={select(setSource)}
            clearable
            searchable
            w={200}
          />
          <Select
            label="Destination"
            placeholder="All warehouses"
            data={warehouseOptions}
            value={destination}
            onChange={select(setDestination)}
            clearable
            searchable
            w={200}
          />
        </Group>
      }
      table={
        <DataTable
          label="Inventory Transfers"
          columns={COLUMNS}
          rowKey={(t) => t.id}
          data={transfers.data}
          isLoading={transfers.isLoading}
          error={transfers.error}
          errorTitle={INVENTORY_TRANSFER_TOASTS.load_failed}
          onRetry={() => transfers.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(t) => void navigate({ to: inventoryTransferPath(t.id) })}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No inventory transfer matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
