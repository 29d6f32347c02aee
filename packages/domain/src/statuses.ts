/** A stored value with its display label and Mantine colour name. */
export interface StatusOption {
  value: string;
  label: string;
  color: string;
}

export const INVOICE_PAYMENT_STATUSES = [
  { value: 'paid', label: 'Paid', color: 'green' },
  { value: 'pending', label: 'Pending', color: 'yellow' },
  { value: 'unpaid', label: 'Unpaid', color: 'red' },
  { value: 'partially_paid', label: 'Partially Paid', color: 'orange' },
  { value: 'cancelled', label: 'Cancelled', color: 'gray' },
] as const satisfies readonly StatusOption[];

export const INVOICE_STATUSES = [
  { value: 'generated', label: 'Generated', color: 'blue' },
  { value: 'ready_to_ship', label: 'Ready to Ship', color: 'cyan' },
  { value: 'processed', label: 'Processed', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly StatusOption[];

/** The spec tints cancelled and on hold red and complete green. */
export const ORDER_STATUSES = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'new', label: 'New', color: 'blue' },
  { value: 'confirmed', label: 'Confirmed', color: 'cyan' },
  { value: 'processing', label: 'Processing', color: 'yellow' },
  { value: 'complete', label: 'Complete', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
  { value: 'on_hold', label: 'On Hold', color: 'red' },
  { value: 'has_new_version', label: 'Has New Version', color: 'gray' },
] as const satisfies readonly StatusOption[];

/** Colours as the spec gives them; its 'amber' is Mantine's yellow and 'dark' is Mantine's dark. */
export const SHIPMENT_STATUSES = [
  { value: 'scheduled', label: 'Scheduled', color: 'yellow' },
  { value: 'picked_up', label: 'Picked Up', color: 'dark' },
  { value: 'shipped', label: 'Shipped', color: 'green' },
  { value: 'delivered', label: 'Delivered', color: 'teal' },
  { value: 'cancellation_requested', label: 'Cancellation Requested', color: 'yellow' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
  { value: 'rto_initiated', label: 'RTO Initiated', color: 'yellow' },
  { value: 'rto_shipped', label: 'RTO Shipped', color: 'green' },
  { value: 'rto_delivered', label: 'RTO Delivered', color: 'teal' },
  { value: 'lost', label: 'Lost', color: 'red' },
  { value: 'damaged', label: 'Damaged', color: 'red' },
  { value: 'undelivered', label: 'Undelivered', color: 'red' },
  { value: 'pickup_error', label: 'Pickup Error', color: 'red' },
  { value: 'disposed', label: 'Disposed', color: 'red' },
  { value: 'rto_ndr', label: 'RTO NDR', color: 'yellow' },
] as const satisfies readonly StatusOption[];

export const SHIPMENT_DIRECTIONS = [
  { value: 'outgoing', label: 'Outgoing', color: 'blue' },
  { value: 'incoming', label: 'Incoming', color: 'grape' },
] as const satisfies readonly StatusOption[];

export const LEAD_STATUSES = [
  { value: 'new', label: 'New', color: 'blue' },
  { value: 'contacted', label: 'Contacted', color: 'cyan' },
  { value: 'need_follow_up', label: 'Need Follow Up', color: 'yellow' },
  { value: 'interested', label: 'Interested', color: 'teal' },
  { value: 'product_demo_needed', label: 'Product Demo Needed', color: 'violet' },
  { value: 'not_interested', label: 'Not Interested', color: 'red' },
  { value: 'converted', label: 'Converted', color: 'green' },
] as const satisfies readonly StatusOption[];

/** 'completed' is shown as Processed, as the spec says. */
export const CAMPAIGN_STATUSES = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'scheduled', label: 'Scheduled', color: 'blue' },
  { value: 'processing', label: 'Processing', color: 'yellow' },
  { value: 'completed', label: 'Processed', color: 'green' },
  { value: 'processed', label: 'Processed', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'gray' },
  { value: 'failed', label: 'Failed', color: 'red' },
] as const satisfies readonly StatusOption[];

