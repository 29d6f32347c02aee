import { describe, expect, it } from 'vitest';
import {
  appModeOf,
  isMarketingHost,
  isMarketingRoute,
  MARKETING_HOME_PATH,
  NOT_FOUND_BUTTON,
  normalizeHost,
} from './app-mode.ts';
import { APP_ROUTES } from './app-routes.ts';
import { MARKETING_NAVIGATION, MARKETING_SETTINGS_LINKS, type NavItem } from './navigation.ts';

describe('normalizeHost', () => {
  it('keeps host and port, in lower case, of an address written any way', () => {
    expect(normalizeHost('https://Marketing.Example.IN/app?x=1')).toBe('marketing.example.in');
    expect(normalizeHost('marketing.example.in:8443')).toBe('marketing.example.in:8443');
    expect(normalizeHost(' user@marketing.example.in. ')).toBe('marketing.example.in');
    expect(normalizeHost('http://[::1]:4454/')).toBe('[::1]:4454');
  });
});

describe('isMarketingHost', () => {
  it('matches the configured host on any port when it names none', () => {
    expect(isMarketingHost('marketing.test:4454', 'marketing.test')).toBe(true);
    expect(isMarketingHost('MARKETING.test', 'https://marketing.test/')).toBe(true);
  });

  it('matches only the configured port when it names one', () => {
    expect(isMarketingHost('marketing.test:4454', 'marketing.test:4454')).toBe(true);
    expect(isMarketingHost('marketing.test:3000', 'marketing.test:4454')).toBe(false);
    expect(isMarketingHost('marketing.test', 'marketing.test:4454')).toBe(false);
  });

  it('takes a comma-separated list of addresses', () => {
    expect(isMarketingHost('127.0.0.1:4454', 'mkt.example.in, 127.0.0.1')).toBe(true);
    expect(isMarketingHost('localhost:4454', 'mkt.example.in, 127.0.0.1')).toBe(false);
  });

  it('never matches another host, a sub-domain or a look-alike, nor when nothing is configured', () => {
    expect(isMarketingHost('admin.example.in', 'marketing.example.in')).toBe(false);
    expect(isMarketingHost('x.marketing.example.in', 'marketing.example.in')).toBe(false);
    expect(isMarketingHost('marketing.example.in.evil.com', 'marketing.example.in')).toBe(false);
    expect(isMarketingHost('marketing.example.in', '')).toBe(false);
    expect(isMarketingHost('marketing.example.in', null)).toBe(false);
    expect(isMarketingHost('', 'marketing.example.in')).toBe(false);
  });
});

describe('appModeOf', () => {
  it('turns the admin flag off in marketing mode only', () => {
    expect(appModeOf('marketing.test:4454', 'marketing.test')).toEqual({ mode: 'marketing', isAdmin: false });
    expect(appModeOf('localhost:4454', 'marketing.test')).toEqual({ mode: 'admin', isAdmin: true });
    expect(appModeOf('localhost:4454', undefined)).toEqual({ mode: 'admin', isAdmin: true });
  });
});

describe('isMarketingRoute', () => {
  it('serves the spec’s reduced route set and nothing else', () => {
    for (const path of [
      '/',
      '/home',
      MARKETING_HOME_PATH,
      '/campaigns/one-time-campaign',
      '/auth/login',
      '/signup/verify',
      '/download-app',
      '/company',
      '/users',
      '/bulk-import/import-center',
      '/unauthorized',
    ])
      expect(isMarketingRoute(path), path).toBe(true);
    for (const path of ['/products', '/orders/12', '/reports/coupon-reports', '/leads', '/configurations'])
      expect(isMarketingRoute(path), path).toBe(false);
  });

  it('serves every link of the marketing menu and settings panel', () => {
    const paths = (items: readonly NavItem[]): string[] =>
      items.flatMap((item) => [...(item.routerLink ? [item.routerLink] : []), ...paths(item.subMenu ?? [])]);
    for (const path of [...paths(MARKETING_NAVIGATION), ...MARKETING_SETTINGS_LINKS.map((link) => link.path)])
      expect(isMarketingRoute(path), path).toBe(true);
  });

  it('its dashboard is a screen of routes.tsv', () => {
    expect(APP_ROUTES.some((route) => route.path === MARKETING_HOME_PATH)).toBe(true);
  });
});

it('the 404 button says where it goes in each mode', () => {
  expect(NOT_FOUND_BUTTON).toEqual({ admin: 'GO TO HOME PAGE', marketing: 'GO TO DASHBOARD PAGE' });
});
