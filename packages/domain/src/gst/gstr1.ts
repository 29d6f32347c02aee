import { buyerTypeRequiresGstin } from '../buyers.ts';
import { toRupees } from '../money.ts';
import { stateByGstCode } from '../reference-data.ts';

/**
 * GSTR-1 (issue 22): the outward supplies of one GSTIN for one tax period, sorted into the
 * return's sections and written as the JSON the GST offline tool / portal accepts. Pure: the
 * server streams the documents in, this decides where each goes and sums them in integer paise;
 * rupees appear only when the JSON or a CSV is written.
 *
 * Sections: B2B (registered buyers, SEZ included as SEWP/SEWOP), B2CL (inter-state to
 * unregistered above the threshold), B2CS (the other B2C supplies, net of their credit notes, by
 * place of supply and rate), CDNR / CDNUR (credit notes by their original invoice), EXP (buyers of
 * type Overseas), NIL (0% lines outside exports and SEZ), HSN (B2B and B2C tables, from May 2025)
 * and DOC_ISSUE. Debit notes in this product are purchase-side (issued to sellers), so they are no
 * outward document of GSTR-1.
 */

export const GSTR1_SECTIONS = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'exp',
  'nil',
  'hsn',
  'doc_issue',
] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

export const GSTR1_SECTION_LABELS: Record<Gstr1Section, string> = {
  b2b: 'B2B Invoices (4A, 4B, 6B, 6C)',
  b2cl: 'B2C Large Invoices (5)',
  b2cs: 'B2C Small (7)',
  cdnr: 'Credit Notes, Registered (9B)',
  cdnur: 'Credit Notes, Unregistered (9B)',
  exp: 'Exports (6A)',
  nil: 'Nil Rated, Exempted and Non-GST (8)',
  hsn: 'HSN Summary (12)',
  doc_issue: 'Documents Issued (13)',
};

/** The buyer types of the product (packages/domain/src/buyers.ts). */
export type Gstr1BuyerType = 'regular' | 'composition' | 'unregistered' | 'consumer' | 'overseas' | 'sez';

/** The GST rates a return accepts (40% from 22 September 2025). */
export const GST_RETURN_RATES: readonly number[] = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40];

/** Aggregate turnover above which an HSN needs 6 digits (₹5 crore, notification 78/2020). */
export const HSN_SIX_DIGIT_TURNOVER_PAISE = 5_00_00_000_00;

/** The day the B2CL threshold fell from ₹2,50,000 to ₹1,00,000 (notification 12/2024). */
export const B2CL_THRESHOLD_CHANGE_DATE = '2024-08-01';

export const GSTR1_PROBLEMS = {
  gstin_missing: (type: string) =>
    `The buyer is a registered business (${type}) but has no GSTIN: add the buyer's GSTIN so the document can be reported in B2B.`,
  place_of_supply_missing: 'The place of supply is missing: the document cannot be placed in any section.',
  rate_not_gst: (rate: number) => `The tax rate ${rate}% is not a GST rate.`,
  hsn_missing: (digits: number) =>
    `The HSN code is missing: give the product an HSN of at least ${digits} digits.`,
  hsn_short: (hsn: string, digits: number) =>
    `The HSN code ${hsn} is shorter than the ${digits} digits required for the company's turnover.`,
} as const;

/** One rate's figures of a document (paise). */
export interface Gstr1TaxRow {
  ratePercent: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  cessPaise: number;
}

/** An invoice as GSTR-1 needs it; cancelled invoices are only counted in DOC_ISSUE. */
export interface Gstr1Invoice {
  id: number;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  /** The invoice value (total including tax), paise. */
  valuePaise: number;
  buyerId: number;
  buyerName: string;
  buyerGstin: string | null;
  buyerType: Gstr1BuyerType;
  /** The two-digit GST state code, null when unknown. */
  placeOfSupply: string | null;
  intraState: boolean;
  rows: readonly Gstr1TaxRow[];
}

/** A credit note with what GSTR-1 needs of the invoice it credits. */
export interface Gstr1CreditNote {
  id: number;
  number: string;
  date: string;
  valuePaise: number;
  placeOfSupply: string | null;
  intraState: boolean;
  rows: readonly Gstr1TaxRow[];
  invoice: Pick<
    Gstr1Invoice,
    | 'id'
    | 'number'
    | 'date'
    | 'valuePaise'
    | 'buyerId'
    | 'buyerName'
    | 'buyerGstin'
    | 'buyerType'
    | 'intraState'
  >;
}

