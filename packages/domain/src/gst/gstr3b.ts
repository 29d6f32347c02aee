/**
 * GSTR-3B, the monthly summary return (issue 22): what a GSTIN supplied and bought in a month,
 * and the tax it pays after input tax credit. Figures are integer paise, worked out from the
 * documents' stored figures, so the return adds up to the paisa to the documents behind it.
 *
 * The server sums the documents of a period by the table head they belong to (`Gstr3bSums`);
 * `computeGstr3b` lays the sums out as the portal's tables and works out 6.1, the tax paid by
 * input tax credit and in cash.
 */

/** The figures a return sums, of one document or of a head: paise. */
export interface TaxFigures {
  taxable_paise: number;
  igst_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  cess_paise: number;
}

export const ZERO_FIGURES: TaxFigures = Object.freeze({
  taxable_paise: 0,
  igst_paise: 0,
  cgst_paise: 0,
  sgst_paise: 0,
  cess_paise: 0,
});

/**
 * The heads a figure can be traced to:
 * - 3.1a outward taxable supplies (other than zero rated, nil rated and exempted);
 * - 3.1b outward taxable supplies (zero rated): exports and supplies to SEZs;
 * - 3.1c other outward supplies (nil rated, exempted): lines taxed at 0% but non-GST ones;
 * - 3.1d inward supplies liable to reverse charge: reverse-charge bills;
 * - 3.1e non-GST outward supplies: lines of products whose GST treatment is Non-GST;
 * - 3.2 inter-state supplies to unregistered persons (a part of 3.1a), by place of supply;
 * - 4a3 ITC on inward supplies liable to reverse charge, 4a5 all other ITC (bills),
 *   4b2 ITC reversed (debit notes to sellers: purchase returns, rate differences);
 * - 4 every document of table 4 (its net ITC, 4C);
 * - 5a_inter / 5a_intra: table 5's 'from a supplier under composition scheme, exempt and nil rated
 *   supply', inter-state and intra-state: bill lines (less debit notes) at 0% that are nil rated
 *   or exempt, or taxable goods billed without GST (a composition supplier charges none);
 * - 5b_inter / 5b_intra: table 5's 'non GST supply': bill lines whose treatment is Non-GST.
 */
export const GSTR3B_HEADS = [
  '3.1a',
  '3.1b',
  '3.1c',
  '3.1d',
  '3.1e',
  '3.2',
  '4a3',
  '4a5',
  '4b2',
  '4',
  '5a_inter',
  '5a_intra',
  '5b_inter',
  '5b_intra',
] as const;
export type Gstr3bHead = (typeof GSTR3B_HEADS)[number];

/** The heads a document row of the server belongs to (4 is the union of 4a3, 4a5 and 4b2). */
export type Gstr3bEntryHead = Exclude<Gstr3bHead, '4'>;

export const GSTR3B_HEAD_LABELS: Record<Gstr3bHead, string> = {
  '3.1a': '(a) Outward taxable supplies (other than zero rated, nil rated and exempted)',
  '3.1b': '(b) Outward taxable supplies (zero rated)',
  '3.1c': '(c) Other outward supplies (nil rated, exempted)',
  '3.1d': '(d) Inward supplies (liable to reverse charge)',
  '3.1e': '(e) Non-GST outward supplies',
  '3.2': 'Supplies made to unregistered persons (inter-state)',
  '4a3': '(3) Inward supplies liable to reverse charge (other than 1 and 2 above)',
  '4a5': '(5) All other ITC',
  '4b2': '(2) Others (debit notes to sellers)',
  '4': '(C) Net ITC available (A) - (B)',
  '5a_inter': 'From a supplier under composition scheme, Exempt and Nil rated supply (inter-state)',
  '5a_intra': 'From a supplier under composition scheme, Exempt and Nil rated supply (intra-state)',
  '5b_inter': 'Non GST supply (inter-state)',
  '5b_intra': 'Non GST supply (intra-state)',
};

/** Table 5's rows, each valued inter-state and intra-state. */
export const GSTR3B_TABLE5_ROWS = [
  {
    key: 'nil_exempt',
    label: 'From a supplier under composition scheme, Exempt and Nil rated supply',
    inter: '5a_inter',
    intra: '5a_intra',
  },
  { key: 'non_gst', label: 'Non GST supply', inter: '5b_inter', intra: '5b_intra' },
] as const satisfies readonly { key: string; label: string; inter: Gstr3bHead; intra: Gstr3bHead }[];

/** One row of table 5: inward supplies' values, paise. */
export interface InwardExemptRow {
  inter_state_paise: number;
  intra_state_paise: number;
}

