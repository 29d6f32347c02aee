import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { RECEIPT_WIDTHS, type ReceiptWidth, STORE_MESSAGES } from '@b2b/domain/stores';
import {
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { notifySuccess } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import { type Store, storeListQuery, storePlacesQuery, useCreateStore, useUpdateStore } from './stores.api';

interface StoreFields {
  name: string;
  branch: string | null;
  warehouse: string | null;
  sales_channel: string | null;
  receipt_width_mm: ReceiptWidth;
  is_active: boolean;
}

const fieldsOf = (store: Store | null): StoreFields => ({
  name: store?.name ?? '',
  branch: store ? String(store.branch.id) : null,
  warehouse: store ? String(store.warehouse.id) : null,
  sales_channel: store?.sales_channel ? String(store.sales_channel.id) : null,
  receipt_width_mm: store?.receipt_width_mm ?? 80,
  is_active: store?.is_active ?? true,
});

/** What is missing before the form can go (the server checks the rest and names the field). */
function formProblems(fields: StoreFields): Record<string, string> {
  const problems: Record<string, string> = {};
  if (fields.name.trim() === '') problems.name = STORE_MESSAGES.name_required;
  if (fields.branch === null) problems.branch = STORE_MESSAGES.branch_required;
  if (fields.warehouse === null) problems.warehouse = STORE_MESSAGES.warehouse_required;
  return problems;
}

/** Add or edit a store: its name, branch, a warehouse of that branch, channel and receipt width. */
function StoreDialog({
  companyId,
  store,
  onClose,
}: {
  companyId: number;
  store: Store | null;
  onClose: () => void;
}) {
  const places = useQuery(storePlacesQuery(companyId));
  const channels = useQuery(salesChannelListQuery);
  const create = useCreateStore(companyId);
  const update = useUpdateStore();
  const [fields, setFields] = useState<StoreFields>(() => fieldsOf(store));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const problems = touched ? formProblems(fields) : {};
  const errorOf = (field: string) => problems[field] ?? serverErrors[field];
  const set = <K extends keyof StoreFields>(key: K, value: StoreFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const warehouses = (places.data?.warehouses ?? []).filter(
    (w) =>
      fields.branch !== null &&
      String(w.branch.id) === fields.branch &&
      (w.is_active || String(w.id) === fields.warehouse),
  );
  const pending = create.isPending || update.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(formProblems(fields)).length > 0) return;
    const body = {
      name: fields.name.trim(),
      branch: Number(fields.branch),
      warehouse: Number(fields.warehouse),
      sales_channel: fields.sales_channel === null ? null : Number(fields.sales_channel),
      receipt_width_mm: fields.receipt_width_mm,
      is_active: fields.is_active,
    };
    const onError = (error: unknown) => {
      if (isApiError(error)) {
        setServerErrors(
          Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? ''])),
        );
      }
    };
    if (store) {
      update.mutate(
        { id: store.id, body },
        {
          onSuccess: () => {
            notifySuccess(STORE_MESSAGES.updated);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, { onSuccess: onClose, onError });
    }
  };

  return (
    <Modal opened onClose={onClose} title={store ? 'Edit Store' : 'Add Store'}>
      <form noValidate onSubmit={submit} aria-label={store ? 'Edit Store' : 'Add Store'}>
        <Stack gap="md">
          <TextInput
            label="Store Name"
            required
            maxLength={100}
            value={fields.name}
            error={errorOf('name')}
            onChange={(event) => set('name', event.currentTarget.value)}
            data-autofocus
          />
          <Select
            label="Branch"
            required
            searchable
            data={(places.data?.branches ?? [])
              .filter((b) => b.is_active || String(b.id) === fields.branch)
              .map((b) => ({ value: String(b.id), label: b.name }))}
            value={fields.branch}
            error={errorOf('branch')}
            onChange={(value) => {
              set('branch', value);
              set('warehouse', null);
            }}
          />
          <Select
            label="Warehouse"
            required
            searchable
            description="The counter sells from this warehouse of the branch."
            data={warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
            value={fields.warehouse}
            disabled={fields.branch === null}
            error={errorOf('warehouse')}
            onChange={(value) => set('warehouse', value)}
          />
          <Select
            label="Sales Channel"
            clearable
            placeholder="Instore"
            description="Its sales, and the cashpoints their offers earn, count under this channel."
            data={(channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name }))}
            value={fields.sales_channel}
            error={errorOf('sales_channel')}
            onChange={(value) => set('sales_channel', value)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="receipt-width-label">
              Receipt Printer Width
            </Text>
            <SegmentedControl
              aria-labelledby="receipt-width-label"
              data={RECEIPT_WIDTHS.map((width) => ({ value: String(width), label: `${width} mm` }))}
              value={String(fields.receipt_width_mm)}
              onChange={(value) => set('receipt_width_mm', Number(value) === 58 ? 58 : 80)}
            />
            {errorOf('receipt_width_mm') ? (
              <Text size="xs" c="red">
                {errorOf('receipt_width_mm')}
              </Text>
            ) : null}
          </Stack>
          <Switch
            label="Active"
            checked={fields.is_active}
            onChange={(event) => set('is_active', event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {store ? 'Save' : 'Add Store'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /stores: the company's physical stores and counters. Each sells from a warehouse of its branch;
 * the instore counter picks one, and its receipts print at the store's width.
 */
export function StoresPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const stores = useQuery(storeListQuery(companyId));
  const canAdd = canPerform(user, 'add_store');
  const canChange = canPerform(user, 'change_store');
  const update = useUpdateStore();
  const [editing, setEditing] = useState<Store | 'new' | null>(null);

  const columns: Column<Store>[] = [
    { key: 'name', header: 'Store', render: (store) => <Text fw={500}>{store.name}</Text> },
    { key: 'branch', header: 'Branch', render: (store) => store.branch.name },
    { key: 'warehouse', header: 'Warehouse', render: (store) => store.warehouse.name },
    {
      key: 'sales_channel',
      header: 'Sales Channel',
      render: (store) => store.sales_channel?.display_name ?? 'Instore',
    },
    { key: 'receipt', header: 'Receipt Width', render: (store) => `${store.receipt_width_mm} mm` },
    {
      key: 'status',
      header: 'Status',
      render: (store) => (
        <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(store.is_active).value} />
      ),
    },
  ];
  const actions: Column<Store> = {
    key: 'actions',
    header: 'Actions',
    render: (store) => (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`Edit ${store.name}`}
          onClick={() => setEditing(store)}
        >
          Edit
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color={store.is_active ? 'red' : undefined}
          aria-label={`${store.is_active ? 'Deactivate' : 'Activate'} ${store.name}`}
          loading={update.isPending && update.variables?.id === store.id}
          onClick={() =>
            update.mutate(
              { id: store.id, body: { is_active: !store.is_active } },
              {
                onSuccess: () =>
                  notifySuccess(store.is_active ? STORE_MESSAGES.deactivated : STORE_MESSAGES.activated),
              },
            )
          }
        >
          {store.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      </Group>
    ),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Stores</Title>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Store
          </Button>
        ) : null}
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Your shops and counters. The instore counter sells from a store&apos;s warehouse, and prints its
            receipts on the store&apos;s 58 mm or 80 mm roll.
          </Text>
          <DataTable
            label="Stores"
            columns={canChange ? [...columns, actions] : columns}
            rowKey={(store) => store.id}
            data={stores.data}
            isLoading={stores.isLoading}
            error={stores.error}
            errorTitle="Failed to load Stores"
            onRetry={() => stores.refetch()}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No stores yet. Add one to sell from it at the instore counter.
              </Text>
            }
          />
        </Stack>
      </Card>
      {editing !== null ? (
        <StoreDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          store={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
