import {
  GST_PERIOD_LOCK_CONFIGURATION,
  type GstReturnType,
  type Gstr3bEntryHead,
  type Gstr3bHead,
  type TaxFigures,
} from '@b2b/domain/gst/gstr3b';
import { type RawBuilder, sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The SQL of GSTR-3B and the filed periods. Every figure of the return is a sum of `entries`: one
 * row per document and table head it counts in, with the document's own stored figures (signed:
 * a credit note takes away from the outward supplies of its own period). The summary sums them
 * by head; the documents behind a figure are the same rows, filtered by the head and paged, so
 * they add up to it by construction.
 */

export interface Gstr3bWindow {
  companyId: number;
  gstin: string;
  start: string;
  end: string;
  scope: BranchScope;
}

/** The taxable value of a document's HSN summary rows taxed at 0%: its nil-rated supplies. */
const nilRated = (alias: string) => sql`(
  SELECT coalesce(sum((r.value->>'taxable_paise')::bigint), 0)
    FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(${sql.ref(`${alias}.tax_summary`)}->'hsn_summary') = 'array'
           THEN ${sql.ref(`${alias}.tax_summary`)}->'hsn_summary' ELSE '[]'::jsonb END) AS r
   WHERE (r.value->>'gst_rate')::numeric = 0)`;

/**
 * The taxable value of a document's non-GST lines (the GST treatment each line kept of its
 * product, migration 0066): a part of its 0% value, reported in 3.1(e) instead of 3.1(b) or (c).
 */
const nonGst = (items: 'invoice_items' | 'credit_note_items', key: string, alias: string) => sql`(
  SELECT coalesce(sum(x.taxable_paise), 0) FROM ${sql.table(items)} x
   WHERE x.company_id = ${sql.ref(`${alias}.company_id`)} AND ${sql.ref(`x.${key}`)} = ${sql.ref(`${alias}.id`)}
     AND x.gst_treatment = 'non_gst')`;

/**
 * One pass over a bill's or debit note's lines: the ITC-eligible figures (table 4) and the values
 * of its nil-rated or exempt lines and of its non-GST lines (table 5, migration 0085). A line at
 * 0% without cess whose treatment is Taxable counts with the nil-rated ones: taxable goods billed
 * without GST, as a supplier under the composition scheme bills them (and as 3.1(c) counts a
 * taxable line at 0% on the outward side).
 */
const inwardLineSums = (items: 'bill_items' | 'debit_note_items', key: string, alias: string) => sql`
  SELECT coalesce(sum(x.taxable_paise) FILTER (WHERE x.itc_eligible), 0) AS taxable_paise,
         coalesce(sum(x.igst_paise) FILTER (WHERE x.itc_eligible), 0) AS igst_paise,
         coalesce(sum(x.cgst_paise) FILTER (WHERE x.itc_eligible), 0) AS cgst_paise,
         coalesce(sum(x.sgst_paise) FILTER (WHERE x.itc_eligible), 0) AS sgst_paise,
         coalesce(sum(x.cess_paise) FILTER (WHERE x.itc_eligible), 0) AS cess_paise,
         coalesce(sum(x.taxable_paise) FILTER (WHERE x.gst_treatment IN ('nil_rated', 'exempt')
           OR (x.gst_treatment = 'taxable' AND x.gst_rate = 0 AND x.cess_rate = 0)), 0) AS nil_exempt_paise,
         coalesce(sum(x.taxable_paise) FILTER (WHERE x.gst_treatment = 'non_gst'), 0) AS non_gst_paise
    FROM ${sql.table(items)} x
   WHERE x.company_id = ${sql.ref(`${alias}.company_id`)} AND ${sql.ref(`x.${key}`)} = ${sql.ref(`${alias}.id`)}`;

