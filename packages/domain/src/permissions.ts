/** A role with this display name holds every permission, whatever its permission list says. */
export const COMPANY_ADMIN_ROLE = 'Company Admin';

export const PERMISSION_ACTIONS = ['view', 'add', 'change', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'View',
  add: 'Add',
  change: 'Edit',
  delete: 'Delete',
};

export const PERMISSION_GROUPS = [
  'Products',
  'Sales',
  'Purchase',
  'Buyers',
  'Sellers',
  'Inventory',
  'Offers',
  'Reports',
  'Marketing',
  'Settings',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export interface PermissionSubject {
  subject: string;
  label: string;
  group: PermissionGroup;
  /** Read-only subjects (dashboards, reports) only have view_<subject>. */
  viewOnly?: boolean;
}

/**
 * Django-style model permissions: view_<subject>, add_<subject>, change_<subject>,
 * delete_<subject>. The view_* names are those the spec gates screens and menus with.
 */
export const PERMISSION_SUBJECTS: readonly PermissionSubject[] = [
  { subject: 'product', label: 'Product', group: 'Products' },
  { subject: 'variant_group', label: 'Variant Group', group: 'Products' },
  { subject: 'grouped_product', label: 'Grouped Product', group: 'Products' },
  { subject: 'product_attribute', label: 'Product Attribute', group: 'Products' },
  { subject: 'category', label: 'Category', group: 'Products' },
  { subject: 'product_collection', label: 'Product Collection', group: 'Products' },
  { subject: 'brand', label: 'Brand', group: 'Products' },

  { subject: 'order', label: 'Order', group: 'Sales' },
  { subject: 'instore_order', label: 'Instore Order', group: 'Sales' },
  { subject: 'quotation', label: 'Quotation', group: 'Sales' },
  { subject: 'invoice', label: 'Invoice', group: 'Sales' },
  { subject: 'shipment', label: 'Shipment', group: 'Sales' },
  { subject: 'payment_received', label: 'Payment Received', group: 'Sales' },
  { subject: 'sales_return', label: 'Sales Return', group: 'Sales' },
  { subject: 'credit_note', label: 'Credit Note', group: 'Sales' },
  { subject: 'delivery_challan', label: 'Delivery Challan', group: 'Sales' },
  { subject: 'e_way_bill', label: 'E-way Bill', group: 'Sales' },
  { subject: 'payment_to_be_received', label: 'Payment to be Received', group: 'Sales', viewOnly: true },
  { subject: 'refund', label: 'Refund', group: 'Sales' },
  { subject: 'bid', label: 'Bid', group: 'Sales' },

  { subject: 'purchase_order', label: 'Purchase Order', group: 'Purchase' },
  { subject: 'bill', label: 'Bill', group: 'Purchase' },
  { subject: 'purchase_return', label: 'Purchase Return', group: 'Purchase' },
  { subject: 'debit_note', label: 'Debit Note', group: 'Purchase' },
  { subject: 'payment_made', label: 'Payment Made', group: 'Purchase' },

  { subject: 'buyer', label: 'Buyer', group: 'Buyers' },
  { subject: 'buyer_group', label: 'Buyer Group', group: 'Buyers' },
  { subject: 'lead', label: 'Lead', group: 'Buyers' },
  /**
   * Leads (issue 24) belong to their sales person. view_lead (with add_/change_lead) lets a user
   * see, work and create the leads assigned to them (sales_person = themselves; a lead they create
   * is theirs). view_all_leads is the company-wide grant: it sees every lead, assigns and reassigns
   * the sales person, and changes lead addresses through the shared address routes. It is an
   * ordinary catalogue permission, so the role rules above (grantRefusal, superiorRefusal) already
   * keep anyone who does not hold it from granting it, to a role or through one to a user.
   */
  { subject: 'all_leads', label: 'All Leads', group: 'Buyers', viewOnly: true },
  { subject: 'cashpoint', label: 'Cashpoint', group: 'Buyers' },

  { subject: 'seller', label: 'Seller', group: 'Sellers' },

  { subject: 'inventory', label: 'Inventory', group: 'Inventory' },
  { subject: 'inventory_transfer', label: 'Inventory Transfer', group: 'Inventory' },
  { subject: 'inventory_adjustment', label: 'Inventory Adjustment', group: 'Inventory' },

  { subject: 'offer', label: 'Offer', group: 'Offers' },
  { subject: 'product_offer', label: 'Product Offer', group: 'Offers' },
  { subject: 'cart_offer', label: 'Cart Offer', group: 'Offers' },
  { subject: 'referral_program', label: 'Referral Program', group: 'Offers' },

  { subject: 'dashboard', label: 'Dashboard', group: 'Reports', viewOnly: true },
  { subject: 'reports', label: 'Reports', group: 'Reports', viewOnly: true },
  { subject: 'business_intelligence', label: 'Business Intelligence', group: 'Reports', viewOnly: true },
  // Issue 22: view = read a GST return, change = mark its period filed (which locks its documents).
  { subject: 'gst_return', label: 'GST Return', group: 'Reports' },
  // view = download the export, add = post it to a running Tally.
  { subject: 'tally_export', label: 'Tally Export', group: 'Reports' },

  { subject: 'marketing', label: 'Marketing', group: 'Marketing', viewOnly: true },
  { subject: 'marketing_configuration', label: 'Marketing Configuration', group: 'Marketing' },
  { subject: 'whatsapp_support', label: 'Whatsapp Support', group: 'Marketing' },
  { subject: 'campaign', label: 'Campaign', group: 'Marketing' },
  { subject: 'template', label: 'Template', group: 'Marketing' },
  { subject: 'advertisement', label: 'Advertisement', group: 'Marketing' },
  { subject: 'contact', label: 'Contact', group: 'Marketing' },
  { subject: 'contact_list', label: 'Contact List', group: 'Marketing' },
  { subject: 'url_shortener', label: 'URL Shortener', group: 'Marketing' },
  { subject: 'customer_feedback', label: 'Customer Feedback', group: 'Marketing' },

  { subject: 'company', label: 'Company', group: 'Settings' },
  { subject: 'configuration', label: 'Configuration', group: 'Settings' },
  { subject: 'user', label: 'User', group: 'Settings' },
  { subject: 'role', label: 'Role', group: 'Settings' },
  { subject: 'branch', label: 'Branch', group: 'Settings' },
  { subject: 'bank_account', label: 'Bank Account', group: 'Settings' },
  { subject: 'warehouse', label: 'Warehouse', group: 'Settings' },
  { subject: 'account', label: 'Account', group: 'Settings' },
  { subject: 'tax', label: 'Tax', group: 'Settings' },
  { subject: 'payment_method', label: 'Payment Method', group: 'Settings' },
  { subject: 'payment_term', label: 'Payment Term', group: 'Settings' },
  { subject: 'shipping_method', label: 'Shipping Method', group: 'Settings' },
  { subject: 'unit', label: 'Unit', group: 'Settings' },
  { subject: 'sales_channel', label: 'Sales Channel', group: 'Settings' },
  { subject: 'bulk_import', label: 'Bulk Import', group: 'Settings' },
  // Issue 26: the physical stores the instore counter sells from, and the shipping charge rules.
  { subject: 'store', label: 'Store', group: 'Settings' },
  { subject: 'shipping_charge', label: 'Shipping Charge', group: 'Settings' },
  // Issue 26: the Amazon seller account (connect, import orders, push stock, disconnect).
  { subject: 'amazon_connection', label: 'Amazon Seller', group: 'Settings' },
];

const SUBJECTS_BY_NAME = new Map(PERMISSION_SUBJECTS.map((s) => [s.subject, s]));

export function permissionsOfSubject(subject: string): readonly string[] {
  const entry = SUBJECTS_BY_NAME.get(subject);
  if (!entry) return [];
  const actions: readonly PermissionAction[] = entry.viewOnly ? ['view'] : PERMISSION_ACTIONS;
  return actions.map((action) => `${action}_${subject}`);
}

export const ALL_PERMISSIONS: readonly string[] = PERMISSION_SUBJECTS.flatMap((s) =>
  permissionsOfSubject(s.subject),
);

const KNOWN = new Set(ALL_PERMISSIONS);

export function isKnownPermission(p: string): boolean {
  return KNOWN.has(p);
}

/** Splits 'view_payment_received' into its action and subject; null when it is not in the catalogue. */
export function parsePermission(p: string): { action: PermissionAction; subject: string } | null {
  if (!isKnownPermission(p)) return null;
  const separator = p.indexOf('_');
  return { action: p.slice(0, separator) as PermissionAction, subject: p.slice(separator + 1) };
}

/** 'View Invoice', 'Edit Buyer Group'; unknown names are humanised. */
export function permissionLabel(p: string): string {
  const parsed = parsePermission(p);
  if (parsed) return `${ACTION_LABELS[parsed.action]} ${SUBJECTS_BY_NAME.get(parsed.subject)?.label}`;
  return p
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export interface PermissionHolder {
  roleName?: string | null;
  permissions?: readonly string[] | 'all' | null;
}

/**
 * Whether a user may do something. Unlike menu filtering, a missing permission list grants
 * nothing here: this is the check the server enforces.
 */
export function hasPermission(user: PermissionHolder, permission: string): boolean {
  if (user.roleName === COMPANY_ADMIN_ROLE || user.permissions === 'all') return true;
  return user.permissions?.includes(permission) ?? false;
}

/** What a user or a role holds: a Company Admin holds every permission, now and added later. */
export interface Grants {
  isAdmin: boolean;
  permissions: Iterable<string>;
}

/** The permissions `granted` holds that `holder` does not, sorted (a Company Admin holds them all). */
export function ungrantedPermissions(holder: Grants, granted: Grants): string[] {
  if (holder.isAdmin) return [];
  const held = new Set(holder.permissions);
  const wanted = granted.isAdmin ? ALL_PERMISSIONS : granted.permissions;
  return [...new Set(wanted)].filter((p) => !held.has(p)).sort();
}

const LISTED_AT_MOST = 5;

function listed(permissions: string[]): string {
  const named = permissions.slice(0, LISTED_AT_MOST).map(permissionLabel).join(', ');
  const more = permissions.length - LISTED_AT_MOST;
  return more > 0 ? `${named} and ${more} more` : named;
}

/**
 * Why `actor` may not give `granted` to a role or to a user (through a role), or null when it may.
 * Nobody hands out a permission they do not hold, and only a Company Admin hands out the Company
 * Admin role: it carries every permission added later too, which even a role listing every
 * permission of today does not.
 */
export function grantRefusal(actor: Grants, granted: Grants): string | null {
  if (granted.isAdmin && !actor.isAdmin)
    return 'You do not have permissions to grant the Company Admin role.';
  const missing = ungrantedPermissions(actor, granted);
  if (missing.length === 0) return null;
  return `You do not have permissions to grant permissions you do not hold: ${listed(missing)}.`;
}

/**
 * Why `actor` may not change a user or a role that holds `target`, or null when it may. Taking over
 * someone's sign-in, or editing a role above one's own, would reach permissions the actor lacks;
 * so a Company Admin is changed only by a Company Admin, anyone else only by a holder of all they hold.
 */
export function superiorRefusal(actor: Grants, target: Grants, kind: 'user' | 'role'): string | null {
  if (target.isAdmin && !actor.isAdmin)
    return kind === 'user'
      ? 'You do not have permissions to change a Company Admin.'
      : 'You do not have permissions to change the Company Admin role.';
  const missing = ungrantedPermissions(actor, target);
  if (missing.length === 0) return null;
  const who = kind === 'user' ? 'a user who holds' : 'a role that holds';
  return `You do not have permissions to change ${who} permissions you do not hold: ${listed(missing)}.`;
}
