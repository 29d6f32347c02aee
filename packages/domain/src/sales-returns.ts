import { formatQuantity } from './money.ts';
import type { StatusOption } from './statuses.ts';
import { statusColor, statusLabel } from './statuses.ts';

/**
 * Sales returns: goods a buyer sends back against an invoice. The goods either go back into
 * sellable stock in a chosen warehouse (restock, through the inventory ledger) or are written off
 * as damaged (no sellable stock comes back; the history says so). The credit to the buyer is a
 * credit note, issued with the return or later from it.
 *
 * received: the goods are back, no credit note yet; credited: a live credit note was issued from
 * it; cancelled: withdrawn before any credit note (restocked goods leave stock again).
 */

export const SALES_RETURN_STATUS_OPTIONS = [
  { value: 'received', label: 'Received', color: 'blue' },
  { value: 'credited', label: 'Credited', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly StatusOption[];
export const SALES_RETURN_STATUSES = ['received', 'credited', 'cancelled'] as const;
export type SalesReturnStatus = (typeof SALES_RETURN_STATUSES)[number];
export const salesReturnStatusLabel = (status: string) => statusLabel(SALES_RETURN_STATUS_OPTIONS, status);
export const salesReturnStatusColor = (status: string) => statusColor(SALES_RETURN_STATUS_OPTIONS, status);

export const SALES_RETURN_DISPOSITION_OPTIONS = [
  { value: 'restock', label: 'Back to stock', color: 'green' },
  { value: 'damaged', label: 'Damaged (written off)', color: 'red' },
] as const satisfies readonly StatusOption[];
export const SALES_RETURN_DISPOSITIONS = ['restock', 'damaged'] as const;
export type SalesReturnDisposition = (typeof SALES_RETURN_DISPOSITIONS)[number];
export const salesReturnDispositionLabel = (value: string) =>
  statusLabel(SALES_RETURN_DISPOSITION_OPTIONS, value);

export const SALES_RETURN_ACTIONS = ['issue_credit_note', 'cancel'] as const;
export type SalesReturnAction = (typeof SALES_RETURN_ACTIONS)[number];

export const SALES_RETURN_MESSAGES = {
  created: 'Sales Return created.',
  cancelled: 'Sales Return Cancelled.',
  not_found: 'Sales Return Not Found',
  load_failed: 'Failed to load Sales Return',
  list_load_failed: 'Failed to load Sales Returns',
  create_failed: 'Failed to create Sales Return',
  cancel_failed: 'Failed to cancel Sales Return',
  invoice_cancelled: 'A cancelled invoice cannot take a sales return.',
  already_cancelled: 'This sales return is already cancelled.',
  cancel_credited:
    'This sales return has a credit note; cancel the credit note before cancelling the return.',
  credit_cancelled: 'A cancelled sales return cannot be credited.',
  already_credited: 'This sales return already has a credit note.',
  items_required: 'Return at least one item.',
  item_not_in_invoice: 'This item is not in the invoice.',
  item_repeated: 'This item is already in the return.',
  return_quantity: 'Please ensure quantity is a valid input and is less than Returnable quantity.',
  more_than_returnable: (returnable: number) =>
    returnable > 0
      ? `Only ${formatQuantity(returnable)} can still be returned of this item.`
      : 'Everything sold of this item has already been returned.',
  adjustments: 'Please enter a valid amount (two decimals).',
  disposition: 'Choose back to stock or damaged.',
  before_invoice: 'The return date cannot be before the invoice date.',
  forbidden_view: 'You do not have permissions to view sales returns.',
  forbidden_create: 'You do not have permissions to create sales return.',
  forbidden_update: 'You do not have permissions to update sales return.',
} as const;

/** Why `action` is refused on the return, as a sentence; null when it is allowed. */
export function salesReturnRefusal(
  salesReturn: { status: SalesReturnStatus },
  action: SalesReturnAction,
): string | null {
  if (salesReturn.status === 'cancelled') {
    return action === 'cancel'
      ? SALES_RETURN_MESSAGES.already_cancelled
      : SALES_RETURN_MESSAGES.credit_cancelled;
  }
  if (salesReturn.status === 'credited') {
    return action === 'cancel'
      ? SALES_RETURN_MESSAGES.cancel_credited
      : SALES_RETURN_MESSAGES.already_credited;
  }
  return null;
}

export const allowedSalesReturnActions = (salesReturn: { status: SalesReturnStatus }): SalesReturnAction[] =>
  SALES_RETURN_ACTIONS.filter((action) => salesReturnRefusal(salesReturn, action) === null);

const thousandths = (quantity: number) => Math.round(quantity * 1000);

/**
 * What can still be returned of an invoice line: what was sold less what live (not cancelled)
 * returns already took back; never below zero. Three decimals, computed in thousandths.
 */
export function returnableQuantity(line: { sold: number; returned: number }): number {
  return Math.max(0, thousandths(line.sold) - thousandths(line.returned)) / 1000;
}

/** Whether `quantity` (> 0, at most three decimals) fits what is returnable. */
export function fitsReturnable(quantity: number, line: { sold: number; returned: number }): boolean {
  return (
    Number.isFinite(quantity) &&
    quantity > 0 &&
    thousandths(quantity) === Number((quantity * 1000).toPrecision(15)) &&
    thousandths(quantity) <= thousandths(returnableQuantity(line))
  );
}
