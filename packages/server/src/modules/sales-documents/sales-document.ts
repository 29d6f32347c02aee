import type { DocumentAddressOutput } from '@b2b/domain/api/sales-orders';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import { toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import type {
  PricedCharge,
  PricedLine,
  SalesDocumentPricing,
  SalesLineInput,
} from '@b2b/domain/sales-pricing';

/**
 * The columns and the answer of a priced sales document (quotation or order): how the domain's
 * pricing is stored (paise, one column per figure, `tax_summary` for the charges and the HSN-wise
 * table) and how a stored row is answered (rupees). Invoices keep the same columns.
 */

/** Quantities go to PostgreSQL as exact decimal text, never as binary floats. */
export const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

export const CHARGE_LABELS = {
  shipping: 'Shipping and handling charges',
  other: 'Other charges',
} as const;

/** What `tax_summary` holds (paise). */
export interface StoredTaxSummary {
  charges: {
    label: string;
    amount_paise: number;
    taxable_paise: number;
    gst_rate: number;
    cess_rate: number;
    hsn: string | null;
    cgst_paise: number;
    sgst_paise: number;
    igst_paise: number;
    cess_paise: number;
  }[];
  hsn_summary: {
    hsn: string | null;
    gst_rate: number;
    cess_rate: number;
    taxable_paise: number;
    cgst_paise: number;
    sgst_paise: number;
    igst_paise: number;
    cess_paise: number;
    tax_paise: number;
  }[];
}

function storedCharge(label: string, charge: PricedCharge): StoredTaxSummary['charges'][number] {
  return {
    label,
    amount_paise: charge.amountPaise,
    taxable_paise: charge.taxablePaise,
    gst_rate: charge.gstRatePercent,
    cess_rate: charge.cessRatePercent,
    hsn: charge.hsn,
    cgst_paise: charge.cgstPaise,
    sgst_paise: charge.sgstPaise,
    igst_paise: charge.igstPaise,
    cess_paise: charge.cessPaise,
  };
}

/** The totals columns of a priced document; the charges given (> 0) and the HSN summary go to tax_summary. */
export function totalsColumns(pricing: SalesDocumentPricing<SalesLineInput>, intraState: boolean) {
  const { totals } = pricing;
  const summary: StoredTaxSummary = {
    charges: [
      ...(pricing.charges.shipping.amountPaise > 0
        ? [storedCharge(CHARGE_LABELS.shipping, pricing.charges.shipping)]
        : []),
      ...(pricing.charges.other.amountPaise > 0
        ? [storedCharge(CHARGE_LABELS.other, pricing.charges.other)]
        : []),
    ],
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
  };
  return {
    is_intra_state: intraState,
    subtotal_paise: totals.subtotalPaise,
    line_discount_paise: totals.lineDiscountPaise,
    order_discount_paise: totals.orderDiscountPaise,
    taxable_paise: totals.taxablePaise,
    cgst_paise: totals.cgstPaise,
    sgst_paise: totals.sgstPaise,
    igst_paise: totals.igstPaise,
    cess_paise: totals.cessPaise,
    charges_paise: totals.chargesPaise,
    round_off_paise: totals.roundOffPaise,
    total_paise: totals.totalPaise,
    tax_summary: JSON.stringify(summary),
  };
}

/** The priced columns of a line. */
export function lineColumns(line: PricedLine<SalesLineInput>) {
  return {
    quantity: decimal(line.quantity),
    rate_paise: line.ratePaise,
    discount_percent: line.discountPercent,
    gst_rate: line.gstRatePercent,
    cess_rate: line.cessRatePercent,
    hsn: line.hsn,
    gross_paise: line.grossPaise,
    line_discount_paise: line.lineDiscountPaise,
    order_discount_paise: line.orderDiscountPaise,
    amount_paise: line.amountPaise,
    taxable_paise: line.taxablePaise,
    cgst_paise: line.cgstPaise,
    sgst_paise: line.sgstPaise,
    igst_paise: line.igstPaise,
    cess_paise: line.cessPaise,
  };
}

/** A stored priced line (any of quotation, order or invoice items). */
export interface StoredLine {
  id: number;
  product_id: number;
  warehouse_id: number;
  product_name: string;
  sku: string | null;
  warehouse_name: string;
  unit: string | null;
  hsn: string | null;
  quantity: number;
  rate_paise: number;
  discount_percent: number;
  gst_rate: number;
  cess_rate: number;
  gross_paise: number;
  line_discount_paise: number;
  order_discount_paise: number;
  amount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  cess_paise: number;
  /** Migrations 0066 and 0085: the treatment the line was written with. */
  gst_treatment?: GstTreatment;
}

const rupees = (paise: number | string) => toRupees(Number(paise));

/** The GST split of a line, a total or a row of the HSN summary, in rupees. */
export const presentTaxSplit = (row: {
  taxable_paise: number | string;
  cgst_paise: number | string;
  sgst_paise: number | string;
  igst_paise: number | string;
  cess_paise: number | string;
}) => ({
  taxable_value: rupees(row.taxable_paise),
  cgst: rupees(row.cgst_paise),
  sgst: rupees(row.sgst_paise),
  igst: rupees(row.igst_paise),
  cess: rupees(row.cess_paise),
});

export const presentLine = (row: StoredLine) => ({
  id: row.id,
  product: { id: row.product_id, name: row.product_name, sku: row.sku },
  warehouse: { id: row.warehouse_id, name: row.warehouse_name },
  hsn: row.hsn,
  unit: row.unit,
  quantity: Number(row.quantity),
  rate: toRupees(Number(row.rate_paise)),
  discount: Number(row.discount_percent),
  gst_rate: Number(row.gst_rate),
  cess_rate: Number(row.cess_rate),
  gross: toRupees(Number(row.gross_paise)),
  line_discount: toRupees(Number(row.line_discount_paise)),
  order_discount: toRupees(Number(row.order_discount_paise)),
  amount: toRupees(Number(row.amount_paise)),
  ...presentTaxSplit(row),
  ...(row.gst_treatment && { gst_treatment: row.gst_treatment }),
});

/** The stored totals of a quotation or order. */
export interface StoredTotals {
  is_intra_state: boolean;
  subtotal_paise: number;
  line_discount_paise: number;
  coupon_discount_paise: number;
  additional_discount_paise: number;
  shipping_charges_paise: number;
  other_charges_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  cess_paise: number;
  round_off_paise: number;
  total_paise: number;
  tax_summary: unknown;
}

export function presentTotals(row: StoredTotals) {
  const summary = (row.tax_summary ?? {}) as Partial<StoredTaxSummary>;
  const tax =
    Number(row.cgst_paise) + Number(row.sgst_paise) + Number(row.igst_paise) + Number(row.cess_paise);
  return {
    is_intra_state: row.is_intra_state,
    subtotal: rupees(row.subtotal_paise),
    line_discount: rupees(row.line_discount_paise),
    coupon_discount: rupees(row.coupon_discount_paise),
    additional_discount: rupees(row.additional_discount_paise),
    shipping_handling_charges: rupees(row.shipping_charges_paise),
    other_charges: rupees(row.other_charges_paise),
    ...presentTaxSplit(row),
    total_tax: rupees(tax),
    round_off: rupees(row.round_off_paise),
    total: rupees(row.total_paise),
    charges: (summary.charges ?? []).map((charge) => ({
      label: charge.label,
      amount: rupees(charge.amount_paise),
      taxable_value: rupees(charge.taxable_paise),
      gst_rate: charge.gst_rate,
      cgst: rupees(charge.cgst_paise),
      sgst: rupees(charge.sgst_paise),
      igst: rupees(charge.igst_paise),
      cess: rupees(charge.cess_paise),
    })),
    hsn_summary: (summary.hsn_summary ?? []).map((row) => ({
      hsn: row.hsn,
      gst_rate: row.gst_rate,
      cess_rate: row.cess_rate,
      ...presentTaxSplit(row),
      total_tax: rupees(row.tax_paise),
    })),
  };
}

/** An address as the documents keep and answer it (orders keep it as a snapshot). */
export interface AddressRow {
  id: number;
  address_line_1: string;
  address_line_2: string | null;
  landmark: string | null;
  city: string;
  pincode: string;
  state_id: number;
  state_name: string;
  gst_code: string;
}

export const documentAddress = (row: AddressRow): DocumentAddressOutput => ({
  id: row.id,
  address_line_1: row.address_line_1,
  address_line_2: row.address_line_2,
  landmark: row.landmark,
  city: row.city,
  state: { id: row.state_id, name: row.state_name, gst_code: row.gst_code },
  pincode: row.pincode,
});

export const person = (id: number | null, firstName: string | null, lastName: string | null) =>
  id === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '' };

export const named = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id, name };

/** The sales channel a quotation or an order was taken through, by its display name (none: null). */
export const salesChannel = (id: number | null, displayName: string | null) =>
  id === null || displayName === null ? null : { id, display_name: displayName };

/**
 * A date column as YYYY-MM-DD. The driver hands `date` columns over as Dates at local midnight
 * (or as text), so the local calendar fields are the day.
 */
export function dayOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

export const dayOrThrow = (value: unknown): string => dayOf(value) ?? '';
