import type {
  ApplyCreditNoteInput,
  CreateCreditNoteInput,
  CreditNoteFromReturnInput,
  CreditNoteOutput,
  CreditNoteSummaryOutput,
  InitiateCreditNoteOutput,
  OpenInvoicesOutput,
  RefundCreditNoteInput,
} from '@b2b/domain/api/credit-notes';
import {
  allowedCreditNoteActions,
  CREDIT_NOTE_MESSAGES,
  type CreditableLine,
  type CreditNoteBalance,
  type CreditNotePricing,
  creditableQuantity,
  creditNoteBalancePaise,
  creditNoteRefusal,
  creditNoteStatusOf,
  creditNoteTotalRefusal,
  discountBasisPoints,
  formatCreditNoteNumber,
  priceCreditNote,
  uncreditedQuantity,
} from '@b2b/domain/credit-notes';
import { financialYearOf, seriesDateRefusal } from '@b2b/domain/invoices';
import { formatQuantity, toPaise, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Database } from '../../db/database.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { backDatingAllowed } from '../companies/companies.service.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import { renderCreditNotePdf } from '../invoice-documents/credit-note-pdf.ts';
import { pdfFileName } from '../invoice-documents/tax-document-pdf.ts';
import { settleInvoice } from '../invoice-settlement/invoice-settlement.service.ts';
import { recordRefund } from '../payments/refunds.ts';
import {
  type DocumentInvoice,
  type DocumentInvoiceLine,
  findInvoice,
  invoiceLines,
  lockInvoice,
} from '../sales-documents/document-invoice.queries.ts';
import { decimal, person } from '../sales-documents/sales-document.ts';
import {
  findReturnToCredit,
  lockReturnForCredit,
  setReturnCredited,
} from '../sales-returns/return-credit.ts';
import { creditNoteDocumentOf, storedHsnSummary } from './credit-note-document-of.ts';
import * as queries from './credit-notes.queries.ts';

/**
 * Credit notes. Issuing one locks its invoice first (credit notes and returns of an invoice take
 * turns there, so no line is credited beyond its value), then its sales return, prices the lines
 * with the domain (tax reversed at the invoice's rates and place of supply), takes the number of
 * the company's FY series and credits the buyer's ledger (entry type credit_note): the buyer owes
 * that much less from the moment it is issued. Applying it settles invoices of the same buyer
 * through invoice settlement (the outstanding does not move again: the credit is already in it);
 * cancelling it, allowed only while nothing is applied or refunded, debits the ledger back.
 */

export const CREDIT_NOTE_ENTITY = 'credit_note';
const INVOICE_ENTITY = 'invoice';
const ORDER_ENTITY = 'sales_order';

const notFound = () => new AppError('not_found', CREDIT_NOTE_MESSAGES.not_found);
const invoiceNotFound = () => new AppError('not_found', 'Invoice Not Found');

const balanceOf = (row: {
  status: string;
  total_paise: number;
  amount_applied_paise: number;
  amount_refunded_paise: number;
}): CreditNoteBalance => ({
  totalPaise: Number(row.total_paise),
  appliedPaise: Number(row.amount_applied_paise),
  refundedPaise: Number(row.amount_refunded_paise),
  cancelled: row.status === 'cancelled',
});

const creditableOf = (line: DocumentInvoiceLine): CreditableLine => ({
  quantity: Number(line.quantity),
  amountPaise: Number(line.amount_paise),
  taxablePaise: Number(line.taxable_paise),
  cgstPaise: Number(line.cgst_paise),
  sgstPaise: Number(line.sgst_paise),
  igstPaise: Number(line.igst_paise),
  cessPaise: Number(line.cess_paise),
  gstRatePercent: Number(line.gst_rate),
  cessRatePercent: Number(line.cess_rate),
  hsn: line.hsn,
});

/** The invoice line's inclusive rate after its discounts: amount / quantity. */
const unitRate = (amountPaise: number, quantity: number) =>
  quantity > 0 ? toRupees(Math.round(amountPaise / quantity)) : 0;

// ---------------------------------------------------------------------------------------------
// Reading

function presentSummary(row: queries.CreditNoteListRow): CreditNoteSummaryOutput {
  const balance = balanceOf(row);
  return {
    id: row.id,
    credit_note_number: row.credit_note_number,
    credit_note_date: row.credit_note_date,
    status: row.status,
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number },
    order: { id: row.order_id, order_number: row.order_number },
    sales_return:
      row.sales_return_id !== null && row.return_number !== null
        ? { id: row.sales_return_id, return_number: row.return_number }
        : null,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    branch: { id: row.branch_id, name: row.branch_name },
    reference: row.reference,
    total: toRupees(balance.totalPaise),
    amount_applied: toRupees(balance.appliedPaise),
    amount_refunded: toRupees(balance.refundedPaise),
    balance: toRupees(creditNoteBalancePaise(balance)),
    is_cancelled: balance.cancelled,
    created_at: row.created_at,
  };
}

