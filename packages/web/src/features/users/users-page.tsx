import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { allRolesQuery } from '../roles/roles.api';
import { fullName, userColumns } from './user-columns';
import { type StatusFilter, UserFilters } from './user-filters';
import { UserFormDialog } from './user-form-dialog';
import {
  type User,
  type UserListParams,
  useActivateUser,
  useDeactivateUser,
  userListQuery,
} from './users.api';
import { UsersTabs } from './users-tabs';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: User } | { kind: 'deactivate'; user: User } | null;

/** /users: the company's users with filters by status, role and search. */
export function UsersPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [status, setStatus] = useUrlFilter<StatusFilter>('status', 'all');
  const [roleIds, setRoleIds] = useUrlFilter<string[]>('roles', []);
  const [dialog, setDialog] = useState<Dialog>(null);

  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);

  const params: UserListParams = {
    ...list.params,
    is_active: status === 'all' ? undefined : status === 'active',
    groups__in: roleIds.length > 0 ? roleIds.map(Number) : undefined,
  };
  const users = useQuery(userListQuery(companyId, params));
  const roles = useQuery(allRolesQuery(companyId));
  const activate = useActivateUser();
  const deactivate = useDeactivateUser();

  const columns = useMemo(
    () =>
      userColumns({
        onEdit: (user) => setDialog({ kind: 'edit', user }),
        onActivate: (user) => activate.mutate(user.id),
        onDeactivate: (user) => setDialog({ kind: 'deactivate', user }),
      }),
    [activate.mutate],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        <Button
          leftSection={<IconUserPlus size={16} />}
          onClick={() => setDialog({ kind: 'create' })}
          // Hidden while a dialog is open so that the dialog's own 'Create User' is the only one.
          style={{ visibility: dialog ? 'hidden' : undefined }}
        >
          Create User
        </Button>
      </Group>
      <UsersTabs active="users" />
      <Card withBorder padding="md">
        <Stack gap="md">
          <UserFilters
            search={searchText}
            onSearchChange={setSearchText}
            status={status}
            onStatusChange={(value) => {
              setStatus(value);
              list.resetPage();
            }}
            roleIds={roleIds}
            onRoleIdsChange={(value) => {
              setRoleIds(value);
              list.resetPage();
            }}
            roles={roles.data?.results ?? []}
          />
          <DataTable
            label="Users"
            columns={columns}
            rowKey={(user) => user.id}
            data={users.data}
            isLoading={users.isLoading}
            error={users.error}
            errorTitle="Failed to load Users"
            onRetry={() => users.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
          />
        </Stack>
      </Card>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormDialog
          companyId={companyId}
          user={dialog.kind === 'edit' ? dialog.user : null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'deactivate'}
        title="Deactivate User"
        message={
          dialog?.kind === 'deactivate'
            ? `${fullName(dialog.user)} will no longer be able to sign in. Deactivate this user?`
            : ''
        }
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'deactivate') {
            deactivate.mutate(dialog.user.id, { onSettled: () => setDialog(null) });
          }
        }}
      />
    </Stack>
  );
}
