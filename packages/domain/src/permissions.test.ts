import { describe, expect, it } from 'vitest';
import { permissionSchema } from './api/roles.ts';
import { APP_ROUTES } from './app-routes.ts';
import { NAVIGATION_PERMISSIONS } from './navigation.ts';
import {
  ALL_PERMISSIONS,
  COMPANY_ADMIN_ROLE,
  grantRefusal,
  hasPermission,
  isKnownPermission,
  PERMISSION_GROUPS,
  PERMISSION_SUBJECTS,
  parsePermission,
  permissionLabel,
  permissionsOfSubject,
  superiorRefusal,
  ungrantedPermissions,
} from './permissions.ts';

/** Every view permission the spec documents name (navigation gating and route guards). */
const SPEC_VIEW_PERMISSIONS = [
  'view_dashboard',
  'view_product',
  'view_order',
  'view_bill',
  'view_buyer',
  'view_seller',
  'view_inventory',
  'view_offer',
  'view_reports',
  'view_business_intelligence',
  'view_marketing',
  'view_variant_group',
  'view_grouped_product',
  'view_product_attribute',
  'view_category',
  'view_product_collection',
  'view_brand',
  'view_instore_order',
  'view_quotation',
  'view_invoice',
  'view_shipment',
  'view_payment_received',
  'view_sales_return',
  'view_credit_note',
  'view_delivery_challan',
  'view_payment_to_be_received',
  'view_purchase_return',
  'view_debit_note',
  'view_payment_made',
  'view_buyer_group',
  'view_lead',
  'view_inventory_transfer',
  'view_inventory_adjustment',
  'view_product_offer',
  'view_cart_offer',
  'view_referral_program',
  'view_marketing_configuration',
  'view_whatsapp_support',
  'view_campaign',
  'view_template',
  'view_advertisement',
  'view_contact',
  'view_contact_list',
  'view_url_shortener',
  'view_customer_feedback',
];

describe('permission catalogue', () => {
  it('knows every view permission of the spec', () => {
    for (const p of SPEC_VIEW_PERMISSIONS) expect(isKnownPermission(p), p).toBe(true);
  });

  it('knows every permission used by routes and the menu', () => {
    for (const route of APP_ROUTES) {
      if (route.permission) expect(isKnownPermission(route.permission), route.path).toBe(true);
    }
    for (const [title, p] of Object.entries(NAVIGATION_PERMISSIONS)) {
      expect(isKnownPermission(p), title).toBe(true);
    }
  });

  it('covers the platform subjects', () => {
    const subjects = PERMISSION_SUBJECTS.map((s) => s.subject);
    for (const s of [
      'company',
      'user',
      'role',
      'branch',
      'warehouse',
      'cashpoint',
      'tax',
      'payment_method',
    ]) {
      expect(subjects).toContain(s);
    }
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const s of PERMISSION_SUBJECTS) expect(PERMISSION_GROUPS).toContain(s.group);
  });

  it('gives each subject view, add, change and delete', () => {
    expect(permissionsOfSubject('invoice')).toEqual([
      'view_invoice',
      'add_invoice',
      'change_invoice',
      'delete_invoice',
    ]);
    expect(permissionsOfSubject('payment_received')).toContain('delete_payment_received');
  });

  it('gives read-only subjects only view', () => {
    expect(permissionsOfSubject('reports')).toEqual(['view_reports']);
    expect(permissionsOfSubject('dashboard')).toEqual(['view_dashboard']);
    expect(permissionsOfSubject('business_intelligence')).toEqual(['view_business_intelligence']);
    expect(isKnownPermission('add_reports')).toBe(false);
  });

  it('lists every permission once', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toContain('change_buyer_group');
    expect(permissionsOfSubject('nothing')).toEqual([]);
  });

  it('rejects unknown names', () => {
    expect(isKnownPermission('view_invoices')).toBe(false);
    expect(isKnownPermission('approve_invoice')).toBe(false);
    expect(isKnownPermission('')).toBe(false);
  });
});

describe('permissionLabel', () => {
  it('reads like a sentence', () => {
    expect(permissionLabel('view_invoice')).toBe('View Invoice');
    expect(permissionLabel('add_buyer_group')).toBe('Add Buyer Group');
    expect(permissionLabel('change_payment_received')).toBe('Edit Payment Received');
    expect(permissionLabel('delete_url_shortener')).toBe('Delete URL Shortener');
    expect(permissionLabel('view_reports')).toBe('View Reports');
  });

  it('humanises unknown names', () => {
    expect(permissionLabel('approve_big_refund')).toBe('Approve Big Refund');
  });

  it('parses action and subject', () => {
    expect(parsePermission('view_payment_to_be_received')).toEqual({
      action: 'view',
      subject: 'payment_to_be_received',
    });
    expect(parsePermission('view_nothing')).toBeNull();
  });
});

