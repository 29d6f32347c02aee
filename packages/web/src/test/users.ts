import type { CurrentUser } from '../api/types';

/**
 * Overrides of a test user. `access_permissions: null` plays a user without a permission list,
 * which `me/` never answers (the domain's meResponse requires one) but which the guards must
 * still refuse rather than crash on.
 */
type UserOverrides = Partial<Omit<CurrentUser, 'access_permissions'>> & {
  access_permissions?: CurrentUser['access_permissions'] | null;
};

/** A signed-in user of a verified company, with overrides. */
export function makeUser(overrides: UserOverrides = {}): CurrentUser {
  return {
    id: 1,
    username: 'asha@example.in',
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@example.in',
    phone: '9876543210',
    is_active: true,
    company: { id: 10, name: 'Rao Traders', is_verified: true, is_marketing_enabled: false },
    branches: [{ id: 100, name: 'Main', is_active: true }],
    role: { id: 5, display_name: 'Sales Staff' },
    access_permissions: { navigation: ['view_dashboard'], permissions: ['view_dashboard'] },
    ...overrides,
  } as CurrentUser;
}

export function withPermissions(permissions: string[], overrides: UserOverrides = {}): CurrentUser {
  return makeUser({ access_permissions: { navigation: permissions, permissions }, ...overrides });
}
