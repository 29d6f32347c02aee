import { type PaymentStatus, paymentStatusOf } from './sales-orders.ts';
import { SHIPMENT_MESSAGES } from './shipments.ts';
import { INVOICE_STATUSES, type InvoiceStatus, statusColor, statusLabel } from './statuses.ts';
import { indianCalendarDay, MESSAGES } from './validation.ts';

/**
 * GST invoices: their state machine, financial years and numbering, and the amount in words that a
 * tax invoice prints.
 */

// ---------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------

export type { InvoiceStatus };
export { INVOICE_STATUSES };
export const invoiceStatusLabel = (status: string): string => statusLabel(INVOICE_STATUSES, status);
export const invoiceStatusColor = (status: string): string => statusColor(INVOICE_STATUSES, status);

export const INVOICE_ACTIONS = ['ready_to_ship', 'process', 'edit', 'cancel'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/**
 * generated -> ready_to_ship -> processed (shipped); generated may also go straight to processed.
 * Only invoices whose goods have not left can be cancelled, and only those not yet packed for
 * dispatch (generated) can be edited: once processed, the goods are with the buyer and only a sales
 * return (credit note) undoes the sale.
 */
const STATUSES_ALLOWING: Record<InvoiceAction, readonly InvoiceStatus[]> = {
  ready_to_ship: ['generated'],
  process: ['generated', 'ready_to_ship'],
  edit: ['generated'],
  cancel: ['generated', 'ready_to_ship'],
};

const NEXT_STATUS: Record<InvoiceAction, InvoiceStatus | null> = {
  ready_to_ship: 'ready_to_ship',
  process: 'processed',
  edit: null,
  cancel: 'cancelled',
};

export const INVOICE_REFUSALS = {
  already_ready_to_ship: 'This invoice is already ready to ship.',
  already_processed: 'This invoice is already processed.',
  already_cancelled: 'This invoice is already cancelled.',
  cancel_processed:
    'A processed invoice cannot be cancelled; its goods have shipped, so record a sales return instead.',
  edit_processed: 'A processed invoice cannot be edited; record a sales return instead.',
  edit_ready_to_ship: 'Only a generated invoice can be edited; this one is already ready to ship.',
  ready_to_ship_processed: 'A processed invoice cannot be marked ready to ship.',
  cancelled: 'A cancelled invoice cannot be changed.',
  shipped: SHIPMENT_MESSAGES.invoice_has_shipments,
  returned: 'Goods of this invoice have been returned; cancel its sales returns first.',
  credited: 'Credit notes have been issued against this invoice; cancel them first.',
  lines_referenced:
    'Cancelled shipments, returns or credit notes still name the lines of this invoice, so they cannot be changed; cancel the invoice and issue a new one instead.',
} as const;

function refusalFor(status: InvoiceStatus, action: InvoiceAction): string {
  if (status === 'cancelled') {
    return action === 'cancel' ? INVOICE_REFUSALS.already_cancelled : INVOICE_REFUSALS.cancelled;
  }
  if (action === 'ready_to_ship') {
    return status === 'ready_to_ship'
      ? INVOICE_REFUSALS.already_ready_to_ship
      : INVOICE_REFUSALS.ready_to_ship_processed;
  }
  if (action === 'cancel') return INVOICE_REFUSALS.cancel_processed;
  if (action === 'edit') {
    return status === 'ready_to_ship' ? INVOICE_REFUSALS.edit_ready_to_ship : INVOICE_REFUSALS.edit_processed;
  }
  return INVOICE_REFUSALS.already_processed;
}

/**
 * What the documents downstream of an invoice hold against it, counted by SQL in one query
 * (server: invoices.queries `invoiceFacts`): outgoing shipments that still hold its goods, live
 * (not cancelled) sales returns and live credit notes. A count left out counts as none, so the UI
 * can ask with the status alone.
 */
export interface InvoiceFacts {
  status: InvoiceStatus;
  shipmentsHoldingGoods?: number;
  liveReturns?: number;
  liveCreditNotes?: number;
  /** Lines of shipments, returns and credit notes (cancelled ones too) that name the invoice's lines. */
  linesReferenced?: number;
}

/**
 * Why `action` is refused on the invoice, as a sentence; null when it is allowed. The status
 * decides first; then the downstream documents veto: goods in shipments come back by cancelling
 * those shipments (cancel only: an edit never goes below what has shipped), goods returned or
 * credited by cancelling those returns and credit notes first.
 */
export function invoiceRefusal(invoice: InvoiceFacts, action: InvoiceAction): string | null {
  if (!STATUSES_ALLOWING[action].includes(invoice.status)) return refusalFor(invoice.status, action);
  if (action === 'cancel' && (invoice.shipmentsHoldingGoods ?? 0) > 0) return INVOICE_REFUSALS.shipped;
  if (action === 'cancel' || action === 'edit') {
    if ((invoice.liveReturns ?? 0) > 0) return INVOICE_REFUSALS.returned;
    if ((invoice.liveCreditNotes ?? 0) > 0) return INVOICE_REFUSALS.credited;
  }
  // An edit replaces the invoice's lines; documents kept for the record still point at the old ones.
  if (action === 'edit' && (invoice.linesReferenced ?? 0) > 0) return INVOICE_REFUSALS.lines_referenced;
  return null;
}

/** The actions the invoice allows now: the buttons the UI shows, the guards the server applies. */
export const allowedInvoiceActions = (invoice: { status: InvoiceStatus }): InvoiceAction[] =>
  INVOICE_ACTIONS.filter((action) => invoiceRefusal(invoice, action) === null);

export type InvoiceTransition = { allowed: true; status: InvoiceStatus } | { allowed: false; reason: string };

/** The status `action` leads to (edit keeps it), or the sentence refusing it. */
export function invoiceTransition(
  invoice: { status: InvoiceStatus },
  action: InvoiceAction,
): InvoiceTransition {
  const reason = invoiceRefusal(invoice, action);
  if (reason !== null) return { allowed: false, reason };
  return { allowed: true, status: NEXT_STATUS[action] ?? invoice.status };
}

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

/** The spec's invoice texts (section 8), verbatim; those marked "ours" have no wording in the spec. */
/** What counts against an invoice's total: money paid, credit notes applied and a written-off balance. */
export interface InvoiceSettlement {
  totalPaise: number;
  paidPaise: number;
  creditedPaise: number;
  writtenOffPaise: number;
  cancelled: boolean;
}

/** What the buyer still owes on the invoice, in paise; nothing on a cancelled one. */
export function invoiceAmountDuePaise(invoice: InvoiceSettlement): number {
  if (invoice.cancelled) return 0;
  return Math.max(
    0,
    invoice.totalPaise - invoice.paidPaise - invoice.creditedPaise - invoice.writtenOffPaise,
  );
}

/** An invoice's payment status: credit notes applied settle it as money paid does. */
export function invoicePaymentStatus(invoice: InvoiceSettlement, pendingPaise = 0): PaymentStatus {
  return paymentStatusOf({
    totalPaise: invoice.totalPaise,
    paidPaise: invoice.paidPaise + invoice.creditedPaise,
    writtenOffPaise: invoice.writtenOffPaise,
    cancelled: invoice.cancelled,
    pendingPaise,
  });
}

export const INVOICE_MESSAGES = {
  created: 'Invoice created.',
  edited: 'Invoice Edited.',
  deleted: 'Invoice Deleted.',
  updated: 'Invoice Updated.',
  cancelled: 'Invoice Cancelled.',
  comment_added: 'Comment Added.',
  ready_to_ship: 'Status changed to Ready to Ship.',
  e_invoice_generated: 'E Invoice generated.',
  payment_received: 'Payment Received.',
  address_created: 'Address created.',
  written_off: 'Invoice balance written off.',
  not_found: 'Invoice Not Found',
  load_failed: 'Failed to load Invoice',
  list_load_failed: 'Failed to load Invoices',
  record_payment_failed: 'Failed to record payment',
  comment_failed: 'Failed to add comment',
  e_invoice_failed: 'Failed to generate E Invoice',
  edit_failed: 'Failed to Edit Invoice',
  delete_failed: 'Failed to delete Invoice',
  update_failed: 'Failed to Update Details',
  cancel_failed: 'Failed to cancel Invoice',
  status_change_failed: 'Failed to change invoice status',
  address_failed: 'Failed to add Address',
  create_failed: 'Failed to Create Invoice',
  write_off_failed: 'Failed to write off balance',
  shipping_charges_failed: 'Failed to Update Shipping charges.',
  bank_charges_failed: 'Failed to Update Bank charges.',
  line_quantity: MESSAGES.invoice_line_quantity,
  /** ours: the issue asks the e-invoice button to say so when no IRP is configured */
  e_invoice_not_configured: 'E-invoicing is not configured.',
  forbidden_view: 'You do not have permissions to view invoices.',
  forbidden_create: 'You do not have permissions to create invoice.',
  forbidden_update: 'You do not have permissions to update invoice.',
  /** ours */
  forbidden_cancel: 'You do not have permissions to cancel invoice.',
} as const;

// ---------------------------------------------------------------------------
// Financial year and numbering
// ---------------------------------------------------------------------------

export interface FinancialYear {
  /** '2026-27' */
  label: string;
  /** '2627', as invoice numbers carry it */
  code: string;
  /** '2026-04-01' */
  start: string;
  /** '2027-03-31' */
  end: string;
}

/** India's financial year runs from 1 April to 31 March; a Date is read as its day in India. */
export function financialYearOf(day: string | Date): FinancialYear {
  const calendarDay = indianCalendarDay(day);
  if (calendarDay === null) throw new RangeError(`Not a date: ${String(day)}`);
  const [year, month] = calendarDay.split('-').map(Number);
  const startYear = month >= 4 ? year : year - 1;
  const twoDigits = (y: number) => String(y % 100).padStart(2, '0');
  return {
    label: `${startYear}-${twoDigits(startYear + 1)}`,
    code: `${twoDigits(startYear)}${twoDigits(startYear + 1)}`,
    start: `${startYear}-04-01`,
    end: `${startYear + 1}-03-31`,
  };
}

/** A branch's invoice series: 1 to 4 capital letters or digits, leaving room for the year and sequence. */
export const INVOICE_SERIES_PATTERN = /^[A-Z0-9]{1,4}$/;
export const INVOICE_SERIES_MESSAGE = 'Invoice series must be 1 to 4 capital letters or digits.';

/** GST rule 46: at most 16 characters of letters, digits, '-' and '/', unique within the financial year. */
export const INVOICE_NUMBER_MAX_LENGTH = 16;
const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9/-]+$/;

