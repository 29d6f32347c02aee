import {
  INVOICE_PAYMENT_STATUSES,
  type InvoicePaymentStatus,
  ORDER_STATUSES,
  type OrderStatus,
  type StatusOption,
  statusColor,
  statusLabel,
  statusOption,
} from './statuses.ts';

/**
 * The sales order state machine. The UI shows an action's button by `allowedOrderActions`, and the
 * server refuses the same action with `orderTransition`'s sentence (409), so both apply one rule.
 *
 * new -> confirmed -> processing (partly invoiced) -> complete (all invoiced); new, confirmed and
 * processing can be put on hold and resumed by confirming; editing an order makes a new order and
 * leaves the old one as has_new_version; an order is cancelled only while no active invoice remains.
 */

/** The statuses of a placed order. ORDER_STATUSES also lists 'draft' (a saved quotation), which allows no order action. */
export const SALES_ORDER_STATUSES = [
  'new',
  'confirmed',
  'processing',
  'complete',
  'cancelled',
  'on_hold',
  'has_new_version',
] as const satisfies readonly OrderStatus[];
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

/** Value, label and badge colour of each placed-order status (cancelled and on hold red, complete green). */
export const SALES_ORDER_STATUS_OPTIONS: readonly StatusOption[] = SALES_ORDER_STATUSES.map(
  (value) => statusOption(ORDER_STATUSES, value) as StatusOption,
);

/**
 * The order list's invoicing filter: orders with quantity still to invoice (the home page's
 * 'To invoice' count), or fully invoiced ones.
 */
export const ORDER_INVOICING_OPTIONS = [
  { value: 'pending', label: 'Not fully invoiced' },
  { value: 'complete', label: 'Fully invoiced' },
] as const;
export type OrderInvoicing = (typeof ORDER_INVOICING_OPTIONS)[number]['value'];
export const ORDER_INVOICING_VALUES = ORDER_INVOICING_OPTIONS.map((option) => option.value);

export const orderStatusLabel = (status: string): string => statusLabel(ORDER_STATUSES, status);
export const orderStatusColor = (status: string): string => statusColor(ORDER_STATUSES, status);

export const ORDER_ACTIONS = ['confirm', 'cancel', 'hold', 'edit', 'invoice', 'ship', 'reorder'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What the rules need to know of an order; quantities are sums over its lines, in active invoices only. */
export interface OrderFacts {
  status: OrderStatus;
  totalQuantity: number;
  quantityInvoiced: number;
  quantityShipped: number;
  /** Invoices of the order that are not cancelled. */
  activeInvoices: number;
  /** Goods that reached the buyer (delivered shipments); quantityShipped stands in when absent. */
  quantityDelivered?: number;
}

/** Quantities carry three decimals: compare them as integer thousandths, free of float dust. */
const thousandths = (quantity: number) => Math.round(quantity * 1000);
const somethingLeftToInvoice = (order: OrderFacts) =>
  thousandths(order.quantityInvoiced) < thousandths(order.totalQuantity);
const somethingLeftToShip = (order: OrderFacts) =>
  thousandths(order.quantityShipped) < thousandths(order.totalQuantity);
const nothingInvoiced = (order: OrderFacts) =>
  order.activeInvoices === 0 && thousandths(order.quantityInvoiced) === 0;

/** How a sentence names an order in a status: "A cancelled order cannot be confirmed." */
const ORDER_IN_STATUS: Record<OrderStatus, string> = {
  draft: 'A draft order',
  new: 'A new order',
  confirmed: 'A confirmed order',
  processing: 'An order in processing',
  complete: 'A complete order',
  cancelled: 'A cancelled order',
  on_hold: 'An order on hold',
  has_new_version: 'An order that has a new version',
};

const ACTION_DONE: Record<OrderAction, string> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  hold: 'put on hold',
  edit: 'edited',
  invoice: 'invoiced',
  ship: 'shipped',
  reorder: 'reordered',
};

/** Where the status alone explains the refusal but a hint says what to do instead. */
const STATUS_HINTS: Partial<Record<OrderStatus, Partial<Record<OrderAction, string>>>> = {
  new: { invoice: 'confirm it first', ship: 'confirm and invoice it first' },
  on_hold: { invoice: 'confirm it to resume', ship: 'confirm it to resume' },
  has_new_version: {
    edit: 'edit its new version',
    confirm: 'use its new version',
    cancel: 'cancel its new version',
  },
};

