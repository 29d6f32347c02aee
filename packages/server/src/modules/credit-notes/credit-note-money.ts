import type {
  ApplyCreditNoteInput,
  CreditNoteOutput,
  RefundCreditNoteInput,
} from '@b2b/domain/api/credit-notes';
import {
  CREDIT_NOTE_MESSAGES,
  creditNoteBalancePaise,
  creditNoteRefusal,
  creditNoteStatusOf,
} from '@b2b/domain/credit-notes';
import { toPaise, toRupees } from '@b2b/domain/money';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { assertDocumentPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { settleInvoice } from '../invoice-settlement/invoice-settlement.service.ts';
import { settleOffersOfCreditedOrder } from '../offer-redemptions/offer-redemptions.service.ts';
import { recordRefund } from '../payments/refunds.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { setReturnCredited } from '../sales-returns/return-credit.ts';
import { balanceOf, CREDIT_NOTE_ENTITY, notFound } from './credit-note-context.ts';
import { getCreditNote } from './credit-note-reads.ts';
import * as queries from './credit-notes.queries.ts';

/** A credit note's money after issue: applying it to invoices and cancelling that, cancelling the note, refunding it. */

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
      await documentHistory.invoice(
        tx,
        { companyId, userId: actor.userId },
        settled.id,
        'credit_note_applied',
        {
          credit_note: note.id,
          credit_note_number: note.credit_note_number,
          amount: toRupees(application.amountPaise),
        },
      );
    }
    const status = await setSettled(tx, companyId, note, { appliedPaise: total });
    await documentHistory.creditNote(tx, { companyId, userId: actor.userId }, note.id, 'applied', {
      applications: applied,
      status: { from: note.status, to: status },
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
    await documentHistory.creditNote(
      tx,
      { companyId, userId: actor.userId },
      note.id,
      'application_cancelled',
      { ...changes, status: { from: note.status, to: status } },
    );
    await documentHistory.invoice(
      tx,
      { companyId, userId: actor.userId },
      settled.id,
      'credit_note_application_cancelled',
      changes,
    );
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
    await assertDocumentPeriodOpen(tx, companyId, 'credit_note', note.id);
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
    // The order is no longer credited in full: the offers' uses it gave back are taken again.
    const offers = await settleOffersOfCreditedOrder(tx, { companyId, userId: actor.userId }, note.order_id);
    await documentHistory.creditNote(tx, { companyId, userId: actor.userId }, note.id, 'cancelled', {
      ...(offers.restored.length > 0 ? { offers_taken_again: offers.restored } : {}),
      status: { from: note.status, to: 'cancelled' },
      ...(options.reason ? { reason: options.reason } : {}),
    });
    await documentHistory.invoice(
      tx,
      { companyId, userId: actor.userId },
      note.invoice_id,
      'credit_note_cancelled',
      { credit_note: note.id, credit_note_number: note.credit_note_number },
    );
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
    await documentHistory.creditNote(tx, { companyId, userId: actor.userId }, creditNoteId, 'refunded', {
      refund: refund.id,
      refund_number: refund.refundNumber,
      amount: toRupees(amountPaise),
      status: note.status,
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
