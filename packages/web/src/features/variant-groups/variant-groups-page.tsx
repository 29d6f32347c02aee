import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { variantGroupColumns } from './variant-group-columns';
import { VariantGroupFormDialog } from './variant-group-form-dialog';
import {
  useSetVariantGroupActive,
  type VariantGroup,
  type VariantGroupListParams,
  variantGroupListQuery,
} from './variant-groups.api';
import { VariantProductsDialog } from './variant-products-dialog';

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

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);

  const params: VariantGroupListParams = {
    ...list.params,
    is_active: filter.isActive,
  };
  const groups = useQuery(variantGroupListQuery(companyId, params));
  const setActive = useSetVariantGroupActive();

  const columns = variantGroupColumns(canChange, {
    onEdit: (group) => setDialog({ kind: 'edit', group }),
    onVariants: (group) => setDialog({ kind: 'variants', group }),
    onSetActive: (group, active) => setActive.mutate({ id: group.id, active }),
  });

  const noGroupsYet = !filter.filtered && groups.data?.count === 0 && !groups.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });

  return (
    <ListPage
      title="Variant Groups"
      addLabel="Create Variant Group"
      onAdd={canAdd ? openCreate : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'variant groups'}
      noneYet={noGroupsYet}
      area="variant-groups"
      filters={<SearchAndStatusFilters filter={filter} placeholder="Group name" />}
      table={
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
      }
    >
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
    </ListPage>
  );
}
