import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Button, Card, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDots,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { UsersTabs } from '../users/users-tabs';
import { RoleFormDialog } from './role-form-dialog';
import { type Role, roleListQuery, useSetRoleActive } from './roles.api';

type Dialog = { kind: 'create' } | { kind: 'edit'; role: Role } | null;

/** /users/roles: the company's roles, their permissions and their status. */
export function RolesPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: 'display_name' });
  const [searchText, setSearchText] = useState(list.params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { setSearch } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);

  const roles = useQuery(roleListQuery(companyId, list.params));
  const setActive = useSetRoleActive();

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: 'Role Name',
      sortField: 'display_name',
      render: (role) => <Text fw={500}>{role.display_name}</Text>,
    },
    { key: 'description', header: 'Description', render: (role) => role.description || 'N/A' },
    {
      key: 'permissions',
      header: 'Permissions',
      align: 'right',
      render: (role) => (role.is_admin ? 'All' : role.permissions.length),
    },
    { key: 'users', header: 'Users', align: 'right', render: (role) => role.user_count },
    {
      key: 'status',
      header: 'Status',
      render: (role) => <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(role.is_active).value} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (role) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${role.display_name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setDialog({ kind: 'edit', role })}>
              Edit
            </Menu.Item>
            {role.is_active ? (
              <Menu.Item
                color="red"
                leftSection={<IconPlayerPause size={16} />}
                disabled={role.is_admin}
                onClick={() => setActive.mutate({ role, active: false })}
              >
                Deactivate
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => setActive.mutate({ role, active: true })}
              >
                Activate
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Roles</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: 'create' })}
          style={{ visibility: dialog ? 'hidden' : undefined }}
        >
          Create Role
        </Button>
      </Group>
      <UsersTabs active="roles" />
      <Card withBorder padding="md">
        <Stack gap="md">
          <TextInput
            label="Search"
            placeholder="Role name"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={260}
          />
          <DataTable
            label="Roles"
            columns={columns}
            rowKey={(role) => role.id}
            data={roles.data}
            isLoading={roles.isLoading}
            error={roles.error}
            errorTitle="Failed to load Roles"
            onRetry={() => roles.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
          />
        </Stack>
      </Card>
      {dialog && (
        <RoleFormDialog
          companyId={companyId}
          role={dialog.kind === 'edit' ? dialog.role : null}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
