/** Paths the shell and the guards send users to. */
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
  inventoryAdjustments: '/inventory-adjustments',
  inventoryAdjustmentNew: '/inventory-adjustments/new',
  inventoryAdjustment: '/inventory-adjustments/$adjustmentId',
  inventoryTransfers: '/inventory-transfers',
  inventoryTransferNew: '/inventory-transfers/new',
  inventoryTransfer: '/inventory-transfers/$transferId',
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
  unauthorized: '/unauthorized',
  docs: '/docs',
} as const;

/** The address of one product's page and of its edit form. */
export const productPath = (id: number) => `/products/${id}`;
export const productEditPath = (id: number) => `/products/${id}/edit`;

/** The address of one warehouse's page. */
export const warehousePath = (id: number) => `/warehouses/${id}`;

/** The address of one branch's page. */
export const branchPath = (id: number) => `/branches/${id}`;

/** The address of one seller's page. */
export const sellerPath = (id: number) => `/sellers/${id}`;

/** The address of one buyer group's page. */
export const buyerGroupPath = (id: number) => `/buyer-groups/${id}`;

/** The address of one buyer's page. */
export const buyerPath = (id: number) => `/buyers/${id}`;

/** The address of one inventory adjustment's page. */
export const inventoryAdjustmentPath = (id: number) => `/inventory-adjustments/${id}`;

/** The address of one inventory transfer's page. */
export const inventoryTransferPath = (id: number) => `/inventory-transfers/${id}`;

/** The address of one invoice's page, of its edit screen, and of an order's Generate Invoice screen. */
export const invoicePath = (id: number) => `/invoices/${id}`;
export const invoiceEditPath = (id: number) => `/invoices/${id}/edit`;
export const orderInvoicePath = (orderId: number) => `/orders/${orderId}/invoice`;

/** The address of one shipment's page, and of an invoice's Create Shipment screen. */
export const shipmentPath = (id: number) => `/shipments/${id}`;
export const invoiceShipPath = (invoiceId: number) => `/invoices/${invoiceId}/ship`;

/** The address of one sales order's page and of one quotation's page. */
export const orderPath = (id: number) => `/orders/${id}`;
export const quotationPath = (id: number) => `/quotations/${id}`;

/** The address of one payment received. */
export const paymentPath = (id: number) => `/payments-received/${id}`;

/** The address of one delivery challan's page. */
export const deliveryChallanPath = (id: number) => `/delivery-challans/${id}`;

/** The address of one sales return, and of an invoice's Sales Return screen. */
export const salesReturnPath = (id: number) => `/sales-returns/${id}`;
export const invoiceSalesReturnPath = (invoiceId: number) => `/invoices/${invoiceId}/sales-return`;

/** The address of one credit note, and of an invoice's Credit Note screen (from a return when given). */
export const creditNotePath = (id: number) => `/credit-notes/${id}`;
export const invoiceCreditNotePath = (invoiceId: number) => `/invoices/${invoiceId}/credit-note`;
