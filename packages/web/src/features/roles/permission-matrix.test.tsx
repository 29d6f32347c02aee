import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { mayGrantPermission, mayGrantRole } from './grants';
import { PermissionMatrix } from './permission-matrix';

const checkbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('PermissionMatrix with grantable', () => {
  it('lets a user add only the permissions they hold, and take away any the role has', () => {
    const user = withPermissions(['change_role', 'view_order']);
    const onChange = vi.fn();
    renderWithProviders(
      <PermissionMatrix
        value={['view_invoice']}
        onChange={onChange}
        grantable={(permission) => mayGrantPermission(user, permission)}
      />,
    );
    expect(checkbox('View Order').disabled).toBe(false);
    expect(checkbox('Add Order').disabled).toBe(true);
    expect(checkbox('View Invoice').disabled).toBe(false);
    expect(checkbox('Delete Invoice').disabled).toBe(true);
    // The group box adds only what the user may grant.
    fireEvent.click(checkbox('All Sales permissions'));
    expect(onChange).toHaveBeenLastCalledWith(['view_invoice', 'view_order']);
  });
});

describe('grants', () => {
  it('a Company Admin may grant anything; others only roles within what they hold', () => {
    const admin = makeUser({ role: { id: 1, display_name: 'Company Admin' } });
    const clerk = withPermissions(['view_user', 'change_user']);
    expect(mayGrantPermission(admin, 'delete_invoice')).toBe(true);
    expect(mayGrantRole(admin, { is_admin: true, permissions: [] })).toBe(true);
    expect(mayGrantRole(clerk, { is_admin: true, permissions: [] })).toBe(false);
    expect(mayGrantRole(clerk, { permissions: ['view_user'] })).toBe(true);
    expect(mayGrantRole(clerk, { permissions: ['view_user', 'view_order'] })).toBe(false);
  });
});
