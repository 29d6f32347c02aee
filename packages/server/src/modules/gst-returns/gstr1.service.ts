import type { GstReturnGstin, Gstr1SummaryOutput } from '@b2b/domain/api/gst-returns';
import type { BuyerType } from '@b2b/domain/buyers';
import {
  GSTR1_SECTION_LABELS,
  GSTR1_SECTIONS,
  Gstr1Builder,
  type Gstr1BuyerType,
  type Gstr1CreditNote,
  type Gstr1CsvCell,
  type Gstr1CsvSection,
  type Gstr1EntrySection,
  type Gstr1HsnRow,
  type Gstr1Invoice,
  type Gstr1Period,
  type Gstr1Report,
  type Gstr1TaxRow,
  gstr1CsvEntryHeader,
  gstr1CsvEntryRows,
  gstr1CsvTable,
  gstr1JsonChunks,
  hsnProblem,
  isGstr1EntrySection,
  parseGstr1Period,
  previousFinancialYear,
  requiredHsnDigits,
} from '@b2b/domain/gst/gstr1';
import { toRupees } from '@b2b/domain/money';
import { unitQuantityCode } from '@b2b/domain/unit-quantity-codes';
import { notFound, validationError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './gstr1.queries.ts';

/**
 * GSTR-1 of a GSTIN and a period (issue 22). The per-document sections stream through the domain's
 * builder a page at a time, so memory holds one page plus the sums (and, for the JSON and CSV, the
 * section entries the file itself is made of); the HSN summary and DOC_ISSUE come summed from SQL.
 */

/** Documents read per query. */
const PAGE = 2000;
const MAX_PROBLEMS = 500;

/** The GSTINs of the caller's branches, with the branches registered under each. */
export async function listGstins(db: Executor, actor: Principal): Promise<{ results: GstReturnGstin[] }> {
  const rows = await queries.gstinBranches(db, actor.companyId, branchScope(actor));
  const byGstin = new Map<string, GstReturnGstin>();
  for (const row of rows) {
    let entry = byGstin.get(row.gstin);
    if (!entry) {
      entry = { gstin: row.gstin, state_code: row.gstin.slice(0, 2), branches: [] };
      byGstin.set(row.gstin, entry);
    }
    entry.branches.push({ id: row.branch_id, name: row.branch_name });
  }
  return { results: [...byGstin.values()] };
}

const tax = (tuple: queries.RateTuple): Gstr1TaxRow => ({
  ratePercent: Number(tuple[0]),
  taxablePaise: Number(tuple[1]),
  igstPaise: Number(tuple[2]),
  cgstPaise: Number(tuple[3]),
  sgstPaise: Number(tuple[4]),
  cessPaise: Number(tuple[5]),
});

const buyerTypeOf = (type: string): Gstr1BuyerType => type as BuyerType;

/**
 * The UQC of a line's unit: the company unit's UQC (resolved in SQL), a known alias, NOS for goods
 * sold without a unit (as the e-invoice does), NA for charges (services), else OTH.
 */
function uqcOf(unit: string | null): string {
  if (unit === 'NA') return 'NA';
  if (!unit?.trim()) return 'NOS';
  return unitQuantityCode(unit) ?? 'OTH';
}

const invoiceOf = (row: queries.InvoicePageRow): Gstr1Invoice => ({
  id: row.id,
  number: row.number,
  date: row.day,
  valuePaise: Number(row.total_paise),
  buyerId: row.buyer_id,
  buyerName: row.buyer_name,
  buyerGstin: row.buyer_gstin,
  buyerType: buyerTypeOf(row.buyer_type),
  placeOfSupply: row.pos,
  intraState: row.is_intra_state,
  rows: row.rates.map(tax),
  untaxed: { exemptPaise: Number(row.exempt_paise), nonGstPaise: Number(row.non_gst_paise) },
});

const creditNoteOf = (row: queries.CreditNotePageRow): Gstr1CreditNote => ({
  id: row.id,
  number: row.number,
  date: row.day,
  valuePaise: Number(row.total_paise),
  placeOfSupply: row.pos,
  intraState: row.is_intra_state,
  rows: row.rates.map(tax),
  untaxed: { exemptPaise: Number(row.exempt_paise), nonGstPaise: Number(row.non_gst_paise) },
  invoice: {
    id: row.invoice_id,
    number: row.invoice_number,
    date: row.invoice_day,
    valuePaise: Number(row.invoice_total_paise),
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    buyerGstin: row.buyer_gstin,
    buyerType: buyerTypeOf(row.buyer_type),
    intraState: row.invoice_intra_state,
  },
});

interface Gstr1Request {
  db: Executor;
  actor: Principal;
  gstin: string;
  period: string;
  keepEntries: boolean;
  /** Keep only the ids of the documents each section writes (the streamed JSON). */
  indexEntries?: boolean;
  /** List the lines whose HSN is short (the summary's problems; the files have none). */
  listProblems?: boolean;
}

export interface Gstr1Result {
  report: Gstr1Report;
  window: queries.Gstr1Window;
  hsnDigits: number;
  lastYearTurnoverPaise: number;
  documentCount: number;
}

/** The period and the documents' window of a return; 400 for a bad period, 404 for a GSTIN that is none of the caller's branches'. */
async function openGstr1(db: Executor, actor: Principal, gstin: string, periodText: string) {
  const period: Gstr1Period | null = parseGstr1Period(periodText);
  if (!period) throw validationError('period', 'Give the period as YYYY-MM or YYYY-Qn.');
  const scope = branchScope(actor);
  const known = await queries.gstinBranches(db, actor.companyId, scope);
  if (!known.some((row) => row.gstin === gstin)) throw notFound('GSTIN');
  const window: queries.Gstr1Window = {
    companyId: actor.companyId,
    gstin,
    from: period.from,
    to: period.to,
    scope,
  };
  return { period, window };
}

/** Builds the return; 404 for a GSTIN that is none of the caller's branches'. */
export async function buildGstr1({
  db,
  actor,
  gstin,
  period: periodText,
  keepEntries,
  indexEntries = false,
  listProblems = true,
}: Gstr1Request): Promise<Gstr1Result> {
  const { period, window } = await openGstr1(db, actor, gstin, periodText);

  const lastYear = previousFinancialYear(period.from);
  const lastYearTurnoverPaise = await queries.turnoverPaise(db, actor.companyId, lastYear.from, lastYear.to);
  const hsnDigits = requiredHsnDigits(lastYearTurnoverPaise);

  // The month-wide sums run beside the document pages (each on a connection of its own on
  // PostgreSQL), not after them; the files have no problem list, so they skip the short HSNs.
  const sums = Promise.all([
    queries.hsnSummary(db, window, hsnDigits),
    listProblems ? queries.shortHsnLines(db, window, hsnDigits, MAX_PROBLEMS) : [],
    queries.documentSeries(db, window),
  ]);
  sums.catch(() => {}); // awaited below; a failure while the pages are read is not unhandled
  const builder = new Gstr1Builder({ gstin, period, keepEntries, indexEntries, maxProblems: MAX_PROBLEMS });
  let documentCount = 0;

  for (let after: queries.Keyset | null = null; ; ) {
    const page = await queries.invoicePage(db, window, after, PAGE);
    for (const row of page) {
      builder.addInvoice(invoiceOf(row));
    }
    documentCount += page.length;
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = { day: last.day, id: last.id };
  }

  for (let after: queries.Keyset | null = null; ; ) {
    const page = await queries.creditNotePage(db, window, after, PAGE);
    for (const row of page) {
      builder.addCreditNote(creditNoteOf(row));
    }
    documentCount += page.length;
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = { day: last.day, id: last.id };
  }

  const [hsnRows, shortHsn, series] = await sums;
  builder.setHsn(
    hsnRows.map(
      (row): Gstr1HsnRow => ({
        table: row.table,
        hsn: row.hsn ?? '',
        description: row.description ?? '',
        uqc: uqcOf(row.unit),
        ratePercent: Number(row.rate),
        quantityMilli: Math.round(Number(row.quantity) * 1000),
        taxablePaise: Number(row.taxable),
        igstPaise: Number(row.igst),
        cgstPaise: Number(row.cgst),
        sgstPaise: Number(row.sgst),
        cessPaise: Number(row.cess),
      }),
    ),
  );
  for (const line of shortHsn) {
    builder.problem({
      documentKind: 'invoice',
      documentId: line.invoice_id,
      documentNumber: line.invoice_number,
      problem: hsnProblem(line.hsn, hsnDigits) ?? '',
      fix: { kind: 'product', id: line.product_id },
    });
  }
  builder.setDocIssue(
    series.map((row) => ({
      kind: row.kind,
      from: row.first,
      to: row.last,
      total: Number(row.total),
      cancelled: Number(row.cancelled),
    })),
  );
  return { report: builder.result(), window, hsnDigits, lastYearTurnoverPaise, documentCount };
}

const INVOICE_SECTIONS: readonly Gstr1EntrySection[] = ['b2b', 'b2cl', 'exp'];

/**
 * The portal JSON streamed (issue 22): the return is summed with only the ids of each section's
 * documents kept, then the file is written section by section (B2B recipient by recipient), the
 * documents read again by id a batch at a time and sorted into their entries by the same builder.
 * Memory holds the ids and one batch, not the month; the bytes are those of gstr1Json. A document
 * changed between the two reads is written as it is now, or left out when it left its section.
 */
export async function streamGstr1Json(
  options: Omit<Gstr1Request, 'keepEntries' | 'indexEntries' | 'listProblems'>,
): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const { db } = options;
  const { report, window } = await buildGstr1({
    ...options,
    keepEntries: false,
    indexEntries: true,
    listProblems: false,
  });
  const load = async (section: Gstr1EntrySection, ids: readonly number[]) => {
    const builder = new Gstr1Builder({ gstin: report.gstin, period: report.period, keepEntries: true });
    if (INVOICE_SECTIONS.includes(section)) {
      for (const row of await queries.invoicePage(db, window, { ids }, ids.length))
        builder.addInvoice(invoiceOf(row));
    } else {
      for (const row of await queries.creditNotePage(db, window, { ids }, ids.length))
        builder.addCreditNote(creditNoteOf(row));
    }
    const byId = new Map(builder.result().entries[section].map((entry) => [entry.id, entry]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  return {
    fileName: `GSTR1_${report.gstin}_${report.period.fp}.json`,
    chunks: gstr1JsonChunks(report, load, PAGE),
  };
}

/**
 * One section of GSTR-1 as CSV rows, streamed (issue 22). A document section (B2B, B2CL, CDNR,
 * CDNUR, EXP) is written as its documents are read, a page at a time in (date, id) order, each
 * page sorted into entries by a builder of its own (a document's entry depends on it alone): one
 * read of the month and one page in memory, the rows in the order of the whole return's entries.
 * The summed sections (B2CS, NIL, HSN, DOC_ISSUE) are a few rows, built from the return's sums.
 */
export async function streamGstr1Csv(options: {
  db: Executor;
  actor: Principal;
  gstin: string;
  period: string;
  section: Gstr1CsvSection;
}): Promise<{ fileName: string; header: string[]; rows: AsyncGenerator<Gstr1CsvCell[][]> }> {
  const { db, actor, gstin, section } = options;
  if (!isGstr1EntrySection(section)) {
    const { report } = await buildGstr1({ ...options, keepEntries: false, listProblems: false });
    const table = gstr1CsvTable(report, section);
    return {
      fileName: `GSTR1_${section}_${gstin}_${report.period.fp}.csv`,
      header: table.header,
      rows: (async function* () {
        yield table.rows;
      })(),
    };
  }
  const entries: Gstr1EntrySection = section;
  const { period, window } = await openGstr1(db, actor, gstin, options.period);
  const ofInvoices = INVOICE_SECTIONS.includes(entries);
  async function* rows() {
    for (let after: queries.Keyset | null = null; ; ) {
      const builder = new Gstr1Builder({ gstin, period, keepEntries: true });
      let page: { day: string; id: number }[];
      if (ofInvoices) {
        const invoices = await queries.invoicePage(db, window, after, PAGE);
        for (const row of invoices) builder.addInvoice(invoiceOf(row));
        page = invoices;
      } else {
        const notes = await queries.creditNotePage(db, window, after, PAGE);
        for (const row of notes) builder.addCreditNote(creditNoteOf(row));
        page = notes;
      }
      yield gstr1CsvEntryRows(entries, builder.result().entries[entries]);
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      after = { day: last.day, id: last.id };
    }
  }
  return {
    fileName: `GSTR1_${section}_${gstin}_${period.fp}.csv`,
    header: gstr1CsvEntryHeader(entries),
    rows: rows(),
  };
}

/** The summary the screen shows: each section's count, value and tax, and the documents with problems. */
export async function gstr1Summary(options: Omit<Gstr1Request, 'keepEntries'>): Promise<Gstr1SummaryOutput> {
  const { report, hsnDigits, lastYearTurnoverPaise, documentCount } = await buildGstr1({
    ...options,
    keepEntries: false,
  });
  return {
    gstin: report.gstin,
    period: report.period.key,
    from_date: report.period.from,
    to_date: report.period.to,
    fp: report.period.fp,
    hsn_digits: hsnDigits,
    last_year_turnover: toRupees(lastYearTurnoverPaise),
    document_count: documentCount,
    sections: GSTR1_SECTIONS.map((section) => {
      const totals = report.totals[section];
      return {
        section,
        label: GSTR1_SECTION_LABELS[section],
        count: totals.count,
        taxable_value: toRupees(totals.taxablePaise),
        igst: toRupees(totals.igstPaise),
        cgst: toRupees(totals.cgstPaise),
        sgst: toRupees(totals.sgstPaise),
        cess: toRupees(totals.cessPaise),
      };
    }),
    problems: report.problems.map((p) => ({
      document_kind: p.documentKind,
      document_id: p.documentId,
      document_number: p.documentNumber,
      problem: p.problem,
      fix: p.fix,
    })),
    problem_count: report.problemCount,
  };
}
