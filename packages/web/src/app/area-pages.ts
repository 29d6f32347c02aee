import { type AsyncRouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import { PATHS } from '../session/paths';

/**
 * The screen of each built area, loaded lazily so each area is its own chunk. A route of
 * routes.tsv whose area is not built yet shows the empty-state card (see EMPTY_AREA_PAGE).
 */
// biome-ignore lint/suspicious/noExplicitAny: route components take no props here
type Page = AsyncRouteComponent<any>;

export const AREA_PAGES: Record<string, Page> = {
  [PATHS.homeOverview]: lazyRouteComponent(() => import('../features/home/home-page'), 'HomePage'),
  [PATHS.login]: lazyRouteComponent(() => import('../features/auth/login-page'), 'LoginPage'),
  [PATHS.reset]: lazyRouteComponent(() => import('../features/auth/reset-page'), 'ResetPage'),
  [PATHS.signup]: lazyRouteComponent(() => import('../features/auth/signup-page'), 'SignupPage'),
  [PATHS.signupVerify]: lazyRouteComponent(
    () => import('../features/auth/signup-verify-page'),
    'SignupVerifyPage',
  ),
  [PATHS.products]: lazyRouteComponent(() => import('../features/products/products-page'), 'ProductsPage'),
  [PATHS.productNew]: lazyRouteComponent(
    () => import('../features/products/product-create-page'),
    'ProductCreatePage',
  ),
  [PATHS.product]: lazyRouteComponent(
    () => import('../features/products/product-detail-page'),
    'ProductDetailPage',
  ),
  [PATHS.productEdit]: lazyRouteComponent(
    () => import('../features/products/product-edit-page'),
    'ProductEditPage',
  ),
  [PATHS.categories]: lazyRouteComponent(
    () => import('../features/categories/categories-page'),
    'CategoriesPage',
  ),
  [PATHS.brands]: lazyRouteComponent(() => import('../features/brands/brands-page'), 'BrandsPage'),
  [PATHS.groupedProducts]: lazyRouteComponent(
    () => import('../features/grouped-products/grouped-products-page'),
    'GroupedProductsPage',
  ),
  [PATHS.productCollections]: lazyRouteComponent(
    () => import('../features/product-collections/product-collections-page'),
    'ProductCollectionsPage',
  ),
  [PATHS.productGroups]: lazyRouteComponent(
    () => import('../features/product-groups/product-groups-page'),
    'ProductGroupsPage',
  ),
  [PATHS.variantGroups]: lazyRouteComponent(
    () => import('../features/variant-groups/variant-groups-page'),
    'VariantGroupsPage',
  ),
  [PATHS.company]: lazyRouteComponent(() => import('../features/companies/company-page'), 'CompanyPage'),
  [PATHS.configurations]: lazyRouteComponent(
    () => import('../features/company-configurations/company-configurations-page'),
    'CompanyConfigurationsPage',
  ),
  [PATHS.webStores]: lazyRouteComponent(
    () => import('../features/sales-channels/sales-channels-page'),
    'SalesChannelsPage',
  ),
  [PATHS.paymentMethods]: lazyRouteComponent(
    () => import('../features/payment-methods/payment-methods-page'),
    'PaymentMethodsPage',
  ),
  [PATHS.taxes]: lazyRouteComponent(() => import('../features/taxes/taxes-page'), 'TaxesPage'),
  [PATHS.warehouses]: lazyRouteComponent(
    () => import('../features/warehouses/warehouses-page'),
    'WarehousesPage',
  ),
  [PATHS.warehouse]: lazyRouteComponent(
    () => import('../features/warehouses/warehouse-detail-page'),
    'WarehouseDetailPage',
  ),
  [PATHS.branches]: lazyRouteComponent(() => import('../features/branches/branches-page'), 'BranchesPage'),
  [PATHS.branch]: lazyRouteComponent(
    () => import('../features/branches/branch-detail-page'),
    'BranchDetailPage',
  ),
  [PATHS.sellers]: lazyRouteComponent(() => import('../features/sellers/sellers-page'), 'SellersPage'),
  [PATHS.seller]: lazyRouteComponent(
    () => import('../features/sellers/seller-detail-page'),
    'SellerDetailPage',
  ),
  [PATHS.accounts]: lazyRouteComponent(() => import('../features/accounts/accounts-page'), 'AccountsPage'),
  [PATHS.users]: lazyRouteComponent(() => import('../features/users/users-page'), 'UsersPage'),
  [PATHS.roles]: lazyRouteComponent(() => import('../features/roles/roles-page'), 'RolesPage'),
  [PATHS.buyers]: lazyRouteComponent(() => import('../features/buyers/buyers-page'), 'BuyersPage'),
  [PATHS.buyer]: lazyRouteComponent(() => import('../features/buyers/buyer-detail-page'), 'BuyerDetailPage'),
  [PATHS.buyerGroups]: lazyRouteComponent(
    () => import('../features/buyer-groups/buyer-groups-page'),
    'BuyerGroupsPage',
  ),
  [PATHS.buyerGroup]: lazyRouteComponent(
    () => import('../features/buyer-groups/buyer-group-detail-page'),
    'BuyerGroupDetailPage',
  ),
  [PATHS.inventoryAdjustments]: lazyRouteComponent(
    () => import('../features/inventory-adjustments/inventory-adjustments-page'),
    'InventoryAdjustmentsPage',
  ),
  [PATHS.inventoryAdjustmentNew]: lazyRouteComponent(
    () => import('../features/inventory-adjustments/inventory-adjustment-create-page'),
    'InventoryAdjustmentCreatePage',
  ),
  [PATHS.inventoryAdjustment]: lazyRouteComponent(
    () => import('../features/inventory-adjustments/inventory-adjustment-detail-page'),
    'InventoryAdjustmentDetailPage',
  ),
  [PATHS.inventoryTransfers]: lazyRouteComponent(
    () => import('../features/inventory-transfers/inventory-transfers-page'),
    'InventoryTransfersPage',
  ),
  [PATHS.inventoryTransferNew]: lazyRouteComponent(
    () => import('../features/inventory-transfers/inventory-transfer-create-page'),
    'InventoryTransferCreatePage',
  ),
  [PATHS.inventoryTransfer]: lazyRouteComponent(
    () => import('../features/inventory-transfers/inventory-transfer-detail-page'),
    'InventoryTransferDetailPage',
  ),
  [PATHS.inventoryMovementReport]: lazyRouteComponent(
    () => import('../features/stock-reports/inventory-movement-report-page'),
    'InventoryMovementReportPage',
  ),
  [PATHS.batchInventory]: lazyRouteComponent(
    () => import('../features/inventory-reports/batch-inventory-page'),
    'BatchInventoryPage',
  ),
  [PATHS.inventoryAge]: lazyRouteComponent(
    () => import('../features/inventory-reports/inventory-age-page'),
    'InventoryAgePage',
  ),
  [PATHS.invoices]: lazyRouteComponent(() => import('../features/invoices/invoices-page'), 'InvoicesPage'),
  [PATHS.invoice]: lazyRouteComponent(
    () => import('../features/invoices/invoice-detail-page'),
    'InvoiceDetailPage',
  ),
  [PATHS.invoiceEdit]: lazyRouteComponent(
    () => import('../features/invoices/invoice-edit-page'),
    'InvoiceEditPage',
  ),
  [PATHS.orderInvoice]: lazyRouteComponent(
    () => import('../features/invoices/invoice-generate-page'),
    'InvoiceGeneratePage',
  ),
  [PATHS.shipments]: lazyRouteComponent(
    () => import('../features/shipments/shipments-page'),
    'ShipmentsPage',
  ),
  [PATHS.shipment]: lazyRouteComponent(
    () => import('../features/shipments/shipment-detail-page'),
    'ShipmentDetailPage',
  ),
  [PATHS.invoiceShip]: lazyRouteComponent(
    () => import('../features/shipments/shipment-create-page'),
    'ShipmentCreatePage',
  ),
  [PATHS.shipmentIntegrations]: lazyRouteComponent(
    () => import('../features/shipments/shipment-integrations-page'),
    'ShipmentIntegrationsPage',
  ),
  [PATHS.salesReturns]: lazyRouteComponent(
    () => import('../features/sales-returns/sales-returns-page'),
    'SalesReturnsPage',
  ),
  [PATHS.salesReturn]: lazyRouteComponent(
    () => import('../features/sales-returns/sales-return-detail-page'),
    'SalesReturnDetailPage',
  ),
  [PATHS.invoiceSalesReturn]: lazyRouteComponent(
    () => import('../features/sales-returns/sales-return-create-page'),
    'SalesReturnCreatePage',
  ),
  [PATHS.creditNotes]: lazyRouteComponent(
    () => import('../features/credit-notes/credit-notes-page'),
    'CreditNotesPage',
  ),
  [PATHS.creditNoteNew]: lazyRouteComponent(
    () => import('../features/credit-notes/credit-note-new-page'),
    'CreditNoteNewPage',
  ),
  [PATHS.creditNote]: lazyRouteComponent(
    () => import('../features/credit-notes/credit-note-detail-page'),
    'CreditNoteDetailPage',
  ),
  [PATHS.invoiceCreditNote]: lazyRouteComponent(
    () => import('../features/credit-notes/credit-note-create-page'),
    'CreditNoteCreatePage',
  ),
  [PATHS.orders]: lazyRouteComponent(
    () => import('../features/sales-orders/sales-orders-page'),
    'SalesOrdersPage',
  ),
  [PATHS.orderNew]: lazyRouteComponent(
    () => import('../features/sales-orders/sales-order-create-page'),
    'SalesOrderCreatePage',
  ),
  [PATHS.order]: lazyRouteComponent(
    () => import('../features/sales-orders/sales-order-detail-page'),
    'SalesOrderDetailPage',
  ),
  [PATHS.quotations]: lazyRouteComponent(
    () => import('../features/quotations/quotations-page'),
    'QuotationsPage',
  ),
  [PATHS.quotationNew]: lazyRouteComponent(
    () => import('../features/quotations/quotation-create-page'),
    'QuotationCreatePage',
  ),
  [PATHS.quotation]: lazyRouteComponent(
    () => import('../features/quotations/quotation-detail-page'),
    'QuotationDetailPage',
  ),
  [PATHS.deliveryChallans]: lazyRouteComponent(
    () => import('../features/delivery-challans/delivery-challans-page'),
    'DeliveryChallansPage',
  ),
  [PATHS.deliveryChallanNew]: lazyRouteComponent(
    () => import('../features/delivery-challans/delivery-challan-create-page'),
    'DeliveryChallanCreatePage',
  ),
  [PATHS.deliveryChallan]: lazyRouteComponent(
    () => import('../features/delivery-challans/delivery-challan-detail-page'),
    'DeliveryChallanDetailPage',
  ),
  [PATHS.paymentsReceived]: lazyRouteComponent(
    () => import('../features/payments/payments-received-page'),
    'PaymentsReceivedPage',
  ),
  [PATHS.payment]: lazyRouteComponent(
    () => import('../features/payments/payment-detail-page'),
    'PaymentDetailPage',
  ),
  [PATHS.paymentsToBeReceived]: lazyRouteComponent(
    () => import('../features/payments/payments-to-be-received-page'),
    'PaymentsToBeReceivedPage',
  ),
  [PATHS.refunds]: lazyRouteComponent(() => import('../features/payments/refunds-page'), 'RefundsPage'),
  [PATHS.instoreOrder]: lazyRouteComponent(
    () => import('../features/instore-order/instore-order-page'),
    'InstoreOrderPage',
  ),
  [PATHS.unauthorized]: lazyRouteComponent(() => import('./pages/unauthorized-page'), 'UnauthorizedPage'),
  [PATHS.docs]: lazyRouteComponent(() => import('./pages/docs-page'), 'DocsPage'),
};

export const EMPTY_AREA_PAGE: Page = lazyRouteComponent(
  () => import('./pages/empty-area-page'),
  'EmptyAreaPage',
);

export const APP_SHELL: Page = lazyRouteComponent(() => import('./shell/app-shell'), 'AppShellLayout');
