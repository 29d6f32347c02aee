import { zohoMissingTaxMessage } from '@b2b/domain/zoho';
import type { ZohoTax } from '../../core/ports/zoho-books.ts';

/**
 * GST on the lines of a document pushed to Zoho Books (India edition), so that Zoho's own GST
 * reports (GSTR-1 from Zoho) are right: each line carries the organisation's tax of its rate — the
 * tax GROUP of that percentage (CGST + SGST) for an intra-state supply, the IGST tax of that
 * percentage for an inter-state one — and the document's place of supply. Only the charges and the
 * round-off stay in the adjustment, together with any paisa by which Zoho's line taxes would round
 * differently from ours, so that Zoho's total is ours. Pure: no I/O.
 */

/** Zoho's place-of-supply codes by GST state code (Zoho Books KB: valid codes for states and union territories). */
const ZOHO_STATE_CODES: Record<string, string> = {
  '01': 'JK',
  '02': 'HP',
  '03': 'PB',
  '04': 'CH',
  '05': 'UK',
  '06': 'HR',
  '07': 'DL',
  '08': 'RJ',
  '09': 'UP',
  '10': 'BR',
  '11': 'SK',
  '12': 'AR',
  '13': 'NL',
  '14': 'MN',
  '15': 'MZ',
  '16': 'TR',
  '17': 'ML',
  '18': 'AS',
  '19': 'WB',
  '20': 'JH',
  '21': 'OD',
  '22': 'CG',
  '23': 'MP',
  '24': 'GJ',
  // Daman and Diu (25) merged into Dadra and Nagar Haveli and Daman and Diu (26) in 2020.
  '25': 'DN',
  '26': 'DN',
  '27': 'MH',
  // Andhra Pradesh's pre-2014 code (28) and its current one (37): Zoho calls it AD.
  '28': 'AD',
  '29': 'KA',
  '30': 'GA',
  '31': 'LD',
  '32': 'KL',
  '33': 'TN',
  '34': 'PY',
  '35': 'AN',
  '36': 'TS',
  '37': 'AD',
  '38': 'LA',
  '97': 'OT',
};

export const zohoStateCode = (gstCode: string | null | undefined) =>
  (gstCode && ZOHO_STATE_CODES[gstCode.padStart(2, '0')]) || null;

export interface TaxedLine {
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: number | string;
  taxable_paise: number | string;
  gst_rate: number | string;
  cess_rate: number | string;
  gst_treatment: string;
}

/** Percentages compare to the hundredth (Zoho answers 2.5, 18.0…). */
const samePercent = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

const usable = (taxes: ZohoTax[]) => taxes.filter((tax) => tax.is_active);

/** The organisation's tax for a GST rate: the CGST + SGST group within a state, the IGST tax across states. */
export function zohoTaxFor(taxes: ZohoTax[], rate: number, intraState: boolean): ZohoTax | undefined {
  return usable(taxes).find((tax) =>
    intraState
      ? tax.tax_type === 'tax_group' && samePercent(tax.tax_percentage, rate)
      : tax.tax_type !== 'tax_group' &&
        tax.tax_specific_type === 'igst' &&
        samePercent(tax.tax_percentage, rate),
  );
}

/**
 * The tax Zoho will put on a line of this amount, as Zoho computes it: per line, each component
 * (CGST and SGST halves of a group, or the IGST) on the line's amount, rounded to the paisa.
 */
export function zohoLineTaxPaise(amountPaise: number, rate: number, intraState: boolean) {
  if (rate <= 0) return 0;
  if (!intraState) return Math.round((amountPaise * rate) / 100);
  return 2 * Math.round((amountPaise * rate) / 200);
}

const formatPercent = (rate: number) => `${Number(rate.toFixed(3))}%`;

export interface DocumentLines {
  /** True: GST per line through the organisation's taxes; false: every line untaxed, the GST in the adjustment. */
  taxed: boolean;
  line_items: Record<string, unknown>[];
  adjustment: number;
  adjustment_description: string;
  /** Why the document went the old way, for the sync log (null when taxed). */
  note: string | null;
}

/**
 * The document's lines for Zoho and its adjustment (our total less what Zoho will compute of the
 * lines and their taxes). taxes {error}: the organisation's taxes could not be read (the reason given).
 */
export function documentLines(options: {
  lines: TaxedLine[];
  totalPaise: number | string;
  intraState: boolean;
  taxes: ZohoTax[] | { error: string };
  documentNumber: string;
}): DocumentLines {
  const { lines, intraState, documentNumber } = options;
  const plain = lines.map((line) => {
    const quantity = Number(line.quantity);
    const ratePaise =
      quantity > 0 ? Math.round(Number(line.taxable_paise) / quantity) : Number(line.taxable_paise);
    const zohoQuantity = quantity > 0 ? quantity : 1;
    return {
      line,
      rate: Number(line.gst_rate),
      amountPaise: Math.round(ratePaise * zohoQuantity),
      item: {
        name: line.product_name.slice(0, 100),
        description: [line.sku && `SKU ${line.sku}`, `GST ${Number(line.gst_rate)}%`]
          .filter(Boolean)
          .join(' · '),
        ...(line.hsn && { hsn_or_sac: line.hsn }),
        ...(line.unit && { unit: line.unit }),
        quantity: zohoQuantity,
        rate: ratePaise / 100,
      } as Record<string, unknown>,
    };
  });
  const linesPaise = plain.reduce((sum, line) => sum + line.amountPaise, 0);
  const fallback = (note: string): DocumentLines => ({
    taxed: false,
    line_items: plain.map((line) => line.item),
    adjustment: (Number(options.totalPaise) - linesPaise) / 100,
    adjustment_description: 'GST, charges and round-off',
    note,
  });

  if ('error' in options.taxes)
    return fallback(
      `Zoho Books' taxes could not be read (${options.taxes.error}): GST sent as an adjustment on ${documentNumber}.`,
    );
  // Cess goes to Zoho through tax groups that include it, which are not told apart here.
  if (plain.some((line) => Number(line.line.cess_rate) > 0))
    return fallback(`Cess is not mapped to Zoho's taxes: GST sent as an adjustment on ${documentNumber}.`);

  const taxes = options.taxes;
  const missing = new Set<number>();
  const items: Record<string, unknown>[] = [];
  let taxPaise = 0;
  for (const line of plain) {
    // Exempt and non-GST supplies carry no tax; a 0% line takes the 0% tax when Zoho has one.
    if (line.line.gst_treatment === 'exempt' || line.line.gst_treatment === 'non_gst') {
      items.push(line.item);
      continue;
    }
    const tax = zohoTaxFor(taxes, line.rate, intraState);
    if (!tax) {
      if (line.rate > 0) missing.add(line.rate);
      items.push(line.item);
      continue;
    }
    items.push({ ...line.item, tax_id: tax.tax_id });
    taxPaise += zohoLineTaxPaise(line.amountPaise, line.rate, intraState);
  }
  if (missing.size > 0) {
    const names = [...missing]
      .sort((a, b) => a - b)
      .map((rate) => (intraState ? `GST ${formatPercent(rate)}` : `IGST ${formatPercent(rate)}`));
    return fallback(zohoMissingTaxMessage({ names, intraState, documentNumber }));
  }
  return {
    taxed: true,
    line_items: items,
    adjustment: (Number(options.totalPaise) - linesPaise - taxPaise) / 100,
    adjustment_description: 'Charges and round-off',
    note: null,
  };
}
