import { type RawBuilder, sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';

/**
 * The SQL of GSTR-1 (issue 22). Per-document sections are read a page at a time by keyset on
 * (date, id) (the list indexes invoices_list_idx / credit_notes_list_idx serve it), each document
 * with its figures by rate summed from its stored HSN summary (lines and charges); the HSN summary
 * and DOC_ISSUE are GROUP BYs. Nothing here writes.
 */

export interface Gstr1Window {
  companyId: number;
  gstin: string;
  from: string;
  to: string;
  scope: BranchScope;
}

/** The company's branches registered under a GSTIN that the caller may see. */
const branchesOfGstin = (w: Gstr1Window) => sql`(
  SELECT b.id FROM branches b
   WHERE b.company_id = ${w.companyId} AND upper(b.gstin) = ${w.gstin} AND ${sqlInBranches('b.id', w.scope)})`;

/**
 * The buyer's GSTIN as the return reports it: the invoice's own, or the buyer's when the invoice
 * was issued before the buyer's GSTIN was recorded (the correction GSTR-1 exists to report).
 */
const buyerGstin = (invoice: string, buyer: string) =>
  sql`coalesce(nullif(${sql.ref(`${invoice}.buyer`)}->>'gstin', ''), nullif(${sql.ref(`${buyer}.gst_number`)}, ''))`;

/**
 * Runs one of the month-wide aggregates (HSN summary, DOC_ISSUE, short HSNs) with PostgreSQL's JIT
 * off, in a transaction of its own (or the caller's). Their row estimates are far too high (a
 * document's charges are guessed at 100 a document), so the planner compiled them with LLVM: a
 * second of the HSN summary's 2.3 s at 100,000 invoices went to compiling (EXPLAIN ANALYZE, issue
 * 22 bench). Reads only; the setting ends with the transaction.
 */
function withoutJit<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return withinTransaction(db, async (tx) => {
    await sql`SET LOCAL jit = off`.execute(tx);
    return read(tx);
  });
}

/**
 * A document's stored HSN summary (lines and charges alike), an empty list when it has none: its
 * figures by rate are summed from it here in the server (ratesOf), not per document in SQL.
 */
const summaryOf = (
  alias: string,
) => sql`CASE WHEN jsonb_typeof(${sql.ref(`${alias}.tax_summary`)}->'hsn_summary') = 'array'
  THEN ${sql.ref(`${alias}.tax_summary`)}->'hsn_summary' ELSE '[]'::jsonb END`;

/** A summary line's field as SQL's `(value->>key)::numeric` reads it: null when absent or not a value. */
function fieldOf(line: unknown, key: string): number | null {
  if (line === null || typeof line !== 'object' || Array.isArray(line)) return null;
  const value = (line as Record<string, unknown>)[key];
  return value === null || value === undefined || typeof value === 'object' ? null : Number(value);
}

/**
 * A document's figures by GST rate from its stored HSN summary, ordered by rate: what the per-rate
 * SUM ... GROUP BY rate ORDER BY rate of the summary's lines gives (a rate that is null is a group
 * of its own, last; a sum of nothing but nulls is 0). Done here: in SQL it was most of each page's
 * time (issue 22 bench).
 */
export function ratesOf(summary: unknown): RateTuple[] {
  const byRate = new Map<number | null, RateTuple>();
  for (const line of Array.isArray(summary) ? summary : []) {
    const rate = fieldOf(line, 'gst_rate');
    let into = byRate.get(rate);
    if (!into) {
      into = [rate as number, 0, 0, 0, 0, 0];
      byRate.set(rate, into);
    }
    into[1] += fieldOf(line, 'taxable_paise') ?? 0;
    into[2] += fieldOf(line, 'igst_paise') ?? 0;
    into[3] += fieldOf(line, 'cgst_paise') ?? 0;
    into[4] += fieldOf(line, 'sgst_paise') ?? 0;
    into[5] += fieldOf(line, 'cess_paise') ?? 0;
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([, tuple]) => tuple);
}

/**
 * Of a document's 0% value, what its exempt and its non-GST lines make (the GST treatment each line
 * kept of its product, migration 0066); the rest of the 0% value is nil-rated.
 */
