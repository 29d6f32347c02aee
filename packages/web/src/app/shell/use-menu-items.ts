import {
  ADMIN_NAVIGATION,
  BI_LINKS,
  filterNavigation,
  MARKETING_NAVIGATION,
  type NavItem,
  type PanelLink,
  type PanelSection,
  PRODUCT_ADS_LINKS,
  REPORT_LINKS,
} from '@b2b/domain/navigation';
import { useMemo } from 'react';
import type { CurrentUser } from '../../api/types';
import { canOpen, type PermissionHolder } from '../../session/has-permission';
import { appMode } from '../app-mode';
import { isBuiltPath } from '../route-table';
import { overlayPanelOf, type PanelKind } from './panels';

const PANEL_SECTIONS: Partial<Record<PanelKind, readonly PanelSection[]>> = {
  reports: REPORT_LINKS,
  'business-intelligence': BI_LINKS,
  'products-ads': PRODUCT_ADS_LINKS,
};

/**
 * A panel's sections with only the links to built screens (and, given a user, the ones they may
 * open: a link beyond routes.tsv names its permission), and no section left empty.
 */
export function builtSections(panel: PanelKind, user?: PermissionHolder): PanelSection[] {
  const offered = (link: PanelLink) =>
    isBuiltPath(link.path) && (!user || !link.permission || canOpen(user, link.permission));
  return (PANEL_SECTIONS[panel] ?? [])
    .map((section) => ({ ...section, links: section.links.filter(offered) }))
    .filter((section) => section.links.length > 0);
}

/** The menu without entries of areas not built yet; groups and panels left empty go too. */
export function builtOnly(items: NavItem[]): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (item.subMenu) {
      const subMenu = builtOnly(item.subMenu);
      return subMenu.length > 0 ? [{ ...item, subMenu }] : [];
    }
    if (item.isOverlay) {
      const panel = overlayPanelOf(item.title);
      return panel && builtSections(panel).length > 0 ? [item] : [];
    }
    return item.routerLink && isBuiltPath(item.routerLink) ? [item] : [];
  });
}

/**
 * The top-bar menu of this user: filtered by role, navigation permissions and marketing, built
 * screens only; the marketing-only app has its reduced menu (spec 3), filtered the same way.
 */
export function menuItemsFor(
  user: Pick<CurrentUser, 'role' | 'access_permissions' | 'company'>,
  mode = appMode().mode,
): NavItem[] {
  return builtOnly(
    filterNavigation(mode === 'marketing' ? MARKETING_NAVIGATION : ADMIN_NAVIGATION, {
      roleName: user.role?.display_name ?? '',
      navigation: user.access_permissions?.navigation ?? null,
      isMarketingEnabled: user.company.is_marketing_enabled,
    }),
  );
}

export function useMenuItems(user: CurrentUser): NavItem[] {
  return useMemo(() => menuItemsFor(user), [user]);
}
