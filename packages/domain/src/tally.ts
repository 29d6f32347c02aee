/**
 * Tally export settings of a branch: which Tally voucher type each kind of document is posted as,
 * and which Tally ledger each posting purpose goes to. The kinds and purposes are fixed here; the
 * names are the company's own, written with Tally's name rule (MESSAGES.tally).
 */

export interface TallyVoucherKind {
  kind: string;
  label: string;
  /** The voucher type Tally creates in every company, used while the branch names none. */
  defaultName: string;
  /** What the product posts with this voucher type. */
  description: string;
}

export const TALLY_VOUCHER_KINDS = [
  { kind: 'sales', label: 'Sales', defaultName: 'Sales', description: 'Invoices' },
  { kind: 'purchase', label: 'Purchase', defaultName: 'Purchase', description: 'Bills' },
  { kind: 'receipt', label: 'Receipt', defaultName: 'Receipt', description: 'Payments received' },
  { kind: 'payment', label: 'Payment', defaultName: 'Payment', description: 'Payments made' },
  {
    kind: 'credit_note',
    label: 'Credit Note',
    defaultName: 'Credit Note',
    description: 'Credit notes and sales returns',
  },
  {
    kind: 'debit_note',
    label: 'Debit Note',
    defaultName: 'Debit Note',
    description: 'Debit notes and purchase returns',
  },
  {
    kind: 'delivery_note',
    label: 'Delivery Note',
    defaultName: 'Delivery Note',
    description: 'Delivery challans',
  },
  { kind: 'journal', label: 'Journal', defaultName: 'Journal', description: 'Ledger adjustments' },
  {
    kind: 'stock_journal',
    label: 'Stock Journal',
    defaultName: 'Stock Journal',
    description: 'Inventory adjustments and transfers',
  },
] as const satisfies readonly TallyVoucherKind[];

export type TallyVoucherKindName = (typeof TALLY_VOUCHER_KINDS)[number]['kind'];

export interface TallyLedgerPurpose {
  purpose: string;
  label: string;
  group: 'Sales and purchase' | 'Output tax' | 'Input tax' | 'Other';
}

/** The ledgers an invoice or a bill posts to besides the party's own ledger. */
export const TALLY_LEDGER_PURPOSES = [
  { purpose: 'sales', label: 'Sales', group: 'Sales and purchase' },
  { purpose: 'purchase', label: 'Purchase', group: 'Sales and purchase' },
  { purpose: 'output_cgst', label: 'Output CGST', group: 'Output tax' },
  { purpose: 'output_sgst', label: 'Output SGST', group: 'Output tax' },
  { purpose: 'output_igst', label: 'Output IGST', group: 'Output tax' },
  { purpose: 'output_cess', label: 'Output Cess', group: 'Output tax' },
  { purpose: 'input_cgst', label: 'Input CGST', group: 'Input tax' },
  { purpose: 'input_sgst', label: 'Input SGST', group: 'Input tax' },
  { purpose: 'input_igst', label: 'Input IGST', group: 'Input tax' },
  { purpose: 'input_cess', label: 'Input Cess', group: 'Input tax' },
  { purpose: 'round_off', label: 'Round Off', group: 'Other' },
  { purpose: 'discount', label: 'Discount', group: 'Other' },
  { purpose: 'shipping_charges', label: 'Shipping Charges', group: 'Other' },
  { purpose: 'bank_charges', label: 'Bank Charges', group: 'Other' },
  { purpose: 'tds_receivable', label: 'TDS Receivable', group: 'Other' },
  { purpose: 'tds_payable', label: 'TDS Payable', group: 'Other' },
] as const satisfies readonly TallyLedgerPurpose[];

export type TallyLedgerPurposeName = (typeof TALLY_LEDGER_PURPOSES)[number]['purpose'];

export const TALLY_VOUCHER_KIND_NAMES = TALLY_VOUCHER_KINDS.map((k) => k.kind) as [
  TallyVoucherKindName,
  ...TallyVoucherKindName[],
];
export const TALLY_LEDGER_PURPOSE_NAMES = TALLY_LEDGER_PURPOSES.map((p) => p.purpose) as [
  TallyLedgerPurposeName,
  ...TallyLedgerPurposeName[],
];

/** Every kind with the branch's own voucher type name, or Tally's default where it has none. */
export function effectiveVoucherTypes(
  stored: Partial<Record<string, string>> | null | undefined,
): Record<TallyVoucherKindName, string> {
  const result = {} as Record<TallyVoucherKindName, string>;
  for (const { kind, defaultName } of TALLY_VOUCHER_KINDS) {
    const name = stored?.[kind];
    result[kind] = typeof name === 'string' && name.trim() !== '' ? name : defaultName;
  }
  return result;
}

/** Every purpose with the branch's ledger name, or null where none is mapped yet. */
export function effectiveLedgerMappings(
  stored: Partial<Record<string, string>> | null | undefined,
): Record<TallyLedgerPurposeName, string | null> {
  const result = {} as Record<TallyLedgerPurposeName, string | null>;
  for (const { purpose } of TALLY_LEDGER_PURPOSES) {
    const name = stored?.[purpose];
    result[purpose] = typeof name === 'string' && name.trim() !== '' ? name : null;
  }
  return result;
}