/** The rows of every head for a GSTIN's branches (in the user's scope) and a range of days. */
function entries(w: Gstr3bWindow): RawBuilder<unknown> {
  return sql`
    WITH branches_of_gstin AS (
      SELECT b.id FROM branches b
       WHERE b.company_id = ${w.companyId} AND upper(b.gstin) = ${w.gstin} AND ${sqlInBranches('b.id', w.scope)}
    ),
    outward AS (
      SELECT 'invoice' AS kind, i.id, i.invoice_number AS number, i.invoice_date AS day,
             coalesce(i.buyer->>'name', '') AS party, nullif(i.buyer->>'gstin', '') AS party_gstin,
             i.is_intra_state, st.gst_code AS state_code, bu.buyer_type IN ('overseas', 'sez') AS zero_rated,
             1 AS sign, i.taxable_paise, i.igst_paise, i.cgst_paise, i.sgst_paise, i.cess_paise,
             ${nilRated('i')} AS nil_paise, ${nonGst('invoice_items', 'invoice_id', 'i')} AS non_gst_paise
        FROM invoices i
        JOIN states st ON st.id = i.place_of_supply_state_id
        JOIN buyers bu ON bu.company_id = i.company_id AND bu.id = i.buyer_id
       WHERE i.company_id = ${w.companyId} AND i.branch_id IN (SELECT id FROM branches_of_gstin)
         AND i.invoice_date BETWEEN ${w.start}::date AND ${w.end}::date AND i.status <> 'cancelled'
      UNION ALL
      SELECT 'credit_note', cn.id, cn.credit_note_number, cn.credit_note_date,
             coalesce(i.buyer->>'name', ''), nullif(i.buyer->>'gstin', ''),
             cn.is_intra_state, st.gst_code, bu.buyer_type IN ('overseas', 'sez'), -1,
             cn.taxable_paise, cn.igst_paise, cn.cgst_paise, cn.sgst_paise, cn.cess_paise, ${nilRated('cn')},
             ${nonGst('credit_note_items', 'credit_note_id', 'cn')}
        FROM credit_notes cn
        JOIN invoices i ON i.company_id = cn.company_id AND i.id = cn.invoice_id
        JOIN states st ON st.id = cn.place_of_supply_state_id
        JOIN buyers bu ON bu.company_id = cn.company_id AND bu.id = cn.buyer_id
       WHERE cn.company_id = ${w.companyId} AND cn.branch_id IN (SELECT id FROM branches_of_gstin)
         AND cn.credit_note_date BETWEEN ${w.start}::date AND ${w.end}::date AND cn.status <> 'cancelled'
    ),
    inward AS (
      SELECT 'bill' AS kind, b.id, b.bill_number AS number, b.bill_date AS day, s.name AS party,
             b.seller_gstin AS party_gstin, b.is_reverse_charge, b.is_intra_state, 1 AS sign,
             b.taxable_paise, b.igst_paise, b.cgst_paise, b.sgst_paise, b.cess_paise,
             e.taxable_paise AS itc_taxable_paise, e.igst_paise AS itc_igst_paise, e.cgst_paise AS itc_cgst_paise,
             e.sgst_paise AS itc_sgst_paise, e.cess_paise AS itc_cess_paise,
             e.nil_exempt_paise, e.non_gst_paise
        FROM bills b
        JOIN sellers s ON s.company_id = b.company_id AND s.id = b.seller_id
        CROSS JOIN LATERAL (${inwardLineSums('bill_items', 'bill_id', 'b')}) e
       WHERE b.company_id = ${w.companyId} AND b.branch_id IN (SELECT id FROM branches_of_gstin)
         AND b.bill_date BETWEEN ${w.start}::date AND ${w.end}::date AND b.status NOT IN ('draft', 'void')
      UNION ALL
      SELECT 'debit_note', dn.id, dn.debit_note_number, dn.debit_note_date, s.name, dn.seller_gstin,
             dn.is_reverse_charge, dn.is_intra_state, -1,
             dn.taxable_paise, dn.igst_paise, dn.cgst_paise, dn.sgst_paise, dn.cess_paise,
             e.taxable_paise, e.igst_paise, e.cgst_paise, e.sgst_paise, e.cess_paise,
             e.nil_exempt_paise, e.non_gst_paise
        FROM debit_notes dn
        JOIN sellers s ON s.company_id = dn.company_id AND s.id = dn.seller_id
        CROSS JOIN LATERAL (${inwardLineSums('debit_note_items', 'debit_note_id', 'dn')}) e
       WHERE dn.company_id = ${w.companyId} AND dn.branch_id IN (SELECT id FROM branches_of_gstin)
         AND dn.debit_note_date BETWEEN ${w.start}::date AND ${w.end}::date AND dn.status <> 'void'
    )
    -- 3.1(a): the taxed part of each invoice and credit note (all but its 0% rows).
    SELECT '3.1a' AS head, kind, id, number, day, party, party_gstin, NULL::text AS state_code,
           sign * (taxable_paise - nil_paise) AS taxable_paise, sign * igst_paise AS igst_paise,
           sign * cgst_paise AS cgst_paise, sign * sgst_paise AS sgst_paise, sign * cess_paise AS cess_paise
      FROM outward
     WHERE NOT zero_rated
       AND (taxable_paise - nil_paise <> 0 OR igst_paise + cgst_paise + sgst_paise + cess_paise <> 0)
    UNION ALL
    -- 3.1(b): exports and supplies to SEZs (the buyer's type), with any IGST paid on them; their
    -- non-GST lines are no zero-rated supply (3.1(e)).
    SELECT '3.1b', kind, id, number, day, party, party_gstin, NULL,
           sign * (taxable_paise - non_gst_paise), sign * igst_paise, sign * cgst_paise, sign * sgst_paise,
           sign * cess_paise
      FROM outward WHERE zero_rated
       AND (taxable_paise - non_gst_paise <> 0 OR igst_paise + cgst_paise + sgst_paise + cess_paise <> 0)
    UNION ALL
    -- 3.1(c): rows taxed at 0% that are nil rated or exempt (all but the non-GST lines).
    SELECT '3.1c', kind, id, number, day, party, party_gstin, NULL, sign * (nil_paise - non_gst_paise), 0, 0, 0, 0
      FROM outward WHERE NOT zero_rated AND nil_paise - non_gst_paise <> 0
    UNION ALL
    -- 3.1(e): non-GST lines (alcohol for human consumption, petroleum crude...), of any buyer.
    SELECT '3.1e', kind, id, number, day, party, party_gstin, NULL, sign * non_gst_paise, 0, 0, 0, 0
      FROM outward WHERE non_gst_paise <> 0
    UNION ALL
    -- 3.2: the taxed part of inter-state supplies to buyers without a GSTIN, by place of supply.
    SELECT '3.2', kind, id, number, day, party, party_gstin, state_code,
           sign * (taxable_paise - nil_paise), sign * igst_paise, sign * cgst_paise, sign * sgst_paise, sign * cess_paise
      FROM outward
     WHERE NOT is_intra_state AND NOT zero_rated AND party_gstin IS NULL
       AND (taxable_paise - nil_paise <> 0 OR igst_paise + cess_paise <> 0)
    UNION ALL
    -- 3.1(d): reverse-charge bills, less the reverse-charge debit notes against them.
    SELECT '3.1d', kind, id, number, day, party, party_gstin, NULL,
           sign * taxable_paise, sign * igst_paise, sign * cgst_paise, sign * sgst_paise, sign * cess_paise
      FROM inward WHERE is_reverse_charge
    UNION ALL
    -- 4(A)(3) and 4(A)(5): the ITC-eligible lines of bills; 4(B)(2): of debit notes, reversed.
    SELECT CASE WHEN kind = 'debit_note' THEN '4b2' WHEN is_reverse_charge THEN '4a3' ELSE '4a5' END,
           kind, id, number, day, party, party_gstin, NULL,
           itc_taxable_paise, itc_igst_paise, itc_cgst_paise, itc_sgst_paise, itc_cess_paise
      FROM inward WHERE itc_igst_paise + itc_cgst_paise + itc_sgst_paise + itc_cess_paise <> 0
    UNION ALL
    -- 5: nil-rated and exempt purchases (and a composition supplier's, billed without GST), and
    -- non-GST ones, inter-state and intra-state; a debit note takes its returned value off.
    SELECT CASE WHEN is_intra_state THEN '5a_intra' ELSE '5a_inter' END,
           kind, id, number, day, party, party_gstin, NULL, sign * nil_exempt_paise, 0, 0, 0, 0
      FROM inward WHERE nil_exempt_paise <> 0
    UNION ALL
    SELECT CASE WHEN is_intra_state THEN '5b_intra' ELSE '5b_inter' END,
           kind, id, number, day, party, party_gstin, NULL, sign * non_gst_paise, 0, 0, 0, 0
      FROM inward WHERE non_gst_paise <> 0`;
}