const untaxedOf = (items: 'invoice_items' | 'credit_note_items', key: string, alias: string) => sql`
  coalesce(sum(x.taxable_paise) FILTER (WHERE x.gst_treatment = 'exempt'), 0) AS exempt_paise,
  coalesce(sum(x.taxable_paise) FILTER (WHERE x.gst_treatment = 'non_gst'), 0) AS non_gst_paise
  FROM ${sql.table(items)} x
 WHERE x.company_id = ${sql.ref(`${alias}.company_id`)} AND ${sql.ref(`x.${key}`)} = ${sql.ref(`${alias}.id`)}
   AND x.gst_treatment IN ('exempt', 'non_gst')`;

/** [rate, taxable, igst, cgst, sgst, cess] per rate, as ratesOf sums them. */
export type RateTuple = [number, number, number, number, number, number];

export interface InvoicePageRow {
  id: number;
  number: string;
  day: string;
  total_paise: string | number;
  is_intra_state: boolean;
  buyer_id: number;
  buyer_name: string;
  buyer_gstin: string | null;
  buyer_type: string;
  pos: string | null;
  rates: RateTuple[];
  exempt_paise: string | number;
  non_gst_paise: string | number;
}

export interface Keyset {
  day: string;
  id: number;
}

/** A page after a keyset (null: the first), or the documents named by id (the streamed JSON reads them again). */
export type PageOf = Keyset | { ids: readonly number[] } | null;

const pageFilter = (date: string, id: string, after: PageOf) =>
  after === null
    ? sql`true`
    : 'ids' in after
      ? sql`${sql.ref(id)} = ANY(${[...after.ids]}::bigint[])`
      : sql`(${sql.ref(date)}, ${sql.ref(id)}) > (${after.day}::date, ${after.id})`;

/** A page of the period's live invoices of the GSTIN, after `after` in (date, id) order (or those of `after.ids`). */
export async function invoicePage(db: Executor, w: Gstr1Window, after: PageOf, limit: number) {
  const { rows } = await sql<Omit<InvoicePageRow, 'rates'> & { summary: unknown }>`
    SELECT i.id, i.invoice_number AS number, to_char(i.invoice_date, 'YYYY-MM-DD') AS day, i.total_paise,
           i.is_intra_state, i.buyer_id, coalesce(i.buyer->>'name', b.name) AS buyer_name,
           ${buyerGstin('i', 'b')} AS buyer_gstin, b.buyer_type, st.gst_code AS pos, ${summaryOf('i')} AS summary,
           u.exempt_paise, u.non_gst_paise
      FROM invoices i
      JOIN buyers b ON b.company_id = i.company_id AND b.id = i.buyer_id
      LEFT JOIN states st ON st.id = i.place_of_supply_state_id
      CROSS JOIN LATERAL (SELECT ${untaxedOf('invoice_items', 'invoice_id', 'i')}) u
     WHERE i.company_id = ${w.companyId} AND i.branch_id IN ${branchesOfGstin(w)}
       AND i.invoice_date BETWEEN ${w.from}::date AND ${w.to}::date AND i.status <> 'cancelled'
       AND ${pageFilter('i.invoice_date', 'i.id', after)}
     ORDER BY i.invoice_date, i.id
     LIMIT ${limit}`.execute(db);
  return rows.map(({ summary, ...row }): InvoicePageRow => ({ ...row, rates: ratesOf(summary) }));
}

export interface CreditNotePageRow {
  id: number;
  number: string;
  day: string;
  total_paise: string | number;
  is_intra_state: boolean;
  pos: string | null;
  rates: RateTuple[];
  exempt_paise: string | number;
  non_gst_paise: string | number;
  invoice_id: number;
  invoice_number: string;
  invoice_day: string;
  invoice_total_paise: string | number;
  invoice_intra_state: boolean;
  buyer_id: number;
  buyer_name: string;
  buyer_gstin: string | null;
  buyer_type: string;
}

