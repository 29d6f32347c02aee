/**
 * The path of every screen the app builds and of the redirects, each written once: the route table
 * (app/route-table.ts) is built from these names, and links use them. A path of routes.tsv must be
 * in the domain's APP_ROUTES too (the table refuses to load otherwise).
 */
export const PATHS = {
  root: '/',
  home: '/home',
  homeOverview: '/home/overview',
  auth: '/auth',
  login: '/auth/login',
  reset: '/auth/reset',
  signup: '/signup',
  signupVerify: '/signup/verify',
  company: '/company',
  products: '/products',
  productNew: '/products/new',
  product: '/products/$productId',
  productEdit: '/products/$productId/edit',
  categories: '/categories',
  brands: '/brands',
  groupedProducts: '/grouped-products',
  productCollections: '/product-collections',
  productGroups: '/product-attributes',
  variantGroups: '/variant-groups',
  configurations: '/configurations',
  webStores: '/web-stores',
  stores: '/stores',
  /** Logs and Errors (issue 26): failed background work, integration calls, audit log. */
  logsAndErrors: '/logs-and-errors',
  /** Shipping Charges (issue 26): the shipping charge rules. */
  delivery: '/delivery',
  /** Connect Zoho (issue 26): Zoho Books connected, synced, its sync log. */
  connectZoho: '/connect-zoho',
  paymentMethods: '/payment-methods',
  taxes: '/taxes',
  warehouses: '/warehouses',
  warehouse: '/warehouses/$warehouseId',
  branches: '/branches',
  branch: '/branches/$branchId',
  sellers: '/sellers',
  seller: '/sellers/$sellerId',
  accounts: '/accounts',
  users: '/users',
  roles: '/users/roles',
  buyers: '/buyers',
  buyer: '/buyers/$buyerId',
  buyerGroups: '/buyer-groups',
  buyerGroup: '/buyer-groups/$buyerGroupId',
  leads: '/leads',
  lead: '/leads/$leadId',
  productsAds: '/products-ads',
  productsAdsOrganic: '/products-ads/organic-non-organic-stat',
  productsAdsCompetitiveness: '/products-ads/competitiveness-overall',
  adsAccountVerifications: '/ads-account-verifications',
  amazonSellerLogin: '/amazon-seller-login',
  amazonAuthentication: '/amazon-authentication',
  razorpayAuthentication: '/razorpay-authentication',
  contacts: '/contacts',
  contact: '/contacts/$contactId',
  contactLists: '/contact-lists',
  contactList: '/contact-lists/$contactListId',
  contactImport: '/bulk-import/create-contact',
  importCenter: '/bulk-import/import-center',
  templateManager: '/template-manager',
  shortenUrl: '/shorten-url',
  shortLink: '/shorten-url/$shortLinkId',
  customerFeedback: '/customer-feedback',
  googleReview: '/google-review-account-verifications',
  campaignConfiguration: '/campaign-configuration',
  configureMediums: '/campaign-configuration/configure-mediums',
  campaigns: '/campaigns',
  campaignNew: '/campaigns/one-time-campaign',
  recurringCampaignNew: '/campaigns/automated-recurring-campaign',
  campaign: '/campaigns/$campaignId',
  recurringCampaigns: '/recurring-campaigns',
  recurringCampaign: '/recurring-campaigns/$recurringCampaignId',
  campaignReport: '/campaign-report',
  // Issue 24: the WhatsApp support inbox and the support center buyers see.
  whatsappSupport: '/whatsapp-support',
  supportCenter: '/campaign-configuration/support-center',
  // Issue 24: the marketing-only app's home, the app-download card and the company's policy.
  marketingDashboard: '/campaign-configuration/marketing',
  downloadApp: '/download-app',
  policy: '/policy',
  inventoryAdjustments: '/inventory-adjustments',
  inventoryAdjustmentNew: '/inventory-adjustments/new',
  inventoryAdjustment: '/inventory-adjustments/$adjustmentId',
  inventoryTransfers: '/inventory-transfers',
  inventoryTransferNew: '/inventory-transfers/new',
  inventoryTransfer: '/inventory-transfers/$transferId',
  serialNumbers: '/serial-numbers',
  batchInventory: '/reports/inventory-reports/batch-inventory',
  inventoryAge: '/reports/inventory-reports/inventory-age',
  inventoryMovementReport: '/reports/product-reports/inventory-movement',
  invoices: '/invoices',
  invoice: '/invoices/$invoiceId',
  invoiceEdit: '/invoices/$invoiceId/edit',
  orderInvoice: '/orders/$orderId/invoice',
  shipments: '/shipments',
  shipment: '/shipments/$shipmentId',
  invoiceShip: '/invoices/$invoiceId/ship',
  shipmentIntegrations: '/shipment-integrations',
  orders: '/orders',
  orderNew: '/orders/new',
  order: '/orders/$orderId',
  quotations: '/quotations',
  quotationNew: '/quotations/new',
  quotation: '/quotations/$quotationId',
  deliveryChallans: '/delivery-challans',
  deliveryChallanNew: '/delivery-challans/new',
  deliveryChallan: '/delivery-challans/$challanId',
  paymentsReceived: '/payments-received',
  payment: '/payments-received/$paymentId',
  paymentsToBeReceived: '/payments-to-be-received',
  refunds: '/refunds',
  instoreOrder: '/instore-order',
  salesReturns: '/sales-returns',
  salesReturn: '/sales-returns/$returnId',
  invoiceSalesReturn: '/invoices/$invoiceId/sales-return',
  creditNotes: '/credit-notes',
  creditNoteNew: '/credit-notes/new',
  creditNote: '/credit-notes/$creditNoteId',
  invoiceCreditNote: '/invoices/$invoiceId/credit-note',
  bills: '/bills',
  billNew: '/bills/new',
  bill: '/bills/$billId',
  billEdit: '/bills/$billId/edit',
  purchaseOrders: '/purchase-orders',
  purchaseOrderNew: '/purchase-orders/new',
  purchaseOrder: '/purchase-orders/$purchaseOrderId',
  purchaseOrderEdit: '/purchase-orders/$purchaseOrderId/edit',
  purchaseOrderBill: '/purchase-orders/$purchaseOrderId/bill',
  paymentsMade: '/payments-made',
  paymentMade: '/payments-made/$paymentMadeId',
  purchaseReturns: '/purchase-returns',
  purchaseReturnNew: '/purchase-returns/new',
  purchaseReturn: '/purchase-returns/$purchaseReturnId',
  billReturn: '/bills/$billId/return',
  debitNotes: '/debit-notes',
  debitNoteNew: '/debit-notes/new',
  debitNote: '/debit-notes/$debitNoteId',
  productOffers: '/offers/product-offers',
  productOfferNew: '/offers/product-offers/new',
  productOffer: '/offers/product-offers/$offerId',
  productOfferEdit: '/offers/product-offers/$offerId/edit',
  cartOffers: '/offers/cart-offers',
  cartOfferNew: '/offers/cart-offers/new',
  cartOffer: '/offers/cart-offers/$offerId',
  cartOfferEdit: '/offers/cart-offers/$offerId/edit',
  referralProgram: '/referral-program',
  // Business intelligence (issue 25): five sections, each with its actionable insights.
  biBusiness: '/business-intelligence/business-performance',
  biBusinessInsights: '/business-intelligence/business-performance/actionable-insights',
  biBuyers: '/business-intelligence/buyer-performance',
  biBuyersInsights: '/business-intelligence/buyer-performance/actionable-insights',
  biProducts: '/business-intelligence/product-performance',
  biProductsInsights: '/business-intelligence/product-performance/actionable-insights',
  biInventory: '/business-intelligence/inventory-performance',
  biInventoryInsights: '/business-intelligence/inventory-performance/actionable-insights',
  biSales: '/business-intelligence/sales-performance',
  biSalesInsights: '/business-intelligence/sales-performance/actionable-insights',
  onboarding: '/onboarding',
  unauthorized: '/unauthorized',
  docs: '/docs',
} as const;