export interface HeadSum extends TaxFigures {
  head: Gstr3bEntryHead;
  state_code: string | null;
  state_name: string | null;
}

/** The period's sums by head (3.2 by place of supply too). */
export async function sumsByHead(db: Executor, w: Gstr3bWindow): Promise<HeadSum[]> {
  const { rows } = await sql<HeadSum>`
    SELECT e.head, e.state_code, min(st.name) AS state_name,
           sum(e.taxable_paise)::bigint AS taxable_paise, sum(e.igst_paise)::bigint AS igst_paise,
           sum(e.cgst_paise)::bigint AS cgst_paise, sum(e.sgst_paise)::bigint AS sgst_paise,
           sum(e.cess_paise)::bigint AS cess_paise
      FROM (${entries(w)}) e
      LEFT JOIN (SELECT gst_code, min(name) AS name FROM states GROUP BY gst_code) st ON st.gst_code = e.state_code
     GROUP BY e.head, e.state_code`.execute(db);
  return rows.map((row) => ({
    ...row,
    taxable_paise: Number(row.taxable_paise),
    igst_paise: Number(row.igst_paise),
    cgst_paise: Number(row.cgst_paise),
    sgst_paise: Number(row.sgst_paise),
    cess_paise: Number(row.cess_paise),
  }));
}

