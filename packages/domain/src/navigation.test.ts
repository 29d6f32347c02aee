import { describe, expect, it } from 'vitest';
import { APP_ROUTES, findRoute } from './app-routes.ts';
import {
  ADMIN_NAVIGATION,
  BI_LINKS,
  filterNavigation,
  MARKETING_NAVIGATION,
  type NavItem,
  OVERLAY_PANELS,
  PRODUCT_ADS_LINKS,
  REPORT_LINKS,
  SETTINGS_LINKS,
} from './navigation.ts';

function titles(items: readonly NavItem[]): string[] {
  return items.map((item) => item.title);
}

function find(items: readonly NavItem[], title: string): NavItem | undefined {
  return items.find((item) => item.title === title);
}

const ALL_TOP_LEVEL = [
  'Dashboard',
  'Products',
  'Sales',
  'Purchase',
  'Buyers',
  'Sellers',
  'Inventory',
  'Offers',
  'Reports',
  'Business Intelligence',
  'Products Ads',
  'Marketing',
];

describe('ADMIN_NAVIGATION', () => {
  it('has the spec menu groups in order', () => {
    expect(titles(ADMIN_NAVIGATION)).toEqual(ALL_TOP_LEVEL);
  });

  it('has the spec routes under each group', () => {
    const links = (title: string) => find(ADMIN_NAVIGATION, title)?.subMenu?.map((i) => i.routerLink);
    expect(links('Products')).toEqual([
      '/products',
      '/variant-groups',
      '/grouped-products',
      '/product-attributes',
      '/categories',
      '/product-collections',
      '/brands',
    ]);
    expect(links('Sales')).toEqual([
      '/orders',
      '/instore-order',
      '/quotations',
      '/invoices',
      '/shipments',
      '/payments-received',
      '/sales-returns',
      '/credit-notes',
      '/delivery-challans',
      '/payments-to-be-received',
    ]);
    expect(links('Purchase')).toEqual([
      '/purchase-orders',
      '/bills',
      '/purchase-returns',
      '/debit-notes',
      '/payments-made',
    ]);
    expect(links('Buyers')).toEqual(['/buyers', '/buyer-groups', '/leads']);
    expect(links('Inventory')).toEqual(['/inventory-transfers', '/inventory-adjustments']);
    expect(links('Offers')).toEqual(['/offers/product-offers', '/offers/cart-offers', '/referral-program']);
    expect(find(ADMIN_NAVIGATION, 'Dashboard')?.routerLink).toBe('/home/overview');
    expect(find(ADMIN_NAVIGATION, 'Sellers')?.routerLink).toBe('/sellers');
  });

  it('has the spec 3 Marketing items, Advertisements as an overlay', () => {
    const marketing = find(ADMIN_NAVIGATION, 'Marketing')?.subMenu ?? [];
    expect(titles(marketing)).toEqual([
      'Configurations',
      'Whatsapp Support',
      'Campaigns',
      'Templates',
      'Advertisements',
      'Contact',
      'Contact Lists',
      'URL Shortener',
      'Customer Feedback',
    ]);
    expect(find(marketing, 'Advertisements')?.isOverlay).toBe(true);
    expect(find(marketing, 'URL Shortener')?.routerLink).toBe('/shorten-url');
  });

  it('marks the Reports, Business Intelligence and Products Ads entries as overlays with panels', () => {
    for (const title of ['Reports', 'Business Intelligence', 'Products Ads']) {
      expect(find(ADMIN_NAVIGATION, title)?.isOverlay).toBe(true);
      expect(OVERLAY_PANELS[title]?.length).toBeGreaterThan(0);
    }
  });

  it('links only to known routes', () => {
    const walk = (items: readonly NavItem[]): void => {
      for (const item of items) {
        if (item.routerLink) expect(findRoute(item.routerLink), item.routerLink).toBeDefined();
        if (item.subMenu) walk(item.subMenu);
      }
    };
    walk(ADMIN_NAVIGATION);
    walk(MARKETING_NAVIGATION);
  });
});

