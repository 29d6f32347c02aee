import { COMPANY_ADMIN_ROLE, type Grants, grantRefusal } from '@b2b/domain/permissions';
import type { CurrentUser } from '../../api/types';

type Holder = Pick<CurrentUser, 'role' | 'access_permissions'>;

/** What the signed-in user holds, in the shape the domain's grant rules take. */
export function grantsOf(user: Holder): Grants {
  const access = user.access_permissions;
  return {
    isAdmin: access?.navigation === 'all' || user.role?.display_name === COMPANY_ADMIN_ROLE,
    permissions: access?.permissions ?? [],
  };
}

/**
 * Whether the user may give this role to someone (the server's rule: nobody grants what they do
 * not hold). Screens only hide what would be refused; the server decides.
 */
export function mayGrantRole(user: Holder, role: { is_admin?: boolean; permissions: string[] }): boolean {
  return (
    grantRefusal(grantsOf(user), { isAdmin: Boolean(role.is_admin), permissions: role.permissions }) === null
  );
}

/** Whether the user may add this permission to a role. */
export function mayGrantPermission(user: Holder, permission: string): boolean {
  return grantRefusal(grantsOf(user), { isAdmin: false, permissions: [permission] }) === null;
}
