import type { NavItem } from '@b2b/domain/navigation';
import { ActionIcon, Anchor, Burger, Group, Indicator, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBuildingStore, IconSettings } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notificationCountQuery, notificationKeys } from '../../features/notifications/notifications.api';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
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
      <Group visibleFrom="lg" style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <NavMenu items={items} onOpenPanel={onOpenPanel} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NotificationBell onOpen={() => onOpenPanel('notifications')} />
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

/**
 * The bell, with a dot counting the open notifications: asked for once a minute, and after any
 * change the user makes (a stock movement may raise or resolve one).
 */
export function NotificationBell({ onOpen }: { onOpen: () => void }) {
  const companyId = useCurrentUser().company.id;
  const queryClient = useQueryClient();
  const { data: count = 0 } = useQuery(notificationCountQuery(companyId));
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.count(companyId) });
        }
      }),
    [queryClient, companyId],
  );
  return (
    <Tooltip label={count > 0 ? `Notifications (${count} open)` : 'Notifications'}>
      <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={16} offset={6} color="red">
        <ActionIcon variant="subtle" color="dark" size="lg" aria-label="Notifications" onClick={onOpen}>
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
