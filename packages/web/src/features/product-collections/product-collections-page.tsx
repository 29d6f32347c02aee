import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { collectionColumns } from './collection-columns';
import { CollectionFormDialog } from './collection-form-dialog';
import { CollectionProductsDialog } from './collection-products-dialog';
import {
  type CollectionListParams,
  collectionListQuery,
  type ProductCollection,
  useSetCollectionActive,
} from './product-collections.api';

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

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);

  const params: CollectionListParams = {
    ...list.params,
    is_active: filter.isActive,
  };
  const collections = useQuery(collectionListQuery(companyId, params));
  const setActive = useSetCollectionActive();

  const columns = collectionColumns(canChange, {
    onProducts: (collection) => setDialog({ kind: 'products', collection }),
    onEdit: (collection) => setDialog({ kind: 'edit', collection }),
    onSetActive: (collection, active) => setActive.mutate({ id: collection.id, active }),
  });

  const noneYet = !filter.filtered && collections.data?.count === 0 && !collections.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });
  const close = () => setDialog(null);

  return (
    <ListPage
      title="Product Collections"
      addLabel="Create Product Collection"
      onAdd={canAdd ? openCreate : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'product collections'}
      noneYet={noneYet}
      area="product-collections"
      filters={<SearchAndStatusFilters filter={filter} placeholder="Collection name" />}
      table={
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
      }
    >
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
    </ListPage>
  );
}
