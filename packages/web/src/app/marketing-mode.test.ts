import { describe, expect, it, vi } from 'vitest';
import { makeUser, withPermissions } from '../test/users';
import { appMode, loadAppMode } from './app-mode';
import { decideRoute } from './decide-route';
import { menuItemsFor } from './shell/use-menu-items';

const admin = makeUser({
  role: { id: 1, display_name: 'Company Admin' },
  company: { id: 10, name: 'Sharma Traders', is_verified: true, is_marketing_enabled: true },
});

const respond = (body: unknown, ok = true) =>
  vi.fn(async () => ({ ok, json: async () => body }) as Response) as unknown as typeof fetch;

describe('loadAppMode', () => {
  it('runs the marketing app on the configured host and the admin app elsewhere', async () => {
    const config = respond({ marketing_admin_host: 'marketing.test' });
    expect(await loadAppMode('marketing.test:4454', config)).toEqual({ mode: 'marketing', isAdmin: false });
    expect(appMode().mode).toBe('marketing');
    expect(await loadAppMode('localhost:4454', config)).toEqual({ mode: 'admin', isAdmin: true });
  });

  it('stays the admin app when the server has no marketing host or does not answer', async () => {
    expect(await loadAppMode('marketing.test', respond({ marketing_admin_host: null }))).toEqual({
      mode: 'admin',
      isAdmin: true,
    });
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect((await loadAppMode('marketing.test', failing)).mode).toBe('admin');
  });
});

describe('decideRoute in marketing mode', () => {
  it('sends the empty path and home to the marketing dashboard', () => {
    for (const path of ['', '/', '/home', '/home/overview'])
      expect(decideRoute({ user: admin, route: { path }, mode: 'marketing' })).toEqual({
        kind: 'redirect',
        to: '/campaign-configuration/marketing',
      });
  });

  it('answers 404 for a screen outside the marketing route set, even one the user may open', () => {
    expect(
      decideRoute({
        user: admin,
        route: { path: '/products', permission: 'view_product' },
        mode: 'marketing',
      }),
    ).toEqual({ kind: 'not_found' });
    expect(decideRoute({ user: admin, route: { path: '/products', permission: 'view_product' } }).kind).toBe(
      'allow',
    );
  });

  it('keeps the guards on the screens it serves', () => {
    expect(decideRoute({ user: null, route: { path: '/contacts' }, mode: 'marketing' })).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    const clerk = withPermissions(['view_contact']);
    expect(
      decideRoute({
        user: clerk,
        route: { path: '/template-manager', permission: 'view_template' },
        mode: 'marketing',
      }),
    ).toEqual({ kind: 'redirect', to: '/unauthorized' });
    expect(decideRoute({ user: admin, route: { path: '/download-app' }, mode: 'marketing' })).toEqual({
      kind: 'allow',
    });
  });
});

describe('menuItemsFor in marketing mode', () => {
  it('is the marketing menu: the dashboard, the four mediums with their campaign links, then the audience', () => {
    const items = menuItemsFor(admin, 'marketing');
    expect(items.map((item) => item.title)).toEqual([
      'Dashboard',
      'WhatsApp',
      'Email',
      'SMS',
      'Push Notification',
      'Templates',
      'Contact',
      'Contact Lists',
      'Import Contacts',
      'App Download',
    ]);
    const email = items.find((item) => item.title === 'Email');
    expect(
      email?.subMenu?.map((item) => [item.routerLink, item.queryParamKey, item.queryParamValue]),
    ).toEqual([
      ['/campaigns/one-time-campaign', 'campaignMedium', 'email'],
      ['/campaigns/automated-recurring-campaign', 'campaignMedium', 'email'],
      ['/campaign-configuration/configure-mediums', undefined, undefined],
    ]);
    expect(menuItemsFor(admin, 'admin')[0].routerLink).toBe('/home/overview');
  });
});