/** GET admin/credit_notes/{id} */
export async function getCreditNote(
  db: Executor,
  companyId: number,
  creditNoteId: number,
): Promise<CreditNoteOutput> {
  const row = await queries.findCreditNote(db, companyId, creditNoteId);
  if (!row) throw notFound();
  const [items, applications] = await Promise.all([
    queries.itemsOfCreditNote(db, companyId, creditNoteId),
    queries.applicationsOf(db, companyId, creditNoteId),
  ]);
  const summary = storedHsnSummary(row);
  const tax =
    Number(row.cgst_paise) + Number(row.sgst_paise) + Number(row.igst_paise) + Number(row.cess_paise);
  return {
    ...presentSummary(row),
    reason: row.reason,
    place_of_supply: {
      id: row.place_of_supply_state_id,
      name: row.place_of_supply_name,
      gst_code: row.place_of_supply_gst_code,
    },
    is_intra_state: row.is_intra_state,
    items: items.map((item) => ({
      id: item.id,
      invoice_item: item.invoice_item_id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      hsn: item.hsn,
      unit: item.unit,
      quantity: Number(item.quantity),
      additional_discount: Number(item.additional_discount),
      rate: unitRate(Number(item.line_amount_paise), Number(item.line_quantity)),
      gst_rate: Number(item.gst_rate),
      cess_rate: Number(item.cess_rate),
      amount: toRupees(Number(item.amount_paise)),
      taxable_value: toRupees(Number(item.taxable_paise)),
      cgst: toRupees(Number(item.cgst_paise)),
      sgst: toRupees(Number(item.sgst_paise)),
      igst: toRupees(Number(item.igst_paise)),
      cess: toRupees(Number(item.cess_paise)),
    })),
    totals: {
      lines_total: toRupees(Number(row.lines_paise)),
      taxable_value: toRupees(Number(row.taxable_paise)),
      cgst: toRupees(Number(row.cgst_paise)),
      sgst: toRupees(Number(row.sgst_paise)),
      igst: toRupees(Number(row.igst_paise)),
      cess: toRupees(Number(row.cess_paise)),
      total_tax: toRupees(tax),
      adjustments: toRupees(Number(row.adjustments_paise)),
      round_off: toRupees(Number(row.round_off_paise)),
      total: toRupees(Number(row.total_paise)),
      hsn_summary: summary.map((hsn) => ({
        hsn: hsn.hsn,
        gst_rate: hsn.gst_rate,
        cess_rate: hsn.cess_rate,
        taxable_value: toRupees(hsn.taxable_paise),
        cgst: toRupees(hsn.cgst_paise),
        sgst: toRupees(hsn.sgst_paise),
        igst: toRupees(hsn.igst_paise),
        cess: toRupees(hsn.cess_paise),
        total_tax: toRupees(hsn.tax_paise),
      })),
    },
    applications: applications.map((application) => ({
      id: application.id,
      invoice: { id: application.invoice_id, invoice_number: application.invoice_number },
      amount: toRupees(Number(application.amount_paise)),
      created_at: application.created_at,
      created_by: person(application.created_by, application.first_name, application.last_name),
      cancelled_at: application.cancelled_at,
    })),
    allowed_actions: allowedCreditNoteActions(balanceOf(row)),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    cancelled_at: row.cancelled_at,
    cancelled_by: person(row.cancelled_by, row.cancelled_by_first_name, row.cancelled_by_last_name),
    updated_at: row.updated_at,
  };
}

/** GET admin/companies/{companyId}/credit_notes (and an order's, an invoice's). */
export async function listCreditNotes(
  db: Executor,
  companyId: number,
  filter: queries.CreditNoteFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const { count, results } = await queries.listCreditNotes(db, companyId, filter, sort, window);
  return {
    count,
    results: inListOrder(results, window).map((row) => ({
      ...presentSummary(row),
      sort_value: row.sort_value,
    })),
  };
}

/** GET admin/credit_notes/{id}/pdf: the GST credit note as printed, named after its number. */
export async function creditNotePdf(db: Executor, companyId: number, creditNoteId: number) {
  const row = await queries.findCreditNote(db, companyId, creditNoteId);
  if (!row) throw notFound();
  const [items, invoice] = await Promise.all([
    queries.itemsOfCreditNote(db, companyId, creditNoteId),
    queries.invoiceOfCreditNote(db, companyId, row.invoice_id),
  ]);
  return {
    filename: pdfFileName(row.credit_note_number),
    pdf: await renderCreditNotePdf(creditNoteDocumentOf(row, items, invoice)),
  };
}