const statusRefusal = (status: OrderStatus, action: OrderAction): string => {
  const hint = STATUS_HINTS[status]?.[action];
  return `${ORDER_IN_STATUS[status]} cannot be ${ACTION_DONE[action]}${hint ? `; ${hint}` : ''}.`;
};

export const ORDER_REFUSALS = {
  already_confirmed: 'This order is already confirmed.',
  already_on_hold: 'This order is already on hold.',
  already_cancelled: 'This order is already cancelled.',
  cancel_invoiced: 'This order has invoices that are not cancelled; cancel its invoices first.',
  edit_invoiced: 'An order that has been invoiced cannot be edited.',
  fully_invoiced: 'Every item of this order has already been invoiced.',
  ship_uninvoiced: 'An order must be invoiced before it can be shipped.',
  fully_shipped: 'Every item of this order has already been shipped.',
} as const;

const STATUSES_ALLOWING: Record<OrderAction, readonly OrderStatus[]> = {
  confirm: ['new', 'on_hold'],
  hold: ['new', 'confirmed', 'processing'],
  // Processing and complete orders have invoices: the refusal then asks to cancel those first.
  cancel: ['new', 'confirmed', 'processing', 'complete', 'on_hold'],
  edit: ['new', 'confirmed', 'on_hold'],
  // Spec: neither cancelled nor new. A complete or superseded order has nothing to invoice, and an
  // order on hold is paused: it is confirmed again before it is fulfilled.
  invoice: ['confirmed', 'processing'],
  // Complete means fully invoiced until shipments count towards it, so it may still ship.
  ship: ['confirmed', 'processing', 'complete'],
  reorder: ['new', 'confirmed', 'processing', 'complete', 'cancelled', 'on_hold'],
};

/** A refusal besides the status: what is left to invoice or ship, the invoices in the way. */
function quantityRefusal(order: OrderFacts, action: OrderAction): string | null {
  switch (action) {
    case 'cancel':
      return order.activeInvoices > 0 ? ORDER_REFUSALS.cancel_invoiced : null;
    case 'edit':
      return nothingInvoiced(order) ? null : ORDER_REFUSALS.edit_invoiced;
    case 'invoice':
      return somethingLeftToInvoice(order) ? null : ORDER_REFUSALS.fully_invoiced;
    case 'ship':
      if (order.activeInvoices === 0) return ORDER_REFUSALS.ship_uninvoiced;
      return somethingLeftToShip(order) ? null : ORDER_REFUSALS.fully_shipped;
    default:
      return null;
  }
}

const ALREADY: Partial<Record<OrderAction, [OrderStatus, string]>> = {
  confirm: ['confirmed', ORDER_REFUSALS.already_confirmed],
  hold: ['on_hold', ORDER_REFUSALS.already_on_hold],
  cancel: ['cancelled', ORDER_REFUSALS.already_cancelled],
};

/** Why `action` is refused on `order`, as a sentence for the user; null when it is allowed. */
export function orderRefusal(order: OrderFacts, action: OrderAction): string | null {
  if (!STATUSES_ALLOWING[action].includes(order.status)) {
    const already = ALREADY[action];
    return already?.[0] === order.status ? already[1] : statusRefusal(order.status, action);
  }
  return quantityRefusal(order, action);
}

/** The actions the order allows now, in ORDER_ACTIONS order: the buttons the UI shows. */
export const allowedOrderActions = (order: OrderFacts): OrderAction[] =>
  ORDER_ACTIONS.filter((action) => orderRefusal(order, action) === null);

/**
 * The status an order takes from invoicing (or cancelling an invoice, or shipping): confirmed while
 * nothing is invoiced, complete once everything is (and, when asked, delivered: quantityDelivered,
 * else quantityShipped, covers the order), processing between. Orders that are not being fulfilled
 * (new, on hold, cancelled, superseded) keep their status.
 */
export function statusAfterFulfilment({
  status,
  totalQuantity,
  quantityInvoiced,
  quantityShipped,
  activeInvoices,
  quantityDelivered,
  completeRequiresShipment = false,
}: OrderFacts & { completeRequiresShipment?: boolean }): OrderStatus {
  if (status !== 'confirmed' && status !== 'processing' && status !== 'complete') return status;
  const order = { status, totalQuantity, quantityInvoiced, quantityShipped, activeInvoices };
  if (nothingInvoiced(order)) return 'confirmed';
  const arrived = { ...order, quantityShipped: quantityDelivered ?? quantityShipped };
  const fulfilled =
    !somethingLeftToInvoice(order) && (!completeRequiresShipment || !somethingLeftToShip(arrived));
  return fulfilled ? 'complete' : 'processing';
}

