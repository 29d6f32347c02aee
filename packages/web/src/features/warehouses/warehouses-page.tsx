import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { warehousePath } from '../../session/paths';
import { allBranchesQuery } from '../branches/branches.api';
import { warehouseColumns } from './warehouse-columns';
import { WarehouseFormDialog } from './warehouse-form-dialog';
import {
  useSetWarehouseActive,
  useSetWarehousePrivate,
  type Warehouse,
  type WarehouseListParams,
  warehouseListQuery,
} from './warehouses.api';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; warehouse: Warehouse }
  | { kind: 'deactivate'; warehouse: Warehouse }
  | null;

/** /warehouses: the company's warehouses with search, status and branch filters. */
export function WarehousesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_warehouse');
  const canChange = canPerform(user, 'change_warehouse');
  const navigate = useNavigate();

  // Warehouses are listed in their position order unless a column is sorted.
  const list = useUrlListParams({ ordering: 'position' });
  const filter = useSearchAndStatus(list);
  const [branch, setBranch] = useUrlFilter<string | null>('branch', null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const branches = useQuery(allBranchesQuery(companyId));

  const params: WarehouseListParams = {
    ...list.params,
    ordering: list.params.ordering === 'position' ? 'position,name' : list.params.ordering,
    is_active: filter.isActive,
    branch: branch ? Number(branch) : undefined,
  };
  const warehouses = useQuery(warehouseListQuery(companyId, params));
  const setActive = useSetWarehouseActive();
  const setPrivate = useSetWarehousePrivate();

  const columns = warehouseColumns(canChange, {
    onEdit: (warehouse) => setDialog({ kind: 'edit', warehouse }),
    onSetActive: (warehouse, active) =>
      active ? setActive.mutate({ id: warehouse.id, active }) : setDialog({ kind: 'deactivate', warehouse }),
    onSetPrivate: (warehouse, isPrivate) => setPrivate.mutate({ id: warehouse.id, isPrivate }),
  });
  const filtered = filter.filtered || branch !== null;
  const noneYet = !filtered && warehouses.data?.count === 0 && !warehouses.isPlaceholderData;

  return (
    <ListPage
      title="Warehouses"
      addLabel="Create Warehouse"
      onAdd={canAdd ? () => setDialog({ kind: 'create' }) : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'warehouses'}
      noneYet={noneYet}
      area="warehouses"
      filters={
        <SearchAndStatusFilters filter={filter} placeholder="Warehouse or Tally name">
          <Select
            label="Branch"
            placeholder="All branches"
            data={(branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={branch}
            onChange={(value) => {
              setBranch(value);
              list.resetPage();
            }}
            clearable
            searchable
            w={220}
          />
        </SearchAndStatusFilters>
      }
      table={
        <DataTable
          label="Warehouses"
          columns={columns}
          rowKey={(warehouse) => warehouse.id}
          data={warehouses.data}
          isLoading={warehouses.isLoading}
          error={warehouses.error}
          errorTitle="Failed to load warehouses."
          onRetry={() => warehouses.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(warehouse) => void navigate({ to: warehousePath(warehouse.id) })}
          minWidth={820}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No warehouse matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <WarehouseFormDialog
          companyId={companyId}
          warehouse={dialog.kind === 'edit' ? dialog.warehouse : null}
          defaultBranchId={branch ? Number(branch) : undefined}
          onClose={() => setDialog(null)}
          onCreated={(warehouse) => void navigate({ to: warehousePath(warehouse.id) })}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'deactivate'}
        title="Deactivate Warehouse"
        message={
          dialog?.kind === 'deactivate'
            ? `An inactive branch or warehouse blocks all operations: no stock moves in or out of ${dialog.warehouse.name} and nothing of it can be changed until it is activated again. Deactivate it?`
            : ''
        }
        confirmLabel="Deactivate"
        loading={setActive.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'deactivate') {
            setActive.mutate(
              { id: dialog.warehouse.id, active: false },
              { onSettled: () => setDialog(null) },
            );
          }
        }}
      />
    </ListPage>
  );
}
