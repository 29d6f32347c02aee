import { COMPANY_ADMIN_ROLE, hasPermission } from '@b2b/domain/permissions';
import type { CurrentUser } from '../api/types';

export type PermissionHolder = Pick<CurrentUser, 'role' | 'access_permissions'>;

/**
 * Whether the user may open a screen that needs `permission`: a Company Admin, a navigation of
 * 'all', or the permission in the user's permission or navigation list. The server checks again
 * on every call; this only decides what to show.
 */
export function canOpen(user: PermissionHolder, permission: string): boolean {
  const access = user.access_permissions;
  if (access?.navigation === 'all') return true;
  if (
    hasPermission({ roleName: user.role?.display_name, permissions: access?.permissions ?? null }, permission)
  ) {
    return true;
  }
  return access?.navigation?.includes(permission) ?? false;
}

/**
 * Whether the user may perform an action such as change_tax: the same rule the server enforces
 * (a Company Admin, or the permission in access_permissions.permissions). Screens use it to show
 * their controls read-only; the server refuses the call anyway.
 */
export function canPerform(user: PermissionHolder, permission: string): boolean {
  return hasPermission(
    { roleName: user.role?.display_name, permissions: user.access_permissions?.permissions ?? null },
    permission,
  );
}

/** A Company Admin: the one who can act on setup hints (connecting the e-invoice portal and the like). */
export const isCompanyAdmin = (user: PermissionHolder): boolean =>
  user.role?.display_name === COMPANY_ADMIN_ROLE;
