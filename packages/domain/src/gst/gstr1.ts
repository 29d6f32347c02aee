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
 * type Overseas), NIL (0% lines outside exports and SEZ: nil-rated, exempt and non-GST apart, by the
 * GST treatment each line kept of its product; non-GST lines of exports and SEZ supplies too, as they
 * are no zero-rated supply), HSN (B2B and B2C tables, from May 2025)
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
  /**
   * Of the 0% rows, the value of lines whose product is exempt, and of non-GST lines (paise); the
   * rest of the 0% value is nil-rated. Left out: none.
   */
  untaxed?: UntaxedValue;
}

/** The part of a document's 0% value that is exempt or non-GST (by the lines' GST treatment). */
export interface UntaxedValue {
  exemptPaise: number;
  nonGstPaise: number;
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
  untaxed?: UntaxedValue;
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

/**
 * A document's rows parted into those its section reports and its table 8 figures. Non-GST value
 * is always table 8's (it is no supply under GST, zero-rated or not); nil-rated and exempt value is
 * table 8's unless the document is zero-rated (exports and SEZ supplies report their 0% rows).
 */
function splitRows(
  rows: Gstr1TaxRow[],
  untaxedValue: UntaxedValue | undefined,
  zeroRated: boolean,
): { taxed: Gstr1TaxRow[]; untaxed: NilFigures } {
  const zero = rows.find((row) => row.ratePercent === 0);
  const split = splitUntaxed(zero?.taxablePaise ?? 0, untaxedValue);
  if (!zeroRated) return { taxed: rows.filter((row) => row.ratePercent !== 0), untaxed: split };
  const reported = split.nilPaise + split.exemptPaise;
  const taxed = rows.flatMap((row) => {
    if (row !== zero) return [row];
    return reported !== 0 || row.cessPaise !== 0 ? [{ ...row, taxablePaise: reported }] : [];
  });
  return { taxed, untaxed: { nilPaise: 0, exemptPaise: 0, nonGstPaise: split.nonGstPaise } };
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

/** The sections written document by document. */
export type Gstr1EntrySection = 'b2b' | 'b2cl' | 'cdnr' | 'cdnur' | 'exp';

/**
 * The group a section's entry is written under in the JSON: B2B and CDNR by the recipient's GSTIN,
 * B2CL by place of supply, EXP by export type, CDNUR one list.
 */
export function entryGroup(section: Gstr1EntrySection, entry: Gstr1Entry): string {
  switch (section) {
    case 'b2b':
    case 'cdnr':
      return entry.buyerGstin ?? '';
    case 'b2cl':
      return entry.placeOfSupply;
    case 'exp':
      return entry.type;
    case 'cdnur':
      return '';
  }
}

export type NilKind = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
export const NIL_KINDS: readonly NilKind[] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];

/** One supply type's row of table 8 (paise): nil_amt, expt_amt and ngsup_amt of the JSON. */
export interface NilFigures {
  nilPaise: number;
  exemptPaise: number;
  nonGstPaise: number;
}

const zeroNil = (): NilFigures => ({ nilPaise: 0, exemptPaise: 0, nonGstPaise: 0 });

/** Table 8's supply type: inter- or intra-state, to a registered person (a GSTIN) or not. */
export const nilKindOf = (intraState: boolean, registered: boolean): NilKind =>
  `${intraState ? 'INTRA' : 'INTR'}${registered ? 'B2B' : 'B2C'}`;

/**
 * A document's 0% value split by treatment: what is exempt and non-GST as its lines say, and the
 * rest nil-rated (0% lines of taxable products and 0% charges are nil-rated supplies).
 */
export function splitUntaxed(zeroRatePaise: number, untaxed: UntaxedValue | undefined): NilFigures {
  const exemptPaise = untaxed?.exemptPaise ?? 0;
  const nonGstPaise = untaxed?.nonGstPaise ?? 0;
  return { nilPaise: zeroRatePaise - exemptPaise - nonGstPaise, exemptPaise, nonGstPaise };
}

export interface Gstr1Report {
  gstin: string;
  period: Gstr1Period;
  totals: Record<Gstr1Section, Gstr1Totals>;
  entries: Record<Gstr1EntrySection, Gstr1Entry[]>;
  /** With `indexEntries`: each section's document ids by JSON group, in the order the JSON writes them. */
  entryIds: Record<Gstr1EntrySection, Map<string, number[]>>;
  b2cs: B2csRow[];
  /** Table 8 by supply type: nil-rated, exempt and non-GST values. */
  nil: Record<NilKind, NilFigures>;
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
  /**
   * Keep only the ids of each section's documents, by the group the JSON writes them under
   * (`Gstr1Report.entryIds`): the server streams the JSON and reads the documents again by id, a
   * batch at a time (gstr1JsonChunks), instead of holding the month's documents.
   */
  indexEntries?: boolean;
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
  private readonly entryIds: Gstr1Report['entryIds'] = {
    b2b: new Map(),
    b2cl: new Map(),
    cdnr: new Map(),
    cdnur: new Map(),
    exp: new Map(),
  };
  private readonly b2cs = new Map<string, B2csRow>();
  private readonly nil: Record<NilKind, NilFigures> = {
    INTRB2B: zeroNil(),
    INTRAB2B: zeroNil(),
    INTRB2C: zeroNil(),
    INTRAB2C: zeroNil(),
  };
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

