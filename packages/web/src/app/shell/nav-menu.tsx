import type { NavItem } from '@b2b/domain/navigation';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
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

const MORE_BUTTON_WIDTH = 84;

/**
 * How many of the entries fit in `available` pixels, keeping room for a 'More' button when some
 * do not. Before layout (no width measured yet) every entry is shown.
 */
export function entriesThatFit(widths: number[], available: number): number {
  if (available <= 0 || widths.reduce((sum, w) => sum + w, 0) <= available) return widths.length;
  let used = MORE_BUTTON_WIDTH;
  let count = 0;
  while (count < widths.length && used + widths[count] <= available) used += widths[count++];
  return count;
}

/**
 * The top-bar menu on wide screens: links, drop-down groups and overlay entries. Entries that do
 * not fit the bar's width go under a 'More' menu at its end, so every entry stays reachable at any
 * width (the burger menu takes over below the lg breakpoint).
 */
export function NavMenu({ items, onOpenPanel }: NavMenuProps) {
  const navRef = useRef<HTMLDivElement>(null);
  // Fitted to the items it was measured with; new items render in full once, to be measured.
  const [fitted, setFitted] = useState<{ items: NavItem[]; shown: number } | null>(null);
  const shown = fitted?.items === items ? fitted.shown : items.length;

  useLayoutEffect(() => {
    const nav = navRef.current;
    const bar = nav?.parentElement;
    if (!nav || !bar) return;
    const widths = [...nav.children]
      .slice(0, items.length)
      .map((child) => (child as HTMLElement).offsetWidth);
    const fit = () => setFitted({ items, shown: entriesThatFit(widths, bar.clientWidth) });
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [items]);

  const hidden = items.slice(shown);
  return (
    <Group ref={navRef} gap={0} wrap="nowrap" component="nav" aria-label="Main menu">
      {items.slice(0, shown).map((item) => (
        <TopEntry key={item.title} item={item} onOpenPanel={onOpenPanel} />
      ))}
      {hidden.length > 0 && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button {...ENTRY_STYLE} rightSection={<IconChevronDown size={12} />}>
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <SubMenuItems items={hidden} onOpenPanel={onOpenPanel} />
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

const ENTRY_STYLE = { variant: 'subtle', color: 'dark', size: 'compact-sm', fz: 13, px: 7 } as const;

/** One entry of the bar: a drop-down group, an overlay panel or a link. */
function TopEntry({ item, onOpenPanel }: { item: NavItem; onOpenPanel: (panel: PanelKind) => void }) {
  if (item.subMenu && item.subMenu.length > 0) {
    return (
      <Menu position="bottom-start">
        <Menu.Target>
          <Button {...ENTRY_STYLE} rightSection={<IconChevronDown size={12} />}>
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
      <Button {...ENTRY_STYLE} onClick={() => onOpenPanel(panel)}>
        {item.title}
      </Button>
    );
  }
  const target = navTarget(item);
  return (
    <Button {...ENTRY_STYLE} component={Link} to={target.to} search={target.search} className="nav-link">
      {item.title}
    </Button>
  );
}