describe('filterNavigation', () => {
  const enabled = { isMarketingEnabled: true };

  it('shows everything to a Company Admin', () => {
    const menu = filterNavigation(ADMIN_NAVIGATION, {
      roleName: 'Company Admin',
      navigation: [],
      ...enabled,
    });
    expect(menu).toEqual(ADMIN_NAVIGATION);
  });

  it("shows everything for navigation 'all' or no permission list", () => {
    expect(filterNavigation(ADMIN_NAVIGATION, { roleName: 'Sales', navigation: 'all', ...enabled })).toEqual(
      ADMIN_NAVIGATION,
    );
    expect(filterNavigation(ADMIN_NAVIGATION, { roleName: 'Sales', navigation: null, ...enabled })).toEqual(
      ADMIN_NAVIGATION,
    );
    expect(filterNavigation(ADMIN_NAVIGATION, { roleName: 'Sales', ...enabled })).toEqual(ADMIN_NAVIGATION);
  });

  it('hides Marketing unless the company has marketing enabled, even for admins', () => {
    for (const user of [
      { roleName: 'Company Admin', navigation: 'all' as const },
      { roleName: 'Sales', navigation: 'all' as const },
      { roleName: 'Sales', navigation: ['view_marketing', 'view_campaign'] },
    ]) {
      const menu = filterNavigation(ADMIN_NAVIGATION, { ...user, isMarketingEnabled: false });
      expect(titles(menu)).not.toContain('Marketing');
    }
    const admin = filterNavigation(ADMIN_NAVIGATION, {
      roleName: 'Company Admin',
      isMarketingEnabled: false,
    });
    expect(titles(admin)).toEqual(ALL_TOP_LEVEL.filter((t) => t !== 'Marketing'));
  });

  it('filters items by the title-to-permission mapping', () => {
    const menu = filterNavigation(ADMIN_NAVIGATION, {
      roleName: 'Accountant',
      navigation: ['view_dashboard', 'view_order', 'view_invoice', 'view_reports'],
      ...enabled,
    });
    expect(titles(menu)).toEqual(['Dashboard', 'Sales', 'Reports']);
    expect(titles(find(menu, 'Sales')?.subMenu ?? [])).toEqual(['Sales Order', 'Invoices']);
  });

  it('shows a parent when a child is permitted, though its own permission is not held', () => {
    const menu = filterNavigation(ADMIN_NAVIGATION, {
      roleName: 'Storekeeper',
      navigation: ['view_inventory_adjustment', 'view_shipment'],
      ...enabled,
    });
    expect(titles(menu)).toEqual(['Sales', 'Inventory']);
    expect(titles(find(menu, 'Inventory')?.subMenu ?? [])).toEqual(['Inventory Adjustments']);
    expect(titles(find(menu, 'Sales')?.subMenu ?? [])).toEqual(['Shipments']);
  });

  it('shows a parent whose own permission is held even when no child is', () => {
    const menu = filterNavigation(ADMIN_NAVIGATION, {
      roleName: 'Viewer',
      navigation: ['view_inventory'],
      ...enabled,
    });
    expect(menu).toEqual([{ title: 'Inventory', subMenu: [] }]);
  });

  it('hides the Marketing children the user lacks and keeps the permitted ones', () => {
    const menu = filterNavigation(ADMIN_NAVIGATION, {
      roleName: 'Marketer',
      navigation: ['view_campaign', 'view_template'],
      ...enabled,
    });
    expect(titles(menu)).toEqual(['Marketing']);
    expect(titles(find(menu, 'Marketing')?.subMenu ?? [])).toEqual(['Campaigns', 'Templates']);
  });

  it('shows items that have no mapping', () => {
    const items: NavItem[] = [
      { title: 'Help', routerLink: '/help' },
      { title: 'Extras', subMenu: [{ title: 'Invoices', routerLink: '/invoices' }] },
      { title: 'Invoices', routerLink: '/invoices' },
    ];
    const menu = filterNavigation(items, { roleName: 'Sales', navigation: ['view_order'], ...enabled });
    expect(menu).toEqual([
      { title: 'Help', routerLink: '/help' },
      { title: 'Extras', subMenu: [] },
    ]);
  });

  it('hides everything mapped when the list is empty', () => {
    const menu = filterNavigation(ADMIN_NAVIGATION, { roleName: 'Nobody', navigation: [], ...enabled });
    expect(menu).toEqual([]);
  });

  it('does not change the input', () => {
    const before = JSON.stringify(ADMIN_NAVIGATION);
    filterNavigation(ADMIN_NAVIGATION, { roleName: 'X', navigation: ['view_invoice'], ...enabled });
    expect(JSON.stringify(ADMIN_NAVIGATION)).toBe(before);
  });

  it('filters the marketing-mode menu too, keeping query parameters', () => {
    const menu = filterNavigation(MARKETING_NAVIGATION, {
      roleName: 'Marketer',
      navigation: ['view_campaign'],
      ...enabled,
    });
    const email = find(menu, 'Email')?.subMenu ?? [];
    expect(email).toEqual([
      {
        title: 'One Time Campaign',
        routerLink: '/campaigns/one-time-campaign',
        queryParamKey: 'campaignMedium',
        queryParamValue: 'email',
      },
      {
        title: 'Recurring Campaign',
        routerLink: '/campaigns/automated-recurring-campaign',
        queryParamKey: 'campaignMedium',
        queryParamValue: 'email',
      },
    ]);
    expect(titles(menu)).not.toContain('Templates');
  });
});

