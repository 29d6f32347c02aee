import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { branchPath } from '../../session/paths';
import { branchColumns } from './branch-columns';
import { BranchFormDialog } from './branch-form-dialog';
import { type Branch, type BranchListParams, branchListQuery, useSetBranchActive } from './branches.api';
import { DeactivateBranchDialog } from './deactivate-branch-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; branch: Branch }
  | { kind: 'deactivate'; branch: Branch }
  | null;

/** /branches: the company's branches with search, status filter and paging. */
export function BranchesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_branch');
  const canChange = canPerform(user, 'change_branch');
  const navigate = useNavigate();

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);
  const params: BranchListParams = { ...list.params, is_active: filter.isActive };
  const branches = useQuery(branchListQuery(companyId, params));
  const setActive = useSetBranchActive();

  const columns = branchColumns(canChange, {
    onEdit: (branch) => setDialog({ kind: 'edit', branch }),
    onSetActive: (branch, active) =>
      active ? setActive.mutate({ id: branch.id, active }) : setDialog({ kind: 'deactivate', branch }),
  });

  return (
    <ListPage
      title="Branches"
      addLabel="Create Branch"
      onAdd={canAdd ? () => setDialog({ kind: 'create' }) : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'branches'}
      // A company always has its first branch, so the list is never empty until filtered.
      noneYet={false}
      area="branches"
      filters={<SearchAndStatusFilters filter={filter} placeholder="Branch name, GSTIN or contact" />}
      table={
        <DataTable
          label="Branches"
          columns={columns}
          rowKey={(branch) => branch.id}
          data={branches.data}
          isLoading={branches.isLoading}
          error={branches.error}
          errorTitle="Failed to load Branches."
          onRetry={() => branches.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(branch) => void navigate({ to: branchPath(branch.id) })}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No branch matches the search or the status filter.
            </Text>
          }
        />
      }
    >
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <BranchFormDialog
          companyId={companyId}
          branch={dialog.kind === 'edit' ? dialog.branch : null}
          onClose={() => setDialog(null)}
        />
      )}
      <DeactivateBranchDialog
        branch={dialog?.kind === 'deactivate' ? dialog.branch : null}
        onClose={() => setDialog(null)}
      />
    </ListPage>
  );
}
