import type { NavItem } from '@b2b/domain/navigation';
import { ActionIcon, Anchor, Burger, Group, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBuildingStore, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PATHS } from '../paths';
import { NavMenu } from './nav-menu';
import type { PanelKind } from './panels';

export interface TopBarProps {
  items: NavItem[];
  mobileMenuOpened: boolean;
  onToggleMobileMenu: () => void;
  onOpenPanel: (panel: PanelKind) => void;
}

export function TopBar({ items, mobileMenuOpened, onToggleMobileMenu, onOpenPanel }: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileMenuOpened}
          onClick={onToggleMobileMenu}
          hiddenFrom="lg"
          size="sm"
          aria-label={mobileMenuOpened ? 'Close menu' : 'Open menu'}
        />
        <Anchor component={Link} to={PATHS.home} underline="never" c="indigo" aria-label="Home">
          <Group gap={6} wrap="nowrap">
            <IconBuildingStore size={26} aria-hidden />
            <Text fw={800} fz="lg" visibleFrom="xl">
              B2B Back Office
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Group visibleFrom="lg" style={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
        <NavMenu items={items} onOpenPanel={onOpenPanel} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Notifications">
          <ActionIcon
            variant="subtle"
            color="dark"
            size="lg"
            aria-label="Notifications"
            onClick={() => onOpenPanel('notifications')}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Settings">
          <ActionIcon
            variant="subtle"
            color="dark"
            size="lg"
            aria-label="Settings"
            onClick={() => onOpenPanel('settings')}
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
