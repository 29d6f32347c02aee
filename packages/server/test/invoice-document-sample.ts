import { computeGstinCheckChar } from '@b2b/domain/gstin';
import type {
  InvoiceCharge,
  InvoiceDocument,
  InvoiceHsnSummaryRow,
  InvoiceLine,
} from '../src/modules/invoice-documents/invoice-document.ts';

/**
 * A realistic, internally consistent invoice for the PDF and e-invoice tests: GST worked out per
 * line (CGST + SGST halves within a state, IGST across states), an HSN summary grouped by code
 * and rate, totals rounded to the rupee, and the amount in words. The GST math here is a test
 * fixture only; the real one lives in @b2b/domain.
 */

const withCheck = (first14: string) => `${first14}${computeGstinCheckChar(first14)}`;

export const SAMPLE_SELLER_GSTIN = withCheck('27AAPFU0939F1Z');
export const SAMPLE_BUYER_GSTIN = withCheck('27AAGCB7383J1Z');
export const SAMPLE_OTHER_STATE_BUYER_GSTIN = withCheck('29AAGCB7383J1Z');

interface Product {
  description: string;
  sku: string | null;
  hsn: string;
  isService: boolean;
  unit: string | null;
  ratePaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
}

const PRODUCTS: Product[] = [
  {
    description: 'Stainless Steel Water Bottle 1 L, vacuum insulated',
    sku: 'SSB-1000',
    hsn: '73239390',
    isService: false,
    unit: 'NOS',
    ratePaise: 349_00,
    gstRatePercent: 18,
    cessRatePercent: 0,
  },
  {
    description: 'Basmati Rice Premium (loose)',
    sku: 'RICE-BSM',
    hsn: '10063020',
    isService: false,
    unit: 'KGS',
    ratePaise: 125_50,
    gstRatePercent: 5,
    cessRatePercent: 0,
  },
  {
    description: 'Cotton T-Shirt, round neck, assorted sizes',
    sku: 'TS-RN-AST',
    hsn: '61091000',
    isService: false,
    unit: 'PCS',
    ratePaise: 299_00,
    gstRatePercent: 5,
    cessRatePercent: 0,
  },
  {
    description: 'LED Bulb 9 W, cool daylight, B22 base',
    sku: 'LED-9W-B22',
    hsn: '85395000',
    isService: false,
    unit: 'NOS',
    ratePaise: 89_00,
    gstRatePercent: 12,
    cessRatePercent: 0,
  },
  {
    description: 'Installation and commissioning of water purifiers at the buyer premises',
    sku: null,
    hsn: '998729',
    isService: true,
    unit: null,
    ratePaise: 1_500_00,
    gstRatePercent: 18,
    cessRatePercent: 0,
  },
];

const CESS_PRODUCT: Product = {
  description: 'Aerated Soft Drink 750 ml (case of 24)',
  sku: 'SD-750-24',
  hsn: '22021010',
  isService: false,
  unit: 'BOX',
  ratePaise: 840_00,
  gstRatePercent: 28,
  cessRatePercent: 12,
};

const QUANTITIES = [24, 12.5, 36, 50, 1, 10];

const half = (paise: number) => Math.round(paise / 2);
const pct = (paise: number, rate: number) => Math.round((paise * rate) / 100);

