import { z } from 'zod';
import { positiveRupeesInput } from './api/buyers.ts';
import { idInput } from './api/common.ts';
import { calendarDate } from './api/sales-orders.ts';
import { formatMoney, toRupees } from './money.ts';
import { isBlank, maxLengthMessage, todayInIndia } from './validation.ts';

/**
 * Contra adjustments (issue 19, `POST admin/invoices/{id}/adjust_against_purchase`): when a party
 * is both our buyer and our seller, what they owe us on an invoice is set off against what we owe
 * them on their bills, instead of two payments crossing. One contra adjustment settles one invoice
 * against one or more bills of the same party, in one transaction: the invoice is credited (as a
 * credit note applied settles it) and the buyer ledger takes a credit adjustment; each bill is
 * credited (bills.credited_paise) and the seller ledger shows the contra as a debit. It is
 * numbered in our CON series and can be cancelled, which gives both sides their balance back.
 */

// ---------------------------------------------------------------------------------------------
// The same party

export interface PartyIdentity {
  name: string;
  gstin: string | null;
  pan: string | null;
  phone: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();
/** The last ten digits of a phone number ('+91 98765 43210' and '9876543210' are one number). */
const phoneDigits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '').slice(-10);

/**
 * Whether a buyer and a seller are the same party, as the contra rule decides it:
 * - REGISTERED: both have a GSTIN and it is the same one. Two GSTINs are two registrations (two
 *   states of one PAN are two taxpayers for GST), so they never match, even under one PAN; and a
 *   registered party never matches an unregistered record (give both the GSTIN).
 * - UNREGISTERED (neither has a GSTIN): the same PAN when both have one (two different PANs never
 *   match); else the same phone number (its last ten digits) when both have one.
 * Anything else is not the same party. Answers how they matched, or null.
 */
export function samePartyBy(buyer: PartyIdentity, seller: PartyIdentity): 'gstin' | 'pan' | 'phone' | null {
  const [bGstin, sGstin] = [clean(buyer.gstin), clean(seller.gstin)];
  if (bGstin || sGstin) return bGstin && bGstin === sGstin ? 'gstin' : null;
  const [bPan, sPan] = [clean(buyer.pan), clean(seller.pan)];
  if (bPan && sPan) return bPan === sPan ? 'pan' : null;
  const [bPhone, sPhone] = [phoneDigits(buyer.phone), phoneDigits(seller.phone)];
  if (bPhone.length === 10 && bPhone === sPhone) return 'phone';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Messages and refusals

export const CONTRA_MESSAGES = {
  not_found: 'Contra Adjustment Not Found',
  bill_not_found: 'Bill Not Found',
  adjusted: 'Invoice adjusted against purchase successfully.',
  adjust_failed: 'Failed to adjust against purchase',
  cancelled: 'Contra adjustment cancelled successfully.',
  cancel_failed: 'Failed to cancel contra adjustment',
  bills_required: 'Choose at least one bill to adjust.',
  too_many_bills: 'At most 50 bills can be adjusted at once.',
  date_in_future: 'The date cannot be in the future.',
  invoice_cancelled: 'A cancelled invoice cannot be adjusted against purchase.',
  invoice_nothing_due: 'Nothing is due on this invoice.',
  no_matching_seller: (buyer: string) =>
    `${buyer} is not one of your sellers: add them as a seller with the same GSTIN (or, unregistered, the same PAN or phone number) to adjust against their bills.`,
  other_party: (buyer: string, seller: string) =>
    `${buyer} and ${seller} are not the same party: an invoice can be adjusted only against bills of the same GSTIN (or, for unregistered parties, the same PAN or phone number).`,
  bills_of_two_sellers: 'All the bills must be of one seller.',
  bill_twice: (bill: string) => `Bill ${bill} is listed twice.`,
  bill_void: (bill: string) => `Bill ${bill} is void and cannot be adjusted.`,
  bill_not_open: (bill: string) =>
    `Bill ${bill} is not a received bill with a balance: only open bills can be adjusted.`,
  more_than_bill: (bill: string, balance: string) => `Only ${balance} is left to pay on bill ${bill}.`,
  more_than_invoice: (due: string) =>
    `The bills add up to more than the invoice's balance: only ${due} is due on this invoice.`,
  already_cancelled: 'This contra adjustment is already cancelled.',
} as const;

export const moreThanInvoiceMessage = (duePaise: number) =>
  CONTRA_MESSAGES.more_than_invoice(formatMoney(toRupees(duePaise)));
export const moreThanBillMessage = (bill: string, balancePaise: number) =>
  CONTRA_MESSAGES.more_than_bill(bill, formatMoney(toRupees(balancePaise)));

export const CONTRA_STATUSES = [
  { value: 'active', label: 'Adjusted', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'gray' },
] as const;
export type ContraStatus = (typeof CONTRA_STATUSES)[number]['value'];
export const CONTRA_STATUS_VALUES = CONTRA_STATUSES.map((s) => s.value) as [ContraStatus, ...ContraStatus[]];

/** What the server counts before cancelling a contra adjustment. */
export interface ContraFacts {
  status: ContraStatus;
  invoiceCancelled: boolean;
  /** Any of its bills voided. */
  billVoid: boolean;
}

/**
 * Why cancelling is refused, as a sentence; null when allowed. Cancelling gives the invoice and
 * the bills their balance back, so it needs both to be live (neither can be cancelled or voided
 * while the contra settles them, which these checks keep true).
 */
export function contraCancelRefusal(facts: ContraFacts): string | null {
  if (facts.status === 'cancelled') return CONTRA_MESSAGES.already_cancelled;
  if (facts.invoiceCancelled) return 'The invoice is cancelled: its contra adjustment cannot be undone.';
  if (facts.billVoid) return 'A bill of this adjustment is void: the adjustment cannot be undone.';
  return null;
}

// ---------------------------------------------------------------------------------------------
// API

const blankToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || isBlank(v) ? undefined : v), schema.optional());