/** The address of one record's screen: the PATHS pattern with its one parameter filled in. */
function withId(pattern: string): (id: number) => string {
  return (id) => pattern.replace(/\$\w+/, String(id));
}

/** The address of one product's page and of its edit form. */
export const productPath = withId(PATHS.product);
export const productEditPath = withId(PATHS.productEdit);

/** The address of one warehouse's page. */
export const warehousePath = withId(PATHS.warehouse);

/** The address of one branch's page. */
export const branchPath = withId(PATHS.branch);

/** The address of one seller's page. */
export const sellerPath = withId(PATHS.seller);

/** The address of one buyer group's page. */
export const buyerGroupPath = withId(PATHS.buyerGroup);

/** The address of one buyer's page. */
export const buyerPath = withId(PATHS.buyer);

/** The address of one lead's page. */
export const leadPath = withId(PATHS.lead);

/** The address of one inventory adjustment's page. */
export const inventoryAdjustmentPath = withId(PATHS.inventoryAdjustment);

/** The address of one inventory transfer's page. */
export const inventoryTransferPath = withId(PATHS.inventoryTransfer);

/** The address of one invoice's page, of its edit screen, and of an order's Generate Invoice screen. */
export const invoicePath = withId(PATHS.invoice);
export const invoiceEditPath = withId(PATHS.invoiceEdit);
export const orderInvoicePath = withId(PATHS.orderInvoice);

