import type { NavItem } from '@b2b/domain/navigation';
import { Drawer, NavLink, ScrollArea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { navTarget } from './nav-target';
import { overlayPanelOf, type PanelKind } from './panels';

export interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  onOpenPanel: (panel: PanelKind) => void;
}

interface EntriesProps {
  items: NavItem[];
  parentKey: string;
  openGroups: Set<string>;
  toggleGroup: (key: string) => void;
  onNavigate: () => void;
  onOpenPanel: (panel: PanelKind) => void;
}

function Entries({ items, parentKey, openGroups, toggleGroup, onNavigate, onOpenPanel }: EntriesProps) {
  return (
    <>
      {items.map((item) => {
        const key = `${parentKey}/${item.title}`;
        if (item.subMenu && item.subMenu.length > 0) {
          return (
            <NavLink
              key={key}
              component="button"
              label={item.title}
              opened={openGroups.has(key)}
              onChange={() => toggleGroup(key)}
            >
              <Entries
                items={item.subMenu}
                parentKey={key}
                openGroups={openGroups}
                toggleGroup={toggleGroup}
                onNavigate={onNavigate}
                onOpenPanel={onOpenPanel}
              />
            </NavLink>
          );
        }
        const panel = item.isOverlay ? overlayPanelOf(item.title) : undefined;
        if (panel) {
          return (
            <NavLink
              key={key}
              label={item.title}
              component="button"
              onClick={() => {
                onNavigate();
                onOpenPanel(panel);
              }}
            />
          );
        }
        const target = navTarget(item);
        return (
          <NavLink
            key={key}
            label={item.title}
            component={Link}
            to={target.to}
            search={target.search}
            onClick={onNavigate}
          />
        );
      })}
    </>
  );
}

/** The collapsible menu of small screens; closing it collapses every group. */
export function MobileNav({ opened, onClose, items, onOpenPanel }: MobileNavProps) {
  const [openGroups, setOpenGroups] = useState<Set<string>>(new Set());
  const close = () => {
    setOpenGroups(new Set());
    onClose();
  };
  const toggleGroup = (key: string) =>
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="left"
      size={300}
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <nav aria-label="Main menu">
        <Entries
          items={items}
          parentKey=""
          openGroups={openGroups}
          toggleGroup={toggleGroup}
          onNavigate={close}
          onOpenPanel={onOpenPanel}
        />
      </nav>
    </Drawer>
  );
}
