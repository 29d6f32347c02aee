import { MARKETING_SETTINGS_LINKS, SETTINGS_LINKS } from '@b2b/domain/navigation';
import { Avatar, Button, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import type { CurrentUser } from '../../api/types';
import { SetupProgress } from '../../features/onboarding/setup-progress';
import { PATHS } from '../../session/paths';
import { appMode } from '../app-mode';
import { isBuiltPath } from '../route-table';
import { signOut } from '../sign-out';

export interface SettingsPanelProps {
  user: CurrentUser;
  onNavigate: () => void;
}

/** Settings: the settings links (the marketing settings in the marketing-only app), the signed-in user and Logout. */
export function SettingsPanel({ user, onNavigate }: SettingsPanelProps) {
  const links = appMode().mode === 'marketing' ? MARKETING_SETTINGS_LINKS : SETTINGS_LINKS;
  const [signingOut, setSigningOut] = useState(false);
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="indigo" radius="xl">
          {initials}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.first_name} {user.last_name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
      </Group>
      <Divider />
      <nav aria-label="Settings">
        {links
          .filter((link) => isBuiltPath(link.path))
          .map((link) => (
            <Fragment key={link.path}>
              {link.dividerBefore && <Divider my="xs" />}
              <NavLink component={Link} to={link.path} label={link.label} onClick={onNavigate} />
              {link.path === PATHS.onboarding && <SetupProgress variant="compact" />}
            </Fragment>
          ))}
      </nav>
      <Divider />
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={16} />}
        loading={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
      >
        Logout
      </Button>
    </Stack>
  );
}
