import {
  CREDIT_NOTE_MESSAGES,
  type CreditableLine,
  creditableQuantityAtRate,
  creditRateRefusal,
  priceCreditNote,
} from '@b2b/domain/credit-notes';
import { toPaise, toRupees } from '@b2b/domain/money';
import { maxDecimals } from '@b2b/domain/validation';
import type { InitiateCreditNote } from './credit-notes.api';

/** A line of the Credit Note form: quantity and rate (per unit, excluding GST) as typed. */
export interface CreditLineValues {
  invoice_item: number;
  quantity: number | string;
  rate: number | string;
}

type InitiateLine = InitiateCreditNote['items'][number];

/** The invoice line as the domain credits it (paise). */
export const creditableLine = (item: InitiateLine): CreditableLine => ({
  quantity: item.quantity,
  amountPaise: toPaise(item.amount),
  taxablePaise: toPaise(item.taxable_value),
  cgstPaise: toPaise(item.cgst),
  sgstPaise: toPaise(item.sgst),
  igstPaise: toPaise(item.igst),
  cessPaise: toPaise(item.cess),
  gstRatePercent: item.gst_rate,
  cessRatePercent: item.cess_rate,
  hsn: item.hsn,
});

export interface CreditNotePreview {
  lines: {
    invoice_item: number;
    amount: number;
    taxable_value: number;
    cgst: number;
    sgst: number;
    igst: number;
    cess: number;
  }[];
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  cess: number;
  lines_total: number;
  adjustments: number;
  round_off: number;
  total: number;
}

const validQuantity = (v: number | string) => {
  const text = String(v).trim();
  return text !== '' && Number.isFinite(Number(text)) && Number(text) > 0 && maxDecimals(text, 3);
};
const validRate = (v: number | string) => {
  const text = String(v).trim();
  return text !== '' && Number.isFinite(Number(text)) && Number(text) > 0 && maxDecimals(text, 2);
};

/**
 * The live totals of the Credit Note form, priced by the domain exactly as the server will price
 * them (tax reversed at the invoice's figures): lines that are blank, zero, invalid or more than
 * is left of the invoice line are left out of the preview (the form says why at the line).
 */
export function previewCreditNote(
  initiate: Pick<InitiateCreditNote, 'items' | 'round_off' | 'is_intra_state'>,
  values: readonly CreditLineValues[],
  adjustments: number | string,
): CreditNotePreview {
  const byId = new Map(initiate.items.map((item) => [item.invoice_item, item]));
  const lines = values.flatMap((value) => {
    const item = byId.get(value.invoice_item);
    if (!item || !validQuantity(value.quantity) || creditRateProblem(item, value.rate) !== null) return [];
    const quantity = Number(value.quantity);
    const ratePaise = toPaise(Number(value.rate));
    const left = creditableAt(item, value.rate);
    if (left === null || Math.round(quantity * 1000) > Math.round(left * 1000)) return [];
    return [
      {
        line: { ...creditableLine(item), invoice_item: item.invoice_item },
        creditedUnits: item.credited_units,
        credited: {
          taxablePaise: toPaise(item.credited.taxable_value),
          cgstPaise: toPaise(item.credited.cgst),
          sgstPaise: toPaise(item.credited.sgst),
          igstPaise: toPaise(item.credited.igst),
          cessPaise: toPaise(item.credited.cess),
        },
        quantity,
        ratePaise,
      },
    ];
  });
  const adjustmentText = String(adjustments).trim();
  const adjustment =
    adjustmentText !== '' && Number.isFinite(Number(adjustmentText)) && maxDecimals(adjustmentText, 2)
      ? toPaise(Number(adjustmentText))
      : 0;
  const priced = priceCreditNote({
    lines,
    adjustmentPaise: adjustment,
    roundOff: initiate.round_off,
    intraState: initiate.is_intra_state,
  });
  const t = priced.totals;
  return {
    lines: priced.lines.map((line) => ({
      invoice_item: line.line.invoice_item,
      amount: toRupees(line.amountPaise),
      taxable_value: toRupees(line.taxablePaise),
      cgst: toRupees(line.cgstPaise),
      sgst: toRupees(line.sgstPaise),
      igst: toRupees(line.igstPaise),
      cess: toRupees(line.cessPaise),
    })),
    taxable_value: toRupees(t.taxablePaise),
    cgst: toRupees(t.cgstPaise),
    sgst: toRupees(t.sgstPaise),
    igst: toRupees(t.igstPaise),
    cess: toRupees(t.cessPaise),
    lines_total: toRupees(t.linesPaise),
    adjustments: toRupees(t.adjustmentPaise),
    round_off: toRupees(t.roundOffPaise),
    total: toRupees(t.totalPaise),
  };
}

/** Why the typed rate cannot be credited (the server's sentences), or null. */
export function creditRateProblem(item: InitiateLine, rate: number | string): string | null {
  if (!validRate(rate)) return CREDIT_NOTE_MESSAGES.rate;
  return creditRateRefusal(creditableLine(item), toPaise(Number(rate)));
}

/** What is left of the line at this rate, for the form's check and its hint; null for a bad rate. */
export function creditableAt(item: InitiateLine, rate: number | string): number | null {
  if (creditRateProblem(item, rate) !== null) return null;
  return creditableQuantityAtRate(creditableLine(item), item.credited_units, toPaise(Number(rate)));
}