/** A page of the period's live credit notes of the GSTIN, each with what GSTR-1 needs of its invoice. */
export async function creditNotePage(db: Executor, w: Gstr1Window, after: PageOf, limit: number) {
  const { rows } = await sql<Omit<CreditNotePageRow, 'rates'> & { summary: unknown }>`
    SELECT cn.id, cn.credit_note_number AS number, to_char(cn.credit_note_date, 'YYYY-MM-DD') AS day,
           cn.total_paise, cn.is_intra_state, st.gst_code AS pos, ${summaryOf('cn')} AS summary,
           u.exempt_paise, u.non_gst_paise,
           i.id AS invoice_id, i.invoice_number, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_day,
           i.total_paise AS invoice_total_paise, i.is_intra_state AS invoice_intra_state,
           i.buyer_id, coalesce(i.buyer->>'name', b.name) AS buyer_name, ${buyerGstin('i', 'b')} AS buyer_gstin,
           b.buyer_type
      FROM credit_notes cn
      JOIN invoices i ON i.company_id = cn.company_id AND i.id = cn.invoice_id
      JOIN buyers b ON b.company_id = i.company_id AND b.id = i.buyer_id
      LEFT JOIN states st ON st.id = cn.place_of_supply_state_id
      CROSS JOIN LATERAL (SELECT ${untaxedOf('credit_note_items', 'credit_note_id', 'cn')}) u
     WHERE cn.company_id = ${w.companyId} AND cn.branch_id IN ${branchesOfGstin(w)}
       AND cn.credit_note_date BETWEEN ${w.from}::date AND ${w.to}::date AND cn.status <> 'cancelled'
       AND ${pageFilter('cn.credit_note_date', 'cn.id', after)}
     ORDER BY cn.credit_note_date, cn.id
     LIMIT ${limit}`.execute(db);
  return rows.map(({ summary, ...row }): CreditNotePageRow => ({ ...row, rates: ratesOf(summary) }));
}

export interface HsnSumRow {
  table: 'b2b' | 'b2c';
  hsn: string | null;
  description: string | null;
  unit: string | null;
  rate: string | number;
  quantity: string | number;
  taxable: string | number;
  igst: string | number;
  cgst: string | number;
  sgst: string | number;
  cess: string | number;
}

/**
 * The HSN that a line reports: its own when it has the digits required, else the product's as it
 * is now (an HSN given to the product after the invoice was issued is what the return should say).
 */
const lineHsn = (line: string, product: string, digits: number) => sql`CASE
  WHEN length(coalesce(trim(${sql.ref(`${line}.hsn`)}), '')) >= ${digits} THEN trim(${sql.ref(`${line}.hsn`)})
  ELSE coalesce(nullif(trim(${sql.ref(`${product}.hsn`)}), ''), nullif(trim(${sql.ref(`${line}.hsn`)}), '')) END`;

/**
 * B2B table when the buyer has a GSTIN that is not the filer's own; own-GSTIN documents are left
 * out, and so are non-GST lines (no supply under GST, reported in table 8 alone); nil-rated and
 * exempt lines are in, with their 0% and no tax.
 */
