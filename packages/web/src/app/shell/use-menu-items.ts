import { ADMIN_NAVIGATION, filterNavigation, type NavItem } from '@b2b/domain/navigation';
import { useMemo } from 'react';
import type { CurrentUser } from '../../api/types';

/** The top-bar menu of this user: filtered by role, navigation permissions and marketing. */
export function menuItemsFor(user: Pick<CurrentUser, 'role' | 'access_permissions' | 'company'>): NavItem[] {
  return filterNavigation(ADMIN_NAVIGATION, {
    roleName: user.role?.display_name ?? '',
    navigation: user.access_permissions?.navigation ?? null,
    isMarketingEnabled: user.company.is_marketing_enabled,
  });
}

export function useMenuItems(user: CurrentUser): NavItem[] {
  return useMemo(() => menuItemsFor(user), [user]);
}