export async function creditNoteHistory(db: Executor, companyId: number, creditNoteId: number) {
  if (!(await queries.findCreditNote(db, companyId, creditNoteId))) throw notFound();
  return historyPage(db, companyId, CREDIT_NOTE_ENTITY, creditNoteId);
}

/** GET admin/invoices/{id}/initiate_credit_note: each line with what is left to credit. */
export async function initiateCreditNote(
  db: Executor,
  companyId: number,
  invoiceId: number,
): Promise<InitiateCreditNoteOutput> {
  const invoice = await findInvoice(db, companyId, invoiceId);
  if (!invoice) throw invoiceNotFound();
  if (invoice.status === 'cancelled') throw conflict(CREDIT_NOTE_MESSAGES.invoice_cancelled);
  const [lines, credited, openReturns, roundOff] = await Promise.all([
    invoiceLines(db, companyId, invoiceId),
    queries.creditedUnitsOfInvoice(db, companyId, invoiceId),
    queries.openReturnsOfInvoice(db, companyId, invoiceId),
    queries.branchRoundsOff(db, companyId, invoice.branch_id),
  ]);
  return {
    invoice: {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      status: invoice.status,
    },
    order: { id: invoice.order_id, order_number: invoice.order_number },
    buyer: { id: invoice.buyer_id, name: invoice.buyer_name },
    place_of_supply: {
      id: invoice.place_of_supply_state_id,
      name: invoice.place_of_supply_name,
      gst_code: invoice.place_of_supply_gst_code,
    },
    is_intra_state: invoice.is_intra_state,
    round_off: roundOff,
    credit_note_date: todayInIndia(),
    open_returns: openReturns.map((r) => ({
      id: r.id,
      return_number: r.return_number,
      adjustments: toRupees(r.adjustments_paise),
      items: r.items,
    })),
    items: lines.map((line) => {
      const units = credited.get(line.id) ?? 0;
      return {
        invoice_item: line.id,
        product: { id: line.product_id, name: line.product_name, sku: line.sku },
        hsn: line.hsn,
        unit: line.unit,
        quantity: Number(line.quantity),
        rate: unitRate(Number(line.amount_paise), Number(line.quantity)),
        gst_rate: Number(line.gst_rate),
        cess_rate: Number(line.cess_rate),
        amount: toRupees(Number(line.amount_paise)),
        taxable_value: toRupees(Number(line.taxable_paise)),
        cgst: toRupees(Number(line.cgst_paise)),
        sgst: toRupees(Number(line.sgst_paise)),
        igst: toRupees(Number(line.igst_paise)),
        cess: toRupees(Number(line.cess_paise)),
        credited_units: units,
        creditable_quantity: uncreditedQuantity(Number(line.quantity), units),
      };
    }),
  };
}