function hsnLines(w: Gstr1Window, digits: number): RawBuilder<unknown> {
  const table = sql`CASE WHEN ${buyerGstin('i', 'b')} IS NOT NULL AND b.buyer_type <> 'overseas' THEN 'b2b' ELSE 'b2c' END`;
  const notOwn = sql`coalesce(upper(${buyerGstin('i', 'b')}), '') <> ${w.gstin}`;
  return sql`
    SELECT ${table} AS tbl, ${lineHsn('ii', 'p', digits)} AS hsn, ii.product_name AS description, ii.unit,
           ii.gst_rate AS rate, ii.quantity, ii.taxable_paise AS taxable, ii.igst_paise AS igst, ii.cgst_paise AS cgst,
           ii.sgst_paise AS sgst, ii.cess_paise AS cess
      FROM invoices i
      JOIN buyers b ON b.company_id = i.company_id AND b.id = i.buyer_id
      JOIN invoice_items ii ON ii.company_id = i.company_id AND ii.invoice_id = i.id
      LEFT JOIN products p ON p.company_id = ii.company_id AND p.id = ii.product_id
     WHERE i.company_id = ${w.companyId} AND i.branch_id IN ${branchesOfGstin(w)}
       AND i.invoice_date BETWEEN ${w.from}::date AND ${w.to}::date AND i.status <> 'cancelled' AND ${notOwn}
       AND ii.gst_treatment <> 'non_gst'
    UNION ALL
    SELECT ${table}, nullif(trim(c.value->>'hsn'), ''), c.value->>'label', 'NA', (c.value->>'gst_rate')::numeric, 0,
           (c.value->>'taxable_paise')::bigint, (c.value->>'igst_paise')::bigint, (c.value->>'cgst_paise')::bigint,
           (c.value->>'sgst_paise')::bigint, (c.value->>'cess_paise')::bigint
      FROM invoices i
      JOIN buyers b ON b.company_id = i.company_id AND b.id = i.buyer_id
      CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(i.tax_summary->'charges') = 'array' THEN i.tax_summary->'charges' ELSE '[]'::jsonb END) c
     WHERE i.company_id = ${w.companyId} AND i.branch_id IN ${branchesOfGstin(w)}
       AND i.invoice_date BETWEEN ${w.from}::date AND ${w.to}::date AND i.status <> 'cancelled' AND ${notOwn}
    UNION ALL
    SELECT ${table}, ${lineHsn('ci', 'p', digits)}, ci.product_name, ci.unit, ci.gst_rate,
           -CASE WHEN ci.rate_paise IS NULL AND ci.additional_discount >= 100 THEN ci.quantity ELSE 0 END,
           -ci.taxable_paise, -ci.igst_paise, -ci.cgst_paise, -ci.sgst_paise, -ci.cess_paise
      FROM credit_notes cn
      JOIN invoices i ON i.company_id = cn.company_id AND i.id = cn.invoice_id
      JOIN buyers b ON b.company_id = i.company_id AND b.id = i.buyer_id
      JOIN credit_note_items ci ON ci.company_id = cn.company_id AND ci.credit_note_id = cn.id
      LEFT JOIN products p ON p.company_id = ci.company_id AND p.id = ci.product_id
     WHERE cn.company_id = ${w.companyId} AND cn.branch_id IN ${branchesOfGstin(w)}
       AND cn.credit_note_date BETWEEN ${w.from}::date AND ${w.to}::date AND cn.status <> 'cancelled' AND ${notOwn}
       AND ci.gst_treatment <> 'non_gst'`;
}

/**
 * The HSN summary in sums by table, HSN, unit and rate (net of the period's credit notes: their
 * value always, their quantity only when the units are credited in full, a price reduction takes
 * no goods back); the unit's UQC is the company unit's when the line's unit is one of them.
 */
export async function hsnSummary(db: Executor, w: Gstr1Window, digits: number) {
  const query = sql<HsnSumRow>`
    SELECT l.tbl AS "table", l.hsn, min(l.description) AS description, coalesce(u.uqc, l.unit) AS unit, l.rate,
           sum(l.quantity) AS quantity, sum(l.taxable) AS taxable, sum(l.igst) AS igst, sum(l.cgst) AS cgst,
           sum(l.sgst) AS sgst, sum(l.cess) AS cess
      FROM (${hsnLines(w, digits)}) l
      LEFT JOIN units u ON u.company_id = ${w.companyId} AND upper(u.code) = upper(l.unit)
     GROUP BY l.tbl, l.hsn, coalesce(u.uqc, l.unit), l.rate
     ORDER BY 1, 2, 4, 5`;
  return withoutJit(db, async (tx) => (await query.execute(tx)).rows);
}

export interface HsnProblemRow {
  invoice_id: number;
  invoice_number: string;
  product_id: number;
  hsn: string | null;
}

/** Invoice lines of the period whose reported HSN is missing or shorter than required (first `limit`). */
export async function shortHsnLines(db: Executor, w: Gstr1Window, digits: number, limit: number) {
  const query = sql<HsnProblemRow>`
    SELECT DISTINCT ON (i.invoice_date, i.id, ii.product_id) i.id AS invoice_id, i.invoice_number, ii.product_id,
           ${lineHsn('ii', 'p', digits)} AS hsn
      FROM invoices i
      JOIN invoice_items ii ON ii.company_id = i.company_id AND ii.invoice_id = i.id
      LEFT JOIN products p ON p.company_id = ii.company_id AND p.id = ii.product_id
     WHERE i.company_id = ${w.companyId} AND i.branch_id IN ${branchesOfGstin(w)}
       AND i.invoice_date BETWEEN ${w.from}::date AND ${w.to}::date AND i.status <> 'cancelled'
       AND ii.gst_treatment <> 'non_gst'
       AND length(coalesce(${lineHsn('ii', 'p', digits)}, '')) < ${digits}
     ORDER BY i.invoice_date, i.id, ii.product_id
     LIMIT ${limit}`;
  return withoutJit(db, async (tx) => (await query.execute(tx)).rows);
}

