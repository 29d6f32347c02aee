import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { UserFormDialog } from './user-form-dialog';
import type { User } from './users.api';

const role = (id: number, display_name: string, permissions: string[], is_admin = false) => ({
  id,
  display_name,
  description: '',
  is_active: true,
  is_admin,
  permissions,
  user_count: 1,
});
const ROLES = [
  role(1, 'Company Admin', [], true),
  role(2, 'Clerk', ['view_user']),
  role(3, 'Accountant', ['view_user', 'view_invoice']),
  role(4, 'Sales', ['view_order']),
];
const STAFF: User = {
  id: 7,
  first_name: 'Ravi',
  last_name: 'Kumar',
  email: 'ravi@example.in',
  phone: null,
  is_active: true,
  role: { id: 4, display_name: 'Sales' },
  branches: [{ id: 100, name: 'Main' }],
  last_login_at: null,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
};

function serve() {
  return fakeApi((call) => {
    if (call.path === 'companies/10/roles') return { body: paged(ROLES) };
    if (call.path === 'companies/10/branches')
      return {
        body: paged([
          { id: 100, name: 'Main', is_active: true },
          { id: 101, name: 'Nashik', is_active: true },
        ]),
      };
    if (call.path === 'users/7/reset_password' && call.method === 'POST')
      return { body: { detail: 'A password reset has been sent to ravi@example.in.' } };
    return undefined;
  });
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

async function roleOptions() {
  fireEvent.click(screen.getByRole('combobox', { name: 'Role' }));
  await screen.findAllByRole('option');
  return screen.getAllByRole('option').map((option) => option.textContent);
}

describe('UserFormDialog', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("offers a password reset instead of another user's password, and toasts when sent", async () => {
    const api = serve();
    renderWithProviders(<UserFormDialog companyId={10} user={STAFF} onClose={() => {}} />, {
      user: makeUser({ role: { id: 1, display_name: 'Company Admin' } }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText(/Password/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Password Reset' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([
        expect.objectContaining({ method: 'POST', path: 'users/7/reset_password' }),
      ]),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ message: 'Password reset sent successfully.' }),
      ),
    );
  });

  it('keeps the password field when creating a user', () => {
    serve();
    renderWithProviders(<UserFormDialog companyId={10} user={null} onClose={() => {}} />, {
      user: makeUser({ role: { id: 1, display_name: 'Company Admin' } }),
    });
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Password Reset' })).toBeNull();
  });

  it('keeps the password field when editing oneself', () => {
    serve();
    renderWithProviders(<UserFormDialog companyId={10} user={STAFF} onClose={() => {}} />, {
      user: makeUser({ id: STAFF.id }),
    });
    expect(screen.getByLabelText(/^New Password/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Password Reset' })).toBeNull();
  });

  it('sends the current password with one’s own new password', async () => {
    const api = serve();
    renderWithProviders(<UserFormDialog companyId={10} user={STAFF} onClose={() => {}} />, {
      user: makeUser({ id: STAFF.id }),
    });
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Kx9#mTq2Lp!v' } });
    fireEvent.change(screen.getByLabelText(/^Current Password/), { target: { value: 'Quiet-Harbour@42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.changes()).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: 'users/7',
          body: expect.objectContaining({ password: 'Kx9#mTq2Lp!v', current_password: 'Quiet-Harbour@42' }),
        }),
      ),
    );
  });

  it('offers only the roles the signed-in user may grant, and the current one', async () => {
    serve();
    renderWithProviders(<UserFormDialog companyId={10} user={STAFF} onClose={() => {}} />, {
      user: withPermissions(['view_user', 'change_user']),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toBeTruthy());
    await waitFor(async () => expect(await roleOptions()).toEqual(['Clerk', 'Sales']));
  });

  it('offers every role to a Company Admin', async () => {
    serve();
    renderWithProviders(<UserFormDialog companyId={10} user={null} onClose={() => {}} />, {
      user: makeUser({
        role: { id: 1, display_name: 'Company Admin' },
        access_permissions: { navigation: 'all', permissions: [] },
      }),
    });
    await waitFor(async () =>
      expect(await roleOptions()).toEqual(['Company Admin', 'Clerk', 'Accountant', 'Sales']),
    );
  });
});

describe('UserFormDialog branches', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers only the branches the signed-in user works in, unless a Company Admin', async () => {
    const api = serve();
    renderWithProviders(<UserFormDialog companyId={10} user={null} onClose={() => {}} />, {
      user: withPermissions(['add_user']),
    });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'companies/10/branches')).toBe(true));
    await waitFor(() => {
      // The MultiSelect's visible input comes before its hidden value input.
      fireEvent.click(screen.getAllByLabelText(/^Branches/)[0]);
      expect(screen.getByRole('option', { name: 'Main' })).toBeTruthy();
    });
    expect(screen.queryByRole('option', { name: 'Nashik' })).toBeNull();
  });
});
