import type { DocumentAddressOutput } from '@b2b/domain/api/sales-orders';
import { taxExclusiveLine } from '@b2b/domain/gst';
import { amountInWords } from '@b2b/domain/invoices';
import { CHARGE_SAC } from '@b2b/domain/sales-pricing';
import type { BuyerSnapshot, SellerSnapshot } from '../../db/schema.ts';
import type {
  InvoiceAddress,
  InvoiceBankDetails,
  InvoiceDocument,
  InvoiceHsnSummaryRow,
  InvoiceLine,
} from '../invoice-documents/invoice-document.ts';
import { CHARGE_LABELS, type StoredTaxSummary } from '../sales-documents/sales-document.ts';
import { amountDuePaise } from './invoices.present.ts';
import type { InvoiceItemRow, InvoiceRow } from './invoices.queries.ts';

/** The `seller` and `buyer` columns of an invoice, typed where the invoices table is declared. */
export type { BuyerSnapshot, SellerSnapshot };

function printedAddress(address: DocumentAddressOutput | null): InvoiceAddress {
  return {
    line1: address?.address_line_1 ?? '',
    line2: address?.address_line_2 ?? null,
    landmark: address?.landmark ?? null,
    city: address?.city ?? '',
    state: address?.state.name ?? '',
    stateCode: address?.state.gst_code ?? '',
    pincode: address?.pincode ?? '',
  };
}

/**
 * Charges are taxed at the principal supply's rate, but a charge is a service and states its SAC
 * code (the domain's CHARGE_SAC, which also gives it its own row of the HSN summary). By label,
 * because invoices stored before the charges carried their SAC keep the principal's HSN.
 */
const SAC_OF_CHARGE: Record<string, string> = {
  [CHARGE_LABELS.shipping]: CHARGE_SAC.shipping,
  [CHARGE_LABELS.other]: CHARGE_SAC.other,
};

/** SAC codes (services) are the HSN chapter 99. */
const isServiceCode = (hsn: string | null) => hsn?.startsWith('99') ?? false;

/** What a priced line prints: the stored columns of an invoice's, a quotation's or an order's items. */
type PrintedItem = Pick<
  InvoiceItemRow,
  | 'product_name'
  | 'sku'
  | 'hsn'
  | 'quantity'
  | 'unit'
  | 'rate_paise'
  | 'gross_paise'
  | 'taxable_paise'
  | 'gst_rate'
  | 'cess_rate'
  | 'cgst_paise'
  | 'sgst_paise'
  | 'igst_paise'
  | 'cess_paise'
  | 'amount_paise'
> & { serial_numbers?: string[] };

/** A line as a tax invoice states it: rate and discount before tax (the domain's taxExclusiveLine). */
function printedLine(item: PrintedItem, position: number): InvoiceLine {
  const taxablePaise = Number(item.taxable_paise);
  const printed = taxExclusiveLine({
    ratePaise: Number(item.rate_paise),
    grossPaise: Number(item.gross_paise),
    taxablePaise,
    gstRatePercent: Number(item.gst_rate),
    cessRatePercent: Number(item.cess_rate),
  });
  return {
    position,
    description: item.product_name,
    sku: item.sku,
    ...(item.serial_numbers?.length ? { serialNumbers: item.serial_numbers } : {}),
    hsn: item.hsn,
    isService: isServiceCode(item.hsn),
    quantity: Number(item.quantity),
    unit: item.unit,
    ratePaise: printed.ratePaise,
    discountPaise: printed.discountPaise,
    taxablePaise,
    gstRatePercent: Number(item.gst_rate),
    cessRatePercent: Number(item.cess_rate),
    cgstPaise: Number(item.cgst_paise),
    sgstPaise: Number(item.sgst_paise),
    igstPaise: Number(item.igst_paise),
    cessPaise: Number(item.cess_paise),
    amountPaise: Number(item.amount_paise),
  };
}

function printedBank(bank: SellerSnapshot['bank']): InvoiceBankDetails | null {
  if (!bank) return null;
  return {
    accountName: bank.account_name,
    bankName: bank.bank_name,
    accountNumber: bank.account_number,
    ifsc: bank.ifsc,
    branch: bank.branch,
    upiId: bank.upi_id,
  };
}