describe('permissionSchema', () => {
  it('accepts known and rejects unknown permissions', () => {
    expect(permissionSchema.parse('view_invoice')).toBe('view_invoice');
    const result = permissionSchema.safeParse('view_everything');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Unknown permission: view_everything');
    expect(permissionSchema.safeParse(42).success).toBe(false);
  });
});

describe('hasPermission', () => {
  it('grants everything to a Company Admin and to "all"', () => {
    expect(COMPANY_ADMIN_ROLE).toBe('Company Admin');
    expect(hasPermission({ roleName: 'Company Admin', permissions: [] }, 'delete_invoice')).toBe(true);
    expect(hasPermission({ roleName: 'Sales', permissions: 'all' }, 'delete_invoice')).toBe(true);
  });

  it('otherwise needs the permission in the list; no list grants nothing', () => {
    expect(hasPermission({ roleName: 'Sales', permissions: ['view_invoice'] }, 'view_invoice')).toBe(true);
    expect(hasPermission({ roleName: 'Sales', permissions: ['view_invoice'] }, 'add_invoice')).toBe(false);
    expect(hasPermission({ roleName: 'Sales', permissions: null }, 'view_invoice')).toBe(false);
    expect(hasPermission({}, 'view_invoice')).toBe(false);
  });
});

describe('grantRefusal', () => {
  const admin = { isAdmin: true, permissions: [] };
  const clerk = { isAdmin: false, permissions: ['view_user', 'change_user', 'view_order'] };

  it('lets a Company Admin grant anything, the Company Admin role included', () => {
    expect(grantRefusal(admin, { isAdmin: true, permissions: [] })).toBeNull();
    expect(grantRefusal(admin, { isAdmin: false, permissions: ['delete_invoice'] })).toBeNull();
  });

  it('lets others grant only what they hold', () => {
    expect(grantRefusal(clerk, { isAdmin: false, permissions: ['view_order', 'view_user'] })).toBeNull();
    expect(grantRefusal(clerk, { isAdmin: false, permissions: [] })).toBeNull();
    expect(
      grantRefusal(clerk, { isAdmin: false, permissions: ['view_order', 'delete_product', 'view_invoice'] }),
    ).toBe('You do not have permissions to grant permissions you do not hold: Delete Product, View Invoice.');
    expect(
      ungrantedPermissions(clerk, { isAdmin: false, permissions: ['view_invoice', 'view_order'] }),
    ).toEqual(['view_invoice']);
  });

  it('keeps the Company Admin role to Company Admins, even for someone holding every permission', () => {
    const everything = { isAdmin: false, permissions: [...ALL_PERMISSIONS] };
    expect(grantRefusal(everything, { isAdmin: true, permissions: [] })).toBe(
      'You do not have permissions to grant the Company Admin role.',
    );
    expect(grantRefusal(clerk, { isAdmin: true, permissions: [] })).toBe(
      'You do not have permissions to grant the Company Admin role.',
    );
  });

  it('names only the first few missing permissions', () => {
    const message = grantRefusal(
      { isAdmin: false, permissions: [] },
      { isAdmin: false, permissions: [...ALL_PERMISSIONS] },
    );
    expect(message).toMatch(
      /^You do not have permissions to grant permissions you do not hold: .+ and \d+ more\.$/,
    );
  });
});

describe('superiorRefusal', () => {
  const clerk = { isAdmin: false, permissions: ['view_user', 'change_user'] };

  it('keeps a Company Admin to Company Admins', () => {
    expect(superiorRefusal(clerk, { isAdmin: true, permissions: [] }, 'user')).toBe(
      'You do not have permissions to change a Company Admin.',
    );
    expect(superiorRefusal(clerk, { isAdmin: true, permissions: [] }, 'role')).toBe(
      'You do not have permissions to change the Company Admin role.',
    );
    expect(
      superiorRefusal({ isAdmin: true, permissions: [] }, { isAdmin: true, permissions: [] }, 'user'),
    ).toBeNull();
  });

  it('refuses a user or role holding permissions the actor does not hold', () => {
    expect(superiorRefusal(clerk, { isAdmin: false, permissions: ['view_user'] }, 'user')).toBeNull();
    expect(
      superiorRefusal(clerk, { isAdmin: false, permissions: ['view_user', 'add_invoice'] }, 'user'),
    ).toBe(
      'You do not have permissions to change a user who holds permissions you do not hold: Add Invoice.',
    );
    expect(superiorRefusal(clerk, { isAdmin: false, permissions: ['add_invoice'] }, 'role')).toBe(
      'You do not have permissions to change a role that holds permissions you do not hold: Add Invoice.',
    );
  });
});
