import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useListParams } from '../../components/use-list-params';
import { groupedProductColumns } from './grouped-product-columns';
import { GroupedProductDetailsDialog } from './grouped-product-details-dialog';
import { GroupedProductFormDialog } from './grouped-product-form-dialog';
import {
  type GroupedProduct,
  type GroupedProductListParams,
  groupedProductListQuery,
  groupedProductQuery,
  useDeleteGroupedProduct,
  useSetGroupedProductActive,
} from './grouped-products.api';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type Dialog =
  | { kind: 'create' }
  | { kind: 'view'; id: number }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; bundle: GroupedProduct }
  | null;

/** The edit form needs the bundle's items: it opens once they are read. */
function EditGroupedProduct({
  companyId,
  id,
  onClose,
}: {
  companyId: number;
  id: number;
  onClose: () => void;
}) {
  const bundle = useQuery(groupedProductQuery(id));
  if (!bundle.data) return null;
  return <GroupedProductFormDialog companyId={companyId} bundle={bundle.data} onClose={onClose} />;
}

/** /grouped-products: bundles of products sold as one, with search and status filter. */
export function GroupedProductsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_grouped_product');
  const canChange = canPerform(user, 'change_grouped_product');
  const canDelete = canPerform(user, 'delete_grouped_product');

  const list = useListParams();
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dialog, setDialog] = useState<Dialog>(null);

  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);

  const params: GroupedProductListParams = {
    ...list.params,
    is_active: status === 'all' ? undefined : status === 'active',
  };
  const bundles = useQuery(groupedProductListQuery(companyId, params));
  const setActive = useSetGroupedProductActive();
  const remove = useDeleteGroupedProduct();

  const columns = groupedProductColumns(
    { canChange, canDelete },
    {
      onOpen: (bundle) => setDialog({ kind: 'view', id: bundle.id }),
      onEdit: (bundle) => setDialog({ kind: 'edit', id: bundle.id }),
      onSetActive: (bundle, active) => setActive.mutate({ id: bundle.id, active }),
      onDelete: (bundle) => setDialog({ kind: 'delete', bundle }),
    },
  );

  const filtered = list.params.search !== '' || status !== 'all';
  const noneYet = !filtered && bundles.data?.count === 0 && !bundles.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });
  const close = () => setDialog(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Grouped Products</Title>
        {canAdd && !noneYet && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={openCreate}
            style={{ visibility: dialog ? 'hidden' : undefined }}
          >
            Create Grouped Product
          </Button>
        )}
      </Group>
      {!canChange && <ReadOnlyNotice thing="grouped products" />}
      {noneYet ? (
        <EmptyStateCard thing="Product" onAdd={canAdd ? openCreate : undefined} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Search"
                placeholder="Name or SKU"
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
              label="Grouped Products"
              columns={columns}
              rowKey={(bundle) => bundle.id}
              data={bundles.data}
              isLoading={bundles.isLoading}
              error={bundles.error}
              errorTitle="Failed to load grouped products."
              onRetry={() => bundles.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={860}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No grouped product matches the search or the status filter.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
      {dialog?.kind === 'create' && (
        <GroupedProductFormDialog companyId={companyId} bundle={null} onClose={close} />
      )}
      {dialog?.kind === 'edit' && <EditGroupedProduct companyId={companyId} id={dialog.id} onClose={close} />}
      {dialog?.kind === 'view' && <GroupedProductDetailsDialog id={dialog.id} onClose={close} />}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Grouped Product"
        message={
          dialog?.kind === 'delete' ? `Delete ${dialog.bundle.name}? Orders that name it keep the name.` : ''
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind === 'delete') remove.mutate(dialog.bundle.id, { onSettled: close });
        }}
      />
    </Stack>
  );
}