function taxes(taxable: number, gstRate: number, cessRate: number, intraState: boolean) {
  const gst = pct(taxable, gstRate);
  const cgst = intraState ? half(gst) : 0;
  return {
    cgstPaise: cgst,
    sgstPaise: intraState ? gst - cgst : 0,
    igstPaise: intraState ? 0 : gst,
    cessPaise: pct(taxable, cessRate),
  };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  return n < 20 ? ONES[n] : `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** Indian numbering (crore, lakh, thousand): 123456 -> 'One Lakh Twenty Three Thousand Four Hundred Fifty Six'. */
function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function sampleAmountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and Paise ${belowHundred(rest)}` : ''} Only`;
}

export interface SampleInvoiceOptions {
  /** Number of lines (products repeat); 5 by default. */
  lines?: number;
  /** Buyer in Karnataka instead of Maharashtra: IGST instead of CGST + SGST. */
  interState?: boolean;
  /** Adds a line that carries compensation cess. */
  cess?: boolean;
  /** A freight charge with its own GST; true by default. */
  freight?: boolean;
  invoiceNumber?: string;
}

/** A consistent sample invoice; `overrides` replace top-level fields after the totals are worked out. */
export function sampleInvoiceDocument(
  options: SampleInvoiceOptions = {},
  overrides: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  const intraState = !options.interState;
  const count = options.lines ?? 5;
  const products = Array.from({ length: count }, (_, index) => PRODUCTS[index % PRODUCTS.length]);
  if (options.cess) products.splice(Math.min(2, products.length), 0, CESS_PRODUCT);

  const lines: InvoiceLine[] = products.map((product, index) => {
    const quantity = product.isService ? 1 : QUANTITIES[index % QUANTITIES.length];
    const gross = Math.round(product.ratePaise * quantity);
    const discountPaise = index % 3 === 0 ? pct(gross, 5) : 0;
    const taxablePaise = gross - discountPaise;
    const tax = taxes(taxablePaise, product.gstRatePercent, product.cessRatePercent, intraState);
    return {
      position: index + 1,
      description: count > PRODUCTS.length ? `${product.description} #${index + 1}` : product.description,
      sku: product.sku,
      hsn: product.hsn,
      isService: product.isService,
      quantity,
      unit: product.unit,
      ratePaise: product.ratePaise,
      discountPaise,
      taxablePaise,
      gstRatePercent: product.gstRatePercent,
      cessRatePercent: product.cessRatePercent,
      ...tax,
      amountPaise: taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise + tax.cessPaise,
    };
  });

  const charges: InvoiceCharge[] = [];
  if (options.freight ?? true) {
    const tax = taxes(750_00, 18, 0, intraState);
    charges.push({
      label: 'Freight and forwarding charges',
      taxablePaise: 750_00,
      gstRatePercent: 18,
      ...tax,
      amountPaise: 750_00 + tax.cgstPaise + tax.sgstPaise + tax.igstPaise + tax.cessPaise,
      hsn: '996511',
    });
  }

  const summary = new Map<string, InvoiceHsnSummaryRow>();
  for (const item of [...lines, ...charges.map((charge) => ({ ...charge, cessRatePercent: 0 }))]) {
    const key = `${item.hsn}|${item.gstRatePercent}|${item.cessRatePercent}`;
    const row = summary.get(key) ?? {
      hsn: item.hsn,
      gstRatePercent: item.gstRatePercent,
      cessRatePercent: item.cessRatePercent,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 0,
    };
    row.taxablePaise += item.taxablePaise;
    row.cgstPaise += item.cgstPaise;
    row.sgstPaise += item.sgstPaise;
    row.igstPaise += item.igstPaise;
    row.cessPaise += item.cessPaise;
    row.taxPaise += item.cgstPaise + item.sgstPaise + item.igstPaise + item.cessPaise;
    summary.set(key, row);
  }

  // Totals as the domain's GST math states them: charges are part of the value of supply, so the
  // taxable value and each tax include theirs; `chargesPaise` is their value before tax.
  const sum = <T>(items: T[], pick: (item: T) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  const all = [...lines, ...charges];
  const subtotalPaise = sum(lines, (item) => item.taxablePaise + item.discountPaise);
  const discountPaise = sum(lines, (item) => item.discountPaise);
  const exact = sum(all, (item) => item.amountPaise);
  const totalPaise = Math.round(exact / 100) * 100;

  const buyerAddress = intraState
    ? {
        line1: 'Unit 4, Sai Industrial Estate, Bhosari MIDC',
        line2: 'Plot J-12',
        landmark: 'Near Landewadi Chowk',
        city: 'Pune',
        state: 'Maharashtra',
        stateCode: '27',
        pincode: '411026',
      }
    : {
        line1: '88, 2nd Cross, Peenya Industrial Area',
        line2: '4th Phase',
        landmark: null,
        city: 'Bengaluru',
        state: 'Karnataka',
        stateCode: '29',
        pincode: '560058',
      };
  const buyerGstin = intraState ? SAMPLE_BUYER_GSTIN : SAMPLE_OTHER_STATE_BUYER_GSTIN;

  return {
    invoiceNumber: options.invoiceNumber ?? 'INV/25-26/0042',
    invoiceDate: '2025-07-14',
    dueDate: '2025-08-13',
    orderNumber: 'SO/25-26/0187',
    referenceNumber: 'PO-7781',
    seller: {
      name: 'Utkarsh Kitchenware',
      legalName: 'Utkarsh Kitchenware Private Limited',
      branchName: 'Mumbai Head Office',
      gstin: SAMPLE_SELLER_GSTIN,
      pan: SAMPLE_SELLER_GSTIN.slice(2, 12),
      address: {
        line1: '301, Shreeji Arcade, LBS Marg',
        line2: 'Ghatkopar West',
        landmark: null,
        city: 'Mumbai',
        state: 'Maharashtra',
        stateCode: '27',
        pincode: '400086',
      },
      phone: '+91 22 4012 7788',
      email: 'accounts@utkarsh.example',
    },
    buyer: {
      name: 'Bharat Home Stores LLP',
      gstin: buyerGstin,
      address: buyerAddress,
      phone: '+91 98220 11223',
      email: 'purchase@bharathome.example',
    },
    shipTo: {
      name: 'Bharat Home Stores LLP (Warehouse 2)',
      gstin: buyerGstin,
      address: { ...buyerAddress, line1: `Warehouse 2, ${buyerAddress.line1}`, landmark: null },
      phone: null,
      email: null,
    },
    placeOfSupply: { state: buyerAddress.state, stateCode: buyerAddress.stateCode },
    intraState,
    reverseCharge: false,
    lines,
    charges,
    hsnSummary: [...summary.values()],
    totals: {
      subtotalPaise,
      discountPaise,
      taxablePaise: sum(all, (item) => item.taxablePaise),
      cgstPaise: sum(all, (item) => item.cgstPaise),
      sgstPaise: sum(all, (item) => item.sgstPaise),
      igstPaise: sum(all, (item) => item.igstPaise),
      cessPaise: sum(all, (item) => item.cessPaise),
      chargesPaise: sum(charges, (charge) => charge.taxablePaise),
      roundOffPaise: totalPaise - exact,
      totalPaise,
    },
    amountInWords: sampleAmountInWords(totalPaise),
    bank: {
      accountName: 'Utkarsh Kitchenware Private Limited',
      bankName: 'HDFC Bank',
      accountNumber: '50200012345678',
      ifsc: 'HDFC0000123',
      branch: 'Ghatkopar West, Mumbai',
      upiId: 'utkarsh@hdfcbank',
    },
    termsAndConditions:
      '1. Goods once sold will not be taken back or exchanged.\n2. Interest at 18% p.a. is charged on payments received after the due date.\n3. Subject to Mumbai jurisdiction.',
    notes: 'Delivered against PO-7781. Thank you for your business.',
    status: 'generated',
    eInvoice: null,
    ...overrides,
  };
}