/** The address of one shipment's page, and of an invoice's Create Shipment screen. */
export const shipmentPath = withId(PATHS.shipment);
export const invoiceShipPath = withId(PATHS.invoiceShip);

/** The address of one sales order's page and of one quotation's page. */
export const orderPath = withId(PATHS.order);
export const quotationPath = withId(PATHS.quotation);

/** The address of one payment received. */
export const paymentPath = withId(PATHS.payment);

/** The address of one delivery challan's page. */
export const deliveryChallanPath = withId(PATHS.deliveryChallan);

/** The address of one sales return, and of an invoice's Sales Return screen. */
export const salesReturnPath = withId(PATHS.salesReturn);
export const invoiceSalesReturnPath = withId(PATHS.invoiceSalesReturn);

/** The address of one credit note, and of an invoice's Credit Note screen (from a return when given). */
export const creditNotePath = withId(PATHS.creditNote);
export const invoiceCreditNotePath = withId(PATHS.invoiceCreditNote);

/** The address of one bill's page and of its edit form (a draft's). */
export const billPath = withId(PATHS.bill);
export const billEditPath = withId(PATHS.billEdit);

/** The address of one purchase order, its edit form (a draft's) and its Create Bill form. */
export const purchaseOrderPath = withId(PATHS.purchaseOrder);
export const purchaseOrderEditPath = withId(PATHS.purchaseOrderEdit);
export const purchaseOrderBillPath = withId(PATHS.purchaseOrderBill);

/** The address of one payment made to a seller. */
export const paymentMadePath = withId(PATHS.paymentMade);

/** The address of one purchase return, a bill's Return Goods form and one debit note. */
export const purchaseReturnPath = withId(PATHS.purchaseReturn);
export const billReturnPath = withId(PATHS.billReturn);
export const debitNotePath = withId(PATHS.debitNote);

/** The address of one offer's page and of its edit form, by its kind. */
export const productOfferPath = withId(PATHS.productOffer);
export const productOfferEditPath = withId(PATHS.productOfferEdit);
export const cartOfferPath = withId(PATHS.cartOffer);
export const cartOfferEditPath = withId(PATHS.cartOfferEdit);
