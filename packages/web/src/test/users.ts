import type { CurrentUser } from '../api/types';

/** A signed-in user of a verified company, with overrides. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@example.in',
    phone: '9876543210',
    is_active: true,
    company: { id: 10, name: 'Rao Traders', is_verified: true, is_marketing_enabled: false },
    branches: [{ id: 100, name: 'Main' }],
    role: { id: 5, display_name: 'Sales Staff' },
    access_permissions: { navigation: ['view_dashboard'], permissions: ['view_dashboard'] },
    ...overrides,
  };
}

export function withPermissions(permissions: string[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return makeUser({ access_permissions: { navigation: permissions, permissions }, ...overrides });
}
