export interface AppRoute {
  path: string;
  /** The view permission the route guard requires; absent means any signed-in user of a verified company. */
  permission?: string;
  title: string;
  /** false hides the top bar (sign-in and sign-up screens). */
  navbar?: boolean;
  /** Reachable without signing in (sign-in, sign-up, API docs). */
  public?: boolean;
}

/** The product name, used as the page title where a route gives none. */
export const DEFAULT_TITLE = 'B2B Back Office';
export const NOT_FOUND_TITLE = 'Not Found';

/** Every screen of spec/routes.tsv, in its order. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/home/overview', permission: 'view_dashboard', title: 'Home' },
  { path: '/products', permission: 'view_product', title: 'Products' },
  { path: '/variant-groups', permission: 'view_variant_group', title: 'Variant Groups' },
  { path: '/grouped-products', permission: 'view_grouped_product', title: 'Grouped Products' },
  { path: '/product-attributes', permission: 'view_product_attribute', title: 'Product Groups' },
  { path: '/categories', permission: 'view_category', title: 'Categories' },
  { path: '/product-collections', permission: 'view_product_collection', title: 'Product Collections' },
  { path: '/brands', permission: 'view_brand', title: 'Brands' },
  { path: '/orders', permission: 'view_order', title: 'Sales Order' },
  { path: '/instore-order', permission: 'view_instore_order', title: 'Instore Order' },
  { path: '/quotations', permission: 'view_quotation', title: 'Quotations' },
  { path: '/invoices', permission: 'view_invoice', title: 'Invoices' },
  { path: '/shipments', permission: 'view_shipment', title: 'Shipments' },
  { path: '/payments-received', permission: 'view_payment_received', title: 'Payments Received' },
  { path: '/sales-returns', permission: 'view_sales_return', title: 'Sales Returns' },
  { path: '/credit-notes', permission: 'view_credit_note', title: 'Credit Notes' },
  { path: '/delivery-challans', permission: 'view_delivery_challan', title: 'Delivery Challans' },
  {
    path: '/payments-to-be-received',
    permission: 'view_payment_to_be_received',
    title: 'Payments to be Received',
  },
  { path: '/purchase-orders', permission: 'view_purchase_order', title: 'Purchase Orders' },
  { path: '/bills', permission: 'view_bill', title: 'Bills' },
  { path: '/purchase-returns', permission: 'view_purchase_return', title: 'Purchase Returns' },
  { path: '/debit-notes', permission: 'view_debit_note', title: 'Debit Notes' },
  { path: '/payments-made', permission: 'view_payment_made', title: 'Payments Made' },
  { path: '/buyers', permission: 'view_buyer', title: 'Buyers' },
  { path: '/buyer-groups', permission: 'view_buyer_group', title: 'Buyer Groups' },
  { path: '/leads', permission: 'view_lead', title: 'Leads' },
  { path: '/sellers', permission: 'view_seller', title: 'Sellers' },
  { path: '/inventory-transfers', permission: 'view_inventory_transfer', title: 'Inventory Transfer' },
  { path: '/inventory-adjustments', permission: 'view_inventory_adjustment', title: 'Inventory Adjustment' },
  { path: '/offers/product-offers', permission: 'view_product_offer', title: 'Offers' },
  { path: '/offers/cart-offers', permission: 'view_cart_offer', title: 'Offers' },
  { path: '/referral-program', permission: 'view_referral_program', title: 'Referral Program' },
  { path: '/products-ads', permission: 'view_advertisement', title: 'Advertisement' },
  {
    path: '/products-ads/organic-non-organic-stat',
    permission: 'view_advertisement',
    title: 'Advertisement',
  },
  { path: '/products-ads/competitiveness-overall', permission: 'view_advertisement', title: 'Advertisement' },
  { path: '/company', title: 'Company' },
  { path: '/configurations', title: 'Configurations' },
  { path: '/branches', title: 'Branches' },
  { path: '/warehouses', title: 'Warehouses' },
  { path: '/web-stores', title: 'Web Store' },
  { path: '/users', title: 'Users' },
  { path: '/payment-methods', title: 'Payment Methods' },
  { path: '/taxes', title: 'Taxes' },
  { path: '/accounts', title: 'Accounts' },
  { path: '/shipment-integrations', title: 'Shipment Integrations' },
  { path: '/bulk-import/import-center', title: 'Import Center' },
  { path: '/bulk-import/create-contact', title: 'Bulk Import' },
  { path: '/stores', title: 'Stores' },
  { path: '/logs-and-errors', title: 'Logs and Errors' },
  { path: '/onboarding', title: 'Onboarding' },
  { path: '/refunds', title: 'Refunds' },
  { path: '/delivery', title: 'Delivery' },
  { path: '/connect-zoho', title: 'Connect Zoho' },
  { path: '/amazon-seller-login', title: 'Amazon Seller Login' },
  { path: '/docs', public: true, title: DEFAULT_TITLE },
  { path: '/campaigns', permission: 'view_campaign', title: 'Campaigns' },
  { path: '/campaigns/one-time-campaign', permission: 'view_campaign', title: 'Campaigns' },
  {
    path: '/campaigns/automated-recurring-campaign',
    permission: 'view_campaign',
    title: 'Recurring Campaigns',
  },
  { path: '/recurring-campaigns', permission: 'view_campaign', title: 'Recurring Campaigns' },
  { path: '/campaign-configuration', permission: 'view_marketing_configuration', title: 'Configurations' },
  {
    path: '/campaign-configuration/marketing',
    permission: 'view_marketing_configuration',
    title: 'Configurations',
  },
  {
    path: '/campaign-configuration/configure-mediums',
    permission: 'view_marketing_configuration',
    title: 'Campaign Mediums',
  },
  {
    path: '/campaign-configuration/catalog',
    permission: 'view_marketing_configuration',
    title: 'Configurations',
  },
  {
    path: '/campaign-configuration/whatsapp-services-configuration',
    permission: 'view_marketing_configuration',
    title: 'Configurations',
  },
  {
    path: '/campaign-configuration/whatsapp-profile',
    permission: 'view_marketing_configuration',
    title: 'Configurations',
  },
  {
    path: '/campaign-configuration/support-center',
    permission: 'view_marketing_configuration',
    title: 'Support Center',
  },
  { path: '/template-manager', permission: 'view_template', title: 'Templates' },
  { path: '/contact-lists', permission: 'view_contact_list', title: 'Contact Lists' },
  { path: '/contacts', permission: 'view_contact', title: 'Contacts' },
  { path: '/customer-feedback', permission: 'view_customer_feedback', title: 'Customer Feedback' },
  { path: '/campaign-report', title: 'Campaigns' },
  { path: '/shorten-url', permission: 'view_url_shortener', title: 'URL Shortener' },
  { path: '/whatsapp-support', permission: 'view_whatsapp_support', title: 'Whatsapp Support' },
  { path: '/download-app', title: 'App Download' },
  { path: '/reports/business-reports/monthly-product-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/business-reports/monthly-brand-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/business-reports/monthly-buyer-sales', permission: 'view_reports', title: 'Reports' },
  {
    path: '/reports/business-reports/monthly-sales-channel-sales',
    permission: 'view_reports',
    title: 'Reports',
  },
  { path: '/reports/business-reports/city-brand-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/business-reports/city-dealers-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/business-reports/brand-dealer-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/business-reports/brand-product-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/business-reports/sales-summary', permission: 'view_reports', title: 'Reports' },
  {
    path: '/reports/business-reports/sales-person-performance',
    permission: 'view_reports',
    title: 'Reports',
  },
  { path: '/reports/business-reports/sales-by-quantity', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/coupon-reports', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/amount-payables', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/amount-receivables', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/abandoned-carts', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/buyer-outstanding', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/brand-outstanding', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/buyer-brand-outstanding', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/product-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/category-wise-sales', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/bidding-reports', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/profit-loss', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/unsold-products', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/inventory-movement', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/brand-wise-purchase', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/product-reports/payment-to-seller', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/inventory-reports', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/stock-reports', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/inventory-reports/committed-stock', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/inventory-reports/inventory-age', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/inventory-reports/batch-inventory', permission: 'view_reports', title: 'Reports' },
  { path: '/reports/inventory-reports/stock-movement', permission: 'view_reports', title: 'Reports' },
  {
    path: '/business-intelligence/business-performance/actionable-insights',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/buyer-performance',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/buyer-performance/actionable-insights',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/product-performance',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/product-performance/actionable-insights',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/inventory-performance',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/inventory-performance/actionable-insights',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/sales-performance',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  {
    path: '/business-intelligence/sales-performance/actionable-insights',
    permission: 'view_business_intelligence',
    title: 'Business Intelligence',
  },
  { path: '/auth/login', public: true, title: 'Login', navbar: false },
  { path: '/auth/reset', public: true, title: 'Reset', navbar: false },
  { path: '/signup', public: true, title: 'Signup', navbar: false },
  { path: '/signup/verify', public: true, title: 'Signup', navbar: false },
  { path: '/unauthorized', title: 'Unauthorized' },
  { path: '/amazon-authentication', title: 'connect-Amazon' },
  { path: '/razorpay-authentication', title: 'Razorpay authentication' },
  { path: '/ads-account-verifications', title: 'Connect Ads Account' },
  { path: '/google-review-account-verifications', title: 'Google review account verification' },
];

/** Paths that only redirect: the empty path and /home go to the dashboard, /auth to login. */
export const ROUTE_REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/home/overview',
  '/home': '/home/overview',
  '/auth': '/auth/login',
};

/** '/orders/12/?tab=items#top' -> '/orders/12' */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0].trim();
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  const trimmed = withSlash.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const ROUTES_BY_PATH = new Map(APP_ROUTES.map((route) => [route.path, route]));

/**
 * The route that serves a path: an exact match, else the longest route that is a whole-segment
 * prefix of it, so that detail screens (/orders/12) inherit their list's permission and title.
 */
export function findRoute(path: string): AppRoute | undefined {
  let current = normalizePath(path);
  current = ROUTE_REDIRECTS[current] ?? current;
  while (current !== '' && current !== '/') {
    const route = ROUTES_BY_PATH.get(current);
    if (route) return route;
    current = current.slice(0, current.lastIndexOf('/'));
  }
  return undefined;
}

export function routePermission(path: string): string | undefined {
  return findRoute(path)?.permission;
}

export function pageTitle(path: string): string {
  return findRoute(path)?.title ?? DEFAULT_TITLE;
}

export function isPublicRoute(path: string): boolean {
  return findRoute(path)?.public === true;
}

export function showsNavbar(path: string): boolean {
  return findRoute(path)?.navbar !== false;
}
