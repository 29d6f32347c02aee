import { gstinMatchesState, gstinStateCode } from './gstin.ts';
import type { StatusOption } from './statuses.ts';

/**
 * Pure buyer rules shared by the server (which enforces them) and the web app (which shows them):
 * the GST treatment of a buyer, the GSTIN-versus-billing-state rule and the buyer ledger's
 * entry and transaction types.
 */

/**
 * GST treatment of a buyer: decides whether the buyer has a GSTIN and, later, whether its
 * invoices are B2B (with the buyer's GSTIN) or B2C.
 */
export const BUYER_TYPES = [
  { value: 'regular', label: 'Registered Business - Regular', color: 'blue' },
  { value: 'composition', label: 'Registered Business - Composition', color: 'cyan' },
  { value: 'unregistered', label: 'Unregistered Business', color: 'gray' },
  { value: 'consumer', label: 'Consumer', color: 'grape' },
  { value: 'overseas', label: 'Overseas', color: 'orange' },
  { value: 'sez', label: 'Special Economic Zone', color: 'teal' },
] as const satisfies readonly StatusOption[];

export type BuyerType = (typeof BUYER_TYPES)[number]['value'];
export const BUYER_TYPE_VALUES = BUYER_TYPES.map((t) => t.value) as [BuyerType, ...BuyerType[]];

export function buyerTypeLabel(value: string): string {
  return BUYER_TYPES.find((t) => t.value === value)?.label ?? value;
}

/** Registered buyers (regular, composition, SEZ units) are invoiced with their GSTIN: it is required. */
export function buyerTypeRequiresGstin(type: BuyerType): boolean {
  return type === 'regular' || type === 'composition' || type === 'sez';
}

/** Unregistered businesses and consumers have no GSTIN by definition; overseas buyers may have one or not. */
export function buyerTypeForbidsGstin(type: BuyerType): boolean {
  return type === 'unregistered' || type === 'consumer';
}

export const BUYER_RULE_MESSAGES = {
  gstin_required: 'GST number is required for a registered buyer (Regular, Composition or SEZ).',
  gstin_forbidden: 'An unregistered business or a consumer has no GST number; leave it empty.',
} as const;

/** The GSTIN rule of a buyer type, as a message for the gst_number field, or null when it holds. */
export function buyerGstinProblem(type: BuyerType, gstNumber: string | null | undefined): string | null {
  const has = typeof gstNumber === 'string' && gstNumber.trim() !== '';
  if (buyerTypeRequiresGstin(type) && !has) return BUYER_RULE_MESSAGES.gstin_required;
  if (buyerTypeForbidsGstin(type) && has) return BUYER_RULE_MESSAGES.gstin_forbidden;
  return null;
}

export interface StateRef {
  /** The state's two-digit GST code ('27'); state ids are the same numbers. */
  gst_code: string;
  name: string;
}

/**
 * A GSTIN is issued per state: its first two digits are the GST code of the state the business is
 * registered in, and the billing address of that registration must lie in that state. Returns the
 * message for the gst_number field, or null when the GSTIN and the billing state agree (or there is
 * no GSTIN to check; centre-jurisdiction numbers, code 99, agree with any state: gstinMatchesState). `gstinState` is the state of the GSTIN's code when known (for its name).
 */
export function gstinBillingStateProblem(
  gstNumber: string | null | undefined,
  billingState: StateRef,
  gstinState?: StateRef | null,
): string | null {
  if (!gstNumber || gstinMatchesState(gstNumber, billingState.gst_code)) return null;
  const code = gstinStateCode(gstNumber);
  const registered = gstinState?.name ? `${gstinState.name} (${code})` : `state code ${code}`;
  return `The GST number is registered in ${registered}, but the billing address is in ${billingState.name} (${billingState.gst_code}). Use the GSTIN of the billing state.`;
}

export const ADDRESS_TYPES = [
  { value: 'billing_address', label: 'Billing Address', color: 'blue' },
  { value: 'shipping_address', label: 'Shipping Address', color: 'teal' },
] as const satisfies readonly StatusOption[];
export type BuyerAddressType = (typeof ADDRESS_TYPES)[number]['value'];

// ---------------------------------------------------------------------------------------------
// The buyer ledger

/**
 * Every line of a buyer's ledger. A debit is money the buyer owes (an invoice, a debit adjustment,
 * a refund paid out to the buyer); a credit is money received or forgiven (a payment, a credit
 * note, a credit adjustment). Outstanding = debits - credits; negative means an advance.
 */
export const LEDGER_ENTRY_TYPES = [
  { value: 'opening_balance', label: 'Opening Balance', color: 'gray' },
  { value: 'invoice', label: 'Invoice', color: 'blue' },
  { value: 'payment', label: 'Payment', color: 'green' },
  { value: 'credit_note', label: 'Credit Note', color: 'teal' },
  { value: 'debit_adjustment', label: 'Debit Adjustment', color: 'orange' },
  { value: 'credit_adjustment', label: 'Credit Adjustment', color: 'cyan' },
  { value: 'refund', label: 'Refund', color: 'red' },
] as const satisfies readonly StatusOption[];
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number]['value'];
export const LEDGER_ENTRY_TYPE_VALUES = LEDGER_ENTRY_TYPES.map((t) => t.value) as [
  LedgerEntryType,
  ...LedgerEntryType[],
];

export function ledgerEntryTypeLabel(value: string): string {
  return LEDGER_ENTRY_TYPES.find((t) => t.value === value)?.label ?? value;
}

/** What a user records by hand on a buyer ('Record Transaction'); invoices and notes post themselves. */
export const TRANSACTION_TYPES = [
  { value: 'payment', label: 'Payment Received', side: 'credit' },
  { value: 'credit_adjustment', label: 'Credit Adjustment', side: 'credit' },
  { value: 'debit_adjustment', label: 'Debit Adjustment', side: 'debit' },
  { value: 'refund', label: 'Refund to Buyer', side: 'debit' },
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number]['value'];
export const TRANSACTION_TYPE_VALUES = TRANSACTION_TYPES.map((t) => t.value) as [
  TransactionType,
  ...TransactionType[],
];

/** Money moves through a payment method for payments received and refunds paid out. */
export function transactionNeedsPaymentMethod(type: TransactionType): boolean {
  return type === 'payment' || type === 'refund';
}

/** The ledger side of a hand-recorded transaction: payments and credit adjustments lower the outstanding. */
export function transactionSide(type: TransactionType): 'debit' | 'credit' {
  return TRANSACTION_TYPES.find((t) => t.value === type)?.side ?? 'debit';
}

/** Debit and credit of a ledger line from a positive amount in paise. */
export function ledgerAmounts(
  type: TransactionType,
  amountPaise: number,
): { debitPaise: number; creditPaise: number } {
  return transactionSide(type) === 'debit'
    ? { debitPaise: amountPaise, creditPaise: 0 }
    : { debitPaise: 0, creditPaise: amountPaise };
}

/** The buyer's outstanding after a line: the running total of debits minus credits. */
export function balanceAfter(outstandingPaise: number, debitPaise: number, creditPaise: number): number {
  return outstandingPaise + debitPaise - creditPaise;
}

/** An opening balance the buyer owes is a debit; an advance the buyer had paid (negative) is a credit. */
export function openingBalanceAmounts(openingBalancePaise: number): {
  debitPaise: number;
  creditPaise: number;
} {
  return openingBalancePaise >= 0
    ? { debitPaise: openingBalancePaise, creditPaise: 0 }
    : { debitPaise: 0, creditPaise: -openingBalancePaise };
}
