import { APP_ROUTES } from '@b2b/domain/app-routes';
import { PATHS } from '../session/paths';

export interface AppRoute {
  path: string;
  title: string;
  permission?: string;
  /** false for screens without the top bar (login, sign-up). */
  navbar: boolean;
}

/**
 * Screens this app adds to routes.tsv: the roles screen lives under users; a product's page and
 * the product form live under products; a warehouse's page under warehouses; a branch's page
 * under branches; a seller's page under sellers.
 */
const EXTRA_ROUTES: AppRoute[] = [
  { path: PATHS.buyer, title: 'Buyers', permission: 'view_buyer', navbar: true },
  { path: PATHS.buyerGroup, title: 'Buyer Groups', permission: 'view_buyer_group', navbar: true },
  { path: PATHS.roles, title: 'Roles', navbar: true },
  { path: PATHS.branch, title: 'Branches', navbar: true },
  { path: PATHS.productNew, title: 'Products', permission: 'view_product', navbar: true },
  { path: PATHS.product, title: 'Products', permission: 'view_product', navbar: true },
  { path: PATHS.productEdit, title: 'Products', permission: 'view_product', navbar: true },
  { path: PATHS.seller, title: 'Sellers', permission: 'view_seller', navbar: true },
  { path: PATHS.warehouse, title: 'Warehouses', navbar: true },
  {
    path: PATHS.inventoryAdjustmentNew,
    title: 'Inventory Adjustment',
    permission: 'view_inventory_adjustment',
    navbar: true,
  },
  {
    path: PATHS.inventoryAdjustment,
    title: 'Inventory Adjustment',
    permission: 'view_inventory_adjustment',
    navbar: true,
  },
  {
    path: PATHS.inventoryTransferNew,
    title: 'Inventory Transfer',
    permission: 'view_inventory_transfer',
    navbar: true,
  },
  {
    path: PATHS.inventoryTransfer,
    title: 'Inventory Transfer',
    permission: 'view_inventory_transfer',
    navbar: true,
  },
  { path: PATHS.invoice, title: 'Invoices', permission: 'view_invoice', navbar: true },
  { path: PATHS.invoiceEdit, title: 'Invoices', permission: 'view_invoice', navbar: true },
  { path: PATHS.orderInvoice, title: 'Invoices', permission: 'view_invoice', navbar: true },
  { path: PATHS.shipment, title: 'Shipments', permission: 'view_shipment', navbar: true },
  { path: PATHS.payment, title: 'Payments Received', permission: 'view_payment_received', navbar: true },
  { path: PATHS.invoiceShip, title: 'Shipments', permission: 'view_shipment', navbar: true },
  { path: PATHS.salesReturn, title: 'Sales Returns', permission: 'view_sales_return', navbar: true },
  { path: PATHS.invoiceSalesReturn, title: 'Sales Returns', permission: 'view_sales_return', navbar: true },
  { path: PATHS.creditNoteNew, title: 'Credit Notes', permission: 'view_credit_note', navbar: true },
  { path: PATHS.creditNote, title: 'Credit Notes', permission: 'view_credit_note', navbar: true },
  { path: PATHS.invoiceCreditNote, title: 'Credit Notes', permission: 'view_credit_note', navbar: true },
  { path: PATHS.orderNew, title: 'Sales Order', permission: 'view_order', navbar: true },
  { path: PATHS.order, title: 'Sales Order', permission: 'view_order', navbar: true },
  { path: PATHS.quotationNew, title: 'Quotations', permission: 'view_quotation', navbar: true },
  { path: PATHS.quotation, title: 'Quotations', permission: 'view_quotation', navbar: true },
  {
    path: PATHS.deliveryChallanNew,
    title: 'Delivery Challans',
    permission: 'view_delivery_challan',
    navbar: true,
  },
  {
    path: PATHS.deliveryChallan,
    title: 'Delivery Challans',
    permission: 'view_delivery_challan',
    navbar: true,
  },
];

export const ROUTE_TABLE: AppRoute[] = [
  ...APP_ROUTES.map((route) => ({
    path: route.path,
    title: route.title,
    permission: route.permission || undefined,
    // Public screens (sign-in, sign-up, docs) cannot sit inside the shell, which needs a signed-in user.
    navbar: route.navbar !== false && route.public !== true,
  })),
  ...EXTRA_ROUTES,
];

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
