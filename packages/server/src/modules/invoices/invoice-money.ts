import { INVOICE_FORM_MESSAGES, type writeOffInput } from '@b2b/domain/api/invoices';
import { invoicePaymentStatus } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import type { z } from 'zod';
import { conflict, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { assertDocumentPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { assertNotCancelled, changeInvoice, lockInvoiceOnly } from './change-invoice.ts';
import { INVOICE_REFUSALS_HERE, type InvoiceContext } from './invoice-context.ts';
import { postInvoiceAdjustment, recordInvoiceHistory } from './invoice-records.ts';
import { amountDuePaise, settlementOf } from './invoices.present.ts';
import * as queries from './invoices.queries.ts';

/** Money on the invoice besides payments: a write-off of its balance, bank charges, shipping paid by the company. */

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
    await postInvoiceAdjustment(tx, {
      actor,
      invoice,
      invoiceId,
      creditPaise: amountPaise,
      notes: `Balance written off to ${input.expense_ledger_name}`,
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'balance_written_off', {
      write_off_amount: toRupees(amountPaise),
      expense_ledger_name: input.expense_ledger_name,
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
    await postInvoiceAdjustment(tx, {
      actor,
      invoice,
      invoiceId,
      debitPaise: amountPaise,
      notes: 'Write-off cancelled',
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'write_off_cancelled', {
      write_off_amount: toRupees(amountPaise),
      expense_ledger_name: writeOff.expense_ledger_name,
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
    await recordInvoiceHistory(tx, actor, invoiceId, 'bank_charges_updated', {
      bank_charges: { from: toRupees(Number(invoice.bank_charges_paise)), to: toRupees(chargesPaise) },
      is_payment_mode_emi: { from: invoice.is_payment_mode_emi, to: emi },
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
    await assertDocumentPeriodOpen(tx, actor.companyId, 'invoice', invoiceId);
    await queries.updateInvoice(tx, actor.companyId, invoiceId, {
      shipping_charges_paid_by_company: paidByCompany,
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'shipping_charges_paid_by_company_updated', {
      shipping_charges_paid_by_company: { from: !paidByCompany, to: paidByCompany },
    });
  });
}