export interface Gstr1HsnRow {
  table: 'b2b' | 'b2c';
  hsn: string;
  description: string;
  uqc: string;
  ratePercent: number;
  /** In thousandths of the unit, so sums stay integers. */
  quantityMilli: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  cessPaise: number;
}

/** The GSTR-1 document kinds of table 13 this product issues. */
export const DOC_ISSUE_KINDS = {
  invoice: { num: 1, label: 'Invoices for outward supply' },
  credit_note: { num: 5, label: 'Credit Note' },
  challan_job_work: { num: 9, label: 'Delivery Challan for job work' },
  challan_approval: { num: 10, label: 'Delivery Challan for supply on approval' },
  challan_other: { num: 12, label: 'Delivery Challan in cases other than by way of supply' },
} as const;
export type DocIssueKind = keyof typeof DOC_ISSUE_KINDS;

export interface Gstr1DocSeries {
  kind: DocIssueKind;
  from: string;
  to: string;
  total: number;
  cancelled: number;
}

export type Gstr1DocumentKind = 'invoice' | 'credit_note';

export interface Gstr1Problem {
  documentKind: Gstr1DocumentKind;
  documentId: number;
  documentNumber: string;
  problem: string;
  /** What to open to fix it. */
  fix: { kind: 'invoice' | 'credit_note' | 'buyer' | 'product'; id: number };
}

// ---------------------------------------------------------------------------------------------
// Periods
// ---------------------------------------------------------------------------------------------

export interface Gstr1Period {
  /** The period as asked: YYYY-MM or YYYY-Qn (calendar quarters, Q1 = January to March). */
  key: string;
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The return period of the JSON: MMYYYY of the (last) month. */
  fp: string;
}

