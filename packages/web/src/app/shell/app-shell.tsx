import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { SidePanel } from '../../components/side-panel';
import { useCurrentUser } from '../../session/current-user';
import { LinkPanel } from './link-panel';
import { MobileNav } from './mobile-nav';
import { NotificationsPanel } from './notifications-panel';
import { PANEL_TITLES, type PanelKind } from './panels';
import { SettingsPanel } from './settings-panel';
import { TopBar } from './top-bar';
import { useMenuItems } from './use-menu-items';

/** The signed-in layout: top bar, the right-hand panels and the routed content. */
export function AppShellLayout() {
  const user = useCurrentUser();
  const items = useMenuItems(user);
  const [mobileMenuOpened, mobileMenu] = useDisclosure(false);
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const closePanel = () => setPanel(null);

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <TopBar
          items={items}
          mobileMenuOpened={mobileMenuOpened}
          onToggleMobileMenu={mobileMenu.toggle}
          onOpenPanel={setPanel}
        />
      </AppShell.Header>
      <MobileNav opened={mobileMenuOpened} onClose={mobileMenu.close} items={items} onOpenPanel={setPanel} />
      <SidePanel
        opened={panel !== null}
        onClose={closePanel}
        title={panel ? PANEL_TITLES[panel] : ''}
        width={panel === 'notifications' ? 500 : 400}
      >
        {panel === 'settings' && <SettingsPanel user={user} onNavigate={closePanel} />}
        {panel === 'notifications' && <NotificationsPanel />}
        {(panel === 'reports' || panel === 'business-intelligence' || panel === 'products-ads') && (
          <LinkPanel panel={panel} onNavigate={closePanel} />
        )}
      </SidePanel>
      <AppShell.Main>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
