import { WAREHOUSE_HELP, WAREHOUSE_PRIORITY_MAX } from '@b2b/domain/api/warehouses';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEdit, IconPlus, IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorDetail } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import {
  buyerPickerQuery,
  useAssignBuyers,
  useUnassignWarehouseBuyer,
  useUpdateWarehouseBuyer,
  type Warehouse,
  type WarehouseBuyer,
  warehouseBuyersQuery,
} from './warehouses.api';

type Dialog =
  | { kind: 'assign' }
  | { kind: 'priority'; row: WarehouseBuyer }
  | { kind: 'unassign'; row: WarehouseBuyer }
  | null;

/** Buyers served from this warehouse, by priority (lower first): assign, re-prioritise, unassign. */
export function WarehouseBuyersTab({ warehouse, canChange }: { warehouse: Warehouse; canChange: boolean }) {
  const list = useListParams({ ordering: 'priority' });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(search.trim()), [search, setSearch]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const buyers = useQuery(
    warehouseBuyersQuery(warehouse.id, {
      ...list.params,
      ordering: list.params.ordering === 'priority' ? 'priority,name' : list.params.ordering,
    }),
  );
  const unassign = useUnassignWarehouseBuyer(warehouse.id);

  const columns: Column<WarehouseBuyer>[] = [
    {
      key: 'name',
      header: 'Buyer',
      sortField: 'name',
      render: (row) => <Text fw={500}>{row.buyer.name}</Text>,
    },
    { key: 'phone', header: 'Phone', render: (row) => row.buyer.phone ?? 'N/A' },
    { key: 'gst', header: 'GST Number', render: (row) => row.buyer.gst_number ?? 'N/A' },
    {
      key: 'priority',
      header: 'Priority',
      sortField: 'priority',
      align: 'right',
      render: (row) => row.priority,
    },
  ];
  if (canChange) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.buyer.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconEdit size={16} />}
              onClick={() => setDialog({ kind: 'priority', row })}
            >
              Edit Priority
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconUserMinus size={16} />}
              onClick={() => setDialog({ kind: 'unassign', row })}
            >
              Unassign
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    });
  }

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Buyer name, phone or GST number"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={280}
          />
          {canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'assign' })}>
              Assign Buyers
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {WAREHOUSE_HELP.priority}
        </Text>
        <DataTable
          label="Assigned buyers"
          columns={columns}
          rowKey={(row) => row.id}
          data={buyers.data}
          isLoading={buyers.isLoading}
          error={buyers.error}
          errorTitle="Failed to load Buyers."
          onRetry={() => buyers.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          minWidth={640}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.params.search
                ? 'No assigned buyer matches the search.'
                : 'No buyer is assigned to this warehouse yet.'}
            </Text>
          }
        />
      </Stack>
      {dialog?.kind === 'assign' && (
        <AssignBuyersDialog warehouse={warehouse} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'priority' && (
        <PriorityDialog warehouseId={warehouse.id} row={dialog.row} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'unassign'}
        title="Unassign Buyer"
        message={
          dialog?.kind === 'unassign'
            ? `${dialog.row.buyer.name} will no longer be served from ${warehouse.name}.`
            : ''
        }
        confirmLabel="Unassign"
        loading={unassign.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'unassign')
            unassign.mutate(dialog.row.id, { onSettled: () => setDialog(null) });
        }}
      />
    </Card>
  );
}

/** A searchable multi-select of the company's buyers (ten per search), and the priority they get. */
function AssignBuyersDialog({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const companyId = useCurrentUser().company.id;
  const assign = useAssignBuyers(warehouse.id);
  const [searchValue, setSearchValue] = useState('');
  const [search] = useDebouncedValue(searchValue, 300);
  const [selected, setSelected] = useState<string[]>([]);
  // Names of the chosen buyers, kept while later searches no longer return them.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [priority, setPriority] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const buyers = useQuery(buyerPickerQuery(companyId, search.trim()));

  const found = (buyers.data?.results ?? []).map((buyer) => ({
    value: String(buyer.id),
    label: buyer.phone ? `${buyer.name} (${buyer.phone})` : buyer.name,
  }));
  const data = [
    ...found,
    ...selected
      .filter((id) => !found.some((o) => o.value === id))
      .map((id) => ({ value: id, label: labels[id] ?? id })),
  ];

  const submit = async () => {
    if (selected.length === 0) {
      setError('Select at least one buyer.');
      return;
    }
    try {
      await assign.mutateAsync({
        buyers: selected.map(Number),
        priority: priority === '' ? undefined : Number(priority),
      });
      onClose();
    } catch (failure) {
      setError(errorDetail(failure));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Assign Buyers" size="lg">
      <Stack gap="md">
        <MultiSelect
          label="Buyers"
          placeholder={selected.length === 0 ? 'Search buyers by name or phone' : undefined}
          withAsterisk
          searchable
          searchValue={searchValue}
          onSearchChange={setSearchValue}
          data={data}
          value={selected}
          onChange={(values) => {
            setSelected(values);
            setError(null);
            setLabels((current) => {
              const next = { ...current };
              for (const option of found)
                if (values.includes(option.value)) next[option.value] = option.label;
              return next;
            });
          }}
          // The server searches; every option it returns is shown.
          filter={({ options }) => options}
          nothingFoundMessage={
            buyers.isError
              ? `Failed to load Buyers. ${errorDetail(buyers.error)}`
              : buyers.isFetching
                ? 'Loading buyers…'
                : 'No buyer found'
          }
          error={error ?? (buyers.isError ? 'Failed to load Buyers.' : undefined)}
          hidePickedOptions
          data-autofocus
        />
        <NumberInput
          label="Priority"
          description={WAREHOUSE_HELP.priority}
          value={priority}
          onChange={setPriority}
          min={0}
          max={WAREHOUSE_PRIORITY_MAX}
          allowDecimal={false}
          allowNegative={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={assign.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PriorityDialog({
  warehouseId,
  row,
  onClose,
}: {
  warehouseId: number;
  row: WarehouseBuyer;
  onClose: () => void;
}) {
  const update = useUpdateWarehouseBuyer(warehouseId);
  const [priority, setPriority] = useState<number | string>(row.priority);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (priority === '' || !Number.isInteger(Number(priority)) || Number(priority) < 0) {
      setError('Please enter a whole number.');
      return;
    }
    try {
      await update.mutateAsync({ id: row.id, priority: Number(priority) });
      onClose();
    } catch (failure) {
      setError(errorDetail(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Priority of ${row.buyer.name}`}>
      <Stack gap="md">
        <NumberInput
          label="Priority"
          withAsterisk
          description={WAREHOUSE_HELP.priority}
          value={priority}
          onChange={(value) => {
            setPriority(value);
            setError(null);
          }}
          min={0}
          max={WAREHOUSE_PRIORITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