/** GET admin/credit_notes/{id}/open_invoices: the buyer's invoices it can be applied to. */
export async function openInvoices(
  db: Executor,
  companyId: number,
  creditNoteId: number,
  /** The caller's branches: their invoices only (null: every branch). */
  branches?: BranchScope,
): Promise<OpenInvoicesOutput> {
  const row = await queries.findCreditNote(db, companyId, creditNoteId);
  if (!row) throw notFound();
  const invoices = await queries.openInvoicesOfBuyer(db, companyId, row.buyer_id, branches);
  return {
    balance: toRupees(creditNoteBalancePaise(balanceOf(row))),
    results: invoices.map((invoice) => ({
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      due_date: invoice.due_date,
      invoice_total: toRupees(Number(invoice.total_paise)),
      amount_due: toRupees(Number(invoice.due_paise)),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Issuing

export interface IssueCreditNoteOptions {
  companyId: number;
  userId: number | null;
  invoiceId: number;
  /** The caller holds the invoice's row lock already (a return issuing its credit note at once). */
  invoiceLocked?: boolean;
  salesReturnId?: number;
  creditNoteDate?: string;
  reference?: string;
  reason?: string;
  /** Signed paise; the sales return's when issued from one and not given. */
  adjustmentsPaise?: number;
  items: { invoice_item: number; quantity: number; additional_discount?: number }[];
}

/**
 * Issues a credit note inside the caller's transaction: checks, prices, numbers, stores it and
 * credits the buyer. Returns its id and number. Refusals throw before anything is kept.
 */
export async function issueCreditNote(
  tx: Tx,
  options: IssueCreditNoteOptions,
): Promise<{ id: number; number: string }> {
  const { companyId, invoiceId } = options;
  // The buyer first, then the invoice (db/lock-order.ts).
  await lockBuyerOf(tx, companyId, 'invoices', invoiceId);
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!invoice) throw invoiceNotFound();
  if (invoice.status === 'cancelled') throw conflict(CREDIT_NOTE_MESSAGES.invoice_cancelled);
  const noteDate = options.creditNoteDate ?? todayInIndia();
  if (noteDate < invoice.invoice_date) {
    throw validationError('credit_note_date', 'The credit note date cannot be before the invoice date.');
  }

  let adjustmentsPaise = options.adjustmentsPaise;
  let returned: Map<number, number> | undefined;
  let returnNumber: string | undefined;
  if (options.salesReturnId !== undefined) {
    const salesReturn = await lockReturnForCredit(tx, companyId, options.salesReturnId);
    if (salesReturn.invoice_id !== invoiceId)
      throw validationError('sales_return', CREDIT_NOTE_MESSAGES.return_of_other_invoice);
    if (salesReturn.status === 'cancelled') throw conflict(CREDIT_NOTE_MESSAGES.return_cancelled);
    if (salesReturn.status === 'credited') throw conflict(CREDIT_NOTE_MESSAGES.return_credited);
    adjustmentsPaise ??= Number(salesReturn.adjustments_paise);
    returned = new Map(salesReturn.items.map((item) => [item.invoice_item_id, Number(item.quantity)]));
    returnNumber = salesReturn.return_number;
  }

  const [lines, credited, roundOff] = await Promise.all([
    invoiceLines(tx, companyId, invoiceId),
    queries.creditedUnitsOfInvoice(tx, companyId, invoiceId),
    queries.branchRoundsOff(tx, companyId, invoice.branch_id),
  ]);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen: { line: DocumentInvoiceLine; quantity: number; discountPercent: number }[] = [];
  options.items.forEach((item, index) => {
    const line = byId.get(item.invoice_item);
    if (!line) {
      errors[`items.${index}.invoice_item`] = [CREDIT_NOTE_MESSAGES.item_not_in_invoice];
      return;
    }
    if (seen.has(line.id)) {
      errors[`items.${index}.invoice_item`] = [CREDIT_NOTE_MESSAGES.item_repeated];
      return;
    }
    seen.add(line.id);
    if (returned && !returned.has(line.id)) {
      errors[`items.${index}.invoice_item`] = [CREDIT_NOTE_MESSAGES.item_not_in_return];
      return;
    }
    const quantity = roundQuantity(item.quantity);
    const discountPercent = item.additional_discount ?? 100;
    const back = returned?.get(line.id);
    if (back !== undefined && Math.round(quantity * 1000) > Math.round(back * 1000)) {
      errors[`items.${index}.quantity`] = [CREDIT_NOTE_MESSAGES.more_than_returned(back)];
      return;
    }
    const units = Math.round(quantity * 1000) * discountBasisPoints(discountPercent);
    const lineUnits = Math.round(Number(line.quantity) * 1000) * 10_000;
    const already = credited.get(line.id) ?? 0;
    if (already + units > lineUnits) {
      const left = creditableQuantity(Number(line.quantity), already, discountPercent);
      errors[`items.${index}.quantity`] = [
        left > 0
          ? `Only ${formatQuantity(left)} of this item can still be credited at ${discountPercent}%.`
          : 'This item has already been credited in full.',
      ];
      return;
    }
    chosen.push({ line, quantity, discountPercent });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation_error', first, { errors });
  chosen.sort((a, b) => a.line.position - b.line.position);

  const pricing = priceCreditNote({
    lines: chosen.map(({ line, quantity, discountPercent }) => ({
      line: { ...creditableOf(line), source: line },
      creditedUnits: credited.get(line.id) ?? 0,
      quantity,
      discountPercent,
    })),
    adjustmentPaise: adjustmentsPaise ?? 0,
    roundOff,
  });
  return storeCreditNote(tx, options, { invoice, noteDate, pricing, returnNumber });
}

/**
 * Keeps the series in date order (issue 16): a credit note may not be dated before the one that
 * took the number before its own, unless the company allows back-dating. Run after the number is
 * taken, under the series counter's lock, so that credit note is committed and cannot change.
 */
async function assertInSeriesDateOrder(tx: Tx, companyId: number, noteDate: string, previousNumber: string) {
  const previous = await queries.findCreditNoteDateByNumber(tx, companyId, previousNumber);
  const refusal = seriesDateRefusal({
    date: noteDate,
    last: previous ? { number: previous.credit_note_number, date: previous.note_day } : null,
    backDatingAllowed: false,
    documentName: 'credit note',
  });
  if (refusal && !(await backDatingAllowed(tx, companyId)))
    throw validationError('credit_note_date', refusal);
}

/** Numbers, stores and posts a priced credit note (the tail of issueCreditNote). */
async function storeCreditNote(
  tx: Tx,
  options: IssueCreditNoteOptions,
  context: {
    invoice: DocumentInvoice;
    noteDate: string;
    pricing: CreditNotePricing<CreditableLine & { source: DocumentInvoiceLine }>;
    returnNumber: string | undefined;
  },
) {
  const { companyId, userId } = options;
  const { invoice, noteDate, pricing } = context;
  const { totals } = pricing;
  const refusal = creditNoteTotalRefusal(totals);
  if (refusal) throw validationError('adjustments', refusal);

  // Near the end: the series counter stays locked until commit.
  const financialYear = financialYearOf(noteDate);
  const sequence = await nextInSeries(tx, companyId, `credit_note:${financialYear.code}`, 'CN');
  const number = formatCreditNoteNumber(financialYear.code, sequence);
  if (sequence > 1)
    await assertInSeriesDateOrder(
      tx,
      companyId,
      noteDate,
      formatCreditNoteNumber(financialYear.code, sequence - 1),
    );
  const id = await queries.insertCreditNote(tx, {
    company_id: companyId,
    credit_note_number: number,
    financial_year: financialYear.label,
    invoice_id: invoice.id,
    order_id: invoice.order_id,
    sales_return_id: options.salesReturnId ?? null,
    buyer_id: invoice.buyer_id,
    branch_id: invoice.branch_id,
    credit_note_date: noteDate,
    place_of_supply_state_id: invoice.place_of_supply_state_id,
    is_intra_state: invoice.is_intra_state,
    reference: options.reference ?? null,
    reason: options.reason ?? null,
    lines_paise: totals.linesPaise,
    taxable_paise: totals.taxablePaise,
    cgst_paise: totals.cgstPaise,
    sgst_paise: totals.sgstPaise,
    igst_paise: totals.igstPaise,
    cess_paise: totals.cessPaise,
    adjustments_paise: totals.adjustmentPaise,
    round_off_paise: totals.roundOffPaise,
    total_paise: totals.totalPaise,
    tax_summary: JSON.stringify({
      hsn_summary: pricing.hsnSummary.map((row) => ({
        hsn: row.hsn,
        gst_rate: row.gstRatePercent,
        cess_rate: row.cessRatePercent,
        taxable_paise: row.taxablePaise,
        cgst_paise: row.cgstPaise,
        sgst_paise: row.sgstPaise,
        igst_paise: row.igstPaise,
        cess_paise: row.cessPaise,
        tax_paise: row.taxPaise,
      })),
    }),
    status: 'open',
    created_by: userId,
  });
  await queries.insertCreditNoteItems(
    tx,
    pricing.lines.map((priced, index) => {
      const line = priced.line.source;
      return {
        company_id: companyId,
        credit_note_id: id,
        invoice_item_id: line.id,
        position: index + 1,
        product_id: line.product_id,
        product_name: line.product_name,
        sku: line.sku,
        unit: line.unit,
        hsn: line.hsn,
        quantity: decimal(priced.quantity),
        additional_discount: priced.discountPercent,
        credit_units: priced.units,
        gst_rate: Number(line.gst_rate),
        cess_rate: Number(line.cess_rate),
        amount_paise: priced.amountPaise,
        taxable_paise: priced.taxablePaise,
        cgst_paise: priced.cgstPaise,
        sgst_paise: priced.sgstPaise,
        igst_paise: priced.igstPaise,
        cess_paise: priced.cessPaise,
      };
    }),
  );
  await postBuyerLedgerEntry(tx, {
    companyId,
    buyerId: invoice.buyer_id,
    type: 'credit_note',
    creditPaise: totals.totalPaise,
    entryDate: noteDate,
    branchId: invoice.branch_id,
    referenceNumber: number,
    notes: `Credit note against invoice ${invoice.invoice_number}`,
    documentType: CREDIT_NOTE_ENTITY,
    documentId: id,
    userId,
  });
  if (options.salesReturnId !== undefined) {
    await setReturnCredited(tx, {
      companyId,
      returnId: options.salesReturnId,
      credited: true,
      creditNoteNumber: number,
      userId,
    });
  }
  const credited = pricing.lines.map((priced) => ({
    invoice_item: priced.line.source.id,
    product: priced.line.source.product_name,
    quantity: priced.quantity,
    additional_discount: priced.discountPercent,
    amount: toRupees(priced.amountPaise),
  }));
  await recordHistory(tx, {
    companyId,
    entityType: CREDIT_NOTE_ENTITY,
    entityId: id,
    action: 'created',
    userId,
    changes: {
      credit_note_number: number,
      invoice_number: invoice.invoice_number,
      ...(context.returnNumber ? { return_number: context.returnNumber } : {}),
      items: credited,
      total: toRupees(totals.totalPaise),
    },
  });
  const reference = { credit_note: id, credit_note_number: number, total: toRupees(totals.totalPaise) };
  await recordHistory(tx, {
    companyId,
    entityType: INVOICE_ENTITY,
    entityId: invoice.id,
    action: 'credit_note_issued',
    userId,
    changes: reference,
  });
  await recordHistory(tx, {
    companyId,
    entityType: ORDER_ENTITY,
    entityId: invoice.order_id,
    action: 'credit_note_issued',
    userId,
    changes: { ...reference, invoice_number: invoice.invoice_number },
  });
  return { id, number };
}

/** POST admin/invoices/{id}/credit_notes */
export async function createCreditNote(options: {
  db: Database;
  actor: Principal;
  invoiceId: number;
  input: CreateCreditNoteInput;
}): Promise<CreditNoteOutput> {
  const { db, actor, invoiceId, input } = options;
  const { id } = await inTransaction(db, (tx) =>
    issueCreditNote(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      invoiceId,
      salesReturnId: input.sales_return,
      creditNoteDate: input.credit_note_date,
      reference: input.reference,
      reason: input.reason,
      adjustmentsPaise: input.adjustments === undefined ? undefined : toPaise(input.adjustments),
      items: input.items,
    }),
  );
  return getCreditNote(db, actor.companyId, id);
}

/** POST admin/sales_returns/{id}/credit_note: the return's lines at 100% unless items are given. */
export async function creditNoteFromReturn(options: {
  db: Database;
  actor: Principal;
  returnId: number;
  input: CreditNoteFromReturnInput;
}): Promise<CreditNoteOutput> {
  const { db, actor, returnId, input } = options;
  const companyId = actor.companyId;
  const { id } = await inTransaction(db, async (tx) => {
    // The return's invoice, read unlocked to take the invoice's lock first (issueCreditNote).
    const salesReturn = await findReturnToCredit(tx, companyId, returnId);
    if (!salesReturn) throw new AppError('not_found', 'Sales Return Not Found');
    const items =
      input.items ??
      salesReturn.items.map((item) => ({
        invoice_item: item.invoice_item_id,
        quantity: Number(item.quantity),
        additional_discount: 100,
      }));
    return issueCreditNote(tx, {
      companyId,
      userId: actor.userId,
      invoiceId: salesReturn.invoice_id,
      salesReturnId: returnId,
      creditNoteDate: input.credit_note_date,
      reference: input.reference,
      reason: input.reason,
      adjustmentsPaise: input.adjustments === undefined ? undefined : toPaise(input.adjustments),
      items,
    });
  });
  return getCreditNote(db, companyId, id);
}

// ---------------------------------------------------------------------------------------------
// Applying, cancelling

/** The note's buyer first (db/lock-order.ts: every use of a note moves the buyer's money), then the note. */
async function lockNote(tx: Tx, companyId: number, creditNoteId: number) {
  await lockBuyerOf(tx, companyId, 'credit_notes', creditNoteId);
  const note = await queries.lockCreditNote(tx, companyId, creditNoteId);
  if (!note) throw notFound();
  return note;
}

async function setSettled(
  tx: Tx,
  companyId: number,
  note: queries.LockedCreditNote,
  change: { appliedPaise?: number; refundedPaise?: number },
) {
  const after = {
    ...balanceOf(note),
    appliedPaise: Number(note.amount_applied_paise) + (change.appliedPaise ?? 0),
    refundedPaise: Number(note.amount_refunded_paise) + (change.refundedPaise ?? 0),
  };
  const status = creditNoteStatusOf(after);
  await queries.updateCreditNote(tx, companyId, note.id, {
    amount_applied_paise: after.appliedPaise,
    amount_refunded_paise: after.refundedPaise,
    status,
  });
  return status;
}

/**
 * POST admin/credit_notes/{id}/apply: settles invoices of the note's buyer, each through invoice
 * settlement (which locks the invoice and refuses more than is due or a cancelled invoice), in
 * invoice id order; never more in all than the note's balance.
 */
export async function applyCreditNote(options: {
  db: Database;
  actor: Principal;
  creditNoteId: number;
  input: ApplyCreditNoteInput;
}): Promise<CreditNoteOutput> {
  const { db, actor, creditNoteId, input } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const note = await lockNote(tx, companyId, creditNoteId);
    const refusal = creditNoteRefusal(balanceOf(note), 'apply');
    if (refusal) throw conflict(refusal);
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    const applications: { invoiceId: number; amountPaise: number; index: number }[] = [];
    for (const [index, application] of input.applications.entries()) {
      if (seen.has(application.invoice)) {
        errors[`applications.${index}.invoice`] = [CREDIT_NOTE_MESSAGES.invoice_repeated];
        continue;
      }
      seen.add(application.invoice);
      const invoice = await queries.findInvoiceBuyer(tx, companyId, application.invoice);
      if (!invoice) {
        errors[`applications.${index}.invoice`] = ['Invoice Not Found'];
        continue;
      }
      if (invoice.buyer_id !== note.buyer_id) {
        errors[`applications.${index}.invoice`] = [CREDIT_NOTE_MESSAGES.other_buyer];
        continue;
      }
      applications.push({ invoiceId: invoice.id, amountPaise: toPaise(application.amount), index });
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new AppError('validation_error', first, { errors });
    const balance = creditNoteBalancePaise(balanceOf(note));
    const total = applications.reduce((sum, a) => sum + a.amountPaise, 0);
    if (total > balance) {
      throw validationError('applications', CREDIT_NOTE_MESSAGES.more_than_balance(balance));
    }
    applications.sort((a, b) => a.invoiceId - b.invoiceId);
    const applied: { invoice: number; invoice_number: string; amount: number }[] = [];
    for (const application of applications) {
      const settled = await settleInvoice(tx, {
        companyId,
        invoiceId: application.invoiceId,
        creditedPaise: application.amountPaise,
      });
      await queries.insertApplication(tx, {
        company_id: companyId,
        credit_note_id: note.id,
        invoice_id: application.invoiceId,
        amount_paise: application.amountPaise,
        created_by: actor.userId,
      });
      applied.push({
        invoice: settled.id,
        invoice_number: settled.invoiceNumber,
        amount: toRupees(application.amountPaise),
      });
      await recordHistory(tx, {
        companyId,
        entityType: INVOICE_ENTITY,
        entityId: settled.id,
        action: 'credit_note_applied',
        userId: actor.userId,
        changes: {
          credit_note: note.id,
          credit_note_number: note.credit_note_number,
          amount: toRupees(application.amountPaise),
        },
      });
    }
    const status = await setSettled(tx, companyId, note, { appliedPaise: total });
    await recordHistory(tx, {
      companyId,
      entityType: CREDIT_NOTE_ENTITY,
      entityId: note.id,
      action: 'applied',
      userId: actor.userId,
      changes: { applications: applied, status: { from: note.status, to: status } },
    });
  });
  return getCreditNote(db, companyId, creditNoteId);
}

/** POST admin/credit_notes/{id}/applications/{applicationId}/cancel: the invoice is due that much again. */
export async function cancelApplication(options: {
  db: Database;
  actor: Principal;
  creditNoteId: number;
  applicationId: number;
}): Promise<CreditNoteOutput> {
  const { db, actor, creditNoteId, applicationId } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const note = await lockNote(tx, companyId, creditNoteId);
    const application = await queries.lockApplication(tx, companyId, creditNoteId, applicationId);
    if (!application || application.cancelled_at !== null) {
      throw new AppError('not_found', CREDIT_NOTE_MESSAGES.application_not_found);
    }
    const amountPaise = Number(application.amount_paise);
    const settled = await settleInvoice(tx, {
      companyId,
      invoiceId: application.invoice_id,
      creditedPaise: -amountPaise,
    });
    await queries.cancelApplication(tx, companyId, applicationId, actor.userId);
    const status = await setSettled(tx, companyId, note, { appliedPaise: -amountPaise });
    const changes = {
      credit_note_number: note.credit_note_number,
      invoice_number: settled.invoiceNumber,
      amount: toRupees(amountPaise),
    };
    await recordHistory(tx, {
      companyId,
      entityType: CREDIT_NOTE_ENTITY,
      entityId: note.id,
      action: 'application_cancelled',
      userId: actor.userId,
      changes: { ...changes, status: { from: note.status, to: status } },
    });
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: settled.id,
      action: 'credit_note_application_cancelled',
      userId: actor.userId,
      changes,
    });
  });
  return getCreditNote(db, companyId, creditNoteId);
}