export const GSTR1_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/;
export const GSTR1_PERIOD_MESSAGE =
  'Give the period as YYYY-MM (a month) or YYYY-Qn (a quarter, Q1 = January to March).';

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The days of a period; null when the text is not a period. */
export function parseGstr1Period(text: string): Gstr1Period | null {
  const match = GSTR1_PERIOD_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const part = match[2] as string;
  const [first, last] = part.startsWith('Q')
    ? [(Number(part.slice(1)) - 1) * 3 + 1, (Number(part.slice(1)) - 1) * 3 + 3]
    : [Number(part), Number(part)];
  return {
    key: text,
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(last)}-${pad(lastDayOf(year, last))}`,
    fp: `${pad(last)}${year}`,
  };
}

/** The financial year (April to March) before the one a day falls in, as its first and last day. */
export function previousFinancialYear(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startOfCurrent = month >= 4 ? year : year - 1;
  return { from: `${startOfCurrent - 1}-04-01`, to: `${startOfCurrent}-03-31` };
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** B2CL threshold on an invoice's value, by its date: ₹2,50,000 before 1 August 2024, ₹1,00,000 from it. */
export function b2clThresholdPaise(invoiceDate: string): number {
  return invoiceDate < B2CL_THRESHOLD_CHANGE_DATE ? 2_50_000_00 : 1_00_000_00;
}

/**
 * HSN digits required in the return: 6 when last financial year's aggregate turnover passed
 * ₹5 crore, 4 otherwise (notification 78/2020). The product derives the turnover from the company's
 * invoices of that year (taxable value, all its GSTINs: turnover is per PAN).
 */
export function requiredHsnDigits(lastYearTurnoverPaise: number): 4 | 6 {
  return lastYearTurnoverPaise > HSN_SIX_DIGIT_TURNOVER_PAISE ? 6 : 4;
}

export function hsnProblem(hsn: string | null | undefined, digits: number): string | null {
  const code = (hsn ?? '').trim();
  if (code === '') return GSTR1_PROBLEMS.hsn_missing(digits);
  if (code.length < digits) return GSTR1_PROBLEMS.hsn_short(code, digits);
  return null;
}

export function isGstReturnRate(ratePercent: number): boolean {
  return GST_RETURN_RATES.includes(ratePercent);
}

const normalGstin = (gstin: string | null | undefined) => (gstin ?? '').trim().toUpperCase() || null;

export type InvoiceSection = 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'excluded';

/**
 * Where an invoice goes: to the filer's own GSTIN nowhere (a self-invoice is no supply); an
 * Overseas buyer's to EXP; a buyer with a GSTIN (SEZ units included) to B2B; inter-state to an
 * unregistered buyer above the threshold of its date to B2CL; everything else to B2CS.
 */
export function invoiceSection(
  invoice: Pick<Gstr1Invoice, 'buyerGstin' | 'buyerType' | 'intraState' | 'valuePaise' | 'date'>,
  ownGstin: string,
): InvoiceSection {
  const buyerGstin = normalGstin(invoice.buyerGstin);
  if (buyerGstin !== null && buyerGstin === normalGstin(ownGstin)) return 'excluded';
  if (invoice.buyerType === 'overseas') return 'exp';
  if (buyerGstin !== null) return 'b2b';
  if (!invoice.intraState && invoice.valuePaise > b2clThresholdPaise(invoice.date)) return 'b2cl';
  return 'b2cs';
}

export type CreditNoteSection = 'cdnr' | 'cdnur' | 'b2cs' | 'excluded';

/**
 * A credit note follows its original invoice: CDNR when that was B2B (the buyer is registered),
 * CDNUR when it was B2CL (type B2CL) or an export (EXPWP / EXPWOP), otherwise a negative entry in
 * B2CS; a note on a self-invoice is excluded like the invoice.
 */
export function creditNoteSection(
  note: Pick<Gstr1CreditNote, 'invoice'>,
  ownGstin: string,
): CreditNoteSection {
  const section = invoiceSection(note.invoice, ownGstin);
  if (section === 'b2b') return 'cdnr';
  if (section === 'b2cl' || section === 'exp') return 'cdnur';
  return section;
}

// ---------------------------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------------------------

export interface Gstr1Totals {
  count: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  cessPaise: number;
}

const zeroTotals = (): Gstr1Totals => ({
  count: 0,
  taxablePaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  cessPaise: 0,
});

function addRow(totals: Gstr1Totals, row: Gstr1TaxRow, sign = 1) {
  totals.taxablePaise += sign * row.taxablePaise;
  totals.igstPaise += sign * row.igstPaise;
  totals.cgstPaise += sign * row.cgstPaise;
  totals.sgstPaise += sign * row.sgstPaise;
  totals.cessPaise += sign * row.cessPaise;
}

/** Rows of one document merged by rate (a charge and a line at 18% make one row). */
function byRate(rows: readonly Gstr1TaxRow[]): Gstr1TaxRow[] {
  const merged = new Map<number, Gstr1TaxRow>();
  for (const row of rows) {
    const into = merged.get(row.ratePercent);
    if (!into) merged.set(row.ratePercent, { ...row });
    else {
      into.taxablePaise += row.taxablePaise;
      into.igstPaise += row.igstPaise;
      into.cgstPaise += row.cgstPaise;
      into.sgstPaise += row.sgstPaise;
      into.cessPaise += row.cessPaise;
    }
  }
  return [...merged.values()].sort((a, b) => a.ratePercent - b.ratePercent);
}

/** A document as a section keeps it for the JSON and the CSV. */
export interface Gstr1Entry {
  kind: Gstr1DocumentKind;
  id: number;
  number: string;
  date: string;
  valuePaise: number;
  placeOfSupply: string;
  buyerName: string;
  buyerGstin: string | null;
  /** B2B: R (regular), SEWP / SEWOP (SEZ with / without payment); EXP: WPAY / WOPAY; CDNUR: B2CL, EXPWP, EXPWOP. */
  type: string;
  rows: Gstr1TaxRow[];
  /** Credit notes: the invoice credited. */
  invoiceNumber?: string;
  invoiceDate?: string;
}

export interface B2csRow {
  placeOfSupply: string;
  intraState: boolean;
  ratePercent: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  cessPaise: number;
}

export type NilKind = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
export const NIL_KINDS: readonly NilKind[] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];

export interface Gstr1Report {
  gstin: string;
  period: Gstr1Period;
  totals: Record<Gstr1Section, Gstr1Totals>;
  entries: Record<'b2b' | 'b2cl' | 'cdnr' | 'cdnur' | 'exp', Gstr1Entry[]>;
  b2cs: B2csRow[];
  /** Nil-rated supplies by kind (the product has no exempt or non-GST marker: 0% is nil-rated). */
  nil: Record<NilKind, number>;
  hsn: Gstr1HsnRow[];
  docIssue: Gstr1DocSeries[];
  problems: Gstr1Problem[];
  problemCount: number;
}

export interface Gstr1BuilderOptions {
  gstin: string;
  period: Gstr1Period;
  /** Keep every document for the JSON and CSV; the summary needs only the sums. */
  keepEntries: boolean;
  /** At most this many problems are listed (all are counted). */
  maxProblems?: number;
}

/**
 * Sums a GSTIN's documents of a period into the return, one document at a time, so the server can
 * stream a month of invoices through it. B2CS and NIL are keyed sums (never per document).
 */
export class Gstr1Builder {
  private readonly options: Gstr1BuilderOptions;
  private readonly totals = Object.fromEntries(GSTR1_SECTIONS.map((s) => [s, zeroTotals()])) as Record<
    Gstr1Section,
    Gstr1Totals
  >;
  private readonly entries: Gstr1Report['entries'] = { b2b: [], b2cl: [], cdnr: [], cdnur: [], exp: [] };
  private readonly b2cs = new Map<string, B2csRow>();
  private readonly nil: Record<NilKind, number> = { INTRB2B: 0, INTRAB2B: 0, INTRB2C: 0, INTRAB2C: 0 };
  private hsn: Gstr1HsnRow[] = [];
  private docIssue: Gstr1DocSeries[] = [];
  private readonly problems: Gstr1Problem[] = [];
  private problemCount = 0;

  constructor(options: Gstr1BuilderOptions) {
    this.options = options;
  }

  problem(problem: Gstr1Problem) {
    this.problemCount += 1;
    if (this.problems.length < (this.options.maxProblems ?? 500)) this.problems.push(problem);
  }

  private checkRates(
    kind: Gstr1DocumentKind,
    doc: { id: number; number: string },
    rows: readonly Gstr1TaxRow[],
  ) {
    for (const row of rows) {
      if (!isGstReturnRate(row.ratePercent)) {
        this.problem({
          documentKind: kind,
          documentId: doc.id,
          documentNumber: doc.number,
          problem: GSTR1_PROBLEMS.rate_not_gst(row.ratePercent),
          fix: { kind, id: doc.id },
        });
      }
    }
  }

  private addB2cs(pos: string, intraState: boolean, row: Gstr1TaxRow, sign: number) {
    const key = `${pos}|${intraState ? 'INTRA' : 'INTER'}|${row.ratePercent}`;
    let into = this.b2cs.get(key);
    if (!into) {
      into = {
        placeOfSupply: pos,
        intraState,
        ratePercent: row.ratePercent,
        taxablePaise: 0,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      };
      this.b2cs.set(key, into);
    }
    into.taxablePaise += sign * row.taxablePaise;
    into.igstPaise += sign * row.igstPaise;
    into.cgstPaise += sign * row.cgstPaise;
    into.sgstPaise += sign * row.sgstPaise;
    into.cessPaise += sign * row.cessPaise;
    addRow(this.totals.b2cs, row, sign);
  }

  addInvoice(invoice: Gstr1Invoice) {
    const { gstin } = this.options;
    this.checkRates('invoice', invoice, invoice.rows);
    const registeredWithoutGstin =
      buyerTypeRequiresGstin(invoice.buyerType) && normalGstin(invoice.buyerGstin) === null;
    if (registeredWithoutGstin) {
      this.problem({
        documentKind: 'invoice',
        documentId: invoice.id,
        documentNumber: invoice.number,
        problem: GSTR1_PROBLEMS.gstin_missing(invoice.buyerType),
        fix: { kind: 'buyer', id: invoice.buyerId },
      });
    }
    if (!invoice.placeOfSupply) {
      this.problem({
        documentKind: 'invoice',
        documentId: invoice.id,
        documentNumber: invoice.number,
        problem: GSTR1_PROBLEMS.place_of_supply_missing,
        fix: { kind: 'invoice', id: invoice.id },
      });
      return;
    }
    const section = invoiceSection(invoice, gstin);
    if (section === 'excluded') return;
    const zeroRated = section === 'exp' || invoice.buyerType === 'sez';
    const rows = byRate(invoice.rows);
    const taxed = zeroRated ? rows : rows.filter((row) => row.ratePercent !== 0);
    if (!zeroRated) {
      const nilPaise = rows
        .filter((row) => row.ratePercent === 0)
        .reduce((sum, row) => sum + row.taxablePaise, 0);
      if (nilPaise !== 0) {
        const registered = normalGstin(invoice.buyerGstin) !== null;
        const kind: NilKind = `${invoice.intraState ? 'INTRA' : 'INTR'}${registered ? 'B2B' : 'B2C'}`;
        this.nil[kind] += nilPaise;
        this.totals.nil.taxablePaise += nilPaise;
        this.totals.nil.count += 1;
      }
    }
    if (taxed.length === 0) return;
    if (section === 'b2cs') {
      this.totals.b2cs.count += 1;
      for (const row of taxed) this.addB2cs(invoice.placeOfSupply, invoice.intraState, row, 1);
      return;
    }
    const totals = this.totals[section];
    totals.count += 1;
    for (const row of taxed) addRow(totals, row);
    if (!this.options.keepEntries) return;
    const anyIgst = taxed.some((row) => row.igstPaise > 0);
    const type =
      section === 'exp'
        ? anyIgst
          ? 'WPAY'
          : 'WOPAY'
        : invoice.buyerType === 'sez'
          ? anyIgst
            ? 'SEWP'
            : 'SEWOP'
          : 'R';
    this.entries[section].push({
      kind: 'invoice',
      id: invoice.id,
      number: invoice.number,
      date: invoice.date,
      valuePaise: invoice.valuePaise,
      placeOfSupply: invoice.placeOfSupply,
      buyerName: invoice.buyerName,
      buyerGstin: normalGstin(invoice.buyerGstin),
      type,
      rows: taxed,
    });
  }

  addCreditNote(note: Gstr1CreditNote) {
    const { gstin } = this.options;
    this.checkRates('credit_note', note, note.rows);
    if (!note.placeOfSupply) {
      this.problem({
        documentKind: 'credit_note',
        documentId: note.id,
        documentNumber: note.number,
        problem: GSTR1_PROBLEMS.place_of_supply_missing,
        fix: { kind: 'credit_note', id: note.id },
      });
      return;
    }
    const section = creditNoteSection(note, gstin);
    if (section === 'excluded') return;
    const rows = byRate(note.rows);
    if (section === 'b2cs') {
      // A B2C note lowers the B2CS row of its place of supply and rate; 0% lowers NIL.
      const taxed = rows.filter((row) => row.ratePercent !== 0);
      const nilPaise = rows
        .filter((row) => row.ratePercent === 0)
        .reduce((sum, row) => sum + row.taxablePaise, 0);
      if (nilPaise !== 0) {
        const kind: NilKind = note.intraState ? 'INTRAB2C' : 'INTRB2C';
        this.nil[kind] -= nilPaise;
        this.totals.nil.taxablePaise -= nilPaise;
      }
      if (taxed.length > 0) this.totals.b2cs.count += 1;
      for (const row of taxed) this.addB2cs(note.placeOfSupply, note.intraState, row, -1);
      return;
    }
    const totals = this.totals[section];
    totals.count += 1;
    for (const row of rows) addRow(totals, row);
    if (!this.options.keepEntries) return;
    const invoiceSectionOf = invoiceSection(note.invoice, gstin);
    const anyIgst = rows.some((row) => row.igstPaise > 0);
    const type =
      section === 'cdnr'
        ? note.invoice.buyerType === 'sez'
          ? anyIgst
            ? 'SEWP'
            : 'SEWOP'
          : 'R'
        : invoiceSectionOf === 'exp'
          ? anyIgst
            ? 'EXPWP'
            : 'EXPWOP'
          : 'B2CL';
    this.entries[section].push({
      kind: 'credit_note',
      id: note.id,
      number: note.number,
      date: note.date,
      valuePaise: note.valuePaise,
      placeOfSupply: note.placeOfSupply,
      buyerName: note.invoice.buyerName,
      buyerGstin: normalGstin(note.invoice.buyerGstin),
      type,
      rows,
      invoiceNumber: note.invoice.number,
      invoiceDate: note.invoice.date,
    });
  }

  /** The HSN summary rows (summed by the database, one row per table, HSN, UQC and rate). */
  setHsn(rows: readonly Gstr1HsnRow[]) {
    this.hsn = mergeHsnRows(rows);
    const totals = zeroTotals();
    for (const row of this.hsn) {
      totals.count += 1;
      addRow(totals, row);
    }
    this.totals.hsn = totals;
  }

  setDocIssue(series: readonly Gstr1DocSeries[]) {
    this.docIssue = [...series];
    this.totals.doc_issue = { ...zeroTotals(), count: series.reduce((sum, s) => sum + s.total, 0) };
  }

  result(): Gstr1Report {
    const b2cs = [...this.b2cs.values()]
      .filter(
        (row) =>
          row.taxablePaise !== 0 || row.igstPaise + row.cgstPaise + row.sgstPaise + row.cessPaise !== 0,
      )
      .sort(
        (a, b) =>
          a.placeOfSupply.localeCompare(b.placeOfSupply) ||
          Number(a.intraState) - Number(b.intraState) ||
          a.ratePercent - b.ratePercent,
      );
    return {
      gstin: this.options.gstin,
      period: this.options.period,
      totals: this.totals,
      entries: this.entries,
      b2cs,
      nil: this.nil,
      hsn: this.hsn,
      docIssue: this.docIssue,
      problems: this.problems,
      problemCount: this.problemCount,
    };
  }
}

/** HSN rows with the same table, HSN, UQC and rate merged (two units that are both NOS make one row). */
export function mergeHsnRows(rows: readonly Gstr1HsnRow[]): Gstr1HsnRow[] {
  const merged = new Map<string, Gstr1HsnRow>();
  for (const row of rows) {
    const key = `${row.table}|${row.hsn}|${row.uqc}|${row.ratePercent}`;
    const into = merged.get(key);
    if (!into) merged.set(key, { ...row });
    else {
      into.quantityMilli += row.quantityMilli;
      into.taxablePaise += row.taxablePaise;
      into.igstPaise += row.igstPaise;
      into.cgstPaise += row.cgstPaise;
      into.sgstPaise += row.sgstPaise;
      into.cessPaise += row.cessPaise;
      if (!into.description) into.description = row.description;
    }
  }
  return [...merged.values()].sort(
    (a, b) =>
      a.table.localeCompare(b.table) ||
      a.hsn.localeCompare(b.hsn) ||
      a.uqc.localeCompare(b.uqc) ||
      a.ratePercent - b.ratePercent,
  );
}

/**
 * The series of a document number: what is left once the running number at its end is taken off
 * ('MUM/2627/00012' -> 'MUM/2627/'), so DOC_ISSUE reports each series from its first to last.
 */
export function documentSeriesOf(number: string): string {
  return number.replace(/\d+$/, '');
}

// ---------------------------------------------------------------------------------------------
// The portal JSON
// ---------------------------------------------------------------------------------------------

const r = toRupees;
/** DD-MM-YYYY, as the return writes dates. */
export const returnDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
/** The item number the offline tool gives a rate row (rate x 100 + 1: 18% -> 1801). */
const itemNumber = (rate: number) => Math.round(rate * 100) + 1;

function itemsOf(rows: readonly Gstr1TaxRow[], heads: 'all' | 'igst') {
  return rows.map((row) => ({
    num: itemNumber(row.ratePercent),
    itm_det:
      heads === 'all'
        ? {
            rt: row.ratePercent,
            txval: r(row.taxablePaise),
            iamt: r(row.igstPaise),
            camt: r(row.cgstPaise),
            samt: r(row.sgstPaise),
            csamt: r(row.cessPaise),
          }
        : {
            rt: row.ratePercent,
            txval: r(row.taxablePaise),
            iamt: r(row.igstPaise),
            csamt: r(row.cessPaise),
          },
  }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.entries()];
}

/**
 * The GSTR-1 JSON by top-level key, each built when asked: the server writes the file a section at
 * a time, so one section's tree is alive at once, not the whole file twice over.
 */
export function gstr1JsonParts(report: Gstr1Report) {
  const { entries } = report;
  const hsnRow = (row: Gstr1HsnRow, index: number) => ({
    num: index + 1,
    hsn_sc: row.hsn,
    desc: row.description.slice(0, 30),
    uqc: row.uqc,
    qty: row.quantityMilli / 1000,
    rt: row.ratePercent,
    txval: r(row.taxablePaise),
    iamt: r(row.igstPaise),
    camt: r(row.cgstPaise),
    samt: r(row.sgstPaise),
    csamt: r(row.cessPaise),
  });
  const docKinds = groupBy(report.docIssue, (s) => s.kind);
  return {
    gstin: () => report.gstin,
    fp: () => report.period.fp,
    b2b: () =>
      groupBy(entries.b2b, (e) => e.buyerGstin ?? '').map(([ctin, list]) => ({
        ctin,
        inv: list.map((e) => ({
          inum: e.number,
          idt: returnDate(e.date),
          val: r(e.valuePaise),
          pos: e.placeOfSupply,
          rchrg: 'N' as const,
          inv_typ: e.type,
          itms: itemsOf(e.rows, 'all'),
        })),
      })),
    b2cl: () =>
      groupBy(entries.b2cl, (e) => e.placeOfSupply).map(([pos, list]) => ({
        pos,
        inv: list.map((e) => ({
          inum: e.number,
          idt: returnDate(e.date),
          val: r(e.valuePaise),
          itms: itemsOf(e.rows, 'igst'),
        })),
      })),
    b2cs: () =>
      report.b2cs.map((row) => ({
        sply_ty: row.intraState ? ('INTRA' as const) : ('INTER' as const),
        pos: row.placeOfSupply,
        typ: 'OE' as const,
        rt: row.ratePercent,
        txval: r(row.taxablePaise),
        iamt: r(row.igstPaise),
        camt: r(row.cgstPaise),
        samt: r(row.sgstPaise),
        csamt: r(row.cessPaise),
      })),
    cdnr: () =>
      groupBy(entries.cdnr, (e) => e.buyerGstin ?? '').map(([ctin, list]) => ({
        ctin,
        nt: list.map((e) => ({
          ntty: 'C' as const,
          nt_num: e.number,
          nt_dt: returnDate(e.date),
          val: r(e.valuePaise),
          pos: e.placeOfSupply,
          rchrg: 'N' as const,
          inv_typ: e.type,
          itms: itemsOf(e.rows, 'all'),
        })),
      })),
    cdnur: () =>
      entries.cdnur.map((e) => ({
        typ: e.type,
        ntty: 'C' as const,
        nt_num: e.number,
        nt_dt: returnDate(e.date),
        val: r(e.valuePaise),
        ...(e.type === 'B2CL' ? { pos: e.placeOfSupply } : {}),
        itms: itemsOf(e.rows, 'igst'),
      })),
    exp: () =>
      groupBy(entries.exp, (e) => e.type).map(([expTyp, list]) => ({
        exp_typ: expTyp,
        inv: list.map((e) => ({
          inum: e.number,
          idt: returnDate(e.date),
          val: r(e.valuePaise),
          itms: e.rows.map((row) => ({
            rt: row.ratePercent,
            txval: r(row.taxablePaise),
            iamt: r(row.igstPaise),
            csamt: r(row.cessPaise),
          })),
        })),
      })),
    nil: () => ({
      inv: NIL_KINDS.map((kind) => ({
        sply_ty: kind,
        nil_amt: r(report.nil[kind]),
        expt_amt: 0,
        ngsup_amt: 0,
      })),
    }),
    hsn: () => ({
      hsn_b2b: report.hsn.filter((row) => row.table === 'b2b').map(hsnRow),
      hsn_b2c: report.hsn.filter((row) => row.table === 'b2c').map(hsnRow),
    }),
    doc_issue: () => ({
      doc_det: docKinds.map(([kind, list]) => ({
        doc_num: DOC_ISSUE_KINDS[kind as DocIssueKind].num,
        doc_typ: DOC_ISSUE_KINDS[kind as DocIssueKind].label,
        docs: list.map((s, index) => ({
          num: index + 1,
          from: s.from,
          to: s.to,
          totnum: s.total,
          cancel: s.cancelled,
          net_issue: s.total - s.cancelled,
        })),
      })),
    }),
  };
}

/** The GSTR-1 JSON of the GST offline tool / portal (the shape is written down in gstr1-json-schema.ts). */
export function gstr1Json(report: Gstr1Report) {
  const parts = gstr1JsonParts(report);
  return {
    gstin: parts.gstin(),
    fp: parts.fp(),
    b2b: parts.b2b(),
    b2cl: parts.b2cl(),
    b2cs: parts.b2cs(),
    cdnr: parts.cdnr(),
    cdnur: parts.cdnur(),
    exp: parts.exp(),
    nil: parts.nil(),
    hsn: parts.hsn(),
    doc_issue: parts.doc_issue(),
  };
}

export type Gstr1Json = ReturnType<typeof gstr1Json>;

// ---------------------------------------------------------------------------------------------
// CSV per section
// ---------------------------------------------------------------------------------------------

/** Every section has a CSV of its own. */
export const GSTR1_CSV_SECTIONS = GSTR1_SECTIONS;
export type Gstr1CsvSection = Gstr1Section;
type Cell = string | number | null;

/** '27-Maharashtra', as the offline tool's CSV writes a place of supply. */
export function placeOfSupplyText(code: string): string {
  const state = stateByGstCode(code);
  return state ? `${code}-${state.name}` : code;
}

const taxHeads = ['Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess'];
const taxCells = (row: Gstr1TaxRow): Cell[] => [
  row.ratePercent,
  r(row.taxablePaise),
  r(row.igstPaise),
  r(row.cgstPaise),
  r(row.sgstPaise),
  r(row.cessPaise),
];

/** One section of the return as a CSV table: its header and rows (one per document and rate). */
export function gstr1CsvTable(
  report: Gstr1Report,
  section: Gstr1CsvSection,
): { header: string[]; rows: Cell[][] } {
  const { entries } = report;
  switch (section) {
    case 'b2b':
      return {
        header: [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice Date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Invoice Type',
          ...taxHeads,
        ],
        rows: entries.b2b.flatMap((e) =>
          e.rows.map((row) => [
            e.buyerGstin,
            e.buyerName,
            e.number,
            returnDate(e.date),
            r(e.valuePaise),
            placeOfSupplyText(e.placeOfSupply),
            'N',
            e.type,
            ...taxCells(row),
          ]),
        ),
      };
    case 'b2cl':
      return {
        header: [
          'Invoice Number',
          'Invoice Date',
          'Invoice Value',
          'Place Of Supply',
          'Receiver Name',
          ...taxHeads,
        ],
        rows: entries.b2cl.flatMap((e) =>
          e.rows.map((row) => [
            e.number,
            returnDate(e.date),
            r(e.valuePaise),
            placeOfSupplyText(e.placeOfSupply),
            e.buyerName,
            ...taxCells(row),
          ]),
        ),
      };
    case 'b2cs':
      return {
        header: ['Type', 'Place Of Supply', 'Supply Type', ...taxHeads],
        rows: report.b2cs.map((row) => [
          'OE',
          placeOfSupplyText(row.placeOfSupply),
          row.intraState ? 'Intra State' : 'Inter State',
          ...taxCells(row),
        ]),
      };
    case 'cdnr':
    case 'cdnur':
      return {
        header: [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Note Type',
          'Note Value',
          'Place Of Supply',
          'Type',
          'Original Invoice Number',
          'Original Invoice Date',
          ...taxHeads,
        ],
        rows: entries[section].flatMap((e) =>
          e.rows.map((row) => [
            e.buyerGstin,
            e.buyerName,
            e.number,
            returnDate(e.date),
            'C',
            r(e.valuePaise),
            placeOfSupplyText(e.placeOfSupply),
            e.type,
            e.invoiceNumber ?? null,
            e.invoiceDate ? returnDate(e.invoiceDate) : null,
            ...taxCells(row),
          ]),
        ),
      };
    case 'exp':
      return {
        header: [
          'Export Type',
          'Invoice Number',
          'Invoice Date',
          'Invoice Value',
          'Receiver Name',
          ...taxHeads,
        ],
        rows: entries.exp.flatMap((e) =>
          e.rows.map((row) => [
            e.type,
            e.number,
            returnDate(e.date),
            r(e.valuePaise),
            e.buyerName,
            ...taxCells(row),
          ]),
        ),
      };
    case 'nil':
      return {
        header: [
          'Description',
          'Nil Rated Supplies',
          'Exempted (other than nil rated/non GST supply)',
          'Non-GST Supplies',
        ],
        rows: NIL_KINDS.map((kind) => [NIL_LABELS[kind], r(report.nil[kind]), 0, 0]),
      };
    case 'hsn':
      return {
        header: [
          'Table',
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Rate',
          'Taxable Value',
          'Integrated Tax',
          'Central Tax',
          'State/UT Tax',
          'Cess',
        ],
        rows: report.hsn.map((row) => [
          row.table === 'b2b' ? 'B2B' : 'B2C',
          row.hsn,
          row.description,
          row.uqc,
          row.quantityMilli / 1000,
          row.ratePercent,
          r(row.taxablePaise),
          r(row.igstPaise),
          r(row.cgstPaise),
          r(row.sgstPaise),
          r(row.cessPaise),
        ]),
      };
    case 'doc_issue':
      return {
        header: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        rows: report.docIssue.map((s) => [DOC_ISSUE_KINDS[s.kind].label, s.from, s.to, s.total, s.cancelled]),
      };
  }
}

export const NIL_LABELS: Record<NilKind, string> = {
  INTRB2B: 'Inter-State supplies to registered persons',
  INTRAB2B: 'Intra-State supplies to registered persons',
  INTRB2C: 'Inter-State supplies to unregistered persons',
  INTRAB2C: 'Intra-State supplies to unregistered persons',
};