export const CAMPAIGN_TYPES = [
  { value: 'abandoned_carts', label: 'Abandoned Carts', color: 'orange' },
  { value: 'never_purchased', label: 'Never Purchased', color: 'gray' },
  { value: 'festival_offers', label: 'Festival Offers', color: 'grape' },
  { value: 'promotional', label: 'Promotional', color: 'blue' },
  { value: 'payment_reminder', label: 'Payment Reminder', color: 'yellow' },
  { value: 'credit_limit_used', label: 'Credit Limit Used', color: 'red' },
  { value: 'cashpoints_expiring', label: 'Cashpoints Expiring', color: 'teal' },
] as const satisfies readonly StatusOption[];

export const CAMPAIGN_MEDIUMS = [
  { value: 'email', label: 'Email', color: 'blue' },
  { value: 'sms', label: 'SMS', color: 'cyan' },
  { value: 'whatsapp', label: 'WhatsApp', color: 'green' },
  { value: 'push_notification', label: 'Push Notification', color: 'violet' },
] as const satisfies readonly StatusOption[];

/** Runs of a recurring campaign. */
export const RUN_STATUSES = [
  { value: 'running', label: 'Running', color: 'blue' },
  { value: 'paused', label: 'Paused', color: 'yellow' },
  { value: 'finished', label: 'Finished', color: 'green' },
  { value: 'failed', label: 'Failed', color: 'red' },
  { value: 'aborted', label: 'Aborted', color: 'gray' },
] as const satisfies readonly StatusOption[];

/** Delivery states as the messaging providers report them, in their mixed spellings. */
export const MESSAGE_DELIVERY_STATUSES = [
  { value: 'Not Sent', label: 'Not Sent', color: 'gray' },
  { value: 'Submitted', label: 'Submitted', color: 'blue' },
  { value: 'Delivered', label: 'Delivered', color: 'teal' },
  { value: 'Read', label: 'Read', color: 'green' },
  { value: 'SUCCESSFUL', label: 'Successful', color: 'green' },
  { value: 'success', label: 'Successful', color: 'green' },
  { value: 'FAILED', label: 'Failed', color: 'red' },
  { value: 'failure', label: 'Failed', color: 'red' },
] as const satisfies readonly StatusOption[];

/** The stored value abundanded_due_to_deadlock is misspelt in the source system; it is kept as is. */
export const BULK_JOB_STATUSES = [
  { value: 'in_process', label: 'In Process', color: 'blue' },
  { value: 'to_be_processed', label: 'To be Processed', color: 'gray' },
  { value: 'validation_error', label: 'Validation Error', color: 'red' },
  { value: 'abundanded_due_to_deadlock', label: 'Abandoned Due to Deadlock', color: 'orange' },
  { value: 'success', label: 'Processed', color: 'green' },
  { value: 'partial_success', label: 'Partial Success', color: 'yellow' },
] as const satisfies readonly StatusOption[];

export const CASHPOINT_TRANSACTION_TYPES = [
  { value: 'credited', label: 'Credited', color: 'green' },
  { value: 'debited', label: 'Debited', color: 'red' },
  { value: 'redeemed', label: 'Redeemed', color: 'red' },
  // Written by the expiry job when a lot's last day has passed; the spec lists no colour for it.
  { value: 'expired', label: 'Expired', color: 'gray' },
] as const satisfies readonly StatusOption[];

export const INVENTORY_ADJUSTMENT_REASONS = [
  { value: 'stock_on_fire', label: 'Stock on fire', color: 'red' },
  { value: 'stock_damaged', label: 'Stock damaged', color: 'red' },
  { value: 'stock_outdated', label: 'Stock outdated', color: 'orange' },
  { value: 'stock_stolen', label: 'Stock stolen', color: 'red' },
  { value: 'stock_lost', label: 'Stock lost', color: 'red' },
  { value: 'extra_inventory_found', label: 'Extra inventory found', color: 'green' },
  { value: 'inventory_repaired', label: 'Inventory Repaired', color: 'teal' },
  { value: 'item_return', label: 'Item return', color: 'blue' },
] as const satisfies readonly StatusOption[];