export const contraBillInput = z.object({ bill: idInput, amount: positiveRupeesInput }).strict();

/** POST admin/invoices/{id}/adjust_against_purchase (spec api-calls.tsv: `bills`). */
export const adjustAgainstPurchaseInput = z
  .object({
    bills: z
      .array(contraBillInput, { error: CONTRA_MESSAGES.bills_required })
      .min(1, CONTRA_MESSAGES.bills_required)
      .max(50, CONTRA_MESSAGES.too_many_bills),
    /** The day of the set-off (YYYY-MM-DD, India); today when absent. */
    date: blankToUndefined(calendarDate.refine((v) => v <= todayInIndia(), CONTRA_MESSAGES.date_in_future)),
    notes: blankToUndefined(z.string().trim().max(500, maxLengthMessage(500))),
  })
  .strict();
export type AdjustAgainstPurchaseInput = z.infer<typeof adjustAgainstPurchaseInput>;
export type AdjustAgainstPurchaseDraft = z.input<typeof adjustAgainstPurchaseInput>;

const outId = z.number().int();
const money = z.number();
const timestamp = z.union([z.string(), z.date()]);

export const contraAdjustmentOutput = z.object({
  id: outId,
  contra_number: z.string(),
  date: z.string(),
  status: z.enum(CONTRA_STATUS_VALUES),
  invoice: z.object({ id: outId, invoice_number: z.string() }),
  buyer: z.object({ id: outId, name: z.string() }),
  seller: z.object({ id: outId, name: z.string() }),
  amount: money,
  lines: z.array(z.object({ bill: z.object({ id: outId, bill_number: z.string() }), amount: money })),
  notes: z.string().nullable(),
  created_by: z.object({ id: outId, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: timestamp,
  cancelled_at: timestamp.nullable(),
});
export type ContraAdjustmentOutput = z.infer<typeof contraAdjustmentOutput>;

/** On the invoice's detail: its contra adjustments and the bills each set it against. */
export const invoiceContraOutput = z.object({
  id: outId,
  contra_number: z.string(),
  date: z.string(),
  status: z.enum(CONTRA_STATUS_VALUES),
  amount: money,
  bills: z.array(z.object({ id: outId, bill_number: z.string(), amount: money })),
});
export type InvoiceContraOutput = z.infer<typeof invoiceContraOutput>;

/** On the bill's detail: each contra line against it, with the invoice it was set against. */
export const billContraOutput = z.object({
  id: outId,
  contra_number: z.string(),
  date: z.string(),
  status: z.enum(CONTRA_STATUS_VALUES),
  amount: money,
  invoice: z.object({ id: outId, invoice_number: z.string() }),
});
export type BillContraOutput = z.infer<typeof billContraOutput>;

/** GET admin/invoices/{id}/contra_bills: the same party as a seller, and its open bills. */
export const contraBillsOutput = z.object({
  invoice_due: money,
  seller: z.object({ id: outId, name: z.string() }).nullable(),
  /** Why nothing can be adjusted (no such seller, the invoice cancelled or settled); null when it can. */
  refusal: z.string().nullable(),
  bills: z.array(
    z.object({
      id: outId,
      bill_number: z.string(),
      bill_date: z.string(),
      due_date: z.string(),
      total: money,
      balance_due: money,
    }),
  ),
});
export type ContraBillsOutput = z.infer<typeof contraBillsOutput>;
