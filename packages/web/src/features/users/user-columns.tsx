import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import type { User } from './users.api';

export interface UserActions {
  onEdit: (user: User) => void;
  onActivate: (user: User) => void;
  onDeactivate: (user: User) => void;
}

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

export function userColumns(actions: UserActions): Column<User>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'first_name',
      render: (user) => <Text fw={500}>{fullName(user)}</Text>,
    },
    { key: 'email', header: 'Email', sortField: 'email', render: (user) => user.email },
    { key: 'phone', header: 'Phone', render: (user) => user.phone ?? 'N/A' },
    { key: 'role', header: 'Role', render: (user) => user.role?.display_name ?? 'N/A' },
    {
      key: 'branches',
      header: 'Branches',
      render: (user) => (
        <Group gap={4}>
          {user.branches.map((branch) => (
            <Badge key={branch.id} variant="outline" color="gray" radius="sm">
              {branch.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (user) => <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(user.is_active).value} />,
    },
    {
      key: 'created_at',
      header: 'Created On',
      sortField: 'created_at',
      render: (user) => dayjs(user.created_at).format('DD/MM/YYYY'),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (user) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${fullName(user)}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.onEdit(user)}>
              Edit
            </Menu.Item>
            {user.is_active ? (
              <Menu.Item
                color="red"
                leftSection={<IconPlayerPause size={16} />}
                onClick={() => actions.onDeactivate(user)}
              >
                Deactivate
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => actions.onActivate(user)}>
                Activate
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}