  /** Adds (sign 1) or takes away (-1, a credit note) a document's table 8 figures; true when any. */
  private addNil(kind: NilKind, figures: NilFigures, sign: number): boolean {
    const total = figures.nilPaise + figures.exemptPaise + figures.nonGstPaise;
    if (figures.nilPaise === 0 && figures.exemptPaise === 0 && figures.nonGstPaise === 0) return false;
    const into = this.nil[kind];
    into.nilPaise += sign * figures.nilPaise;
    into.exemptPaise += sign * figures.exemptPaise;
    into.nonGstPaise += sign * figures.nonGstPaise;
    this.totals.nil.taxablePaise += sign * total;
    return true;
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
    const kind = nilKindOf(invoice.intraState, normalGstin(invoice.buyerGstin) !== null);
    const { taxed, untaxed } = splitRows(byRate(invoice.rows), invoice.untaxed, zeroRated);
    if (this.addNil(kind, untaxed, 1)) this.totals.nil.count += 1;
    if (taxed.length === 0) return;
    if (section === 'b2cs') {
      this.totals.b2cs.count += 1;
      for (const row of taxed) this.addB2cs(invoice.placeOfSupply, invoice.intraState, row, 1);
      return;
    }
    const totals = this.totals[section];
    totals.count += 1;
    for (const row of taxed) addRow(totals, row);
    if (this.options.keepEntries || this.options.indexEntries)
      this.keep(section, invoiceEntry(invoice, section, invoice.placeOfSupply, taxed));
  }

  private keep(section: Gstr1EntrySection, entry: Gstr1Entry) {
    if (this.options.keepEntries) this.entries[section].push(entry);
    if (!this.options.indexEntries) return;
    const group = entryGroup(section, entry);
    const ids = this.entryIds[section].get(group);
    if (ids) ids.push(entry.id);
    else this.entryIds[section].set(group, [entry.id]);
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
    if (section === 'b2cs') {
      // A B2C note lowers the B2CS row of its place of supply and rate; 0% lowers NIL.
      const { taxed, untaxed } = splitRows(byRate(note.rows), note.untaxed, false);
      this.addNil(nilKindOf(note.intraState, false), untaxed, -1);
      if (taxed.length > 0) this.totals.b2cs.count += 1;
      for (const row of taxed) this.addB2cs(note.placeOfSupply, note.intraState, row, -1);
      return;
    }
    // CDNR and CDNUR keep the note's nil-rated and exempt rows at 0%, as the invoice had them in
    // B2B, B2CL or EXP; its non-GST value was never in those sections and comes off table 8.
    const registered = section === 'cdnr' || note.invoice.buyerType === 'sez';
    const { taxed: rows, untaxed } = splitRows(byRate(note.rows), note.untaxed, true);
    this.addNil(nilKindOf(note.intraState, registered), { ...untaxed, nilPaise: 0, exemptPaise: 0 }, -1);
    if (rows.length === 0) return;
    const totals = this.totals[section];
    totals.count += 1;
    for (const row of rows) addRow(totals, row);
    if (this.options.keepEntries || this.options.indexEntries)
      this.keep(section, creditNoteEntry(note, section, note.placeOfSupply, rows, gstin));
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
      entryIds: this.entryIds,
      b2cs,
      nil: this.nil,
      hsn: this.hsn,
      docIssue: this.docIssue,
      problems: this.problems,
      problemCount: this.problemCount,
    };
  }
}

