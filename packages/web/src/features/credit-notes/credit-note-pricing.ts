import { creditUnits, lineCreditUnits, priceCreditNote } from '@b2b/domain/credit-notes';
import { toPaise, toRupees } from '@b2b/domain/money';
import { maxDecimals } from '@b2b/domain/validation';
import type { InitiateCreditNote } from './credit-notes.api';

/** A line of the Credit Note form: quantity and additional discount as typed. */
export interface CreditLineValues {
  invoice_item: number;
  quantity: number | string;
  additional_discount: number | string;
}

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
const validDiscount = (v: number | string) => {
  const text = String(v).trim();
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && n > 0 && n <= 100 && maxDecimals(text, 2);
};

/**
 * The live totals of the Credit Note form, priced by the domain exactly as the server will price
 * them (tax reversed at the invoice's figures): lines that are blank, zero, invalid or more than
 * is left of the invoice line are left out of the preview (the form says why at the line).
 */
export function previewCreditNote(
  initiate: Pick<InitiateCreditNote, 'items' | 'round_off'>,
  values: readonly CreditLineValues[],
  adjustments: number | string,
): CreditNotePreview {
  const byId = new Map(initiate.items.map((item) => [item.invoice_item, item]));
  const lines = values.flatMap((value) => {
    const item = byId.get(value.invoice_item);
    if (!item || !validQuantity(value.quantity) || !validDiscount(value.additional_discount)) return [];
    const quantity = Number(value.quantity);
    const discountPercent = Number(value.additional_discount);
    if (item.credited_units + creditUnits(quantity, discountPercent) > lineCreditUnits(item.quantity))
      return [];
    return [
      {
        line: {
          invoice_item: item.invoice_item,
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
        },
        creditedUnits: item.credited_units,
        quantity,
        discountPercent,
      },
    ];
  });
  const adjustmentText = String(adjustments).trim();
  const adjustment =
    adjustmentText !== '' && Number.isFinite(Number(adjustmentText)) && maxDecimals(adjustmentText, 2)
      ? toPaise(Number(adjustmentText))
      : 0;
  const priced = priceCreditNote({ lines, adjustmentPaise: adjustment, roundOff: initiate.round_off });
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

/** What is left of the line at this discount, for the form's check and its hint. */
export function creditableAt(
  item: { quantity: number; credited_units: number },
  discount: number | string,
): number | null {
  if (!validDiscount(discount)) return null;
  const basisPoints = Math.round(Number(discount) * 100);
  return Math.floor(Math.max(0, lineCreditUnits(item.quantity) - item.credited_units) / basisPoints) / 1000;
}
