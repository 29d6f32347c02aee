import type {
  CreditNoteOutput,
  InitiateCreditNoteOutput,
  OpenInvoicesOutput,
} from '@b2b/domain/api/credit-notes';
import {
  allowedCreditNoteActions,
  CREDIT_NOTE_MESSAGES,
  creditNoteBalancePaise,
  invoicedRatePaise,
  uncreditedQuantity,
} from '@b2b/domain/credit-notes';
import { toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { conflict } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import type { Executor } from '../../db/transaction.ts';
import { printLayoutFor } from '../companies/print-settings.ts';
import { historyPage } from '../history/history.service.ts';
import { renderCreditNotePdf } from '../invoice-documents/credit-note-pdf.ts';
import { pdfFileName } from '../invoice-documents/tax-document-pdf.ts';
import { findInvoice, invoiceLines } from '../sales-documents/document-invoice.queries.ts';
import { person, presentTaxSplit } from '../sales-documents/sales-document.ts';
import {
  balanceOf,
  CREDIT_NOTE_ENTITY,
  creditableOf,
  creditRateOf,
  invoiceNotFound,
  notFound,
  unitRate,
} from './credit-note-context.ts';
import { creditNoteDocumentOf, storedHsnSummary } from './credit-note-document-of.ts';
import { presentSummary } from './credit-notes.present.ts';
import * as queries from './credit-notes.queries.ts';

/** Reading credit notes: one, a page of the list, the PDF, the history, the form's first read and the buyer's open invoices. */

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
      credit_rate: creditRateOf(item),
      gst_rate: Number(item.gst_rate),
      cess_rate: Number(item.cess_rate),
      amount: toRupees(Number(item.amount_paise)),
      ...presentTaxSplit(item),
    })),
    totals: {
      lines_total: toRupees(Number(row.lines_paise)),
      ...presentTaxSplit(row),
      total_tax: toRupees(tax),
      adjustments: toRupees(Number(row.adjustments_paise)),
      round_off: toRupees(Number(row.round_off_paise)),
      total: toRupees(Number(row.total_paise)),
      hsn_summary: summary.map((hsn) => ({
        hsn: hsn.hsn,
        gst_rate: hsn.gst_rate,
        cess_rate: hsn.cess_rate,
        ...presentTaxSplit(hsn),
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
export async function creditNotePdf(
  db: Executor,
  companyId: number,
  creditNoteId: number,
  storage?: FileStorage,
) {
  const row = await queries.findCreditNote(db, companyId, creditNoteId);
  if (!row) throw notFound();
  const [items, invoice] = await Promise.all([
    queries.itemsOfCreditNote(db, companyId, creditNoteId),
    queries.invoiceOfCreditNote(db, companyId, row.invoice_id),
  ]);
  return {
    filename: pdfFileName(row.credit_note_number),
    pdf: await renderCreditNotePdf(
      creditNoteDocumentOf(row, items, invoice),
      await printLayoutFor({ db, storage, companyId, branchId: row.branch_id }),
    ),
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
    queries.creditedOfInvoice(db, companyId, invoiceId),
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
      const taken = credited.get(line.id);
      const units = taken?.units ?? 0;
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
        ...presentTaxSplit(line),
        taxable_rate: toRupees(invoicedRatePaise(creditableOf(line))),
        credited: presentTaxSplit({
          taxable_paise: taken?.figures.taxablePaise ?? 0,
          cgst_paise: taken?.figures.cgstPaise ?? 0,
          sgst_paise: taken?.figures.sgstPaise ?? 0,
          igst_paise: taken?.figures.igstPaise ?? 0,
          cess_paise: taken?.figures.cessPaise ?? 0,
        }),
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