/** The documents a figure is made of. */
export const GSTR3B_DOCUMENT_KINDS = ['invoice', 'credit_note', 'bill', 'debit_note'] as const;
export type Gstr3bDocumentKind = (typeof GSTR3B_DOCUMENT_KINDS)[number];

export const GSTR3B_DOCUMENT_KIND_LABELS: Record<Gstr3bDocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit Note',
  bill: 'Bill',
  debit_note: 'Debit Note',
};

/** The server's sums of one period: per entry head, and 3.2 per place of supply (state GST code). */
export interface Gstr3bSums {
  heads: Partial<Record<Gstr3bEntryHead, TaxFigures>>;
  unregisteredInterState: readonly ({ state_code: string } & TaxFigures)[];
}

export const TAX_HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;
export type TaxHead = (typeof TAX_HEADS)[number];

/** One row of table 6.1: a tax head's liability and how it is paid. */
export interface PaymentRow {
  head: TaxHead;
  /** Tax payable on outward supplies (3.1 a and b), forward charge. */
  payable_paise: number;
  /** Paid through ITC, by the credit head used. */
  paid_by_itc: Record<TaxHead, number>;
  /** What is left after ITC, paid in cash. */
  paid_in_cash_paise: number;
  /** Reverse-charge tax (3.1 d), always paid in cash: ITC cannot pay it. */
  reverse_charge_paise: number;
  /** ITC of this head left over after every use, carried forward to the next period. */
  carried_forward_paise: number;
}

export interface Gstr3bTable {
  outward: Record<'3.1a' | '3.1b' | '3.1c' | '3.1d' | '3.1e', TaxFigures>;
  unregistered_inter_state: readonly ({ state_code: string } & TaxFigures)[];
  itc: {
    reverse_charge: TaxFigures;
    all_other: TaxFigures;
    available: TaxFigures;
    reversed: TaxFigures;
    net: TaxFigures;
  };
  /** Table 5: values of exempt, nil-rated and non-GST inward supplies. */
  inward_exempt: Record<(typeof GSTR3B_TABLE5_ROWS)[number]['key'], InwardExemptRow>;
  payment: readonly PaymentRow[];
}

const FIGURE_KEYS = ['taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise', 'cess_paise'] as const;

export function addFigures(...all: readonly TaxFigures[]): TaxFigures {
  const sum = { ...ZERO_FIGURES };
  for (const figures of all) for (const key of FIGURE_KEYS) sum[key] += figures[key];
  return sum;
}

export function subtractFigures(a: TaxFigures, b: TaxFigures): TaxFigures {
  const difference = { ...a };
  for (const key of FIGURE_KEYS) difference[key] -= b[key];
  return difference;
}

const taxOf = (figures: TaxFigures, head: TaxHead) => figures[`${head}_paise`];

/**
 * Section 49 and rule 88A of the CGST rules, in their order: IGST credit first, against IGST, then
 * CGST, then SGST; then CGST credit against CGST, then IGST; then SGST credit against SGST, then
 * IGST. CGST credit never pays SGST nor the reverse; cess credit pays cess only. What no credit
 * pays is paid in cash; credit left over is carried forward. A head's credit below zero (more
 * reversed than taken) is a liability of that head, paid in cash like tax.
 */
export function utiliseItc(output: TaxFigures, credit: TaxFigures, reverseCharge: TaxFigures): PaymentRow[] {
  const left: Record<TaxHead, number> = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  const due: Record<TaxHead, number> = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const head of TAX_HEADS) {
    const net = taxOf(credit, head);
    left[head] = Math.max(0, net);
    due[head] = taxOf(output, head) + Math.max(0, -net);
  }
  const paid = Object.fromEntries(
    TAX_HEADS.map((head) => [head, { igst: 0, cgst: 0, sgst: 0, cess: 0 }]),
  ) as Record<TaxHead, Record<TaxHead, number>>;
  const use = (creditHead: TaxHead, liabilityHead: TaxHead) => {
    const amount = Math.min(left[creditHead], Math.max(0, due[liabilityHead]));
    left[creditHead] -= amount;
    due[liabilityHead] -= amount;
    paid[liabilityHead][creditHead] += amount;
  };
  use('igst', 'igst');
  use('igst', 'cgst');
  use('igst', 'sgst');
  use('cgst', 'cgst');
  use('cgst', 'igst');
  use('sgst', 'sgst');
  use('sgst', 'igst');
  use('cess', 'cess');
  return TAX_HEADS.map((head) => ({
    head,
    payable_paise: taxOf(output, head) + Math.max(0, -taxOf(credit, head)),
    paid_by_itc: paid[head],
    paid_in_cash_paise: Math.max(0, due[head]),
    reverse_charge_paise: taxOf(reverseCharge, head),
    carried_forward_paise: left[head],
  }));
}

