import type {
  CreateCreditNoteInput,
  CreditNoteFromReturnInput,
  CreditNoteOutput,
} from '@b2b/domain/api/credit-notes';
import {
  CREDIT_NOTE_MESSAGES,
  type CreditableLine,
  type CreditNotePricing,
  creditableQuantity,
  creditableQuantityAtRate,
  creditNoteTotalRefusal,
  creditRateRefusal,
  discountBasisPoints,
  formatCreditNoteNumber,
  priceCreditNote,
} from '@b2b/domain/credit-notes';
import { financialYearOf, seriesDateRefusal } from '@b2b/domain/invoices';
import { formatQuantity, toPaise, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { backDatingAllowed } from '../companies/companies.service.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { assertGstPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { settleOffersOfCreditedOrder } from '../offer-redemptions/offer-redemptions.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import {
  type DocumentInvoice,
  type DocumentInvoiceLine,
  invoiceLines,
  lockInvoice,
} from '../sales-documents/document-invoice.queries.ts';
import { decimal } from '../sales-documents/sales-document.ts';
import {
  findReturnToCredit,
  lockReturnForCredit,
  setReturnCredited,
} from '../sales-returns/return-credit.ts';
import { CREDIT_NOTE_ENTITY, creditableOf, invoiceNotFound } from './credit-note-context.ts';
import { getCreditNote } from './credit-note-reads.ts';
import * as queries from './credit-notes.queries.ts';

/** Issuing a credit note: of an invoice, or of a sales return (the invoice locked first, then the return). */

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
  /** Each at a rate per unit excluding GST (rupees), or a percent of the invoiced rate (100 when neither). */
  items: { invoice_item: number; quantity: number; additional_discount?: number; rate?: number }[];
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
  await assertGstPeriodOpen(tx, companyId, invoice.branch_id, noteDate);

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
    queries.creditedOfInvoice(tx, companyId, invoiceId),
    queries.branchRoundsOff(tx, companyId, invoice.branch_id),
  ]);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen: {
    line: DocumentInvoiceLine;
    quantity: number;
    discountPercent: number;
    ratePaise?: number;
  }[] = [];
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
    const back = returned?.get(line.id);
    if (back !== undefined && Math.round(quantity * 1000) > Math.round(back * 1000)) {
      errors[`items.${index}.quantity`] = [CREDIT_NOTE_MESSAGES.more_than_returned(back)];
      return;
    }
    const creditable = creditableOf(line);
    const already = credited.get(line.id)?.units ?? 0;
    const ratePaise = item.rate === undefined ? undefined : toPaise(item.rate);
    if (ratePaise !== undefined) {
      // A rate: at most the invoiced one; below it, the quantity is limited by the value left.
      const refusal = creditRateRefusal(creditable, ratePaise);
      if (refusal) {
        errors[`items.${index}.rate`] = [refusal];
        return;
      }
      const left = creditableQuantityAtRate(creditable, already, ratePaise);
      if (Math.round(quantity * 1000) > Math.round(left * 1000)) {
        errors[`items.${index}.quantity`] = [CREDIT_NOTE_MESSAGES.more_than_creditable(left)];
        return;
      }
      chosen.push({ line, quantity, discountPercent: 100, ratePaise });
      return;
    }
    const discountPercent = item.additional_discount ?? 100;
    const units = Math.round(quantity * 1000) * discountBasisPoints(discountPercent);
    const lineUnits = Math.round(Number(line.quantity) * 1000) * 10_000;
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
    lines: chosen.map(({ line, quantity, discountPercent, ratePaise }) => ({
      line: { ...creditableOf(line), source: line },
      creditedUnits: credited.get(line.id)?.units ?? 0,
      credited: credited.get(line.id)?.figures,
      quantity,
      discountPercent,
      ratePaise,
    })),
    adjustmentPaise: adjustmentsPaise ?? 0,
    roundOff,
    intraState: invoice.is_intra_state,
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
        rate_paise: priced.ratePaise ?? null,
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
    ...(priced.ratePaise === undefined ? {} : { rate: toRupees(priced.ratePaise) }),
    amount: toRupees(priced.amountPaise),
  }));
  await documentHistory.creditNote(tx, { companyId, userId }, id, 'created', {
    credit_note_number: number,
    invoice_number: invoice.invoice_number,
    ...(context.returnNumber ? { return_number: context.returnNumber } : {}),
    items: credited,
    total: toRupees(totals.totalPaise),
  });
  const reference = { credit_note: id, credit_note_number: number, total: toRupees(totals.totalPaise) };
  await documentHistory.invoice(tx, { companyId, userId }, invoice.id, 'credit_note_issued', reference);
  // An order credited back in full gives its offers' uses back.
  const offers = await settleOffersOfCreditedOrder(tx, { companyId, userId }, invoice.order_id);
  await documentHistory.order(tx, { companyId, userId }, invoice.order_id, 'credit_note_issued', {
    ...reference,
    invoice_number: invoice.invoice_number,
    ...(offers.released.length > 0 ? { offers_released: offers.released } : {}),
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
