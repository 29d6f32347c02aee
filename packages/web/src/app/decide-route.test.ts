import { describe, expect, it } from 'vitest';
import { makeUser, withPermissions } from '../test/users';
import { decideRoute } from './decide-route';

const unverified = makeUser({
  company: { id: 10, name: 'New Co', is_verified: false, is_marketing_enabled: false },
});

describe('decideRoute', () => {
  it('sends the empty path to /home/overview and /home there too', () => {
    expect(decideRoute({ user: null, route: { path: '' } })).toEqual({
      kind: 'redirect',
      to: '/home/overview',
    });
    expect(decideRoute({ user: null, route: { path: '/' } })).toEqual({
      kind: 'redirect',
      to: '/home/overview',
    });
    expect(decideRoute({ user: makeUser(), route: { path: '/home' } })).toEqual({
      kind: 'redirect',
      to: '/home/overview',
    });
  });

  it('sends the empty auth path to auth/login', () => {
    expect(decideRoute({ user: null, route: { path: '/auth' } })).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
  });

  it('sends a visitor without a user to auth/login', () => {
    expect(decideRoute({ user: null, route: { path: '/company' } })).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    expect(decideRoute({ user: null, route: { path: '/orders', permission: 'view_order' } })).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
  });

  it('sends a user of an unverified company to signup/verify with the resend flag', () => {
    expect(decideRoute({ user: unverified, route: { path: '/company' } })).toEqual({
      kind: 'redirect',
      to: '/signup/verify',
      search: { resend: true, email: 'asha@example.in' },
    });
  });

  it('sends a signed-in user of a verified company from login to /home', () => {
    expect(decideRoute({ user: makeUser(), route: { path: '/auth/login' } })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
  });

  it('lets anyone else open login and clears the stored session', () => {
    expect(decideRoute({ user: null, route: { path: '/auth/login' } })).toEqual({
      kind: 'allow',
      clearSession: true,
    });
    expect(decideRoute({ user: unverified, route: { path: '/auth/login' } })).toEqual({
      kind: 'allow',
      clearSession: true,
    });
  });

  it('redirects a verified company away from signup to home, and lets others sign up', () => {
    expect(decideRoute({ user: makeUser(), route: { path: '/signup' } })).toEqual({
      kind: 'redirect',
      to: '/home/overview',
    });
    expect(decideRoute({ user: null, route: { path: '/signup' } })).toEqual({ kind: 'allow' });
    expect(decideRoute({ user: unverified, route: { path: '/signup' } })).toEqual({ kind: 'allow' });
  });

  it('leaves reset, sign-up verification and docs open', () => {
    for (const path of ['/auth/reset', '/signup/verify', '/docs']) {
      expect(decideRoute({ user: null, route: { path } })).toEqual({ kind: 'allow' });
    }
  });

  it('opens a route without a permission to any signed-in verified user', () => {
    expect(decideRoute({ user: withPermissions([]), route: { path: '/company' } })).toEqual({
      kind: 'allow',
    });
  });

  it('opens a route whose permission the user holds', () => {
    const user = withPermissions(['view_order']);
    expect(decideRoute({ user, route: { path: '/orders', permission: 'view_order' } })).toEqual({
      kind: 'allow',
    });
  });

  it('opens every route to a Company Admin and to a navigation of all', () => {
    const admin = withPermissions([], { role: { id: 1, display_name: 'Company Admin' } });
    const all = makeUser({ access_permissions: { navigation: 'all', permissions: [] } });
    for (const user of [admin, all]) {
      expect(decideRoute({ user, route: { path: '/invoices', permission: 'view_invoice' } })).toEqual({
        kind: 'allow',
      });
    }
  });

  it('sends a user without view_dashboard to /company', () => {
    const user = withPermissions(['view_order']);
    expect(decideRoute({ user, route: { path: '/home/overview', permission: 'view_dashboard' } })).toEqual({
      kind: 'redirect',
      to: '/company',
    });
  });

  it('sends a user missing any other permission to /unauthorized', () => {
    const user = withPermissions(['view_dashboard']);
    expect(decideRoute({ user, route: { path: '/orders', permission: 'view_order' } })).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
  });

  it('sends the user to /home/overview when the permission check itself fails', () => {
    const broken = makeUser({
      // A malformed answer (an object where a list is expected) makes the check throw.
      access_permissions: { navigation: ['view_dashboard'], permissions: {} as unknown as string[] },
    });
    expect(decideRoute({ user: broken, route: { path: '/orders', permission: 'view_order' } })).toEqual({
      kind: 'redirect',
      to: '/home/overview',
    });
    // ...except on /home/overview itself, which would otherwise redirect to itself forever.
    expect(
      decideRoute({ user: broken, route: { path: '/home/overview', permission: 'view_dashboard' } }),
    ).toEqual({
      kind: 'allow',
    });
  });
});