describe('side panel links', () => {
  it('lists the settings panel in the spec order with Setup Guide after a divider', () => {
    expect(SETTINGS_LINKS.map((l) => l.path)).toEqual([
      '/company',
      '/configurations',
      '/branches',
      '/warehouses',
      '/web-stores',
      '/users',
      '/payment-methods',
      '/taxes',
      '/accounts',
      '/shipment-integrations',
      '/bulk-import/import-center',
      '/stores',
      '/delivery',
      '/amazon-seller-login',
      '/logs-and-errors',
      '/onboarding',
    ]);
    expect(SETTINGS_LINKS.find((l) => l.path === '/web-stores')?.label).toBe('Sales Channels');
    const last = SETTINGS_LINKS[SETTINGS_LINKS.length - 1];
    expect(last).toEqual({ label: 'Setup Guide', path: '/onboarding', dividerBefore: true });
    expect(SETTINGS_LINKS.filter((l) => l.dividerBefore)).toHaveLength(1);
  });

  it('points every panel link at a route of routes.tsv', () => {
    const paths = new Set(APP_ROUTES.map((r) => r.path));
    for (const section of [...REPORT_LINKS, ...BI_LINKS, ...PRODUCT_ADS_LINKS]) {
      for (const link of section.links) {
        // A screen beyond routes.tsv names its permission instead.
        expect(paths.has(link.path) || link.permission !== undefined, link.path).toBe(true);
      }
    }
    for (const link of SETTINGS_LINKS) expect(paths.has(link.path), link.path).toBe(true);
  });

  it('covers every report, business intelligence and product ads route', () => {
    const linked = new Set(
      [...REPORT_LINKS, ...BI_LINKS, ...PRODUCT_ADS_LINKS].flatMap((s) => s.links.map((l) => l.path)),
    );
    const panelRoutes = APP_ROUTES.filter((r) =>
      /^\/(reports|business-intelligence|products-ads)(\/|$)/.test(r.path),
    );
    expect(panelRoutes.length).toBe(44);
    for (const route of panelRoutes) expect(linked.has(route.path), route.path).toBe(true);
  });

  it('files Sales By Quantity under Product Reports', () => {
    const product = REPORT_LINKS.find((s) => s.title === 'Product Reports');
    expect(product?.links[0]).toEqual({
      label: 'Sales By Quantity',
      path: '/reports/business-reports/sales-by-quantity',
    });
    expect(REPORT_LINKS.map((s) => s.title)).toEqual([
      'Business Reports',
      'Buyer Reports',
      'Product Reports',
      'Purchase Reports',
      'Inventory Reports',
      'Lead Reports',
      'GST and Tally',
    ]);
  });
});