/** 'MUM/2627/00001': series, financial year code, sequence padded to five digits (more when it grows). */
export function formatInvoiceNumber(series: string, fyCode: string, sequence: number): string {
  if (!INVOICE_SERIES_PATTERN.test(series)) throw new RangeError(INVOICE_SERIES_MESSAGE);
  if (!/^\d{4}$/.test(fyCode)) throw new RangeError(`Not a financial year code: ${fyCode}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new RangeError(`Not an invoice sequence: ${sequence}`);
  const number = `${series}/${fyCode}/${String(sequence).padStart(5, '0')}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH || !INVOICE_NUMBER_PATTERN.test(number)) {
    throw new RangeError(`Invoice number ${number} is longer than ${INVOICE_NUMBER_MAX_LENGTH} characters`);
  }
  return number;
}

/** A day as refusals print it: '2026-11-26' -> '26/11/2026'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/** The last document of a numbered series (the one before the number being taken). */
export interface LastInSeries {
  number: string;
  /** ISO day */
  date: string;
}

/**
 * A numbered series stays in date order (issue 16: an invoice dated 1 April took number 69 after
 * 1-68 dated 26 November): a document may not be dated before the last document of its series,
 * unless the company allows back-dating (its 'back_dated_invoices' configuration is enabled).
 * Null when the date may be used, else the sentence that says the earliest date allowed.
 */
