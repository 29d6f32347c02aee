import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PATHS } from '../../session/paths';

/** Users and their roles are managed side by side: /users and /users/roles. */
export function UsersTabs({ active }: { active: 'users' | 'roles' }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => void navigate({ to: value === 'roles' ? PATHS.roles : PATHS.users })}
    >
      <Tabs.List>
        <Tabs.Tab value="users">Users</Tabs.Tab>
        <Tabs.Tab value="roles">Roles</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
