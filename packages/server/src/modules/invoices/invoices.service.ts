import {
  type GenerateInvoiceInput,
  INVOICE_FORM_MESSAGES,
  INVOICE_LINE_QUANTITY_MESSAGE,
  type InvoiceOutput,
  type InvoiceSummaryOutput,
  type invoiceUpdate,
  type writeOffInput,
} from '@b2b/domain/api/invoices';
import type { DocumentAddressOutput } from '@b2b/domain/api/sales-orders';
import { branchInactiveMessage } from '@b2b/domain/api/warehouses';
import { gstinPan } from '@b2b/domain/gstin';
import {
  allowedInvoiceActions,
  defaultInvoiceSeries,
  financialYearOf,
  formatInvoiceNumber,
  INVOICE_MESSAGES,
  type InvoiceSettlement,
  invoiceAmountDuePaise,
  invoicePaymentStatus,
  invoiceRefusal,
  seriesDateRefusal,
} from '@b2b/domain/invoices';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { orderRefusal, paymentStatusOf } from '@b2b/domain/sales-orders';
import { apportionPaise, invoiceShareOfLine, priceInvoice } from '@b2b/domain/sales-pricing';
import { todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import { type IrnResult, type IrpClient, IrpError } from '../../core/ports/irp.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { addressRowsOf } from '../addresses/addresses.service.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { type CommentOutput, commentById, commentsOf, writeComment } from '../comments/comments.service.ts';
import { backDatingAllowed } from '../companies/companies.service.ts';
import {
  invoiceCounterKey,
  invoiceSeriesOwner,
  lockInvoiceSeriesClaims,
  nextInSeries,
  recordInvoiceSeriesUse,
  usedInvoiceSeries,
} from '../document-numbers/document-numbers.service.ts';
import { buildEInvoicePayload } from '../e-invoice/e-invoice-json.ts';
import { validateEInvoice } from '../e-invoice/e-invoice-validation.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import { stockLines } from '../inventory/inventory.service.ts';
import { renderInvoicePdf } from '../invoice-documents/invoice-pdf.ts';
import { pdfFileName } from '../invoice-documents/tax-document-pdf.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { allocateBuyerCredit, lockBuyerCreditFirst } from '../payments/buyer-credit.ts';
import { type DocumentInvoice, lockInvoice, orderIdOfInvoice } from '../sales-documents/document-invoice.queries.ts';
import {
  decimal,
  documentAddress,
  person,
  presentLine,
  presentTotals,
  totalsColumns,
} from '../sales-documents/sales-document.ts';
import { countActiveInvoices, recordInvoiced } from '../sales-orders/order-fulfilment.ts';
import { type BuyerSnapshot, invoiceDocumentOf, type SellerSnapshot } from './invoice-document-of.ts';
import * as queries from './invoices.queries.ts';

/**
 * GST invoices of sales orders. Every change is one transaction that takes its locks in one order
 * (the order, its lines, the invoice, then stock rows in product order, the buyer's outstanding,
 * and last the invoice series counter), so concurrent invoicing never deadlocks, and a refused
 * call changes nothing.
 */

export const INVOICE_ENTITY = 'invoice';
/** The order's history names its invoices too (entity type of the sales-orders area). */
const ORDER_ENTITY = 'sales_order';

/** Texts of refusals the spec and the domain do not word. */
/** NIC's cancel reason 4, 'Others': the user's reason goes in the remark. */
const IRN_CANCEL_OTHERS = '4';

export const INVOICE_REFUSALS_HERE = {
  paid: 'Payments or credit notes have been applied to this invoice; remove them before cancelling it.',
  edit_paid: 'An invoice with payments or credit notes applied cannot be edited.',
  edit_written_off: 'An invoice with a written-off balance cannot be edited; cancel the write-off first.',
  edit_e_invoiced: 'An e-invoiced invoice cannot be edited.',
  item_not_in_invoice: 'This item is not in the invoice.',
  cancelled: 'A cancelled invoice cannot be changed.',
  before_order: 'The invoice date cannot be before the order date.',
  shipped: 'Goods of this invoice have been shipped; record a sales return instead.',
  irn_without_irp:
    'This invoice is e-invoiced and e-invoicing is not configured here, so its IRN cannot be cancelled; issue a credit note instead.',
  irn_not_cancelled: (reason: string) =>
    `The e-invoice portal did not cancel the IRN: ${reason}. Issue a credit note instead.`,
  write_off_open: 'This invoice already has a write-off; cancel it before writing off again.',
  nothing_due: 'Nothing is due on this invoice.',
  number_taken: (number: string) =>
    `The invoice number ${number} is already used by another invoice; give the branch another invoice series.`,
  mail_failed: 'The invoice could not be mailed; please try again.',
} as const;

export interface InvoiceContext {
  db: Database;
  /** Whether an IRP is configured (the invoice says so, and its e-invoice button). */
  eInvoicingConfigured: boolean;
}

const thousandths = (quantity: number) => Math.round(quantity * 1000);
const leftToInvoice = (item: { quantity: number; quantity_invoiced: number }) =>
  roundQuantity(Number(item.quantity) - Number(item.quantity_invoiced));

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Reading

const amountDuePaise = (row: {
  status: string;
  total_paise: number;
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
}) => invoiceAmountDuePaise(settlementOf(row));

const settlementOf = (row: {
  status: string;
  total_paise: number;
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
}): InvoiceSettlement => ({
  totalPaise: Number(row.total_paise),
  paidPaise: Number(row.amount_paid_paise),
  creditedPaise: Number(row.credited_paise),
  writtenOffPaise: Number(row.write_off_paise),
  cancelled: row.status === 'cancelled',
});

/** What the user may do with the invoice now: the domain's state machine, then money and e-invoice facts. */
export function invoiceActions(row: {
  status: InvoiceOutput['status'];
  total_paise: number;
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
  irn: string | null;
}): InvoiceOutput['allowed_actions'] {
  const actions: InvoiceOutput['allowed_actions'] = [];
  const domain = allowedInvoiceActions(row);
  const paid = Number(row.amount_paid_paise) + Number(row.credited_paise) > 0;
  const writtenOff = Number(row.write_off_paise) > 0;
  if (domain.includes('cancel') && !paid) actions.push('cancel');
  if (domain.includes('ready_to_ship')) actions.push('ready_to_ship');
  if (domain.includes('edit') && !paid && !writtenOff && !row.irn) actions.push('edit');
  if (row.status !== 'cancelled') {
    if (!writtenOff && amountDuePaise(row) > 0) actions.push('write_off');
    if (writtenOff) actions.push('cancel_write_off');
    if (!row.irn) actions.push('e_invoice');
    actions.push('resend');
  }
  return actions;
}

/** The invoice's share of the order's coupon and additional discount, split like the order's. */
function discountSplit(orderDiscountPaise: number, couponPaise: number, additionalPaise: number) {
  if (orderDiscountPaise === 0 || couponPaise + additionalPaise === 0) {
    return { coupon: 0, additional: orderDiscountPaise };
  }
  const [coupon, additional] = apportionPaise(orderDiscountPaise, [couponPaise, additionalPaise]);
  return { coupon, additional };
}

function presentInvoice(
  row: queries.InvoiceRow,
  items: queries.InvoiceItemRow[],
  comments: CommentOutput[],
  eInvoicingConfigured: boolean,
): InvoiceOutput {
  const seller = row.seller as unknown as SellerSnapshot;
  const buyer = row.buyer as unknown as BuyerSnapshot;
  const shipping = row.shipping_address as unknown as DocumentAddressOutput;
  const split = discountSplit(
    Number(row.order_discount_paise),
    Number(row.order_coupon_discount_paise),
    Number(row.order_additional_discount_paise),
  );
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    financial_year: row.financial_year,
    invoice_date: row.invoice_day,
    due_date: row.due_day,
    status: row.status,
    payment_status: row.payment_status,
    order: { id: row.order_id, order_number: row.order_number, version: row.order_version },
    seller_company: seller.company_name,
    seller_branch: { id: row.branch_id, name: row.branch_name },
    seller_branch_address: seller.address,
    seller_gstin: seller.gstin,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    buyer_company: buyer.name,
    buyer_gstin: buyer.gstin,
    billing_address: row.billing_address as unknown as DocumentAddressOutput,
    shipping_address: shipping,
    place_of_supply: {
      id: row.place_of_supply_state_id,
      name: row.place_of_supply_name ?? shipping.state.name,
      gst_code: row.place_of_supply_gst_code ?? shipping.state.gst_code,
    },
    reference_number: row.reference_number,
    notes: row.notes,
    terms_and_conditions: row.terms_and_conditions,
    items: items.map((item) => presentLine(item)),
    totals: presentTotals({
      ...row,
      coupon_discount_paise: split.coupon,
      additional_discount_paise: split.additional,
    }),
    invoice_total: toRupees(Number(row.total_paise)),
    amount_paid: toRupees(Number(row.amount_paid_paise)),
    amount_credited: toRupees(Number(row.credited_paise)),
    amount_due: toRupees(amountDuePaise(row)),
    write_off_amount: toRupees(Number(row.write_off_paise)),
    expense_ledger_name: row.expense_ledger_name,
    bank_charges: toRupees(Number(row.bank_charges_paise)),
    is_payment_mode_emi: row.is_payment_mode_emi,
    shipping_charges_paid_by_company: row.shipping_charges_paid_by_company,
    e_invoice:
      row.irn && row.ack_number && row.ack_date && row.signed_qr_code
        ? {
            irn: row.irn,
            ack_number: row.ack_number,
            ack_date: row.ack_date,
            signed_qr_code: row.signed_qr_code,
            irn_cancelled_at: row.irn_cancelled_at ?? null,
          }
        : null,
    e_invoicing_configured: eInvoicingConfigured,
    comments,
    allowed_actions: invoiceActions(row),
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    cancelled_at: row.cancelled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function findInvoiceOrFail(db: Executor, companyId: number, invoiceId: number) {
  const row = await queries.findInvoice(db, companyId, invoiceId);
  if (!row) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  return row;
}

/** GET admin/invoices/{id} */
export async function getInvoice(
  ctx: InvoiceContext,
  companyId: number,
  invoiceId: number,
): Promise<InvoiceOutput> {
  const row = await findInvoiceOrFail(ctx.db, companyId, invoiceId);
  const [items, comments] = await Promise.all([
    queries.itemsOfInvoice(ctx.db, companyId, invoiceId),
    commentsOf(ctx.db, companyId, INVOICE_ENTITY, invoiceId),
  ]);
  return presentInvoice(row, items, comments, ctx.eInvoicingConfigured);
}

/** The invoice with its lines, for the PDF, the e-invoice and the mail (invoiceDocumentOf). */
export async function invoiceWithItems(db: Executor, companyId: number, invoiceId: number) {
  const row = await findInvoiceOrFail(db, companyId, invoiceId);
  return { row, items: await queries.itemsOfInvoice(db, companyId, invoiceId) };
}

export function presentSummary(row: queries.InvoiceListRow): InvoiceSummaryOutput & { sort_value: string } {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    status: row.status,
    payment_status: row.payment_status,
    order: { id: row.order_id, order_number: row.order_number },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    buyer_company: row.buyer_company,
    seller_branch: { id: row.branch_id, name: row.branch_name },
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    invoice_total: toRupees(Number(row.total_paise)),
    amount_due: toRupees(amountDuePaise(row)),
    irn: row.irn,
    created_at: row.created_at,
    sort_value: row.sort_value,
  };
}

/** Counts per company and filter until the company's next change. */
const counts = new BoundedCache<queries.BoundedCount>(2_000);

async function countOf(db: Executor, companyId: number, filter: queries.InvoiceFilter) {
  const key = `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;
  const known = counts.get(key);
  if (known !== undefined) return known;
  const count = await queries.countInvoices(db, companyId, filter);
  counts.set(key, count);
  return count;
}

/** GET admin/companies/{companyId}/invoices (and admin/orders/{id}/invoices): a page of list rows. */
export async function listInvoices(
  db: Executor,
  companyId: number,
  filter: queries.InvoiceFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  filter = await queries.resolveInvoiceSearch(db, companyId, filter);
  const rows = await queries.listInvoicePage(db, companyId, filter, sort, window);
  const ordered = inListOrder(rows, window);
  // A first offset page that is not full holds every match.
  const { count, countIsEstimate } =
    !window.cursor && window.offset === 0 && rows.length < window.limit
      ? { count: rows.length, countIsEstimate: false }
      : await countOf(db, companyId, filter);
  return { count, countIsEstimate, results: ordered.map(presentSummary) };
}

/** Every invoice of the filter in list order, a keyset batch at a time (the CSV export). */
export async function* invoiceBatches(
  db: Executor,
  companyId: number,
  filter: queries.InvoiceFilter,
  sort: KeysetSort,
  batchSize = 1000,
) {
  filter = await queries.resolveInvoiceSearch(db, companyId, filter);
  let cursor: KeysetWindow['cursor'];
  for (;;) {
    const rows = await queries.listInvoicePage(db, companyId, filter, [sort], {
      limit: batchSize,
      offset: 0,
      cursor,
    });
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { value: last.sort_value, id: last.id, direction: 'next' };
  }
}

export async function invoiceHistory(db: Executor, companyId: number, invoiceId: number) {
  await findInvoiceOrFail(db, companyId, invoiceId);
  return historyPage(db, companyId, INVOICE_ENTITY, invoiceId);
}

/** GET admin/invoices/{id}/write_off_record: the latest write-off (open, or cancelled). */
export async function writeOffRecord(db: Executor, companyId: number, invoiceId: number) {
  await findInvoiceOrFail(db, companyId, invoiceId);
  const row = await queries.latestWriteOff(db, companyId, invoiceId);
  if (!row) throw new AppError('not_found', 'Write Off Record Not Found');
  return {
    id: row.id,
    write_off_amount: toRupees(Number(row.amount_paise)),
    expense_ledger_name: row.expense_ledger_name,
    created_at: row.created_at,
    created_by: person(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    cancelled_at: row.cancelled_at,
    cancelled_by: person(row.cancelled_by_id, row.cancelled_by_first_name, row.cancelled_by_last_name),
  };
}

// ---------------------------------------------------------------------------------------------
// initiate_invoice

async function orderFacts(
  db: Executor,
  companyId: number,
  order: {
    id: number;
    status: string;
    total_quantity: number;
    total_quantity_invoiced: number;
    total_quantity_shipped: number;
  },
) {
  return {
    status: order.status as Parameters<typeof orderRefusal>[0]['status'],
    totalQuantity: Number(order.total_quantity),
    quantityInvoiced: Number(order.total_quantity_invoiced),
    quantityShipped: Number(order.total_quantity_shipped),
    activeInvoices: await countActiveInvoices(db, companyId, order.id),
  };
}

/** GET admin/orders/{id}/initiate_invoice/: what can be invoiced now, refused as generate would be. */
export async function initiateInvoice(db: Executor, companyId: number, orderId: number) {
  const order = await queries.findOrder(db, companyId, orderId);
  if (!order) throw new AppError('not_found', 'Order Not Found');
  const refusal = orderRefusal(await orderFacts(db, companyId, order), 'invoice');
  if (refusal) throw conflict(refusal);
  const invoiceDate = todayInIndia();
  const items = await queries.orderItemsOf(db, companyId, orderId);
  return {
    order: { id: order.id, order_number: order.order_number, status: order.status },
    invoice_date: invoiceDate,
    due_date: addDays(invoiceDate, order.payment_term_days ?? 0),
    items: items
      .filter((item) => leftToInvoice(item) > 0)
      .map((item) => ({
        order_item: item.id,
        product: { id: item.product_id, name: item.product_name, sku: item.sku },
        warehouse: { id: item.warehouse_id, name: item.warehouse_name },
        quantity: Number(item.quantity),
        quantity_invoiced: Number(item.quantity_invoiced),
        invoiceable_quantity: leftToInvoice(item),
        rate: toRupees(Number(item.rate_paise)),
        discount: Number(item.discount_percent),
        gst_rate: Number(item.gst_rate),
        unit: item.unit,
      })),
  };
}

// ---------------------------------------------------------------------------------------------
// Generating an invoice

interface ChosenLine {
  item: queries.LockedOrderItem;
  quantity: number;
}

/**
 * The lines asked for, checked against the order: each an item of the order, once, and no more
 * than is left to invoice of it (plus, when editing, what this invoice already holds). All the
 * problems are answered together, each at its line.
 */
function chooseLines(
  items: queries.LockedOrderItem[],
  asked: GenerateInvoiceInput['items'],
  options: { held?: Map<number, number>; onlyHeld?: boolean } = {},
): ChosenLine[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen: ChosenLine[] = [];
  asked.forEach((line, index) => {
    const item = byId.get(line.order_item);
    if (!item) {
      errors[`items.${index}.order_item`] = [INVOICE_FORM_MESSAGES.item_not_in_order];
      return;
    }
    if (options.onlyHeld && !options.held?.has(item.id)) {
      errors[`items.${index}.order_item`] = [INVOICE_REFUSALS_HERE.item_not_in_invoice];
      return;
    }
    if (seen.has(item.id)) {
      errors[`items.${index}.order_item`] = [INVOICE_FORM_MESSAGES.item_repeated];
      return;
    }
    seen.add(item.id);
    const invoiceable = leftToInvoice(item) + (options.held?.get(item.id) ?? 0);
    if (!Number.isFinite(line.quantity) || thousandths(line.quantity) > thousandths(invoiceable)) {
      errors[`items.${index}.quantity`] = [INVOICE_LINE_QUANTITY_MESSAGE];
      return;
    }
    chosen.push({ item, quantity: roundQuantity(line.quantity) });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation_error', first, { errors });
  // Invoice lines follow the order's.
  return chosen.sort((a, b) => a.item.position - b.item.position);
}

/**
 * The invoice's lines priced: each takes its share of the order line's amount (the last invoice
 * of a line exactly the rest), and of its discounts the same way; the shares are re-taxed as an
 * invoice (priceInvoice), with the order's charges when this invoice carries them.
 */
async function priceLines(
  tx: Tx,
  companyId: number,
  chosen: ChosenLine[],
  options: {
    shippingChargesPaise: number;
    otherChargesPaise: number;
    intraState: boolean;
    roundOff: boolean;
    exceptInvoiceId?: number;
  },
) {
  const taken = new Map(
    (
      await queries.discountsInvoiced(
        tx,
        companyId,
        chosen.map((line) => line.item.id),
        options.exceptInvoiceId,
      )
    ).map((row) => [row.order_item_id, row]),
  );
  const lines = chosen.map(({ item, quantity }) => {
    const share = (linePaise: number, invoicedPaise: number) =>
      invoiceShareOfLine({
        lineQuantity: Number(item.quantity),
        lineAmountPaise: Number(linePaise),
        invoicedQuantity: Number(item.quantity_invoiced),
        invoicedAmountPaise: Number(invoicedPaise),
        quantity,
      });
    const before = taken.get(item.id);
    const amountPaise = share(item.amount_paise, item.amount_invoiced_paise);
    const lineDiscountPaise = share(item.line_discount_paise, before?.line_discount_paise ?? 0);
    const orderDiscountPaise = share(item.order_discount_paise, before?.order_discount_paise ?? 0);
    return {
      item,
      quantity,
      amountPaise,
      lineDiscountPaise,
      orderDiscountPaise,
      grossPaise: amountPaise + lineDiscountPaise + orderDiscountPaise,
      gstRatePercent: Number(item.gst_rate),
      cessRatePercent: Number(item.cess_rate),
      hsn: item.hsn,
    };
  });
  const pricing = priceInvoice({
    lines,
    shippingChargesPaise: options.shippingChargesPaise,
    otherChargesPaise: options.otherChargesPaise,
    intraState: options.intraState,
    roundOff: options.roundOff,
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const columns = totalsColumns(
    {
      lines: [],
      charges: pricing.charges,
      hsnSummary: pricing.hsnSummary,
      totals: {
        ...pricing.totals,
        subtotalPaise: sum((line) => line.grossPaise),
        lineDiscountPaise: sum((line) => line.lineDiscountPaise),
        orderDiscountPaise: sum((line) => line.orderDiscountPaise),
      },
    },
    options.intraState,
  );
  return { lines: pricing.lines, columns };
}

function itemRows(
  companyId: number,
  invoiceId: number,
  lines: Awaited<ReturnType<typeof priceLines>>['lines'],
) {
  return lines.map((line, index) => ({
    company_id: companyId,
    invoice_id: invoiceId,
    order_item_id: line.item.id,
    position: index + 1,
    product_id: line.item.product_id,
    warehouse_id: line.item.warehouse_id,
    product_name: line.item.product_name,
    sku: line.item.sku,
    unit: line.item.unit,
    quantity: decimal(line.quantity),
    rate_paise: Number(line.item.rate_paise),
    discount_percent: Number(line.item.discount_percent),
    gst_rate: line.gstRatePercent,
    cess_rate: line.cessRatePercent,
    hsn: line.hsn,
    gross_paise: line.grossPaise,
    line_discount_paise: line.lineDiscountPaise,
    order_discount_paise: line.orderDiscountPaise,
    amount_paise: line.amountPaise,
    taxable_paise: line.taxablePaise,
    cgst_paise: line.cgstPaise,
    sgst_paise: line.sgstPaise,
    igst_paise: line.igstPaise,
    cess_paise: line.cessPaise,
  }));
}

/**
 * The seller branch with its invoice series. A series that has issued an invoice belongs to its
 * branch for good (issue 16), so a branch invoicing with a series it already owns goes straight
 * on. Otherwise (no series yet, or a series not used yet) the choice is made under the company's
 * lock on series claims and the branch's row lock, held to commit, so the series cannot be
 * given to another branch before this invoice records it (`claimsSeries`: the caller records it
 * with the number it takes). A branch left holding a series another branch has used (by the bug of
 * issue 16, before series were recorded) is given a free default series instead of being unable to
 * invoice, as is a branch without a series.
 */
async function branchWithSeries(tx: Tx, companyId: number, branchId: number) {
  const branch = await queries.findBranch(tx, companyId, branchId);
  if (!branch) throw new AppError('not_found', 'Branch Not Found');
  // The spec: an inactive branch blocks all operations.
  if (!branch.is_active) throw conflict(branchInactiveMessage(branch.name));
  if (branch.invoice_series) {
    const owner = await invoiceSeriesOwner(tx, companyId, branch.invoice_series);
    if (owner?.branchId === branchId) {
      return { ...branch, invoice_series: branch.invoice_series, claimsSeries: false };
    }
  }
  await lockInvoiceSeriesClaims(tx, companyId);
  const locked = await queries.lockBranch(tx, companyId, branchId);
  const current = locked?.invoice_series ?? null;
  const owner = current ? await invoiceSeriesOwner(tx, companyId, current) : null;
  if (current && (owner === null || owner.branchId === branchId)) {
    return { ...branch, invoice_series: current, claimsSeries: owner === null };
  }
  const taken = new Set([
    ...(await queries.seriesTaken(tx, companyId)),
    ...(await usedInvoiceSeries(tx, companyId)),
  ]);
  const series = defaultInvoiceSeries(branch.name, taken);
  await queries.setBranchSeries(tx, companyId, branchId, series);
  return { ...branch, invoice_series: series, claimsSeries: true };
}

/**
 * Keeps a series in date order (issue 16): the invoice may not be dated before the invoice that
 * took the number before its own, unless the company allows back-dating. Run after the number is
 * taken, under the series counter's lock, so the last invoice is committed and cannot change.
 */
async function assertInSeriesDateOrder(
  tx: Tx,
  companyId: number,
  invoiceDate: string,
  previousNumber: string | null,
) {
  if (previousNumber === null) return;
  const previous = await queries.findInvoiceDateByNumber(tx, companyId, previousNumber);
  const refusal = seriesDateRefusal({
    date: invoiceDate,
    last: previous ? { number: previous.invoice_number, date: previous.invoice_day } : null,
    backDatingAllowed: false,
  });
  if (refusal && !(await backDatingAllowed(tx, companyId))) throw validationError('invoice_date', refusal);
}

/** What the invoice prints of its seller, as it is today. */
async function sellerSnapshot(
  tx: Tx,
  companyId: number,
  branch: {
    id: number;
    name: string;
    gstin: string | null;
    contact_person_email: string | null;
    contact_person_phone: string | null;
  },
): Promise<SellerSnapshot> {
  const [company, address, bank] = await Promise.all([
    queries.findCompany(tx, companyId),
    addressRowsOf(tx, companyId, 'branch', branch.id).then((rows) => rows[0]),
    queries.defaultBankAccount(tx, companyId, branch.id),
  ]);
  const gstin = branch.gstin ?? company.gstin;
  return {
    company_name: company.name,
    trade_name: company.display_name && company.display_name !== company.name ? company.display_name : null,
    branch_id: branch.id,
    branch_name: branch.name,
    gstin,
    pan: gstin ? gstinPan(gstin) : null,
    address: address ? documentAddress(address) : null,
    phone: branch.contact_person_phone ?? company.phone,
    email: branch.contact_person_email ?? company.email,
    bank: bank
      ? {
          account_name: bank.account_holder_name,
          bank_name: bank.bank_name,
          account_number: bank.account_number,
          ifsc: bank.ifsc_code,
          branch: bank.bank_branch_name,
          upi_id: bank.upi_id,
        }
      : null,
  };
}

type StockKind = Parameters<typeof stockLines>[1];

/** Moves stock for the invoice's lines, in product order (stockLines); nothing for no lines. */
async function moveStock(
  tx: Tx,
  kind: StockKind,
  document: { companyId: number; documentType: string; documentId: number; userId: number | null },
  lines: { productId: number; warehouseId: number; quantity: number }[],
) {
  const moving = lines.filter((line) => line.quantity > 0);
  if (moving.length) await stockLines(tx, kind, document, moving);
}

/**
 * Issues invoiced goods: out of the order's reservation, or (an order that holds none) reserved
 * and issued at once, so the shortage refusal is the reservation's.
 */
async function issueGoods(
  tx: Tx,
  order: queries.LockedOrder,
  document: { companyId: number; documentId: number; userId: number | null },
  lines: { productId: number; warehouseId: number; quantity: number }[],
) {
  const invoiceDocument = { ...document, documentType: 'invoice' };
  if (!order.is_stock_reserved) await moveStock(tx, 'reserve', invoiceDocument, lines);
  await moveStock(tx, 'issue', invoiceDocument, lines);
}

/** An order keeps its reservation while open: goods back from a cancelled or reduced invoice are reserved again. */
const keepsReservation = (order: queries.LockedOrder) =>
  order.is_stock_reserved && ['confirmed', 'processing', 'complete', 'on_hold'].includes(order.status);

async function returnGoods(
  tx: Tx,
  order: queries.LockedOrder,
  document: { companyId: number; documentId: number; userId: number | null },
  lines: { productId: number; warehouseId: number; quantity: number }[],
) {
  await moveStock(tx, 'return', { ...document, documentType: 'invoice' }, lines);
  if (keepsReservation(order)) {
    await moveStock(tx, 'reserve', { ...document, documentType: 'sales_order', documentId: order.id }, lines);
  }
}

/**
 * Refuses to take an order line's invoiced quantity below what has shipped, then has the order
 * record its invoiced quantities and status after its invoices changed by `delta` lines.
 */
async function settleOrder(
  tx: Tx,
  companyId: number,
  order: queries.LockedOrder,
  deltas: { itemId: number; quantity: number; amountPaise: number }[],
  activeInvoicesAfter: number,
  items: queries.LockedOrderItem[],
) {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const delta of deltas) {
    const item = byId.get(delta.itemId);
    // Never below what has shipped: shipped goods come back by a sales return, not by the invoice.
    if (
      item &&
      thousandths(Number(item.quantity_invoiced) + delta.quantity) <
        thousandths(Number(item.quantity_shipped))
    ) {
      throw conflict(INVOICE_REFUSALS_HERE.shipped);
    }
  }
  return recordInvoiced(tx, { companyId, order, deltas, activeInvoicesAfter });
}

export interface InvoiceOrderOptions {
  companyId: number;
  orderId: number;
  userId: number | null;
  input: GenerateInvoiceInput;
}

/**
 * Invoices part or all of an order inside the caller's transaction; returns the invoice's id and
 * number. The order row is locked first, then its lines; a refusal (order state, quantities,
 * stock) throws before anything is kept.
 */
export async function invoiceOrder(
  tx: Tx,
  options: InvoiceOrderOptions,
): Promise<{ id: number; invoiceNumber: string }> {
  const { companyId, orderId, userId, input } = options;
  const order = await queries.lockOrder(tx, companyId, orderId);
  if (!order) throw new AppError('not_found', 'Order Not Found');
  const items = await queries.lockOrderItems(tx, companyId, orderId);
  const facts = await orderFacts(tx, companyId, order);
  const refusal = orderRefusal(facts, 'invoice');
  if (refusal) throw conflict(refusal);
  const chosen = chooseLines(items, input.items);

  const invoiceDate = input.invoice_date ?? todayInIndia();
  if (invoiceDate < order.order_date)
    throw validationError('invoice_date', INVOICE_REFUSALS_HERE.before_order);
  const dueDate = input.due_date ?? addDays(invoiceDate, order.payment_term_days ?? 0);
  if (dueDate < invoiceDate) throw validationError('due_date', INVOICE_FORM_MESSAGES.due_date_before_invoice);

  const branch = await branchWithSeries(tx, companyId, order.branch_id);
  const carriesCharges = !(await queries.chargesCarried(tx, companyId, orderId));
  const { lines, columns } = await priceLines(tx, companyId, chosen, {
    shippingChargesPaise: carriesCharges ? Number(order.shipping_charges_paise) : 0,
    otherChargesPaise: carriesCharges ? Number(order.other_charges_paise) : 0,
    intraState: order.is_intra_state,
    roundOff: branch.round_off_enabled,
  });

  const id = await queries.nextInvoiceId(tx);
  const document = { companyId, documentId: id, userId };
  await issueGoods(
    tx,
    order,
    document,
    lines.map((line) => ({
      productId: line.item.product_id,
      warehouseId: line.item.warehouse_id,
      quantity: line.quantity,
    })),
  );
  const settled = await settleOrder(
    tx,
    companyId,
    order,
    lines.map((line) => ({ itemId: line.item.id, quantity: line.quantity, amountPaise: line.amountPaise })),
    facts.activeInvoices + 1,
    items,
  );

  const [seller, buyer, terms] = await Promise.all([
    sellerSnapshot(tx, companyId, branch),
    queries.findBuyer(tx, companyId, order.buyer_id),
    queries.termsOf(tx, companyId),
  ]);
  if (!buyer) throw new AppError('not_found', 'Buyer Not Found');
  const buyerSnapshot: BuyerSnapshot = {
    name: buyer.name,
    gstin: buyer.gst_number,
    email: buyer.email,
    phone: buyer.phone,
  };

  const totalPaise = Number(columns.total_paise);
  // Near the end: the series counter stays locked until commit, so it is held as briefly as possible.
  const financialYear = financialYearOf(invoiceDate);
  const sequence = await nextInSeries(
    tx,
    companyId,
    invoiceCounterKey(branch.invoice_series, financialYear.code),
    branch.invoice_series,
  );
  const invoiceNumber = formatInvoiceNumber(branch.invoice_series, financialYear.code, sequence);
  await assertInSeriesDateOrder(
    tx,
    companyId,
    invoiceDate,
    sequence === 1 ? null : formatInvoiceNumber(branch.invoice_series, financialYear.code, sequence - 1),
  );
  if (branch.claimsSeries) {
    await recordInvoiceSeriesUse(tx, {
      companyId,
      series: branch.invoice_series,
      branchId: branch.id,
      firstInvoiceNumber: invoiceNumber,
    });
  }
  try {
    await queries.insertInvoice(tx, {
      id,
      company_id: companyId,
      order_id: orderId,
      branch_id: branch.id,
      buyer_id: order.buyer_id,
      invoice_number: invoiceNumber,
      financial_year: financialYear.label,
      invoice_date: invoiceDate,
      due_date: dueDate,
      status: 'generated',
      payment_status: paymentStatusOf({ totalPaise, paidPaise: 0, writtenOffPaise: 0, cancelled: false }),
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(buyerSnapshot),
      billing_address: JSON.stringify(order.billing_address),
      shipping_address: JSON.stringify(order.shipping_address),
      place_of_supply_state_id: order.place_of_supply_state_id,
      reference_number: input.reference ?? order.reference_number,
      notes: input.notes ?? null,
      terms_and_conditions: terms,
      shipping_charges_paise: carriesCharges ? Number(order.shipping_charges_paise) : 0,
      other_charges_paise: carriesCharges ? Number(order.other_charges_paise) : 0,
      created_by: userId,
      ...columns,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invoices_company_id_invoice_number_key')) {
      throw conflict(INVOICE_REFUSALS_HERE.number_taken(invoiceNumber));
    }
    throw error;
  }
  await queries.insertInvoiceItems(tx, itemRows(companyId, id, lines));
  if (totalPaise > 0) {
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: order.buyer_id,
      type: 'invoice',
      debitPaise: totalPaise,
      entryDate: invoiceDate,
      branchId: branch.id,
      referenceNumber: invoiceNumber,
      documentType: INVOICE_ENTITY,
      documentId: id,
      userId,
    });
  }
  const invoiced = lines.map((line) => ({ order_item: line.item.id, quantity: line.quantity }));
  await recordHistory(tx, {
    companyId,
    entityType: INVOICE_ENTITY,
    entityId: id,
    action: 'generated',
    userId,
    changes: {
      invoice_number: invoiceNumber,
      order: order.order_number,
      items: invoiced,
      total: toRupees(totalPaise),
    },
  });
  await recordHistory(tx, {
    companyId,
    entityType: ORDER_ENTITY,
    entityId: orderId,
    action: 'invoiced',
    userId,
    changes: { invoice: id, invoice_number: invoiceNumber, items: invoiced, status: settled.status },
  });
  return { id, invoiceNumber };
}

/** POST admin/orders/{id}/generate_invoice/ */
export async function generateInvoice(options: {
  ctx: InvoiceContext;
  actor: Principal;
  orderId: number;
  input: GenerateInvoiceInput;
}): Promise<InvoiceOutput> {
  const { ctx, actor } = options;
  const { companyId } = actor;
  const { id } = await inTransaction(ctx.db, async (tx) => {
    // The buyer first (db/lock-order.ts), then its credit before the order (see
    // lockBuyerCreditFirst), which is put on the new invoice.
    const buyerId = await lockBuyerOf(tx, companyId, 'sales_orders', options.orderId);
    const hasCredit = buyerId !== undefined && (await lockBuyerCreditFirst(tx, companyId, buyerId));
    const invoice = await invoiceOrder(tx, {
      companyId,
      orderId: options.orderId,
      userId: actor.userId,
      input: options.input,
    });
    if (hasCredit) await allocateBuyerCredit(tx, companyId, buyerId, invoice.id, actor.userId);
    return invoice;
  });
  return getInvoice(ctx, companyId, id);
}

/**
 * Invoices everything an order has left to invoice, inside the caller's transaction (an instant
 * order is invoiced in the transaction that places it). Returns the invoice's id and number.
 */
export async function invoiceWholeOrder(
  tx: Tx,
  options: { companyId: number; orderId: number; userId: number | null },
): Promise<{ id: number; invoiceNumber: string }> {
  // The order first, then its lines, as invoiceOrder takes them (it takes them again, harmlessly).
  await queries.lockOrder(tx, options.companyId, options.orderId);
  const items = await queries.lockOrderItems(tx, options.companyId, options.orderId);
  const input: GenerateInvoiceInput = {
    items: items
      .filter((item) => leftToInvoice(item) > 0)
      .map((item) => ({ order_item: item.id, quantity: leftToInvoice(item) })),
  };
  // Nothing left to invoice: invoiceOrder refuses with the domain's sentence.
  return invoiceOrder(tx, { ...options, input });
}

// ---------------------------------------------------------------------------------------------
// Changing an invoice

/** The order (locked first), then the invoice (locked); 404 for an invoice of another company. */
async function lockOrderAndInvoice(tx: Tx, companyId: number, invoiceId: number) {
  const orderId = await orderIdOfInvoice(tx, companyId, invoiceId);
  if (orderId === undefined) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  const order = await queries.lockOrder(tx, companyId, orderId);
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!order || !invoice) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  return { order, invoice };
}

async function lockInvoiceOnly(tx: Tx, companyId: number, invoiceId: number) {
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!invoice) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  return invoice;
}

function assertNotCancelled(invoice: DocumentInvoice) {
  if (invoice.status === 'cancelled') throw conflict(INVOICE_REFUSALS_HERE.cancelled);
}

/**
 * Runs a change of one invoice and answers the invoice as it is after the change. The changes
 * (edit, cancel, write-off, charges) move the buyer's money: the buyer's lock first, before the
 * order and the invoice (db/lock-order.ts).
 */
async function changeInvoice(
  ctx: InvoiceContext,
  actor: Principal,
  invoiceId: number,
  change: (tx: Tx) => Promise<void>,
): Promise<InvoiceOutput> {
  await inTransaction(ctx.db, async (tx) => {
    await lockBuyerOf(tx, actor.companyId, 'invoices', invoiceId);
    await change(tx);
  });
  return getInvoice(ctx, actor.companyId, invoiceId);
}

/** GET admin/invoices/{id}/initiate_edit_invoice/: the invoice's items and how far each may go. */
export async function initiateEditInvoice(db: Executor, companyId: number, invoiceId: number) {
  const invoice = await findInvoiceOrFail(db, companyId, invoiceId);
  const refusal = editRefusal(invoice);
  if (refusal) throw conflict(refusal);
  const [held, orderItems] = await Promise.all([
    queries.itemsOfInvoice(db, companyId, invoiceId),
    queries.orderItemsOf(db, companyId, invoice.order_id),
  ]);
  const byId = new Map(orderItems.map((item) => [item.id, item]));
  return {
    invoice: { id: invoice.id, invoice_number: invoice.invoice_number },
    order: { id: invoice.order_id, order_number: invoice.order_number, status: invoice.order_status },
    invoice_date: invoice.invoice_day,
    due_date: invoice.due_day,
    items: held.flatMap((line) => {
      const item = byId.get(line.order_item_id);
      if (!item) return [];
      return [
        {
          order_item: item.id,
          product: { id: item.product_id, name: item.product_name, sku: item.sku },
          warehouse: { id: item.warehouse_id, name: item.warehouse_name },
          quantity: Number(item.quantity),
          quantity_invoiced: Number(item.quantity_invoiced),
          invoice_quantity: Number(line.quantity),
          invoiceable_quantity: roundQuantity(leftToInvoice(item) + Number(line.quantity)),
          rate: toRupees(Number(item.rate_paise)),
          discount: Number(item.discount_percent),
          gst_rate: Number(item.gst_rate),
          unit: item.unit,
        },
      ];
    }),
  };
}

function editRefusal(invoice: {
  status: InvoiceOutput['status'];
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
  irn: string | null;
}): string | null {
  const domain = invoiceRefusal(invoice, 'edit');
  if (domain) return domain;
  if (Number(invoice.amount_paid_paise) + Number(invoice.credited_paise) > 0)
    return INVOICE_REFUSALS_HERE.edit_paid;
  if (Number(invoice.write_off_paise) > 0) return INVOICE_REFUSALS_HERE.edit_written_off;
  if (invoice.irn) return INVOICE_REFUSALS_HERE.edit_e_invoiced;
  return null;
}

/**
 * POST admin/invoices/{id}/edit_invoice: new quantities of the invoice's items (an item left out
 * leaves the invoice). The old lines are reversed and the new ones applied in one transaction:
 * the order's invoiced quantities and amounts, the stock (only the difference moves), the
 * buyer's outstanding (an adjustment by the difference); the number and date stay.
 */
export async function editInvoice(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  input: GenerateInvoiceInput;
}): Promise<InvoiceOutput> {
  const { ctx, actor, invoiceId, input } = options;
  const companyId = actor.companyId;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const { order, invoice } = await lockOrderAndInvoice(tx, companyId, invoiceId);
    const refusal = editRefusal(invoice);
    if (refusal) throw conflict(refusal);
    const downstream = invoiceRefusal(
      { ...invoice, ...(await queries.invoiceFacts(tx, companyId, invoiceId)) },
      'edit',
    );
    if (downstream) throw conflict(downstream);
    const items = await queries.lockOrderItems(tx, companyId, order.id);
    const oldLines = await queries.itemsOfInvoice(tx, companyId, invoiceId);
    const held = new Map<number, number>();
    const heldAmount = new Map<number, number>();
    for (const line of oldLines) {
      held.set(
        line.order_item_id,
        roundQuantity((held.get(line.order_item_id) ?? 0) + Number(line.quantity)),
      );
      heldAmount.set(
        line.order_item_id,
        (heldAmount.get(line.order_item_id) ?? 0) + Number(line.amount_paise),
      );
    }
    const chosen = chooseLines(items, input.items, { held, onlyHeld: true });
    const dueDate = input.due_date ?? invoice.due_date;
    if (input.invoice_date && input.invoice_date !== invoice.invoice_date) {
      throw validationError('invoice_date', 'The invoice date cannot change when the invoice is edited.');
    }
    if (dueDate && dueDate < invoice.invoice_date) {
      throw validationError('due_date', INVOICE_FORM_MESSAGES.due_date_before_invoice);
    }

    // Reverse: the order lines give back what this invoice took, as if it had never been made.
    const reversed = items.map((item) =>
      held.has(item.id)
        ? {
            ...item,
            quantity_invoiced: roundQuantity(Number(item.quantity_invoiced) - (held.get(item.id) ?? 0)),
            amount_invoiced_paise: Number(item.amount_invoiced_paise) - (heldAmount.get(item.id) ?? 0),
          }
        : item,
    );
    const reversedById = new Map(reversed.map((item) => [item.id, item]));
    const branch = await queries.findBranch(tx, companyId, invoice.branch_id);
    if (!branch) throw new AppError('not_found', 'Branch Not Found');
    const { lines, columns } = await priceLines(
      tx,
      companyId,
      chosen.map((line) => ({ ...line, item: reversedById.get(line.item.id) ?? line.item })),
      {
        shippingChargesPaise: Number(invoice.shipping_charges_paise),
        otherChargesPaise: Number(invoice.other_charges_paise),
        intraState: invoice.is_intra_state,
        roundOff: branch.round_off_enabled,
        exceptInvoiceId: invoiceId,
      },
    );

    // Stock moves by the difference per order line: more issued, or the surplus returned.
    const newQuantity = new Map(lines.map((line) => [line.item.id, line.quantity]));
    const stockItems = items.filter((item) => held.has(item.id) || newQuantity.has(item.id));
    const difference = stockItems.map((item) => ({
      item,
      quantity: roundQuantity((newQuantity.get(item.id) ?? 0) - (held.get(item.id) ?? 0)),
    }));
    const document = { companyId, documentId: invoiceId, userId: actor.userId };
    const stock = (rows: typeof difference) =>
      rows.map((row) => ({
        productId: row.item.product_id,
        warehouseId: row.item.warehouse_id,
        quantity: Math.abs(row.quantity),
      }));
    await returnGoods(tx, order, document, stock(difference.filter((row) => row.quantity < 0)));
    await issueGoods(tx, order, document, stock(difference.filter((row) => row.quantity > 0)));

    const newAmount = new Map(lines.map((line) => [line.item.id, line.amountPaise]));
    const settled = await settleOrder(
      tx,
      companyId,
      order,
      stockItems.map((item) => ({
        itemId: item.id,
        quantity: roundQuantity((newQuantity.get(item.id) ?? 0) - (held.get(item.id) ?? 0)),
        amountPaise: (newAmount.get(item.id) ?? 0) - (heldAmount.get(item.id) ?? 0),
      })),
      await countActiveInvoices(tx, companyId, order.id),
      items,
    );

    await queries.deleteInvoiceItems(tx, companyId, invoiceId);
    await queries.insertInvoiceItems(tx, itemRows(companyId, invoiceId, lines));
    const oldTotal = Number(invoice.total_paise);
    const newTotal = Number(columns.total_paise);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      ...columns,
      due_date: dueDate,
      ...(input.reference !== undefined ? { reference_number: input.reference } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      payment_status: paymentStatusOf({
        totalPaise: newTotal,
        paidPaise: 0,
        writtenOffPaise: 0,
        cancelled: false,
      }),
    });
    await refreshOrderPaymentStatus(tx, companyId, order.id);
    if (newTotal !== oldTotal) {
      await postBuyerLedgerEntry(tx, {
        companyId,
        buyerId: invoice.buyer_id,
        type: newTotal > oldTotal ? 'debit_adjustment' : 'credit_adjustment',
        ...(newTotal > oldTotal ? { debitPaise: newTotal - oldTotal } : { creditPaise: oldTotal - newTotal }),
        branchId: invoice.branch_id,
        referenceNumber: invoice.invoice_number,
        notes: 'Invoice edited',
        documentType: INVOICE_ENTITY,
        documentId: invoiceId,
        userId: actor.userId,
      });
    }
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'edited',
      userId: actor.userId,
      changes: {
        items: {
          from: oldLines.map((line) => ({ order_item: line.order_item_id, quantity: Number(line.quantity) })),
          to: lines.map((line) => ({ order_item: line.item.id, quantity: line.quantity })),
        },
        total: { from: toRupees(oldTotal), to: toRupees(newTotal) },
      },
    });
    await recordHistory(tx, {
      companyId,
      entityType: ORDER_ENTITY,
      entityId: order.id,
      action: 'invoice_edited',
      userId: actor.userId,
      changes: { invoice: invoiceId, invoice_number: invoice.invoice_number, status: settled.status },
    });
  });
}

/**
 * POST admin/invoices/{id}/cancel/: the goods come back (and are reserved again for an order that
 * is still open), the order gives back what the invoice took, and the buyer is credited what was
 * still due. The number stays, used: invoice numbers are never reissued.
 */
export async function cancelInvoice(options: {
  ctx: InvoiceContext;
  /** Cancels the IRN of an e-invoiced invoice; without one such an invoice cannot be cancelled. */
  irp?: IrpClient | undefined;
  actor: Principal;
  invoiceId: number;
  reason?: string;
}): Promise<InvoiceOutput> {
  const { ctx, actor, invoiceId } = options;
  const companyId = actor.companyId;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const { order, invoice } = await lockOrderAndInvoice(tx, companyId, invoiceId);
    const refusal = invoiceRefusal(invoice, 'cancel');
    if (refusal) throw conflict(refusal);
    if (Number(invoice.amount_paid_paise) + Number(invoice.credited_paise) > 0)
      throw conflict(INVOICE_REFUSALS_HERE.paid);
    // Goods in shipments come back by cancelling those shipments (or by a sales return); goods
    // returned or credited against it by cancelling those returns and credit notes first.
    const downstream = invoiceRefusal(
      { ...invoice, ...(await queries.invoiceFacts(tx, companyId, invoiceId)) },
      'cancel',
    );
    if (downstream) throw conflict(downstream);
    // Last of the checks and before any write: an IRP refusal leaves the invoice as it was.
    if (invoice.irn) {
      await cancelIrn(tx, options.irp, { companyId, invoiceId, irn: invoice.irn, reason: options.reason });
    }
    const items = await queries.lockOrderItems(tx, companyId, order.id);
    const lines = await queries.itemsOfInvoice(tx, companyId, invoiceId);
    await returnGoods(
      tx,
      order,
      { companyId, documentId: invoiceId, userId: actor.userId },
      lines.map((line) => ({
        productId: line.product_id,
        warehouseId: line.warehouse_id,
        quantity: Number(line.quantity),
      })),
    );
    const activeBefore = await countActiveInvoices(tx, companyId, order.id);
    const settled = await settleOrder(
      tx,
      companyId,
      order,
      lines.map((line) => ({
        itemId: line.order_item_id,
        quantity: -Number(line.quantity),
        amountPaise: -Number(line.amount_paise),
      })),
      activeBefore - 1,
      items,
    );
    const duePaise = amountDuePaise(invoice);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      status: 'cancelled',
      payment_status: 'cancelled',
      cancelled_at: new Date(),
      cancelled_by: actor.userId,
    });
    await refreshOrderPaymentStatus(tx, companyId, invoice.order_id);
    if (duePaise > 0) {
      await postBuyerLedgerEntry(tx, {
        companyId,
        buyerId: invoice.buyer_id,
        type: 'credit_adjustment',
        creditPaise: duePaise,
        branchId: invoice.branch_id,
        referenceNumber: invoice.invoice_number,
        notes: 'Invoice cancelled',
        documentType: INVOICE_ENTITY,
        documentId: invoiceId,
        userId: actor.userId,
      });
    }
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'cancelled',
      userId: actor.userId,
      changes: {
        status: { from: invoice.status, to: 'cancelled' },
        ...(options.reason ? { reason: options.reason } : {}),
      },
    });
    await recordHistory(tx, {
      companyId,
      entityType: ORDER_ENTITY,
      entityId: order.id,
      action: 'invoice_cancelled',
      userId: actor.userId,
      changes: { invoice: invoiceId, invoice_number: invoice.invoice_number, status: settled.status },
    });
  });
}

/**
 * Cancels the invoice's IRN at the IRP, inside the cancelling transaction with the invoice locked:
 * a refusal (the IRP allows it within 24 hours of the IRN) rolls the cancellation back. Should the
 * commit fail after the IRP said yes, a retry finds the IRN cancelled already, which counts as done.
 */
async function cancelIrn(
  tx: Tx,
  irp: IrpClient | undefined,
  target: { companyId: number; invoiceId: number; irn: string; reason: string | undefined },
) {
  if (!irp) throw conflict(INVOICE_REFUSALS_HERE.irn_without_irp);
  const gstin = (await queries.sellerGstinOf(tx, target.companyId, target.invoiceId)) ?? '';
  try {
    await irp.cancelIrn(gstin, target.irn, IRN_CANCEL_OTHERS, target.reason ?? 'Invoice cancelled');
  } catch (error) {
    if (error instanceof IrpError && error.errors.length) {
      throw conflict(INVOICE_REFUSALS_HERE.irn_not_cancelled(error.errors.map((e) => e.message).join('; ')));
    }
    throw new AppError(
      'service_unavailable',
      `The e-invoice portal could not be reached; please try again. (${(error as Error).message})`,
    );
  }
  await queries.updateInvoice(tx, target.companyId, target.invoiceId, { irn_cancelled_at: new Date() });
}

/** POST admin/invoices/{id}/ready_to_ship/ */
export function markReadyToShip(options: { ctx: InvoiceContext; actor: Principal; invoiceId: number }) {
  const { ctx, actor, invoiceId } = options;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    const refusal = invoiceRefusal(invoice, 'ready_to_ship');
    if (refusal) throw conflict(refusal);
    await queries.updateInvoice(tx, actor.companyId, invoiceId, { status: 'ready_to_ship' });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'ready_to_ship',
      userId: actor.userId,
      changes: { status: { from: invoice.status, to: 'ready_to_ship' } },
    });
  });
}

/** PATCH admin/invoices/{id}/: the details that price nothing. */
export function updateInvoice(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  input: z.infer<typeof invoiceUpdate>;
}) {
  const { ctx, actor, invoiceId, input } = options;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    assertNotCancelled(invoice);
    if (input.due_date && input.due_date < invoice.invoice_date) {
      throw validationError('due_date', INVOICE_FORM_MESSAGES.due_date_before_invoice);
    }
    const before = {
      due_date: invoice.due_date,
      reference: invoice.reference_number,
      notes: invoice.notes,
      terms_and_conditions: invoice.terms_and_conditions,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (input[key] !== undefined && input[key] !== before[key])
        changes[key] = { from: before[key], to: input[key] };
    }
    if (Object.keys(changes).length === 0) return;
    await queries.updateInvoice(tx, actor.companyId, invoiceId, {
      ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
      ...(input.reference !== undefined ? { reference_number: input.reference } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.terms_and_conditions !== undefined
        ? { terms_and_conditions: input.terms_and_conditions }
        : {}),
    });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'updated',
      userId: actor.userId,
      changes,
    });
  });
}

/** POST admin/invoices/{id}/comments */
export async function addComment(options: {
  db: Database;
  actor: Principal;
  invoiceId: number;
  comment: string;
}) {
  const { db, actor, invoiceId } = options;
  const id = await inTransaction(db, async (tx) => {
    await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    const id = await writeComment(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      comment: options.comment,
      userId: actor.userId,
    });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'comment_added',
      userId: actor.userId,
      changes: { comment: options.comment },
    });
    return id;
  });
  return commentById(db, actor.companyId, id);
}

// ---------------------------------------------------------------------------------------------
// Money on the invoice

/**
 * POST admin/invoices/{id}/write_off_balance: closes (part of) what is due against an expense
 * ledger; one open write-off per invoice, never more than is due. The buyer is credited.
 */
export function writeOffBalance(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  input: z.infer<typeof writeOffInput>;
}) {
  const { ctx, actor, invoiceId, input } = options;
  const companyId = actor.companyId;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, companyId, invoiceId);
    assertNotCancelled(invoice);
    if (await queries.openWriteOff(tx, companyId, invoiceId))
      throw conflict(INVOICE_REFUSALS_HERE.write_off_open);
    const duePaise = amountDuePaise(invoice);
    if (duePaise === 0) throw conflict(INVOICE_REFUSALS_HERE.nothing_due);
    const amountPaise = toPaise(input.write_off_amount);
    if (amountPaise > duePaise)
      throw validationError('write_off_amount', INVOICE_FORM_MESSAGES.write_off_too_large);
    await queries.insertWriteOff(tx, {
      companyId,
      invoiceId,
      amountPaise,
      ledger: input.expense_ledger_name,
      userId: actor.userId,
    });
    await queries.updateInvoice(tx, companyId, invoiceId, {
      write_off_paise: amountPaise,
      expense_ledger_name: input.expense_ledger_name,
      payment_status: invoicePaymentStatus({ ...settlementOf(invoice), writtenOffPaise: amountPaise }),
    });
    await refreshOrderPaymentStatus(tx, companyId, invoice.order_id);
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: invoice.buyer_id,
      type: 'credit_adjustment',
      creditPaise: amountPaise,
      branchId: invoice.branch_id,
      referenceNumber: invoice.invoice_number,
      notes: `Balance written off to ${input.expense_ledger_name}`,
      documentType: INVOICE_ENTITY,
      documentId: invoiceId,
      userId: actor.userId,
    });
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'balance_written_off',
      userId: actor.userId,
      changes: { write_off_amount: toRupees(amountPaise), expense_ledger_name: input.expense_ledger_name },
    });
  });
}

/** POST admin/invoices/{id}/cancel_write_off_balance: the balance is due again; the record stays. */
export function cancelWriteOff(options: { ctx: InvoiceContext; actor: Principal; invoiceId: number }) {
  const { ctx, actor, invoiceId } = options;
  const companyId = actor.companyId;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, companyId, invoiceId);
    assertNotCancelled(invoice);
    const writeOff = await queries.openWriteOff(tx, companyId, invoiceId);
    if (!writeOff) throw conflict(INVOICE_FORM_MESSAGES.no_write_off);
    const amountPaise = Number(writeOff.amount_paise);
    await queries.cancelWriteOff(tx, companyId, writeOff.id, actor.userId);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      write_off_paise: 0,
      expense_ledger_name: null,
      payment_status: invoicePaymentStatus({ ...settlementOf(invoice), writtenOffPaise: 0 }),
    });
    await refreshOrderPaymentStatus(tx, companyId, invoice.order_id);
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: invoice.buyer_id,
      type: 'debit_adjustment',
      debitPaise: amountPaise,
      branchId: invoice.branch_id,
      referenceNumber: invoice.invoice_number,
      notes: 'Write-off cancelled',
      documentType: INVOICE_ENTITY,
      documentId: invoiceId,
      userId: actor.userId,
    });
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'write_off_cancelled',
      userId: actor.userId,
      changes: { write_off_amount: toRupees(amountPaise), expense_ledger_name: writeOff.expense_ledger_name },
    });
  });
}

/** PATCH admin/invoices/{id}/bank_charges: what the bank kept of the payment (EMI or not). */
export function setBankCharges(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  input: { bank_charges: number; is_payment_mode_emi?: boolean };
}) {
  const { ctx, actor, invoiceId, input } = options;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    assertNotCancelled(invoice);
    const chargesPaise = toPaise(input.bank_charges);
    if (chargesPaise > Number(invoice.total_paise)) {
      throw validationError('bank_charges', INVOICE_FORM_MESSAGES.bank_charges_too_large);
    }
    const emi = input.is_payment_mode_emi ?? invoice.is_payment_mode_emi;
    await queries.updateInvoice(tx, actor.companyId, invoiceId, {
      bank_charges_paise: chargesPaise,
      is_payment_mode_emi: emi,
    });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'bank_charges_updated',
      userId: actor.userId,
      changes: {
        bank_charges: { from: toRupees(Number(invoice.bank_charges_paise)), to: toRupees(chargesPaise) },
        is_payment_mode_emi: { from: invoice.is_payment_mode_emi, to: emi },
      },
    });
  });
}

/** PATCH admin/invoices/{id}/shipping_charges_paid_by_company */
export function setShippingChargesPaidByCompany(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  paidByCompany: boolean;
}) {
  const { ctx, actor, invoiceId, paidByCompany } = options;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    assertNotCancelled(invoice);
    if (invoice.shipping_charges_paid_by_company === paidByCompany) return;
    await queries.updateInvoice(tx, actor.companyId, invoiceId, {
      shipping_charges_paid_by_company: paidByCompany,
    });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'shipping_charges_paid_by_company_updated',
      userId: actor.userId,
      changes: { shipping_charges_paid_by_company: { from: !paidByCompany, to: paidByCompany } },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The tax invoice as a document: PDF, mail, e-invoice

/** GET admin/invoices/{id}/pdf: the tax invoice as printed. */
export async function invoicePdf(db: Executor, companyId: number, invoiceId: number) {
  const { row, items } = await invoiceWithItems(db, companyId, invoiceId);
  return {
    filename: pdfFileName(row.invoice_number),
    pdf: await renderInvoicePdf(invoiceDocumentOf(row, items)),
  };
}

/**
 * PATCH admin/invoices/{id}/resend_notifications/: mails the tax invoice PDF to the buyer (its
 * e-mail now, else the one on the invoice). Sent at once rather than queued: the user is told
 * whether it went.
 */
export async function resendInvoice(options: {
  db: Database;
  mailer: Mailer;
  actor: Principal;
  invoiceId: number;
}) {
  const { db, mailer, actor, invoiceId } = options;
  const { row, items } = await invoiceWithItems(db, actor.companyId, invoiceId);
  if (row.status === 'cancelled') throw conflict(INVOICE_REFUSALS_HERE.cancelled);
  const buyer = row.buyer as unknown as BuyerSnapshot;
  const to = row.buyer_email ?? buyer.email;
  if (!to) throw conflict(INVOICE_FORM_MESSAGES.no_buyer_email);
  const document = invoiceDocumentOf(row, items);
  const pdf = await renderInvoicePdf(document);
  const seller = document.seller.name;
  try {
    await mailer.send({
      to,
      subject: `Tax invoice ${row.invoice_number} from ${seller}`,
      text:
        `Dear ${buyer.name},\n\nPlease find attached tax invoice ${row.invoice_number} dated ${row.invoice_day} ` +
        `for order ${row.order_number}: ${formatMoney(toRupees(Number(row.total_paise)))} ` +
        `(${document.amountInWords}).\n\nRegards,\n${seller}`,
      attachments: [
        { filename: pdfFileName(row.invoice_number), content: pdf, contentType: 'application/pdf' },
      ],
    });
  } catch {
    throw new AppError('service_unavailable', INVOICE_REFUSALS_HERE.mail_failed);
  }
  await recordHistory(db, {
    companyId: actor.companyId,
    entityType: INVOICE_ENTITY,
    entityId: invoiceId,
    action: 'notifications_sent',
    userId: actor.userId,
    changes: { to },
  });
  return { detail: INVOICE_FORM_MESSAGES.notifications_sent };
}

/** The IRP's acknowledgement time ('YYYY-MM-DD HH:mm:ss', Indian time) as a timestamp. */
function ackTimestamp(value: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value.trim());
  const time = match ? Date.parse(`${match[1]}T${match[2]}+05:30`) : Number.NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}

/**
 * POST admin/invoices/{id}/e_invoice/: registers the invoice with the IRP and keeps its IRN,
 * acknowledgement and signed QR code. The IRP is called outside any transaction (it can take
 * seconds); the result is stored under the invoice's lock, once.
 */
export async function generateEInvoice(options: {
  ctx: InvoiceContext;
  irp: IrpClient | undefined;
  actor: Principal;
  invoiceId: number;
}): Promise<InvoiceOutput> {
  const { ctx, irp, actor, invoiceId } = options;
  const companyId = actor.companyId;
  const { row, items } = await invoiceWithItems(ctx.db, companyId, invoiceId);
  if (!irp) throw conflict(INVOICE_FORM_MESSAGES.e_invoice_not_configured);
  if (row.irn) throw conflict(INVOICE_FORM_MESSAGES.e_invoice_exists);
  if (row.status === 'cancelled') throw conflict(INVOICE_REFUSALS_HERE.cancelled);
  const document = invoiceDocumentOf(row, items);
  const problems = validateEInvoice(document);
  if (problems.length) {
    const errors: FieldErrors = {};
    for (const problem of problems)
      errors[problem.field] = [...(errors[problem.field] ?? []), problem.message];
    throw new AppError('validation_error', problems[0].message, { errors });
  }
  let result: IrnResult;
  try {
    result = await irp.generateIrn(buildEInvoicePayload(document));
  } catch (error) {
    if (error instanceof IrpError && error.duplicate) {
      throw conflict(
        `The IRP already holds an e-invoice for ${row.invoice_number} (IRN ${error.duplicate.irn}).`,
      );
    }
    if (error instanceof IrpError && error.errors.length) throw new AppError('unprocessable', error.message);
    throw new AppError(
      'service_unavailable',
      `The e-invoice portal could not be reached; please try again. (${(error as Error).message})`,
    );
  }
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, companyId, invoiceId);
    if (invoice.irn) throw conflict(INVOICE_FORM_MESSAGES.e_invoice_exists);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      irn: result.irn,
      ack_number: result.ackNumber,
      ack_date: ackTimestamp(result.ackDate),
      signed_qr_code: result.signedQrCode,
      signed_invoice: result.signedInvoice,
    });
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      action: 'e_invoice_generated',
      userId: actor.userId,
      changes: { irn: result.irn, ack_number: result.ackNumber, ack_date: result.ackDate },
    });
  });
}