export interface DocumentRow extends TaxFigures {
  head: Gstr3bEntryHead;
  kind: 'invoice' | 'credit_note' | 'bill' | 'debit_note';
  id: number;
  number: string;
  day: string;
  party: string;
  party_gstin: string | null;
  total_count: number;
}

/**
 * One page of the documents behind a head's figure, by date then number. Head 4 is table 4's net
 * ITC: bills' credit less the debit notes' reversal, so its documents add up to 4(C).
 */
export async function documentsOfHead(
  db: Executor,
  w: Gstr3bWindow,
  head: Gstr3bHead,
  window: { limit: number; offset: number },
): Promise<DocumentRow[]> {
  const heads = head === '4' ? ['4a3', '4a5', '4b2'] : [head];
  const sign = head === '4' ? sql`CASE WHEN e.head = '4b2' THEN -1 ELSE 1 END` : sql`1`;
  const { rows } = await sql<DocumentRow>`
    SELECT e.head, e.kind, e.id, e.number, e.day::text AS day, e.party, e.party_gstin,
           ${sign} * e.taxable_paise AS taxable_paise, ${sign} * e.igst_paise AS igst_paise,
           ${sign} * e.cgst_paise AS cgst_paise, ${sign} * e.sgst_paise AS sgst_paise,
           ${sign} * e.cess_paise AS cess_paise, count(*) OVER () AS total_count
      FROM (${entries(w)}) e
     WHERE e.head IN (${sql.join(heads)})
     ORDER BY e.day, e.kind, e.number, e.id
     LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    taxable_paise: Number(row.taxable_paise),
    igst_paise: Number(row.igst_paise),
    cgst_paise: Number(row.cgst_paise),
    sgst_paise: Number(row.sgst_paise),
    cess_paise: Number(row.cess_paise),
    total_count: Number(row.total_count),
  }));
}

/** The count of a head's documents when the page asked for is past the end. */
export async function countDocumentsOfHead(db: Executor, w: Gstr3bWindow, head: Gstr3bHead): Promise<number> {
  const heads = head === '4' ? ['4a3', '4a5', '4b2'] : [head];
  const { rows } = await sql<{ count: number }>`
    SELECT count(*) AS count FROM (${entries(w)}) e WHERE e.head IN (${sql.join(heads)})`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The company's GSTINs (of branches in the user's scope) with their branches. */
export function gstinBranches(db: Executor, companyId: number, scope: BranchScope) {
  return db
    .selectFrom('branches')
    .select(['id', 'name', sql<string>`upper(gstin)`.as('gstin')])
    .where('company_id', '=', companyId)
    .where('gstin', 'is not', null)
    .where(sql<boolean>`${sqlInBranches('id', scope)}`)
    .orderBy(sql`upper(gstin)`)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------
// Filed periods
// ---------------------------------------------------------------------------

const filedColumns = [
  'f.id',
  'f.gstin',
  'f.period',
  'f.return_type',
  'f.filed_at',
  'f.filed_by',
  sql<string | null>`trim(u.first_name || ' ' || coalesce(u.last_name, ''))`.as('filed_by_name'),
] as const;

export function listFiledPeriods(
  db: Executor,
  companyId: number,
  filter: { gstins: readonly string[] | null; gstin?: string; period?: string; returnType?: GstReturnType },
  window: { limit: number; offset: number },
) {
  let query = db
    .selectFrom('gst_filed_periods as f')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'f.company_id').onRef('u.id', '=', 'f.filed_by'),
    )
    .where('f.company_id', '=', companyId);
  if (filter.gstins)
    query = query.where('f.gstin', 'in', filter.gstins.length > 0 ? [...filter.gstins] : ['']);
  if (filter.gstin) query = query.where('f.gstin', '=', filter.gstin);
  if (filter.period) query = query.where('f.period', '=', filter.period);
  if (filter.returnType) query = query.where('f.return_type', '=', filter.returnType);
  return Promise.all([
    query
      .select(filedColumns)
      .orderBy('f.period', 'desc')
      .orderBy('f.gstin')
      .orderBy('f.return_type')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
}

export function findFiledPeriod(db: Executor, companyId: number, id: number) {
  return db
    .selectFrom('gst_filed_periods as f')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'f.company_id').onRef('u.id', '=', 'f.filed_by'),
    )
    .select(filedColumns)
    .where('f.company_id', '=', companyId)
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export type FiledPeriodRow = NonNullable<Awaited<ReturnType<typeof findFiledPeriod>>>;

/** The filed period's row, or undefined when it is already filed (the unique key says so). */
export async function insertFiledPeriod(
  db: Executor,
  values: { companyId: number; gstin: string; period: string; returnType: GstReturnType; userId: number },
) {
  return db
    .insertInto('gst_filed_periods')
    .values({
      company_id: values.companyId,
      gstin: values.gstin,
      period: values.period,
      return_type: values.returnType,
      filed_by: values.userId,
    })
    .onConflict((oc) => oc.columns(['company_id', 'gstin', 'period', 'return_type']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function deleteFiledPeriod(db: Executor, companyId: number, id: number) {
  return db
    .deleteFrom('gst_filed_periods')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(['id', 'gstin', 'period', 'return_type'])
    .executeTakeFirst();
}

const DATED_DOCUMENTS = {
  invoice: ['invoices', 'invoice_date'],
  credit_note: ['credit_notes', 'credit_note_date'],
  delivery_challan: ['delivery_challans', 'challan_date'],
  debit_note: ['debit_notes', 'debit_note_date'],
  bill: ['bills', 'bill_date'],
} as const;
export type DatedDocument = keyof typeof DATED_DOCUMENTS;

/** What the filed-period lock reads: the filed return that locks the day (GSTR-1 first), if any. */
export interface FiledLockRow {
  return_type: GstReturnType;
  period: string;
  lock_on: boolean;
}

/**
 * The filed-period lock's one read: the filed return of the branch's GSTIN for the period of a
 * day (GSTR-1 first) and whether the company keeps the lock on; no row when the branch has no
 * GSTIN or the period is not filed. `day` is a YYYY-MM-DD or an issued document named by id (its
 * branch and date as stored: `branchId` is then ignored).
 */
export async function filedReturnLocking(
  db: Executor,
  companyId: number,
  at: { branchId: number; day: string } | { kind: DatedDocument; id: number },
): Promise<FiledLockRow | undefined> {
  const dated =
    'kind' in at
      ? sql`SELECT branch_id, ${sql.ref(DATED_DOCUMENTS[at.kind][1])} AS day FROM ${sql.table(DATED_DOCUMENTS[at.kind][0])}
             WHERE company_id = ${companyId} AND id = ${at.id}`
      : sql`SELECT ${at.branchId}::bigint AS branch_id, ${at.day}::date AS day`;
  const { rows } = await sql<FiledLockRow>`
    SELECT f.return_type, f.period, coalesce(c.is_enabled, true) AS lock_on
      FROM (${dated}) d
      JOIN branches b ON b.company_id = ${companyId} AND b.id = d.branch_id AND coalesce(b.gstin, '') <> ''
      JOIN gst_filed_periods f
        ON f.company_id = ${companyId} AND f.gstin = upper(b.gstin) AND f.period = to_char(d.day, 'YYYY-MM')
      LEFT JOIN company_configurations c
        ON c.company_id = ${companyId} AND c.configuration_type = ${GST_PERIOD_LOCK_CONFIGURATION}
     ORDER BY f.return_type
     LIMIT 1`.execute(db);
  return rows[0];
}