/** An invoice's entry in its section (B2B, B2CL or EXP) with its taxed rows by rate. */
function invoiceEntry(
  invoice: Gstr1Invoice,
  section: 'b2b' | 'b2cl' | 'exp',
  placeOfSupply: string,
  taxed: Gstr1TaxRow[],
): Gstr1Entry {
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
  return {
    kind: 'invoice',
    id: invoice.id,
    number: invoice.number,
    date: invoice.date,
    valuePaise: invoice.valuePaise,
    placeOfSupply,
    buyerName: invoice.buyerName,
    buyerGstin: normalGstin(invoice.buyerGstin),
    type,
    rows: taxed,
  };
}

/** A credit note's entry in CDNR or CDNUR, typed by its original invoice. */
function creditNoteEntry(
  note: Gstr1CreditNote,
  section: 'cdnr' | 'cdnur',
  placeOfSupply: string,
  rows: Gstr1TaxRow[],
  gstin: string,
): Gstr1Entry {
  const anyIgst = rows.some((row) => row.igstPaise > 0);
  const type =
    section === 'cdnr'
      ? note.invoice.buyerType === 'sez'
        ? anyIgst
          ? 'SEWP'
          : 'SEWOP'
        : 'R'
      : invoiceSection(note.invoice, gstin) === 'exp'
        ? anyIgst
          ? 'EXPWP'
          : 'EXPWOP'
        : 'B2CL';
  return {
    kind: 'credit_note',
    id: note.id,
    number: note.number,
    date: note.date,
    valuePaise: note.valuePaise,
    placeOfSupply,
    buyerName: note.invoice.buyerName,
    buyerGstin: normalGstin(note.invoice.buyerGstin),
    type,
    rows,
    invoiceNumber: note.invoice.number,
    invoiceDate: note.invoice.date,
  };
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

/** One document of a section as the JSON writes it (B2B and CDNR under their GSTIN, B2CL and EXP under their group). */
const ENTRY_JSON = {
  b2b: (e: Gstr1Entry) => ({
    inum: e.number,
    idt: returnDate(e.date),
    val: r(e.valuePaise),
    pos: e.placeOfSupply,
    rchrg: 'N' as const,
    inv_typ: e.type,
    itms: itemsOf(e.rows, 'all'),
  }),
  b2cl: (e: Gstr1Entry) => ({
    inum: e.number,
    idt: returnDate(e.date),
    val: r(e.valuePaise),
    itms: itemsOf(e.rows, 'igst'),
  }),
  cdnr: (e: Gstr1Entry) => ({
    ntty: 'C' as const,
    nt_num: e.number,
    nt_dt: returnDate(e.date),
    val: r(e.valuePaise),
    pos: e.placeOfSupply,
    rchrg: 'N' as const,
    inv_typ: e.type,
    itms: itemsOf(e.rows, 'all'),
  }),
  cdnur: (e: Gstr1Entry) => ({
    typ: e.type,
    ntty: 'C' as const,
    nt_num: e.number,
    nt_dt: returnDate(e.date),
    val: r(e.valuePaise),
    ...(e.type === 'B2CL' ? { pos: e.placeOfSupply } : {}),
    itms: itemsOf(e.rows, 'igst'),
  }),
  exp: (e: Gstr1Entry) => ({
    inum: e.number,
    idt: returnDate(e.date),
    val: r(e.valuePaise),
    itms: e.rows.map((row) => ({
      rt: row.ratePercent,
      txval: r(row.taxablePaise),
      iamt: r(row.igstPaise),
      csamt: r(row.cessPaise),
    })),
  }),
};

/** The key of a grouped section's group and of the list under it; CDNUR is not grouped. */
const GROUP_KEYS = {
  b2b: ['ctin', 'inv'],
  b2cl: ['pos', 'inv'],
  cdnr: ['ctin', 'nt'],
  exp: ['exp_typ', 'inv'],
} as const;

/** The top-level keys of the file, in the order it is written. */
const JSON_KEYS = ['gstin', 'fp', ...GSTR1_SECTIONS] as const;
const ENTRY_SECTIONS: readonly Gstr1EntrySection[] = ['b2b', 'b2cl', 'cdnr', 'cdnur', 'exp'];

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
      groupBy(entries.b2b, (e) => entryGroup('b2b', e)).map(([ctin, list]) => ({
        ctin,
        inv: list.map(ENTRY_JSON.b2b),
      })),
    b2cl: () =>
      groupBy(entries.b2cl, (e) => entryGroup('b2cl', e)).map(([pos, list]) => ({
        pos,
        inv: list.map(ENTRY_JSON.b2cl),
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
      groupBy(entries.cdnr, (e) => entryGroup('cdnr', e)).map(([ctin, list]) => ({
        ctin,
        nt: list.map(ENTRY_JSON.cdnr),
      })),
    cdnur: () => entries.cdnur.map(ENTRY_JSON.cdnur),
    exp: () =>
      groupBy(entries.exp, (e) => entryGroup('exp', e)).map(([expTyp, list]) => ({
        exp_typ: expTyp,
        inv: list.map(ENTRY_JSON.exp),
      })),
    nil: () => ({
      inv: NIL_KINDS.map((kind) => ({
        sply_ty: kind,
        nil_amt: r(report.nil[kind].nilPaise),
        expt_amt: r(report.nil[kind].exemptPaise),
        ngsup_amt: r(report.nil[kind].nonGstPaise),
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

/**
 * Reads a section's documents again by id (a batch at a time) as entries, in any order; a document
 * that no longer makes an entry in that section (changed since the ids were taken) is left out.
 */
export type Gstr1EntryLoader = (section: Gstr1EntrySection, ids: readonly number[]) => Promise<Gstr1Entry[]>;

interface EntryBatch {
  ids: number[];
  groupOf: string[];
}

/** A section's ids, group by group in order, cut into batches of `batch` that run across groups. */
function* entryBatches(groups: readonly [string, number[]][], batch: number): Generator<EntryBatch> {
  for (let g = 0, offset = 0; g < groups.length; ) {
    const ids: number[] = [];
    const groupOf: string[] = [];
    while (g < groups.length && ids.length < batch) {
      const [group, all] = groups[g] as [string, number[]];
      const take = all.slice(offset, offset + batch - ids.length);
      for (const id of take) {
        ids.push(id);
        groupOf.push(group);
      }
      offset += take.length;
      if (offset >= all.length) {
        g += 1;
        offset = 0;
      }
    }
    yield { ids, groupOf };
  }
}

/**
 * The portal JSON as text pieces, byte for byte JSON.stringify(gstr1Json(report)) of the report
 * with its entries kept, from a report that kept only their ids (`indexEntries`): each section's
 * documents are read again through `load`, `batch` ids at a time, in the order and under the
 * groups (a B2B recipient's GSTIN, ...) the built document has, and written as they come. So a
 * month of 100,000 invoices is never held at once: only the ids and one batch.
 */
export async function* gstr1JsonChunks(
  report: Gstr1Report,
  load: Gstr1EntryLoader,
  batch = 1000,
): AsyncGenerator<string> {
  const parts = gstr1JsonParts(report);
  let separator = '{';
  for (const key of JSON_KEYS) {
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    if (!(ENTRY_SECTIONS as readonly string[]).includes(key)) {
      yield JSON.stringify(parts[key]());
      continue;
    }
    const section = key as Gstr1EntrySection;
    const write = ENTRY_JSON[section];
    const groupKeys = section === 'cdnur' ? null : GROUP_KEYS[section];
    const groups = [...report.entryIds[section]];
    yield '[';
    let openGroup: string | null = null;
    let groupsWritten = 0;
    let inGroup = 0;
    // Batches run across groups (a recipient's few invoices do not cost a read each); the next
    // batch is read while this one is written, so the reads and the writing overlap.
    const batches = entryBatches(groups, batch);
    const read = (next: IteratorResult<EntryBatch>) => {
      if (next.done) return null;
      const loading = load(section, next.value.ids);
      loading.catch(() => {}); // awaited in turn; one left behind by a stopped download is not unhandled
      return { ...next.value, loading };
    };
    for (let pending = read(batches.next()); pending; ) {
      const { ids, groupOf, loading } = pending;
      pending = read(batches.next());
      const byId = new Map((await loading).map((entry) => [entry.id, entry]));
      let out = '';
      for (const [k, id] of ids.entries()) {
        const entry = byId.get(id);
        if (!entry) continue;
        const group = groupOf[k] as string;
        if (groupKeys && group !== openGroup) {
          // A group is opened by its first entry, so a group whose documents all changed is not written empty.
          if (openGroup !== null) out += ']}';
          out += `${groupsWritten > 0 ? ',' : ''}{${JSON.stringify(groupKeys[0])}:${JSON.stringify(group)},${JSON.stringify(groupKeys[1])}:[`;
          groupsWritten += 1;
          openGroup = group;
          inGroup = 0;
        }
        out += `${inGroup > 0 ? ',' : ''}${JSON.stringify(write(entry))}`;
        inGroup += 1;
      }
      if (out) yield out;
    }
    if (openGroup !== null) yield ']}';
    yield ']';
  }
  yield '}';
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
/** A CSV cell of a GSTR-1 section. */
export type Gstr1CsvCell = string | number | null;
type Cell = Gstr1CsvCell;

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

const CDN_CSV_HEADER = [
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
];

const ENTRY_CSV_HEADERS: Record<Gstr1EntrySection, readonly string[]> = {
  b2b: [
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
  b2cl: ['Invoice Number', 'Invoice Date', 'Invoice Value', 'Place Of Supply', 'Receiver Name', ...taxHeads],
  cdnr: CDN_CSV_HEADER,
  cdnur: CDN_CSV_HEADER,
  exp: ['Export Type', 'Invoice Number', 'Invoice Date', 'Invoice Value', 'Receiver Name', ...taxHeads],
};

/** Whether a section's CSV is written document by document (so it can be streamed a page at a time). */
export const isGstr1EntrySection = (section: Gstr1CsvSection): section is Gstr1EntrySection =>
  (ENTRY_SECTIONS as readonly string[]).includes(section);

/** The header of a document section's CSV. */
export const gstr1CsvEntryHeader = (section: Gstr1EntrySection): string[] => [...ENTRY_CSV_HEADERS[section]];

/** The CSV rows of a document section's entries, one per document and rate, in the entries' order. */
export function gstr1CsvEntryRows(section: Gstr1EntrySection, entries: readonly Gstr1Entry[]): Cell[][] {
  switch (section) {
    case 'b2b':
      return entries.flatMap((e) =>
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
      );
    case 'b2cl':
      return entries.flatMap((e) =>
        e.rows.map((row) => [
          e.number,
          returnDate(e.date),
          r(e.valuePaise),
          placeOfSupplyText(e.placeOfSupply),
          e.buyerName,
          ...taxCells(row),
        ]),
      );
    case 'cdnr':
    case 'cdnur':
      return entries.flatMap((e) =>
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
      );
    case 'exp':
      return entries.flatMap((e) =>
        e.rows.map((row) => [
          e.type,
          e.number,
          returnDate(e.date),
          r(e.valuePaise),
          e.buyerName,
          ...taxCells(row),
        ]),
      );
  }
}

/** One section of the return as a CSV table: its header and rows (one per document and rate). */
export function gstr1CsvTable(
  report: Gstr1Report,
  section: Gstr1CsvSection,
): { header: string[]; rows: Cell[][] } {
  if (isGstr1EntrySection(section)) {
    return {
      header: gstr1CsvEntryHeader(section),
      rows: gstr1CsvEntryRows(section, report.entries[section]),
    };
  }
  switch (section) {
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
    case 'nil':
      return {
        header: [
          'Description',
          'Nil Rated Supplies',
          'Exempted (other than nil rated/non GST supply)',
          'Non-GST Supplies',
        ],
        rows: NIL_KINDS.map((kind) => [
          NIL_LABELS[kind],
          r(report.nil[kind].nilPaise),
          r(report.nil[kind].exemptPaise),
          r(report.nil[kind].nonGstPaise),
        ]),
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