export type OrderTransition = { allowed: true; status: OrderStatus } | { allowed: false; reason: string };

/**
 * The status `action` leads to, or the sentence refusing it. Confirming an order on hold resumes it
 * where its invoices put it (confirmed, processing or complete). Editing leaves this order as
 * has_new_version (the edit is a new order). Invoicing, shipping and reordering leave the status as
 * it is: after recording the invoice or shipment, statusAfterFulfilment gives the new one.
 */
export function orderTransition(order: OrderFacts, action: OrderAction): OrderTransition {
  const reason = orderRefusal(order, action);
  if (reason !== null) return { allowed: false, reason };
  return { allowed: true, status: statusAfterAction(order, action) };
}

function statusAfterAction(order: OrderFacts, action: OrderAction): OrderStatus {
  switch (action) {
    case 'confirm':
      // Complete needs the goods delivered, as shipments decide it (modules/shipments).
      return statusAfterFulfilment({ ...order, status: 'confirmed', completeRequiresShipment: true });
    case 'cancel':
      return 'cancelled';
    case 'hold':
      return 'on_hold';
    case 'edit':
      return 'has_new_version';
    default:
      return order.status;
  }
}

// ---------------------------------------------------------------------------
// Payment status (orders and invoices)
// ---------------------------------------------------------------------------

export const PAYMENT_STATUSES = INVOICE_PAYMENT_STATUSES;
export type PaymentStatus = InvoicePaymentStatus;
export const paymentStatusLabel = (status: string): string => statusLabel(PAYMENT_STATUSES, status);

/**
 * Paid once payments and write-off cover the total (a written-off balance is closed); pending while
 * a payment is initiated but not yet confirmed (an online payment awaiting its gateway); partially
 * paid when something was received; unpaid otherwise. A cancelled document is cancelled.
 */
export function paymentStatusOf({
  totalPaise,
  paidPaise,
  writtenOffPaise,
  cancelled,
  pendingPaise = 0,
}: {
  totalPaise: number;
  paidPaise: number;
  writtenOffPaise: number;
  cancelled: boolean;
  pendingPaise?: number;
}): PaymentStatus {
  if (cancelled) return 'cancelled';
  if (paidPaise + writtenOffPaise >= totalPaise) return 'paid';
  if (pendingPaise > 0) return 'pending';
  return paidPaise + writtenOffPaise > 0 ? 'partially_paid' : 'unpaid';
}

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

/**
 * The spec's order texts (section 8), verbatim. Those marked "ours" have an error type in the spec
 * but no wording; they follow the spec's pattern.
 */
export const ORDER_MESSAGES = {
  created: 'Order created successfully',
  updated: 'Order updated successfully',
  cancelled: 'Order cancelled successfully',
  confirmed: 'Order confirmed successfully',
  put_on_hold: 'Order is put on hold successfully',
  saved_as_draft: 'Order saved as draft successfully',
  coupon_applied: 'Coupon Applied successfully',
  coupon_removed: 'Coupon Removed successfully',
  comment_added: 'Comment added successfully',
  not_found: 'Order Not Found',
  create_failed: 'Failed to create Order',
  edit_failed: 'Failed to edit Order',
  load_failed: 'Failed to load Order',
  cancel_failed: 'Failed to cancel Order',
  confirm_failed: 'Failed to confirm Order',
  update_failed: 'Failed to update Order',
  list_load_failed: 'Failed to load Orders',
  hold_failed: 'Failed to put Order on hold',
  activate_failed: 'Failed to activate Order',
  /** ours */
  deactivate_failed: 'Failed to deactivate Order',
  /** ours */
  create_quotation_failed: 'Failed to create Quotation',
  invoices_load_failed: 'Failed to Load Invoices',
  shipments_load_failed: 'Failed to Load Shipments',
  comment_failed: 'Failed to add comment',
  /** ours: the issue asks for a clear error on a coupon that does not apply */
  coupon_invalid: 'This coupon code is not valid for this order.',
  forbidden_place: 'You do not have permissions to place order.',
  forbidden_update: 'You do not have permissions to update order.',
  forbidden_view: 'You do not have permissions to view orders.',
  /** ours */
  forbidden_confirm: 'You do not have permissions to confirm order.',
  /** ours */
  forbidden_cancel: 'You do not have permissions to cancel order.',
  forbidden: 'You do not have permissions to perform this action.',
  forbidden_record_payment: 'You do not have permissions to record payment.',
} as const;
