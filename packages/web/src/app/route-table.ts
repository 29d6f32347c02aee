import { APP_ROUTES, type AppRoute as SpecRoute } from '@b2b/domain/app-routes';
import { GST_RETURN_PATHS } from '@b2b/domain/navigation';
import { LEAD_REPORT_PATHS } from '@b2b/domain/reports/lead-reports';
import { type AsyncRouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import { PATHS } from '../session/paths';

/**
 * The one table of the app's screens. Each entry holds everything about a screen: its path (a
 * named constant of PATHS), its title, the view permission its guard needs, its layout (with the
 * top bar or bare) and its page, loaded lazily so each area is its own chunk. The router, the
 * guards and the page titles are all derived from it (see router.tsx and titleOfPath).
 *
 * The screens of spec/routes.tsv take title, permission and layout from the domain's APP_ROUTES,
 * which the server reads too; the screens this app adds (detail pages, create and edit forms)
 * take them from the spec screen of their area. A spec screen with no page yet shows the
 * empty-state card (PLACEHOLDER_SCREENS).
 */

// biome-ignore lint/suspicious/noExplicitAny: route components take no props here
type Page = AsyncRouteComponent<any>;

export interface Screen<TPath extends string = string> {
  path: TPath;
  title: string;
  /** The view permission the guard requires; absent means any signed-in user of a verified company. */
  permission?: string;
  /** false for screens without the top bar (login, sign-up, the API docs). */
  navbar: boolean;
  page: Page;
}

/** A screen's table row without its page: what the guards and the titles need. */
export type AppRoute = Omit<Screen, 'page'>;

const SPEC_ROUTES = new Map(APP_ROUTES.map((route) => [route.path, route]));

function specRoute(path: string): SpecRoute {
  const route = SPEC_ROUTES.get(path);
  if (!route) throw new Error(`${path} is not a screen of routes.tsv (APP_ROUTES)`);
  return route;
}

function rowOf(route: SpecRoute): AppRoute {
  return {
    path: route.path,
    title: route.title,
    permission: route.permission || undefined,
    // Public screens (sign-in, sign-up, docs) cannot sit inside the shell, which needs a signed-in user.
    navbar: route.navbar !== false && route.public !== true,
  };
}

/** A page module and the name of the page it exports (checked by the compiler). */
type PageModule = Record<string, unknown>;
type Load<T extends PageModule> = () => Promise<T>;

/** A screen of routes.tsv: title, permission and layout as the spec gives them. */
function spec<const TPath extends string, T extends PageModule>(
  path: TPath,
  load: Load<T>,
  name: keyof T & string,
): Screen<TPath> {
  return { ...rowOf(specRoute(path)), path, page: lazyRouteComponent(load, name) };
}

/** A screen this app adds inside the area of a spec screen, with that screen's title and permission. */
function within<const TPath extends string, T extends PageModule>(
  area: string,
  path: TPath,
  load: Load<T>,
  name: keyof T & string,
): Screen<TPath> {
  return { ...rowOf(specRoute(area)), path, page: lazyRouteComponent(load, name) };
}

/** A screen this app adds with a title of its own, open to any signed-in user. */
function own<const TPath extends string, T extends PageModule>(
  path: TPath,
  title: string,
  load: Load<T>,
  name: keyof T & string,
): Screen<TPath> {
  return { path, title, navbar: true, page: lazyRouteComponent(load, name) };
}

/** A screen this app adds beyond routes.tsv with a title and a permission of its own (issue 22's GST screens). */
function guarded<const TPath extends string, T extends PageModule>(
  path: TPath,
  title: string,
  permission: string,
  load: Load<T>,
  name: keyof T & string,
): Screen<TPath> {
  return { path, title, permission, navbar: true, page: lazyRouteComponent(load, name) };
}

/** Screens without the top bar. */
export const BARE_SCREENS = [
  spec(PATHS.login, () => import('../features/auth/login-page'), 'LoginPage'),
  spec(PATHS.reset, () => import('../features/auth/reset-page'), 'ResetPage'),
  spec(PATHS.signup, () => import('../features/auth/signup-page'), 'SignupPage'),
  spec(PATHS.signupVerify, () => import('../features/auth/signup-verify-page'), 'SignupVerifyPage'),
  spec(PATHS.docs, () => import('./pages/docs-page'), 'DocsPage'),
] as const;

/** Screens inside the shell (top bar, menu, side panels). */
export const SHELL_SCREENS = [
  spec(PATHS.homeOverview, () => import('../features/home/home-page'), 'HomePage'),
  spec(PATHS.products, () => import('../features/products/products-page'), 'ProductsPage'),
  within(
    PATHS.products,
    PATHS.productNew,
    () => import('../features/products/product-create-page'),
    'ProductCreatePage',
  ),
  within(
    PATHS.products,
    PATHS.product,
    () => import('../features/products/product-detail-page'),
    'ProductDetailPage',
  ),
  within(
    PATHS.products,
    PATHS.productEdit,
    () => import('../features/products/product-edit-page'),
    'ProductEditPage',
  ),
  spec(PATHS.categories, () => import('../features/categories/categories-page'), 'CategoriesPage'),
  spec(PATHS.brands, () => import('../features/brands/brands-page'), 'BrandsPage'),
  spec(
    PATHS.groupedProducts,
    () => import('../features/grouped-products/grouped-products-page'),
    'GroupedProductsPage',
  ),
  spec(
    PATHS.productCollections,
    () => import('../features/product-collections/product-collections-page'),
    'ProductCollectionsPage',
  ),
  spec(
    PATHS.productGroups,
    () => import('../features/product-groups/product-groups-page'),
    'ProductGroupsPage',
  ),
  spec(
    PATHS.variantGroups,
    () => import('../features/variant-groups/variant-groups-page'),
    'VariantGroupsPage',
  ),
  spec(PATHS.company, () => import('../features/companies/company-page'), 'CompanyPage'),
  spec(PATHS.onboarding, () => import('../features/onboarding/onboarding-page'), 'OnboardingPage'),
  spec(
    PATHS.configurations,
    () => import('../features/company-configurations/company-configurations-page'),
    'CompanyConfigurationsPage',
  ),
  spec(PATHS.webStores, () => import('../features/sales-channels/sales-channels-page'), 'SalesChannelsPage'),
  spec(PATHS.stores, () => import('../features/stores/stores-page'), 'StoresPage'),
  spec(
    PATHS.logsAndErrors,
    () => import('../features/logs-and-errors/logs-and-errors-page'),
    'LogsAndErrorsPage',
  ),
  spec(
    PATHS.delivery,
    () => import('../features/shipping-charges/shipping-charges-page'),
    'ShippingChargesPage',
  ),
  spec(PATHS.connectZoho, () => import('../features/zoho/connect-zoho-page'), 'ConnectZohoPage'),
  spec(
    PATHS.paymentMethods,
    () => import('../features/payment-methods/payment-methods-page'),
    'PaymentMethodsPage',
  ),
  spec(PATHS.taxes, () => import('../features/taxes/taxes-page'), 'TaxesPage'),
  spec(PATHS.warehouses, () => import('../features/warehouses/warehouses-page'), 'WarehousesPage'),
  within(
    PATHS.warehouses,
    PATHS.warehouse,
    () => import('../features/warehouses/warehouse-detail-page'),
    'WarehouseDetailPage',
  ),
  spec(PATHS.branches, () => import('../features/branches/branches-page'), 'BranchesPage'),
  within(
    PATHS.branches,
    PATHS.branch,
    () => import('../features/branches/branch-detail-page'),
    'BranchDetailPage',
  ),
  spec(PATHS.sellers, () => import('../features/sellers/sellers-page'), 'SellersPage'),
  within(
    PATHS.sellers,
    PATHS.seller,
    () => import('../features/sellers/seller-detail-page'),
    'SellerDetailPage',
  ),
  spec(PATHS.accounts, () => import('../features/accounts/accounts-page'), 'AccountsPage'),
  spec(PATHS.users, () => import('../features/users/users-page'), 'UsersPage'),
  own(PATHS.roles, 'Roles', () => import('../features/roles/roles-page'), 'RolesPage'),
  spec(PATHS.buyers, () => import('../features/buyers/buyers-page'), 'BuyersPage'),
  within(PATHS.buyers, PATHS.buyer, () => import('../features/buyers/buyer-detail-page'), 'BuyerDetailPage'),
  spec(PATHS.leads, () => import('../features/leads/leads-page'), 'LeadsPage'),
  within(PATHS.leads, PATHS.lead, () => import('../features/leads/lead-detail-page'), 'LeadDetailPage'),
  spec(PATHS.productsAds, () => import('../features/products-ads/products-ads-page'), 'ProductsAdsPage'),
  spec(
    PATHS.productsAdsOrganic,
    () => import('../features/products-ads/organic-stat-page'),
    'OrganicStatPage',
  ),
  spec(
    PATHS.productsAdsCompetitiveness,
    () => import('../features/products-ads/competitiveness-page'),
    'CompetitivenessPage',
  ),
  spec(
    PATHS.adsAccountVerifications,
    () => import('../features/products-ads/ads-account-verifications-page'),
    'AdsAccountVerificationsPage',
  ),
  spec(
    PATHS.amazonSellerLogin,
    () => import('../features/amazon/amazon-seller-login-page'),
    'AmazonSellerLoginPage',
  ),
  spec(
    PATHS.amazonAuthentication,
    () => import('../features/amazon/amazon-authentication-page'),
    'AmazonAuthenticationPage',
  ),
  spec(
    PATHS.razorpayAuthentication,
    () => import('../features/razorpay/razorpay-authentication-page'),
    'RazorpayAuthenticationPage',
  ),
  spec(PATHS.buyerGroups, () => import('../features/buyer-groups/buyer-groups-page'), 'BuyerGroupsPage'),
  within(
    PATHS.buyerGroups,
    PATHS.buyerGroup,
    () => import('../features/buyer-groups/buyer-group-detail-page'),
    'BuyerGroupDetailPage',
  ),
  // Marketing (issue 23): contacts, contact lists, the contacts import.
  spec(PATHS.contacts, () => import('../features/contacts/contacts-page'), 'ContactsPage'),
  within(
    PATHS.contacts,
    PATHS.contact,
    () => import('../features/contacts/contact-detail-page'),
    'ContactDetailPage',
  ),
  spec(PATHS.contactLists, () => import('../features/contact-lists/contact-lists-page'), 'ContactListsPage'),
  within(
    PATHS.contactLists,
    PATHS.contactList,
    () => import('../features/contact-lists/contact-list-detail-page'),
    'ContactListDetailPage',
  ),
  spec(PATHS.contactImport, () => import('../features/contacts/contact-import-page'), 'ContactImportPage'),
  spec(PATHS.importCenter, () => import('../features/import-center/import-center-page'), 'ImportCenterPage'),
  spec(
    PATHS.templateManager,
    () => import('../features/templates/template-manager-page'),
    'TemplateManagerPage',
  ),
  spec(
    PATHS.campaignConfiguration,
    () => import('../features/marketing-mediums/marketing-configurations-page'),
    'MarketingConfigurationsPage',
  ),
  spec(PATHS.shortenUrl, () => import('../features/short-links/short-links-page'), 'ShortLinksPage'),
  within(
    PATHS.shortenUrl,
    PATHS.shortLink,
    () => import('../features/short-links/short-link-detail-page'),
    'ShortLinkDetailPage',
  ),
  spec(PATHS.configureMediums, () => import('../features/marketing-mediums/mediums-page'), 'MediumsPage'),
  // Issue 24: customer feedback and the Google review link it offers happy buyers.
  spec(
    PATHS.customerFeedback,
    () => import('../features/customer-feedback/customer-feedback-page'),
    'CustomerFeedbackPage',
  ),
  spec(
    PATHS.googleReview,
    () => import('../features/customer-feedback/google-review-page'),
    'GoogleReviewPage',
  ),
  // Issue 24: the WhatsApp support inbox and the support center.
  spec(
    PATHS.whatsappSupport,
    () => import('../features/whatsapp-support/whatsapp-support-page'),
    'WhatsappSupportPage',
  ),
  spec(
    PATHS.supportCenter,
    () => import('../features/support-center/support-center-page'),
    'SupportCenterPage',
  ),
  // Issue 24: the marketing-only app's dashboard, the app-download card and the Policy page.
  spec(
    PATHS.marketingDashboard,
    () => import('../features/marketing-mediums/marketing-dashboard-page'),
    'MarketingDashboardPage',
  ),
  spec(PATHS.downloadApp, () => import('../features/companies/download-app-page'), 'DownloadAppPage'),
  own(PATHS.policy, 'Policy', () => import('../features/companies/policy-page'), 'PolicyPage'),
  // Campaigns (issue 23): one-time and recurring campaigns, their report.
  spec(PATHS.campaigns, () => import('../features/campaigns/campaigns-page'), 'CampaignsPage'),
  spec(PATHS.campaignNew, () => import('../features/campaigns/campaign-create-page'), 'CampaignCreatePage'),
  within(
    PATHS.campaigns,
    PATHS.campaign,
    () => import('../features/campaigns/campaign-detail-page'),
    'CampaignDetailPage',
  ),
  spec(
    PATHS.recurringCampaignNew,
    () => import('../features/recurring-campaigns/recurring-campaign-create-page'),
    'RecurringCampaignCreatePage',
  ),
  spec(
    PATHS.recurringCampaigns,
    () => import('../features/recurring-campaigns/recurring-campaigns-page'),
    'RecurringCampaignsPage',
  ),
  within(
    PATHS.recurringCampaigns,
    PATHS.recurringCampaign,
    () => import('../features/recurring-campaigns/recurring-campaign-detail-page'),
    'RecurringCampaignDetailPage',
  ),
  spec(
    PATHS.campaignReport,
    () => import('../features/campaigns/campaign-report-page'),
    'CampaignReportPage',
  ),
  spec(
    PATHS.inventoryAdjustments,
    () => import('../features/inventory-adjustments/inventory-adjustments-page'),
    'InventoryAdjustmentsPage',
  ),
  within(
    PATHS.inventoryAdjustments,
    PATHS.inventoryAdjustmentNew,
    () => import('../features/inventory-adjustments/inventory-adjustment-create-page'),
    'InventoryAdjustmentCreatePage',
  ),
  within(
    PATHS.inventoryAdjustments,
    PATHS.inventoryAdjustment,
    () => import('../features/inventory-adjustments/inventory-adjustment-detail-page'),
    'InventoryAdjustmentDetailPage',
  ),
  spec(
    PATHS.inventoryTransfers,
    () => import('../features/inventory-transfers/inventory-transfers-page'),
    'InventoryTransfersPage',
  ),
  within(
    PATHS.inventoryTransfers,
    PATHS.inventoryTransferNew,
    () => import('../features/inventory-transfers/inventory-transfer-create-page'),
    'InventoryTransferCreatePage',
  ),
  within(
    PATHS.inventoryTransfers,
    PATHS.inventoryTransfer,
    () => import('../features/inventory-transfers/inventory-transfer-detail-page'),
    'InventoryTransferDetailPage',
  ),
  guarded(
    PATHS.serialNumbers,
    'Serial Numbers',
    'view_inventory',
    () => import('../features/serial-numbers/serial-numbers-page'),
    'SerialNumbersPage',
  ),
  spec(PATHS.invoices, () => import('../features/invoices/invoices-page'), 'InvoicesPage'),
  within(
    PATHS.invoices,
    PATHS.invoice,
    () => import('../features/invoices/invoice-detail-page'),
    'InvoiceDetailPage',
  ),
  within(
    PATHS.invoices,
    PATHS.invoiceEdit,
    () => import('../features/invoices/invoice-edit-page'),
    'InvoiceEditPage',
  ),
  within(
    PATHS.invoices,
    PATHS.orderInvoice,
    () => import('../features/invoices/invoice-generate-page'),
    'InvoiceGeneratePage',
  ),
  spec(PATHS.shipments, () => import('../features/shipments/shipments-page'), 'ShipmentsPage'),
  within(
    PATHS.shipments,
    PATHS.shipment,
    () => import('../features/shipments/shipment-detail-page'),
    'ShipmentDetailPage',
  ),
  within(
    PATHS.shipments,
    PATHS.invoiceShip,
    () => import('../features/shipments/shipment-create-page'),
    'ShipmentCreatePage',
  ),
  spec(
    PATHS.shipmentIntegrations,
    () => import('../features/shipments/shipment-integrations-page'),
    'ShipmentIntegrationsPage',
  ),
  spec(PATHS.salesReturns, () => import('../features/sales-returns/sales-returns-page'), 'SalesReturnsPage'),
  within(
    PATHS.salesReturns,
    PATHS.salesReturn,
    () => import('../features/sales-returns/sales-return-detail-page'),
    'SalesReturnDetailPage',
  ),
  within(
    PATHS.salesReturns,
    PATHS.invoiceSalesReturn,
    () => import('../features/sales-returns/sales-return-create-page'),
    'SalesReturnCreatePage',
  ),
  spec(PATHS.creditNotes, () => import('../features/credit-notes/credit-notes-page'), 'CreditNotesPage'),
  within(
    PATHS.creditNotes,
    PATHS.creditNoteNew,
    () => import('../features/credit-notes/credit-note-new-page'),
    'CreditNoteNewPage',
  ),
  within(
    PATHS.creditNotes,
    PATHS.creditNote,
    () => import('../features/credit-notes/credit-note-detail-page'),
    'CreditNoteDetailPage',
  ),
  within(
    PATHS.creditNotes,
    PATHS.invoiceCreditNote,
    () => import('../features/credit-notes/credit-note-create-page'),
    'CreditNoteCreatePage',
  ),
  spec(
    PATHS.purchaseOrders,
    () => import('../features/purchase-orders/purchase-orders-page'),
    'PurchaseOrdersPage',
  ),
  within(
    PATHS.purchaseOrders,
    PATHS.purchaseOrderNew,
    () => import('../features/purchase-orders/purchase-order-create-page'),
    'PurchaseOrderCreatePage',
  ),
  within(
    PATHS.purchaseOrders,
    PATHS.purchaseOrder,
    () => import('../features/purchase-orders/purchase-order-detail-page'),
    'PurchaseOrderDetailPage',
  ),
  within(
    PATHS.purchaseOrders,
    PATHS.purchaseOrderEdit,
    () => import('../features/purchase-orders/purchase-order-edit-page'),
    'PurchaseOrderEditPage',
  ),
  within(
    PATHS.bills,
    PATHS.purchaseOrderBill,
    () => import('../features/purchase-orders/purchase-order-bill-page'),
    'PurchaseOrderBillPage',
  ),
  spec(PATHS.bills, () => import('../features/bills/bills-page'), 'BillsPage'),
  within(PATHS.bills, PATHS.billNew, () => import('../features/bills/bill-create-page'), 'BillCreatePage'),
  within(PATHS.bills, PATHS.bill, () => import('../features/bills/bill-detail-page'), 'BillDetailPage'),
  within(PATHS.bills, PATHS.billEdit, () => import('../features/bills/bill-edit-page'), 'BillEditPage'),
  spec(PATHS.paymentsMade, () => import('../features/payments-made/payments-made-page'), 'PaymentsMadePage'),
  within(
    PATHS.paymentsMade,
    PATHS.paymentMade,
    () => import('../features/payments-made/payment-made-detail-page'),
    'PaymentMadeDetailPage',
  ),
  spec(
    PATHS.purchaseReturns,
    () => import('../features/purchase-returns/purchase-returns-page'),
    'PurchaseReturnsPage',
  ),
  within(
    PATHS.purchaseReturns,
    PATHS.purchaseReturnNew,
    () => import('../features/purchase-returns/purchase-return-create-page'),
    'PurchaseReturnCreatePage',
  ),
  within(
    PATHS.purchaseReturns,
    PATHS.billReturn,
    () => import('../features/purchase-returns/purchase-return-create-page'),
    'BillReturnPage',
  ),
  within(
    PATHS.purchaseReturns,
    PATHS.purchaseReturn,
    () => import('../features/purchase-returns/purchase-return-detail-page'),
    'PurchaseReturnDetailPage',
  ),
  spec(PATHS.debitNotes, () => import('../features/debit-notes/debit-notes-page'), 'DebitNotesPage'),
  within(
    PATHS.debitNotes,
    PATHS.debitNoteNew,
    () => import('../features/debit-notes/debit-note-create-page'),
    'DebitNoteCreatePage',
  ),
  within(
    PATHS.debitNotes,
    PATHS.debitNote,
    () => import('../features/debit-notes/debit-note-detail-page'),
    'DebitNoteDetailPage',
  ),
  spec(PATHS.orders, () => import('../features/sales-orders/sales-orders-page'), 'SalesOrdersPage'),
  within(
    PATHS.orders,
    PATHS.orderNew,
    () => import('../features/sales-orders/sales-order-create-page'),
    'SalesOrderCreatePage',
  ),
  within(
    PATHS.orders,
    PATHS.order,
    () => import('../features/sales-orders/sales-order-detail-page'),
    'SalesOrderDetailPage',
  ),
  spec(PATHS.quotations, () => import('../features/quotations/quotations-page'), 'QuotationsPage'),
  within(
    PATHS.quotations,
    PATHS.quotationNew,
    () => import('../features/quotations/quotation-create-page'),
    'QuotationCreatePage',
  ),
  within(
    PATHS.quotations,
    PATHS.quotation,
    () => import('../features/quotations/quotation-detail-page'),
    'QuotationDetailPage',
  ),
  spec(
    PATHS.deliveryChallans,
    () => import('../features/delivery-challans/delivery-challans-page'),
    'DeliveryChallansPage',
  ),
  within(
    PATHS.deliveryChallans,
    PATHS.deliveryChallanNew,
    () => import('../features/delivery-challans/delivery-challan-create-page'),
    'DeliveryChallanCreatePage',
  ),
  within(
    PATHS.deliveryChallans,
    PATHS.deliveryChallan,
    () => import('../features/delivery-challans/delivery-challan-detail-page'),
    'DeliveryChallanDetailPage',
  ),
  spec(
    PATHS.paymentsReceived,
    () => import('../features/payments/payments-received-page'),
    'PaymentsReceivedPage',
  ),
  within(
    PATHS.paymentsReceived,
    PATHS.payment,
    () => import('../features/payments/payment-detail-page'),
    'PaymentDetailPage',
  ),
  spec(
    PATHS.paymentsToBeReceived,
    () => import('../features/payments/payments-to-be-received-page'),
    'PaymentsToBeReceivedPage',
  ),
  spec(PATHS.refunds, () => import('../features/payments/refunds-page'), 'RefundsPage'),
  spec(PATHS.instoreOrder, () => import('../features/instore-orders/instore-order-page'), 'InstoreOrderPage'),
  spec(PATHS.productOffers, () => import('../features/offers/offers-page'), 'ProductOffersPage'),
  within(
    PATHS.productOffers,
    PATHS.productOfferNew,
    () => import('../features/offers/offer-create-page'),
    'ProductOfferCreatePage',
  ),
  within(
    PATHS.productOffers,
    PATHS.productOffer,
    () => import('../features/offers/offer-detail-page'),
    'ProductOfferDetailPage',
  ),
  within(
    PATHS.productOffers,
    PATHS.productOfferEdit,
    () => import('../features/offers/offer-edit-page'),
    'ProductOfferEditPage',
  ),
  spec(PATHS.cartOffers, () => import('../features/offers/offers-page'), 'CartOffersPage'),
  within(
    PATHS.cartOffers,
    PATHS.cartOfferNew,
    () => import('../features/offers/offer-create-page'),
    'CartOfferCreatePage',
  ),
  within(
    PATHS.cartOffers,
    PATHS.cartOffer,
    () => import('../features/offers/offer-detail-page'),
    'CartOfferDetailPage',
  ),
  within(
    PATHS.cartOffers,
    PATHS.cartOfferEdit,
    () => import('../features/offers/offer-edit-page'),
    'CartOfferEditPage',
  ),
  spec(
    PATHS.referralProgram,
    () => import('../features/referrals/referral-program-page'),
    'ReferralProgramPage',
  ),
  guarded(
    GST_RETURN_PATHS.tallyExport,
    'Tally Export',
    'view_tally_export',
    () => import('../features/tally/tally-export-page'),
    'TallyExportPage',
  ),
  // Business intelligence (issue 25). Business Performance's overview is not a screen of
  // routes.tsv (only its insights are): it carries the section's permission itself.
  guarded(
    PATHS.biBusiness,
    'Business Intelligence',
    'view_business_intelligence',
    () => import('../features/business-intelligence/section-pages'),
    'BusinessPerformancePage',
  ),
  spec(
    PATHS.biBusinessInsights,
    () => import('../features/business-intelligence/insights-pages'),
    'BusinessInsightsPage',
  ),
  spec(
    PATHS.biBuyers,
    () => import('../features/business-intelligence/section-pages'),
    'BuyerPerformancePage',
  ),
  spec(
    PATHS.biBuyersInsights,
    () => import('../features/business-intelligence/insights-pages'),
    'BuyerInsightsPage',
  ),
  spec(
    PATHS.biProducts,
    () => import('../features/business-intelligence/section-pages'),
    'ProductPerformancePage',
  ),
  spec(
    PATHS.biProductsInsights,
    () => import('../features/business-intelligence/insights-pages'),
    'ProductInsightsPage',
  ),
  spec(
    PATHS.biInventory,
    () => import('../features/business-intelligence/section-pages'),
    'InventoryPerformancePage',
  ),
  spec(
    PATHS.biInventoryInsights,
    () => import('../features/business-intelligence/insights-pages'),
    'InventoryInsightsPage',
  ),
  spec(
    PATHS.biSales,
    () => import('../features/business-intelligence/section-pages'),
    'SalesPerformancePage',
  ),
  spec(
    PATHS.biSalesInsights,
    () => import('../features/business-intelligence/insights-pages'),
    'SalesInsightsPage',
  ),
  spec(PATHS.unauthorized, () => import('./pages/unauthorized-page'), 'UnauthorizedPage'),
  guarded(
    GST_RETURN_PATHS.gstr1,
    'GSTR-1',
    'view_gst_return',
    () => import('../features/gst-returns/gstr1-page'),
    'Gstr1Page',
  ),
  guarded(
    GST_RETURN_PATHS.gstr3b,
    'GSTR-3B',
    'view_gst_return',
    () => import('../features/gst-returns/gstr3b-page'),
    'Gstr3bPage',
  ),
] as const;

/**
 * The reports the report engine draws (issue 21): every report screen of routes.tsv without a page
 * of its own opens the one report page, which finds its definition (REPORT_DEFINITIONS) when it
 * loads. The definitions stay out of this table, so the login screen does not load them.
 */
const OWN_PAGES = new Set<string>(SHELL_SCREENS.map((screen) => screen.path));
export const REPORT_SCREENS: Screen[] = [
  ...APP_ROUTES.filter((route) => route.path.startsWith('/reports/') && !OWN_PAGES.has(route.path)).map(
    (route) => spec(route.path, () => import('../features/reports/report-page'), 'ReportPage'),
  ),
  // The attribution reports (issue 24) beyond routes.tsv, under the reports' permission.
  ...Object.values(LEAD_REPORT_PATHS).map((path) =>
    guarded(path, 'Reports', 'view_reports', () => import('../features/reports/report-page'), 'ReportPage'),
  ),
];

for (const screen of BARE_SCREENS) if (screen.navbar) throw new Error(`${screen.path} has the top bar`);
for (const screen of SHELL_SCREENS) if (!screen.navbar) throw new Error(`${screen.path} has no top bar`);

const BUILT = new Set<string>(
  [...BARE_SCREENS, ...SHELL_SCREENS, ...REPORT_SCREENS].map((screen) => screen.path),
);

/**
 * Whether a menu path leads to a built screen. Menus offer only those: an area that is not built
 * yet is not offered as if it worked (its URL still answers with the empty-area card).
 */
export function isBuiltPath(path: string): boolean {
  const bare = path.split('?')[0];
  return BUILT.has(bare.length > 1 ? bare.replace(/\/+$/, '') : bare);
}

const EMPTY_AREA_PAGE: Page = lazyRouteComponent(() => import('./pages/empty-area-page'), 'EmptyAreaPage');

/** The screens of routes.tsv whose area is not built yet: the empty-state card at their path. */
export const PLACEHOLDER_SCREENS: Screen[] = APP_ROUTES.filter((route) => !BUILT.has(route.path)).map(
  (route) => ({ ...rowOf(route), page: EMPTY_AREA_PAGE }),
);

export const ROUTE_TABLE: AppRoute[] = [
  ...BARE_SCREENS,
  ...SHELL_SCREENS,
  ...REPORT_SCREENS,
  ...PLACEHOLDER_SCREENS,
].map(({ page: _page, ...row }) => row);

const TITLES = new Map(ROUTE_TABLE.map((route) => [route.path, route.title]));

/** Routes with a parameter ('/products/$productId') as patterns, for paths that hold a value there. */
const PARAM_TITLES = ROUTE_TABLE.filter((route) => route.path.includes('$')).map((route) => ({
  pattern: new RegExp(`^${route.path.replace(/\$[A-Za-z]+/g, '[^/]+')}$`),
  title: route.title,
}));

export function titleOfPath(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TITLES.get(path) || PARAM_TITLES.find((route) => route.pattern.test(path))?.title || undefined;
}