/**
 * POST admin/credit_notes/{id}/cancel: only while nothing is applied or refunded (409 otherwise).
 * The buyer's ledger is debited back, and its sales return can be credited again.
 */
export async function cancelCreditNote(options: {
  db: Database;
  actor: Principal;
  creditNoteId: number;
  reason?: string;
}): Promise<CreditNoteOutput> {
  const { db, actor, creditNoteId } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const note = await lockNote(tx, companyId, creditNoteId);
    const refusal = creditNoteRefusal(balanceOf(note), 'cancel');
    if (refusal) throw conflict(refusal);
    await queries.updateCreditNote(tx, companyId, note.id, {
      status: 'cancelled',
      cancelled_at: new Date(),
      cancelled_by: actor.userId,
    });
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: note.buyer_id,
      type: 'credit_note',
      debitPaise: Number(note.total_paise),
      branchId: note.branch_id,
      referenceNumber: note.credit_note_number,
      notes: 'Credit note cancelled',
      documentType: CREDIT_NOTE_ENTITY,
      documentId: note.id,
      userId: actor.userId,
    });
    if (note.sales_return_id !== null) {
      await setReturnCredited(tx, {
        companyId,
        returnId: note.sales_return_id,
        credited: false,
        creditNoteNumber: note.credit_note_number,
        userId: actor.userId,
      });
    }
    await recordHistory(tx, {
      companyId,
      entityType: CREDIT_NOTE_ENTITY,
      entityId: note.id,
      action: 'cancelled',
      userId: actor.userId,
      changes: {
        status: { from: note.status, to: 'cancelled' },
        ...(options.reason ? { reason: options.reason } : {}),
      },
    });
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_ENTITY,
      entityId: note.invoice_id,
      action: 'credit_note_cancelled',
      userId: actor.userId,
      changes: { credit_note: note.id, credit_note_number: note.credit_note_number },
    });
  });
  return getCreditNote(db, companyId, creditNoteId);
}

