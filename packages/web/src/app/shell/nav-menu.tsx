import type { NavItem } from '@b2b/domain/navigation';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { navTarget } from './nav-target';
import { overlayPanelOf, type PanelKind } from './panels';

export interface NavMenuProps {
  items: NavItem[];
  onOpenPanel: (panel: PanelKind) => void;
}

function SubMenuItems({ items, onOpenPanel }: NavMenuProps) {
  return (
    <>
      {items.map((item) => {
        if (item.subMenu && item.subMenu.length > 0) {
          return (
            <Menu.Sub key={item.title}>
              <Menu.Sub.Target>
                <Menu.Sub.Item rightSection={<IconChevronRight size={14} />}>{item.title}</Menu.Sub.Item>
              </Menu.Sub.Target>
              <Menu.Sub.Dropdown>
                <SubMenuItems items={item.subMenu} onOpenPanel={onOpenPanel} />
              </Menu.Sub.Dropdown>
            </Menu.Sub>
          );
        }
        const panel = item.isOverlay ? overlayPanelOf(item.title) : undefined;
        if (panel) {
          return (
            <Menu.Item key={item.title} onClick={() => onOpenPanel(panel)}>
              {item.title}
            </Menu.Item>
          );
        }
        const target = navTarget(item);
        return (
          <Menu.Item key={item.title} component={Link} to={target.to} search={target.search}>
            {item.title}
          </Menu.Item>
        );
      })}
    </>
  );
}

/** The top-bar menu on wide screens: links, drop-down groups and overlay entries. */
export function NavMenu({ items, onOpenPanel }: NavMenuProps) {
  return (
    <Group gap={2} wrap="nowrap" component="nav" aria-label="Main menu">
      {items.map((item) => {
        if (item.subMenu && item.subMenu.length > 0) {
          return (
            <Menu key={item.title} position="bottom-start">
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="dark"
                  size="compact-sm"
                  fz={13}
                  px={8}
                  rightSection={<IconChevronDown size={12} />}
                >
                  {item.title}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <SubMenuItems items={item.subMenu} onOpenPanel={onOpenPanel} />
              </Menu.Dropdown>
            </Menu>
          );
        }
        const panel = item.isOverlay ? overlayPanelOf(item.title) : undefined;
        if (panel) {
          return (
            <Button
              key={item.title}
              variant="subtle"
              color="dark"
              size="compact-sm"
              fz={13}
              px={8}
              onClick={() => onOpenPanel(panel)}
            >
              {item.title}
            </Button>
          );
        }
        const target = navTarget(item);
        return (
          <Button
            key={item.title}
            component={Link}
            to={target.to}
            search={target.search}
            variant="subtle"
            color="dark"
            size="compact-sm"
            fz={13}
            px={8}
            className="nav-link"
          >
            {item.title}
          </Button>
        );
      })}
    </Group>
  );
}
