import {
  allowedDebitNoteActions,
  DEBIT_NOTE_MESSAGES,
  type DebitNoteOutput,
  type DebitNoteStatus,
  type DebitNoteSummaryOutput,
  debitNoteBalancePaise,
  debitNoteKindLabel,
  debitNoteStatusLabel,
} from '@b2b/domain/debit-notes';
import { toRupees } from '@b2b/domain/money';
import { AppError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { billBalancePaise } from '../bills/bills.queries.ts';
import { historyPage } from '../history/history.service.ts';
import { dayOrThrow, person } from '../sales-documents/sales-document.ts';
import * as queries from './debit-notes.queries.ts';

/** Reading debit notes: the list, one note with its lines, applications and refunds, its history. */

export const DEBIT_NOTE_ENTITY = 'debit_note';

export const debitNoteNotFound = () => new AppError('not_found', DEBIT_NOTE_MESSAGES.not_found);

const rupees = (paise: number | string) => toRupees(Number(paise));

/** A user sees the debit notes of their branches only. */
export function assertNoteVisible(actor: Principal | undefined, branchId: number) {
  const scope = actor ? branchScope(actor) : null;
  if (scope && !scope.includes(branchId)) throw debitNoteNotFound();
}

const factsOf = (row: queries.DebitNoteRow) => ({
  status: row.status as DebitNoteStatus,
  totalPaise: Number(row.total_paise),
  appliedPaise: Number(row.applied_paise),
  refundedPaise: Number(row.refunded_paise),
  fromReturn: row.purchase_return_id !== null,
});

export function presentDebitNote(row: queries.DebitNoteRow): DebitNoteSummaryOutput {
  const status = row.status as DebitNoteStatus;
  return {
    id: row.id,
    debit_note_number: row.debit_note_number,
    debit_note_date: dayOrThrow(row.debit_note_date),
    kind: row.kind,
    kind_label: debitNoteKindLabel(row.kind),
    status,
    status_label: debitNoteStatusLabel(status),
    seller: { id: row.seller_id, name: row.seller_name },
    branch: { id: row.branch_id, name: row.branch_name },
    bill:
      row.bill_id === null || row.bill_number === null
        ? null
        : { id: row.bill_id, bill_number: row.bill_number },
    purchase_return:
      row.purchase_return_id === null || row.return_number === null
        ? null
        : { id: row.purchase_return_id, return_number: row.return_number },
    reason: row.reason,
    reference_number: row.reference_number,
    supply_type: row.is_intra_state ? 'intra' : 'inter',
    is_reverse_charge: row.is_reverse_charge,
    taxable_value: rupees(row.taxable_paise),
    cgst: rupees(row.cgst_paise),
    sgst: rupees(row.sgst_paise),
    igst: rupees(row.igst_paise),
    cess: rupees(row.cess_paise),
    itc_reversed: rupees(row.itc_reversed_paise),
    total: rupees(row.total_paise),
    applied: rupees(row.applied_paise),
    refunded: rupees(row.refunded_paise),
    balance: status === 'void' ? 0 : toRupees(debitNoteBalancePaise(factsOf(row))),
    created_by: person(row.created_by, row.first_name, row.last_name),
    created_at: row.created_at,
    voided_at: row.voided_at,
  };
}

export async function getDebitNote(
  db: Executor,
  companyId: number,
  id: number,
  actor?: Principal,
): Promise<DebitNoteOutput> {
  const [row, items, applications, refunds] = await Promise.all([
    queries.findDebitNote(db, companyId, id),
    queries.itemsOfNote(db, companyId, id),
    queries.applicationsOf(db, companyId, id),
    queries.refundsOf(db, companyId, id),
  ]);
  if (!row) throw debitNoteNotFound();
  assertNoteVisible(actor, row.branch_id);
  return {
    ...presentDebitNote(row),
    items: items.map((item) => ({
      id: item.id,
      bill_item: item.bill_item_id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      hsn_code: item.hsn,
      unit: item.unit,
      quantity: Number(item.quantity),
      rate: rupees(item.rate_paise),
      tax_rate: Number(item.gst_rate),
      taxable_value: rupees(item.taxable_paise),
      cgst: rupees(item.cgst_paise),
      sgst: rupees(item.sgst_paise),
      igst: rupees(item.igst_paise),
      cess: rupees(item.cess_paise),
      total: rupees(item.total_paise),
      itc_eligible: item.itc_eligible,
      itc_reversed: rupees(item.itc_reversed_paise),
    })),
    applications: applications.map((a) => ({
      id: a.id,
      bill: {
        id: a.bill_id,
        bill_number: a.bill_number,
        balance_due: a.status === 'void' || a.status === 'draft' ? 0 : toRupees(billBalancePaise(a)),
        status: a.status,
      },
      amount: rupees(a.amount_paise),
      applied_on: dayOrThrow(a.applied_on),
      created_at: a.created_at,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: rupees(r.amount_paise),
      refund_date: dayOrThrow(r.refund_date),
      payment_method:
        r.payment_method_name === null ? null : { id: r.payment_method_id, name: r.payment_method_name },
      bank_account:
        r.bank_account_id === null || r.bank_name === null
          ? null
          : {
              id: r.bank_account_id,
              bank_name: r.bank_name,
              account_number_last4: (r.account_number ?? '').slice(-4),
            },
      reference_number: r.reference_number,
      notes: r.notes,
      created_at: r.created_at,
    })),
    allowed_actions: allowedDebitNoteActions(factsOf(row)),
  };
}

export async function listDebitNotes(
  db: Executor,
  companyId: number,
  filter: queries.DebitNoteFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listDebitNotes(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(presentDebitNote) };
}

export async function debitNoteHistory(db: Executor, companyId: number, id: number, actor?: Principal) {
  const row = await queries.ownerOfNote(db, companyId, id);
  if (!row) throw debitNoteNotFound();
  assertNoteVisible(actor, row.branch_id);
  return historyPage(db, companyId, DEBIT_NOTE_ENTITY, id);
}

/** The debit notes a bill's page shows (billOutput.debit_notes). */
export async function debitNotesOfBill(db: Executor, companyId: number, billId: number) {
  const rows = await queries.notesOfBill(db, companyId, billId);
  return rows.map((row) => ({
    id: row.id,
    debit_note_number: row.debit_note_number,
    debit_note_date: dayOrThrow(row.debit_note_date),
    kind: row.kind,
    status: row.status,
    total: rupees(row.total_paise),
    applied_to_bill: rupees(row.applied_to_bill_paise ?? 0),
    purchase_return:
      row.purchase_return_id === null || row.return_number === null
        ? null
        : {
            id: row.purchase_return_id,
            return_number: row.return_number,
            status: row.return_status ?? 'returned',
          },
  }));
}
