/**
 * One issued invoice as plain data: what the tax invoice PDF prints and what the e-invoice payload
 * reports. The invoices service maps its rows into this shape; nothing here reads the database.
 * Amounts are integer paise, quantities plain numbers, dates 'YYYY-MM-DD'.
 */

export interface InvoiceAddress {
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  /** Two-digit GST state code: '27' for Maharashtra. */
  stateCode: string;
  pincode: string;
}

export interface InvoiceParty {
  name: string;
  gstin: string | null;
  address: InvoiceAddress;
  phone: string | null;
  email: string | null;
}

export interface InvoiceSeller extends InvoiceParty {
  legalName: string;
  branchName: string;
  pan: string | null;
}

export interface InvoiceLine {
  position: number;
  description: string;
  sku: string | null;
  /** The units sold on the line, for a product that tracks serial numbers. */
  serialNumbers?: string[];
  hsn: string | null;
  isService: boolean;
  quantity: number;
  unit: string | null;
  ratePaise: number;
  discountPaise: number;
  taxablePaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  amountPaise: number;
}

export interface InvoiceCharge {
  label: string;
  taxablePaise: number;
  gstRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  amountPaise: number;
  hsn: string | null;
}

export interface InvoiceHsnSummaryRow {
  hsn: string | null;
  gstRatePercent: number;
  cessRatePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  taxPaise: number;
}

export interface InvoiceTotals {
  subtotalPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  chargesPaise: number;
  roundOffPaise: number;
  totalPaise: number;
}

export interface InvoiceBankDetails {
  accountName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  branch: string | null;
  upiId?: string | null;
}

export interface InvoiceEInvoice {
  irn: string;
  ackNumber: string;
  /** As the IRP returns it: 'YYYY-MM-DD HH:mm:ss' (Indian time). */
  ackDate: string;
  signedQrCode: string;
}

export type InvoiceDocumentStatus = 'generated' | 'ready_to_ship' | 'processed' | 'cancelled';

export interface InvoiceDocument {
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string | null;
  orderNumber: string;
  referenceNumber: string | null;
  seller: InvoiceSeller;
  /** Billed to. */
  buyer: InvoiceParty;
  /** Shipped to. */
  shipTo: InvoiceParty;
  placeOfSupply: { state: string; stateCode: string };
  intraState: boolean;
  reverseCharge: false;
  lines: InvoiceLine[];
  charges: InvoiceCharge[];
  hsnSummary: InvoiceHsnSummaryRow[];
  totals: InvoiceTotals;
  /** 'Rupees ... Only', worded by the caller. */
  amountInWords: string;
  bank: InvoiceBankDetails | null;
  termsAndConditions: string | null;
  notes: string | null;
  /** What is left to pay (total less paid, credited and written off); the total when not given. */
  amountDuePaise?: number;
  status: InvoiceDocumentStatus;
  eInvoice: InvoiceEInvoice | null;
  /** The generated e-way bill (issue 22), when there is one: its number and validity. */
  eWayBill?: { number: string; validUntil: Date | null } | null;
}