export interface DocSeriesRow {
  kind: 'invoice' | 'credit_note' | 'challan_job_work' | 'challan_approval' | 'challan_other';
  first: string;
  last: string;
  total: string | number;
  cancelled: string | number;
}

/** One series of a kind of document: first and last number (by length, then text), count, cancelled. */
const series = (number: string) => sql`
  (array_agg(${sql.ref(number)} ORDER BY length(${sql.ref(number)}), ${sql.ref(number)}))[1] AS first,
  (array_agg(${sql.ref(number)} ORDER BY length(${sql.ref(number)}) DESC, ${sql.ref(number)} DESC))[1] AS last,
  count(*) AS total`;

/** DOC_ISSUE: the invoices, credit notes and delivery challans of the period by series, cancelled ones counted. */
export async function documentSeries(db: Executor, w: Gstr1Window) {
  const query = sql<DocSeriesRow>`
    SELECT 'invoice' AS kind, ${series('invoice_number')}, count(*) FILTER (WHERE status = 'cancelled') AS cancelled
      FROM invoices
     WHERE company_id = ${w.companyId} AND branch_id IN ${branchesOfGstin(w)}
       AND invoice_date BETWEEN ${w.from}::date AND ${w.to}::date
     GROUP BY regexp_replace(invoice_number, '[0-9]+$', '')
    UNION ALL
    SELECT 'credit_note', ${series('credit_note_number')}, count(*) FILTER (WHERE status = 'cancelled')
      FROM credit_notes
     WHERE company_id = ${w.companyId} AND branch_id IN ${branchesOfGstin(w)}
       AND credit_note_date BETWEEN ${w.from}::date AND ${w.to}::date
     GROUP BY regexp_replace(credit_note_number, '[0-9]+$', '')
    UNION ALL
    SELECT CASE purpose WHEN 'job_work' THEN 'challan_job_work' WHEN 'supply_on_approval' THEN 'challan_approval'
                ELSE 'challan_other' END,
           ${series('challan_number')}, count(*) FILTER (WHERE status = 'cancelled')
      FROM delivery_challans
     WHERE company_id = ${w.companyId} AND branch_id IN ${branchesOfGstin(w)}
       AND challan_date BETWEEN ${w.from}::date AND ${w.to}::date
     GROUP BY 1, regexp_replace(challan_number, '[0-9]+$', '')
     ORDER BY 1, 2`;
  return withoutJit(db, async (tx) => (await query.execute(tx)).rows);
}

/** The company's taxable outward value of a range of days (aggregate turnover is per PAN: every GSTIN). */
export async function turnoverPaise(db: Executor, companyId: number, from: string, to: string) {
  const { rows } = await sql<{ paise: string | number }>`
    SELECT coalesce(sum(taxable_paise), 0) AS paise FROM invoices
     WHERE company_id = ${companyId} AND invoice_date BETWEEN ${from}::date AND ${to}::date
       AND status <> 'cancelled'`.execute(db);
  return Number(rows[0]?.paise ?? 0);
}

export interface GstinRow {
  gstin: string;
  branch_id: number;
  branch_name: string;
}

/** The company's branch registrations the caller may see, one row per branch. */
export async function gstinBranches(db: Executor, companyId: number, scope: BranchScope) {
  const { rows } = await sql<GstinRow>`
    SELECT upper(b.gstin) AS gstin, b.id AS branch_id, b.name AS branch_name
      FROM branches b
     WHERE b.company_id = ${companyId} AND coalesce(b.gstin, '') <> '' AND ${sqlInBranches('b.id', scope)}
     ORDER BY upper(b.gstin), b.name, b.id`.execute(db);
  return rows;
}