/**
 * POST admin/credit_notes/{id}/refund: pays part or all of the note's balance back to the buyer
 * (a refund record of the payments area, which debits the buyer's ledger: the buyer is owed
 * that much less). Never more than the balance; the note's status follows.
 */
export async function refundCreditNote(options: {
  db: Database;
  actor: Principal;
  creditNoteId: number;
  input: RefundCreditNoteInput;
}): Promise<CreditNoteOutput> {
  const { db, actor, creditNoteId, input } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const amountPaise = toPaise(input.amount);
    const note = await refundFromCreditNote(tx, {
      companyId,
      creditNoteId,
      amountPaise,
      userId: actor.userId,
    });
    const refund = await recordRefund(tx, {
      companyId,
      userId: actor.userId,
      amountPaise,
      creditNoteId,
      buyerId: note.buyerId,
      branchId: note.branchId,
      date: input.refund_date,
      paymentMethodId: input.payment_method ?? null,
      referenceNumber: input.reference_number ?? null,
      notes: input.notes ?? `Refund of credit note ${note.number}`,
    });
    await recordHistory(tx, {
      companyId,
      entityType: CREDIT_NOTE_ENTITY,
      entityId: creditNoteId,
      action: 'refunded',
      userId: actor.userId,
      changes: {
        refund: refund.id,
        refund_number: refund.refundNumber,
        amount: toRupees(amountPaise),
        status: note.status,
      },
    });
  });
  return getCreditNote(db, companyId, creditNoteId);
}