export function seriesDateRefusal({
  date,
  last,
  backDatingAllowed,
  documentName = 'invoice',
}: {
  date: string;
  last: LastInSeries | null | undefined;
  backDatingAllowed: boolean;
  documentName?: string;
}): string | null {
  if (backDatingAllowed || !last || date >= last.date) return null;
  return `The ${documentName} date cannot be before ${formatDay(last.date)}, the date of the last ${documentName} ${last.number}.`;
}

/** The series a branch name suggests: initials of several words ('Mumbai Head Office' -> 'MHO'), else its first three letters. */
function seriesFromName(branchName: string): string {
  const words = branchName
    .normalize('NFD')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return 'INV';
  if (words.length === 1) return words[0].slice(0, 3);
  return words
    .map((word) => word[0])
    .join('')
    .slice(0, 4);
}

/**
 * Proposes a series for a new branch that no other branch of the company uses: the name's series,
 * else that series numbered from 2 ('MHO2', ... 'MH10'), cut to stay within four characters.
 */
export function defaultInvoiceSeries(branchName: string, taken: ReadonlySet<string>): string {
  const used = new Set([...taken].map((series) => series.toUpperCase()));
  const base = seriesFromName(branchName);
  if (!used.has(base)) return base;
  for (let n = 2; n <= 999; n += 1) {
    const candidate = `${base.slice(0, 4 - String(n).length)}${n}`;
    if (!used.has(candidate)) return candidate;
  }
  throw new RangeError(`No free invoice series is left for ${branchName}`);
}

// ---------------------------------------------------------------------------
// Amount in words
// ---------------------------------------------------------------------------

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99 */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)] : `${TENS[Math.floor(n / 10)]} ${ONES[unit]}`;
}

/**
 * A whole positive number in the Indian system: hundreds, thousands, lakhs (10^5) and crores (10^7);
 * beyond 99 crore the crore count is itself read this way ('One Lakh Crore').
 */
function indianWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const groups: [number, string][] = [
    [Math.floor(n / 100_000) % 100, 'Lakh'],
    [Math.floor(n / 1_000) % 100, 'Thousand'],
    [Math.floor(n / 100) % 10, 'Hundred'],
  ];
  const words = crore > 0 ? [`${indianWords(crore)} Crore`] : [];
  for (const [count, name] of groups) if (count > 0) words.push(`${belowHundred(count)} ${name}`);
  if (n % 100 > 0) words.push(belowHundred(n % 100));
  return words.join(' ');
}

/** The total as a tax invoice writes it: 'Rupees One Lakh Twenty Three Thousand and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`Not a whole, non-negative number of paise: ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords = paise % 100 === 0 ? '' : ` and ${belowHundred(paise % 100)} Paise`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
