import { describe, expect, it } from 'vitest';
import { makeUser, withPermissions } from '../test/users';
import { canPerform } from './has-permission';

describe('canPerform', () => {
  it('allows an action whose permission the user holds, and no other', () => {
    const user = withPermissions(['view_tax', 'change_tax']);
    expect(canPerform(user, 'change_tax')).toBe(true);
    expect(canPerform(user, 'change_payment_method')).toBe(false);
  });

  it('does not take an entry of the navigation list for an action permission', () => {
    const user = makeUser({ access_permissions: { navigation: ['change_tax'], permissions: [] } });
    expect(canPerform(user, 'change_tax')).toBe(false);
  });

  it('allows everything to a Company Admin', () => {
    const admin = withPermissions([], { role: { id: 1, display_name: 'Company Admin' } });
    expect(canPerform(admin, 'change_payment_method')).toBe(true);
  });

  it('allows nothing when the user has no permission list', () => {
    expect(canPerform(makeUser({ access_permissions: null }), 'change_tax')).toBe(false);
  });
});