/**
 * For refunds (modules/payments): locks the credit note and takes `amountPaise` off its balance
 * as refunded (negative: a refund reversed). 409 when the note is cancelled or the amount is more
 * than its balance. Returns the note's buyer and branch for the refund record; the caller writes
 * the history with the refund's number.
 */
export async function refundFromCreditNote(
  tx: Tx,
  options: { companyId: number; creditNoteId: number; amountPaise: number; userId: number | null },
) {
  const note = await lockNote(tx, options.companyId, options.creditNoteId);
  if (options.amountPaise > 0) {
    const refusal = creditNoteRefusal(balanceOf(note), 'refund');
    if (refusal) throw conflict(refusal);
    const balance = creditNoteBalancePaise(balanceOf(note));
    if (options.amountPaise > balance) throw conflict(CREDIT_NOTE_MESSAGES.more_than_balance(balance));
  } else if (-options.amountPaise > Number(note.amount_refunded_paise)) {
    throw new RangeError('A refund reversal is more than was refunded.');
  }
  const status = await setSettled(tx, options.companyId, note, { refundedPaise: options.amountPaise });
  return {
    id: note.id,
    buyerId: note.buyer_id,
    branchId: note.branch_id,
    number: note.credit_note_number,
    status: { from: note.status, to: status },
  };
}
