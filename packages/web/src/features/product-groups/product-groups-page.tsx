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
import { AttributesDialog } from './attributes-dialog';
import { productGroupColumns } from './product-group-columns';
import { ProductGroupFormDialog } from './product-group-form-dialog';
import {
  type ProductGroup,
  type ProductGroupListParams,
  productGroupListQuery,
  useActivateProductGroup,
  useDeactivateProductGroup,
} from './product-groups.api';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; group: ProductGroup }
  | { kind: 'attributes'; group: ProductGroup }
  | null;

/** /product-attributes: the company's product attribute groups and the attributes inside them. */
export function ProductGroupsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_product_attribute');
  const canChange = canPerform(user, 'change_product_attribute');
  const canDelete = canPerform(user, 'delete_product_attribute');

  const list = useListParams();
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dialog, setDialog] = useState<Dialog>(null);

  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);

  const params: ProductGroupListParams = {
    ...list.params,
    is_active: status === 'all' ? undefined : status === 'active',
  };
  const groups = useQuery(productGroupListQuery(companyId, params));
  const activate = useActivateProductGroup();
  const deactivate = useDeactivateProductGroup();

  const columns = productGroupColumns(canChange, {
    onEdit: (group) => setDialog({ kind: 'edit', group }),
    onAttributes: (group) => setDialog({ kind: 'attributes', group }),
    onSetActive: (group, active) => (active ? activate : deactivate).mutate(group.id),
  });

  const filtered = list.params.search !== '' || status !== 'all';
  const noGroupsYet = !filtered && groups.data?.count === 0 && !groups.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Product Groups</Title>
        {canAdd && !noGroupsYet && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={openCreate}
            style={{ visibility: dialog ? 'hidden' : undefined }}
          >
            Create Product Group
          </Button>
        )}
      </Group>
      {!canChange && <ReadOnlyNotice thing="product groups" />}
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
              label="Product Groups"
              columns={columns}
              rowKey={(group) => group.id}
              data={groups.data}
              isLoading={groups.isLoading}
              error={groups.error}
              errorTitle="Failed to load Product attribute."
              onRetry={() => groups.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={760}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No product group matches the search or the status filter.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ProductGroupFormDialog
          companyId={companyId}
          group={dialog.kind === 'edit' ? dialog.group : null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'attributes' && (
        <AttributesDialog
          group={dialog.group}
          canChange={canChange}
          canDelete={canDelete}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
