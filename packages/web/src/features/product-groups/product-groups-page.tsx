import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
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

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);

  const params: ProductGroupListParams = {
    ...list.params,
    is_active: filter.isActive,
  };
  const groups = useQuery(productGroupListQuery(companyId, params));
  const activate = useActivateProductGroup();
  const deactivate = useDeactivateProductGroup();

  const columns = productGroupColumns(canChange, {
    onEdit: (group) => setDialog({ kind: 'edit', group }),
    onAttributes: (group) => setDialog({ kind: 'attributes', group }),
    onSetActive: (group, active) => (active ? activate : deactivate).mutate(group.id),
  });

  const noGroupsYet = !filter.filtered && groups.data?.count === 0 && !groups.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });

  return (
    <ListPage
      title="Product Groups"
      addLabel="Create Product Group"
      onAdd={canAdd ? openCreate : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'product groups'}
      noneYet={noGroupsYet}
      area="product-groups"
      filters={<SearchAndStatusFilters filter={filter} placeholder="Group name" />}
      table={
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
      }
    >
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
    </ListPage>
  );
}
