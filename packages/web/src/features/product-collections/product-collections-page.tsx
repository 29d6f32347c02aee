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
import { collectionColumns } from './collection-columns';
import { CollectionFormDialog } from './collection-form-dialog';
import { CollectionProductsDialog } from './collection-products-dialog';
import {
  type CollectionListParams,
  collectionListQuery,
  type ProductCollection,
  useSetCollectionActive,
} from './product-collections.api';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; collection: ProductCollection }
  | { kind: 'products'; collection: ProductCollection }
  | null;

/** /product-collections: curated product lists for the sales channels. */
export function ProductCollectionsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_product_collection');
  const canChange = canPerform(user, 'change_product_collection');

  const list = useListParams();
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dialog, setDialog] = useState<Dialog>(null);

  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);

  const params: CollectionListParams = {
    ...list.params,
    is_active: status === 'all' ? undefined : status === 'active',
  };
  const collections = useQuery(collectionListQuery(companyId, params));
  const setActive = useSetCollectionActive();

  const columns = collectionColumns(canChange, {
    onProducts: (collection) => setDialog({ kind: 'products', collection }),
    onEdit: (collection) => setDialog({ kind: 'edit', collection }),
    onSetActive: (collection, active) => setActive.mutate({ id: collection.id, active }),
  });

  const filtered = list.params.search !== '' || status !== 'all';
  const noneYet = !filtered && collections.data?.count === 0 && !collections.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });
  const close = () => setDialog(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Product Collections</Title>
        {canAdd && !noneYet && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={openCreate}
            style={{ visibility: dialog ? 'hidden' : undefined }}
          >
            Create Product Collection
          </Button>
        )}
      </Group>
      {!canChange && <ReadOnlyNotice thing="product collections" />}
      {noneYet ? (
        <EmptyStateCard thing="Product" onAdd={canAdd ? openCreate : undefined} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Search"
                placeholder="Collection name"
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
              label="Product Collections"
              columns={columns}
              rowKey={(collection) => collection.id}
              data={collections.data}
              isLoading={collections.isLoading}
              error={collections.error}
              errorTitle="Failed to load product collections."
              onRetry={() => collections.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={760}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No collection matches the search or the status filter.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <CollectionFormDialog
          companyId={companyId}
          collection={dialog.kind === 'edit' ? dialog.collection : null}
          onClose={close}
        />
      )}
      {dialog?.kind === 'products' && (
        <CollectionProductsDialog
          companyId={companyId}
          collection={dialog.collection}
          canChange={canChange}
          onClose={close}
        />
      )}
    </Stack>
  );
}