/** The return's tables from a period's sums. */
export function computeGstr3b(sums: Gstr3bSums): Gstr3bTable {
  const head = (name: Gstr3bEntryHead) => ({ ...ZERO_FIGURES, ...sums.heads[name] });
  const outward = {
    '3.1a': head('3.1a'),
    '3.1b': head('3.1b'),
    '3.1c': head('3.1c'),
    '3.1d': head('3.1d'),
    '3.1e': head('3.1e'),
  };
  const reverseChargeItc = head('4a3');
  const allOther = head('4a5');
  const available = addFigures(reverseChargeItc, allOther);
  const reversed = head('4b2');
  const net = subtractFigures(available, reversed);
  const output = addFigures(outward['3.1a'], outward['3.1b']);
  const inwardRow = (row: (typeof GSTR3B_TABLE5_ROWS)[number]): InwardExemptRow => ({
    inter_state_paise: head(row.inter).taxable_paise,
    intra_state_paise: head(row.intra).taxable_paise,
  });
  return {
    outward,
    unregistered_inter_state: [...sums.unregisteredInterState].sort((a, b) =>
      a.state_code.localeCompare(b.state_code),
    ),
    itc: { reverse_charge: reverseChargeItc, all_other: allOther, available, reversed, net },
    inward_exempt: {
      nil_exempt: inwardRow(GSTR3B_TABLE5_ROWS[0]),
      non_gst: inwardRow(GSTR3B_TABLE5_ROWS[1]),
    },
    payment: utiliseItc(output, net, outward['3.1d']),
  };
}

// ---------------------------------------------------------------------------
// Tax periods and filed periods
// ---------------------------------------------------------------------------

/** A monthly tax period, 'YYYY-MM'. */
export const TAX_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const GST_RETURN_TYPES = ['gstr1', 'gstr3b'] as const;
export type GstReturnType = (typeof GST_RETURN_TYPES)[number];
export const GST_RETURN_LABELS: Record<GstReturnType, string> = { gstr1: 'GSTR-1', gstr3b: 'GSTR-3B' };

/** The first and last day of a period: '2026-11' -> ['2026-11-01', '2026-11-30']. */
export function periodDays(period: string): { start: string; end: string } {
  const match = TAX_PERIOD_PATTERN.exec(period);
  if (!match) throw new RangeError(`Not a tax period: ${period}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${period}-01`, end: `${period}-${String(last).padStart(2, '0')}` };
}

/** The period a day belongs to: '2026-11-14' -> '2026-11'. */
export const periodOfDay = (day: string): string => day.slice(0, 7);

/** 'November 2026' */
export function periodLabel(period: string): string {
  const match = TAX_PERIOD_PATTERN.exec(period);
  if (!match) return period;
  const month = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleString('en-IN', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${month} ${match[1]}`;
}

/** The period before: '2026-01' -> '2025-12'. */
export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export const GSTR3B_MESSAGES = {
  period: 'Enter the tax period as YYYY-MM, for example 2026-11.',
  gstin_not_found: 'GSTIN Not Found',
  filed_period_not_found: 'Filed period Not Found',
  already_filed: (returnType: GstReturnType, period: string) =>
    `${GST_RETURN_LABELS[returnType]} for ${periodLabel(period)} is already marked filed.`,
  future_period: 'A period that has not begun cannot be marked filed.',
  marked_filed: (returnType: GstReturnType, period: string) =>
    `${GST_RETURN_LABELS[returnType]} for ${periodLabel(period)} marked filed.`,
  reopened: (returnType: GstReturnType, period: string) =>
    `${GST_RETURN_LABELS[returnType]} for ${periodLabel(period)} reopened.`,
  mark_failed: 'Failed to mark the period filed',
  reopen_failed: 'Failed to reopen the period',
  load_failed: 'Failed to load GSTR-3B',
  documents_failed: 'Failed to load the documents',
  no_gstins: 'No branch has a GSTIN yet. Add the GSTIN of a branch to prepare its returns.',
  no_documents: 'No documents make up this figure.',
  forbidden_view: 'You do not have permissions to view GST returns.',
  forbidden_change: 'You do not have permissions to change GST returns.',
} as const;

/** The refusal of a change to a document dated in a filed period (the company's lock switch). */
export const GST_PERIOD_LOCK_REFUSAL = (returnType: GstReturnType, period: string) =>
  `${GST_RETURN_LABELS[returnType]} for ${periodLabel(period)} is filed: documents dated in it cannot be changed. Reopen the period to change them.`;

/** The company configuration that locks filed periods; on unless saved and turned off. */
export const GST_PERIOD_LOCK_CONFIGURATION = 'lock_filed_gst_periods' as const;
