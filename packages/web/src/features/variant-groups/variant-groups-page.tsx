import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { DataTable } from '../../components/data-table';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useListParams } from '../../components/use-list-params';
import { variantGroupColumns } from './variant-group-columns';
import { VariantGroupFormDialog } from './variant-group-form-dialog';
import {
  useSetVariantGroupActive,
  type VariantGroup,
  type VariantGroupListParams,
  variantGroupListQuery,
} from './variant-groups.api';
import { VariantProductsDialog } from './variant-products-dialog';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; group: VariantGroup }
  | { kind: 'variants'; group: VariantGroup }
  | null;

/** /variant-groups: groups of products that are variants of one another (e.g. a shirt in each colour). */
export function VariantGroupsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_variant_group');
  const canChange = canPerform(user, 'change_variant_group');

  const list = useListParams();
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dialog, setDialog] = useState<Dialog>(null);

  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);

  const params: VariantGroupListParams = {
    ...list.params,
    is_active: status === 'all' ? undefined : status === 'active',
  };
  const groups = useQuery(variantGroupListQuery(companyId, params));
  const setActive = useSetVariantGroupActive();

  const columns = variantGroupColumns(canChange, {
    onEdit: (group) => setDialog({ kind: 'edit', group }),
    onVariants: (group) => setDialog({ kind: 'variants', group }),
    onSetActive: (group, active) => setActive.mutate({ id: group.id, active }),
  });

  const filtered = list.params.search !== '' || status !== 'all';
  const noGroupsYet = !filtered && groups.data?.count === 0 && !groups.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Variant Groups</Title>
        {canAdd && !noGroupsYet && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={openCreate}
            style={{ visibility: dialog ? 'hidden' : undefined }}
          >
            Create Variant Group
          </Button>
        )}
      </Group>
      {!canChange && <ReadOnlyNotice thing="variant groups" />}
      {noGroupsYet ? (
        <EmptyStateCard thing="Product" onAdd={canAdd ? openCreate : undefined} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Search"
                placeholder="Group name"
                leftSection={<IconSearch size={16} />}
                value={searchText}
                onChange={(event) => setSearchText(event.currentTarget.value)}
                w={260}
              />
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                value={status}
                allowDeselect={false}
                onChange={(value) => {
                  setStatus((value as StatusFilter) ?? 'all');
                  list.resetPage();
                }}
                w={140}
              />
            </Group>
            <DataTable
              label="Variant Groups"
              columns={columns}
              rowKey={(group) => group.id}
              data={groups.data}
              isLoading={groups.isLoading}
              error={groups.error}
              errorTitle="Failed to load Variant groups."
              onRetry={() => groups.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={760}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No variant group matches the search or the status filter.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <VariantGroupFormDialog
          companyId={companyId}
          group={dialog.kind === 'edit' ? dialog.group : null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'variants' && (
        <VariantProductsDialog
          companyId={companyId}
          group={dialog.group}
          canChange={canChange}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
