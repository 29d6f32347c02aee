import { BUYER_GROUP_MESSAGES } from '@b2b/domain/buyer-groups';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconPlus, IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import {
  ConditionFields,
  type ConditionValues,
  conditionsBody,
  conditionsSchema,
  conditionValuesOf,
} from './buyer-group-conditions';
import {
  type BuyerGroup,
  type BuyerGroupBuyer,
  buyerGroupBuyersQuery,
  unassignedBuyersQuery,
  useAssignGroupBuyers,
  useUnassignGroupBuyer,
  useUpdateBuyerGroupConditions,
} from './buyer-groups.api';

const na = (value: string | null) => value || 'N/A';

const buyerColumns: Column<BuyerGroupBuyer>[] = [
  {
    key: 'name',
    header: 'Buyer',
    sortField: 'name',
    render: (buyer) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {buyer.name}
        </Text>
        {buyer.contact_person_name && (
          <Text size="xs" c="dimmed">
            {buyer.contact_person_name}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'phone', header: 'Phone', render: (buyer) => na(buyer.phone) },
  { key: 'email', header: 'Email', render: (buyer) => na(buyer.email) },
  { key: 'gst_number', header: 'GST Number', render: (buyer) => na(buyer.gst_number) },
];

/** A search box that feeds a list's params after a pause. */
function useSearchBox(list: ReturnType<typeof useListParams>) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  return { text, setText };
}

function SearchBox({ box }: { box: ReturnType<typeof useSearchBox> }) {
  return (
    <TextInput
      label="Search"
      placeholder="Buyer name, phone, email or GST number"
      leftSection={<IconSearch size={16} />}
      value={box.text}
      onChange={(event) => box.setText(event.currentTarget.value)}
      w={300}
    />
  );
}

/** Buyers of the group: chosen by hand in a static group; by the conditions in a dynamic one. */
export function BuyerGroupBuyersTab({ group, canChange }: { group: BuyerGroup; canChange: boolean }) {
  const list = useListParams({ ordering: '-assigned_at' });
  const box = useSearchBox(list);
  const [assigning, setAssigning] = useState(false);
  const [unassigning, setUnassigning] = useState<BuyerGroupBuyer | null>(null);
  const buyers = useQuery(buyerGroupBuyersQuery(group.id, list.params));
  const unassign = useUnassignGroupBuyer(group.id);
  const byHand = canChange && !group.is_dynamic_group;

  const columns: Column<BuyerGroupBuyer>[] = [
    ...buyerColumns,
    {
      key: 'assigned_at',
      header: group.is_dynamic_group ? 'Member Since' : 'Assigned On',
      sortField: 'assigned_at',
      render: (buyer) => (buyer.assigned_at ? dayjs(buyer.assigned_at).format('DD/MM/YYYY') : 'N/A'),
    },
  ];
  if (byHand) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (buyer) => (
        <Tooltip label="Unassign">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Unassign ${buyer.name}`}
            onClick={() => setUnassigning(buyer)}
          >
            <IconUserMinus size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    });
  }

  return (
    <Stack gap="md">
      {group.is_dynamic_group && <ConditionsCard group={group} canChange={canChange} />}
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <SearchBox box={box} />
            {byHand && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)}>
                Assign Buyers
              </Button>
            )}
          </Group>
          {group.is_dynamic_group && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              The buyers of a dynamic group follow its conditions: they are worked out again every night and
              right after the conditions change, and cannot be assigned or unassigned by hand.
            </Alert>
          )}
          <DataTable
            label="Buyers of the group"
            columns={columns}
            rowKey={(buyer) => buyer.id}
            data={buyers.data}
            isLoading={buyers.isLoading}
            error={buyers.error}
            errorTitle={BUYER_GROUP_MESSAGES.buyers_load_failed}
            onRetry={() => buyers.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                {list.params.search
                  ? 'No buyer of the group matches the search.'
                  : 'No buyer is in this group yet.'}
              </Text>
            }
          />
        </Stack>
      </Card>
      {assigning && <AssignBuyersDialog group={group} onClose={() => setAssigning(false)} />}
      <ConfirmDialog
        opened={unassigning !== null}
        title="Unassign Buyer"
        message={unassigning ? `Remove ${unassigning.name} from ${group.name}?` : ''}
        confirmLabel="Unassign"
        loading={unassign.isPending}
        onClose={() => setUnassigning(null)}
        onConfirm={() => {
          if (unassigning) unassign.mutate(unassigning.id, { onSettled: () => setUnassigning(null) });
        }}
      />
    </Stack>
  );
}

/** The active buyers not yet in the group, searchable and paged; the ticked ones are assigned together. */
function AssignBuyersDialog({ group, onClose }: { group: BuyerGroup; onClose: () => void }) {
  const list = useListParams({ ordering: 'name' });
  const box = useSearchBox(list);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const candidates = useQuery(unassignedBuyersQuery(group.id, list.params));
  const assign = useAssignGroupBuyers(group.id);

  const toggle = (buyer: BuyerGroupBuyer, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(buyer.id, buyer.name);
      else next.delete(buyer.id);
      return next;
    });
  const pageRows = candidates.data?.results ?? [];
  const allOnPage = pageRows.length > 0 && pageRows.every((buyer) => selected.has(buyer.id));

  const columns: Column<BuyerGroupBuyer>[] = [
    {
      key: 'select',
      header: '',
      render: (buyer) => (
        <Checkbox
          aria-label={`Select ${buyer.name}`}
          checked={selected.has(buyer.id)}
          onChange={(event) => toggle(buyer, event.currentTarget.checked)}
        />
      ),
    },
    ...buyerColumns,
  ];

  return (
    <Modal opened onClose={onClose} title="Assign Buyers" size="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <SearchBox box={box} />
          <Checkbox
            label="Select all on this page"
            checked={allOnPage}
            disabled={pageRows.length === 0}
            onChange={(event) => {
              for (const buyer of pageRows) toggle(buyer, event.currentTarget.checked);
            }}
          />
        </Group>
        <DataTable
          label="Unassigned buyers"
          columns={columns}
          rowKey={(buyer) => buyer.id}
          data={candidates.data}
          isLoading={candidates.isLoading}
          error={candidates.error}
          errorTitle={BUYER_GROUP_MESSAGES.buyers_load_failed}
          onRetry={() => candidates.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(buyer) => toggle(buyer, !selected.has(buyer.id))}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.params.search
                ? 'No unassigned buyer matches the search.'
                : 'Every active buyer is already in this group.'}
            </Text>
          }
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {selected.size === 0 ? 'No buyer selected' : `${selected.size} selected`}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={selected.size === 0}
              loading={assign.isPending}
              onClick={() => assign.mutate([...selected.keys()], { onSuccess: onClose })}
            >
              Assign Selected
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A dynamic group's purchase range and window, with the spec's 'Conditions updated successfully.' */
function ConditionsCard({ group, canChange }: { group: BuyerGroup; canChange: boolean }) {
  const update = useUpdateBuyerGroupConditions(group.id);
  const form = useForm<ConditionValues>({
    mode: 'onTouched',
    resolver: zodResolver(conditionsSchema as never),
    values: conditionValuesOf(group),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(conditionsBody(values));
    } catch {
      // The toast carries the failure and the server's detail.
    }
  });
  return (
    <Card withBorder padding="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={5}>Conditions</Title>
          <fieldset disabled={!canChange} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack gap="md">
              <ConditionFields control={form.control} />
            </Stack>
          </fieldset>
          {canChange && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Update Conditions
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
