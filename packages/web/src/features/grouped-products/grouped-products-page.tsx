import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
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

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);

  const params: GroupedProductListParams = {
    ...list.params,
    is_active: filter.isActive,
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

  const noneYet = !filter.filtered && bundles.data?.count === 0 && !bundles.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });
  const close = () => setDialog(null);

  return (
    <ListPage
      title="Grouped Products"
      addLabel="Create Grouped Product"
      onAdd={canAdd ? openCreate : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'grouped products'}
      noneYet={noneYet}
      area="grouped-products"
      filters={<SearchAndStatusFilters filter={filter} placeholder="Name or SKU" />}
      table={
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
      }
    >
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
    </ListPage>
  );
}