/** Notification panel types; the spec's amber is Mantine's yellow. */
export const NOTIFICATION_TYPES = [
  { value: 'info', label: 'Info', color: 'green' },
  { value: 'warning', label: 'Warning', color: 'yellow' },
  { value: 'error', label: 'Error', color: 'red' },
] as const satisfies readonly StatusOption[];

export const ACTIVE_STATUSES = [
  { value: 'active', label: 'Active', color: 'green' },
  { value: 'inactive', label: 'Inactive', color: 'red' },
] as const satisfies readonly StatusOption[];

export const DISCOUNT_TYPES = [
  { value: 'flat', label: 'Flat', color: 'blue' },
  { value: 'percentage', label: 'Percentage', color: 'violet' },
] as const satisfies readonly StatusOption[];

export const DEFAULT_STATUS_COLOR = 'gray';

/** 'partially_paid' -> 'Partially Paid' */
export function humanizeValue(value: string): string {
  return value
    .split(/[_\s-]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** Exact match first, then case-insensitive, since some services send upper-case values. */
export function statusOption(
  list: readonly StatusOption[],
  value: string | null | undefined,
): StatusOption | undefined {
  if (value === null || value === undefined) return undefined;
  return (
    list.find((option) => option.value === value) ??
    list.find((option) => option.value.toLowerCase() === value.toLowerCase())
  );
}

export function statusLabel(list: readonly StatusOption[], value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  return statusOption(list, value)?.label ?? humanizeValue(value);
}

export function statusColor(list: readonly StatusOption[], value: string | null | undefined): string {
  return statusOption(list, value)?.color ?? DEFAULT_STATUS_COLOR;
}

export function activeStatus(isActive: boolean): StatusOption {
  return ACTIVE_STATUSES[isActive ? 0 : 1];
}

type ValueOf<L extends readonly StatusOption[]> = L[number]['value'];

/** The stored values of a list as a non-empty tuple, ready for z.enum(...). */
export function statusValues<const L extends readonly StatusOption[]>(
  list: L,
): [ValueOf<L>, ...ValueOf<L>[]] {
  const values = list.map((option) => option.value as ValueOf<L>);
  if (values.length === 0) throw new RangeError('An empty status list has no values');
  return [values[0], ...values.slice(1)];
}

export type InvoicePaymentStatus = ValueOf<typeof INVOICE_PAYMENT_STATUSES>;
export type InvoiceStatus = ValueOf<typeof INVOICE_STATUSES>;
export type OrderStatus = ValueOf<typeof ORDER_STATUSES>;
export type ShipmentStatus = ValueOf<typeof SHIPMENT_STATUSES>;
export type ShipmentDirection = ValueOf<typeof SHIPMENT_DIRECTIONS>;
export type LeadStatus = ValueOf<typeof LEAD_STATUSES>;
export type CampaignStatus = ValueOf<typeof CAMPAIGN_STATUSES>;
export type CampaignType = ValueOf<typeof CAMPAIGN_TYPES>;
export type CampaignMedium = ValueOf<typeof CAMPAIGN_MEDIUMS>;
export type RunStatus = ValueOf<typeof RUN_STATUSES>;
export type BulkJobStatus = ValueOf<typeof BULK_JOB_STATUSES>;
export type CashpointTransactionType = ValueOf<typeof CASHPOINT_TRANSACTION_TYPES>;
export type InventoryAdjustmentReason = ValueOf<typeof INVENTORY_ADJUSTMENT_REASONS>;
export type NotificationType = ValueOf<typeof NOTIFICATION_TYPES>;
export type DiscountType = ValueOf<typeof DISCOUNT_TYPES>;