/** The IRP's acknowledgement date as it prints ('YYYY-MM-DD HH:mm:ss', Indian time). */
function ackDateText(value: Date | string | null): string {
  if (value === null) return '';
  const date = value instanceof Date ? value : new Date(value);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** An HSN summary as a document stores it (`tax_summary.hsn_summary`), as its PDF prints it. */
export const printedHsnSummary = (rows: StoredTaxSummary['hsn_summary']): InvoiceHsnSummaryRow[] =>
  rows.map((row) => ({
    hsn: row.hsn,
    gstRatePercent: row.gst_rate,
    cessRatePercent: row.cess_rate,
    taxablePaise: row.taxable_paise,
    cgstPaise: row.cgst_paise,
    sgstPaise: row.sgst_paise,
    igstPaise: row.igst_paise,
    cessPaise: row.cess_paise,
    taxPaise: row.tax_paise,
  }));

/** The columns in which an invoice keeps its parties as they were when it was generated. */
export interface PartySnapshots {
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  billing_address: DocumentAddressOutput;
  shipping_address: DocumentAddressOutput;
}

/**
 * Seller (with its bank), buyer and consignee as an invoice's documents print them: the tax
 * invoice, and the credit notes issued against it.
 */
export function printedParties(snapshots: PartySnapshots) {
  const { seller, buyer } = snapshots;
  return {
    seller: {
      name: seller.trade_name ?? seller.company_name,
      legalName: seller.company_name,
      branchName: seller.branch_name,
      gstin: seller.gstin,
      pan: seller.pan,
      address: printedAddress(seller.address),
      phone: seller.phone,
      email: seller.email,
    },
    buyer: {
      name: buyer.name,
      gstin: buyer.gstin,
      address: printedAddress(snapshots.billing_address),
      phone: buyer.phone,
      email: buyer.email,
    },
    shipTo: {
      name: buyer.name,
      gstin: buyer.gstin,
      address: printedAddress(snapshots.shipping_address),
      phone: null,
      email: null,
    },
    bank: printedBank(seller.bank),
  } satisfies Pick<InvoiceDocument, 'seller' | 'buyer' | 'shipTo' | 'bank'>;
}

/** The money columns every priced document stores (an invoice, a quotation, an order). */
type PrintedTotals = Pick<
  InvoiceRow,
  | 'tax_summary'
  | 'taxable_paise'
  | 'cgst_paise'
  | 'sgst_paise'
  | 'igst_paise'
  | 'cess_paise'
  | 'round_off_paise'
  | 'total_paise'
>;

/**
 * A priced document's lines, charges, HSN summary and totals as its PDF prints them, every figure
 * as stored (never re-priced): the tax invoice's, and a quotation's or a sales order's.
 */
export function printedMoney(document: PrintedTotals, items: PrintedItem[]) {
  const summary = (document.tax_summary ?? {}) as Partial<StoredTaxSummary>;
  const lines = items.map((item, index) => printedLine(item, index + 1));
  const charges = (summary.charges ?? []).map((charge) => ({
    label: charge.label,
    taxablePaise: charge.taxable_paise,
    gstRatePercent: charge.gst_rate,
    cgstPaise: charge.cgst_paise,
    sgstPaise: charge.sgst_paise,
    igstPaise: charge.igst_paise,
    cessPaise: charge.cess_paise,
    amountPaise: charge.amount_paise,
    hsn: SAC_OF_CHARGE[charge.label] ?? charge.hsn,
  }));
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    lines,
    charges,
    hsnSummary: printedHsnSummary(summary.hsn_summary ?? []),
    totals: {
      subtotalPaise: sum(lines, (line) => line.taxablePaise + line.discountPaise),
      discountPaise: sum(lines, (line) => line.discountPaise),
      taxablePaise: Number(document.taxable_paise),
      cgstPaise: Number(document.cgst_paise),
      sgstPaise: Number(document.sgst_paise),
      igstPaise: Number(document.igst_paise),
      cessPaise: Number(document.cess_paise),
      // The charges' value before tax: the taxable value already includes it.
      chargesPaise: sum(charges, (charge) => charge.taxablePaise),
      roundOffPaise: Number(document.round_off_paise),
      totalPaise: Number(document.total_paise),
    },
    amountInWords: amountInWords(Number(document.total_paise)),
  } satisfies Pick<InvoiceDocument, 'lines' | 'charges' | 'hsnSummary' | 'totals' | 'amountInWords'>;
}

/**
 * One invoice as the tax invoice PDF, the e-invoice payload and the mail to the buyer see it:
 * every figure as stored when it was generated (never re-priced), seller and buyer as they were.
 */
export function invoiceDocumentOf(invoice: InvoiceRow, items: InvoiceItemRow[]): InvoiceDocument {
  const { seller, buyer, shipTo, bank } = printedParties(invoice);
  const shipping = invoice.shipping_address;
  const eInvoice =
    invoice.irn && invoice.ack_number && invoice.signed_qr_code
      ? {
          irn: invoice.irn,
          ackNumber: invoice.ack_number,
          ackDate: ackDateText(invoice.ack_date),
          signedQrCode: invoice.signed_qr_code,
        }
      : null;
  return {
    invoiceNumber: invoice.invoice_number,
    invoiceDate: invoice.invoice_day,
    dueDate: invoice.due_day,
    orderNumber: invoice.order_number,
    referenceNumber: invoice.reference_number,
    seller,
    buyer,
    shipTo,
    placeOfSupply: {
      state: invoice.place_of_supply_name ?? shipping.state.name,
      stateCode: invoice.place_of_supply_gst_code ?? shipping.state.gst_code,
    },
    intraState: invoice.is_intra_state,
    reverseCharge: false,
    ...printedMoney(invoice, items),
    bank,
    termsAndConditions: invoice.terms_and_conditions,
    notes: invoice.notes,
    // The UPI QR code asks for what is left to pay when the PDF is made, not the original total.
    amountDuePaise: amountDuePaise(invoice),
    status: invoice.status,
    eInvoice,
  };
}
