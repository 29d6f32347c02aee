import { type QueryCreator, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** The least digits of a document number (`ADJ-000001`). */
export const DOCUMENT_NUMBER_DIGITS = 6;

/**
 * Takes the next value of the counter, making the counter at 1 if the company has none yet, in one
 * statement: the row stays locked until the transaction ends, so a concurrent taker waits and then
 * sees the advanced counter. A counter made concurrently by another transaction is advanced here
 * after it commits (the conflict waits for it), never made twice.
 */
export const takeNextValue = (db: Executor, companyId: number, documentType: string, prefix: string) =>
  advanceCounter(db, companyId, documentType, prefix).executeTakeFirstOrThrow();

const advanceCounter = (db: QueryCreator<DB>, companyId: number, documentType: string, prefix: string) =>
  db
    .insertInto('document_sequences')
    .values({ company_id: companyId, document_type: documentType, prefix, next_value: 2 })
    .onConflict((oc) =>
      oc.columns(['company_id', 'document_type']).doUpdateSet({
        next_value: sql`document_sequences.next_value + 1`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['prefix', sql<number>`next_value - 1`.as('value')]);

/** The value the next document will take, without taking it (tests and screens that preview it). */
export const peekNextValue = (db: Executor, companyId: number, documentType: string) =>
  db
    .selectFrom('document_sequences')
    .select(['prefix', 'next_value'])
    .where('company_id', '=', companyId)
    .where('document_type', '=', documentType)
    .executeTakeFirst();

/** Stands in for the number a numbered statement takes, in values written by that statement. */
export const TAKEN_NUMBER = sql<string>`(SELECT number FROM taken_number)`;

/**
 * The start of one statement that takes the next number of a counter (as takeNextValue does)
 * and writes the document that carries it: chain the document's writes with `.with(...)`, putting
 * TAKEN_NUMBER where the number goes, and end with `.selectFrom('taken_number')`. The counter row
 * is locked from this statement to the end of the transaction, so a transaction that places one
 * document runs it last: its number is held for this statement and the commit, not for the rest
 * of the transaction. Formatted as formatDocumentNumber does (`<prefix>-<at least 6 digits>`).
 */
export const withNextNumber = (db: Executor, companyId: number, documentType: string, prefix: string) =>
  db
    .with('taken_value', (qb) => advanceCounter(qb, companyId, documentType, prefix))
    .with('taken_number', (qb) =>
      qb
        .selectFrom('taken_value')
        .select(
          sql<string>`prefix || '-' || lpad(value::text, greatest(${DOCUMENT_NUMBER_DIGITS}::int, length(value::text)), '0')`.as(
            'number',
          ),
        ),
    );

// ---------------------------------------------------------------------------------------------
// Invoice series that have issued invoices (issue 16): each belongs to its branch for good.

/**
 * Serialises the claims on invoice series, company-wide: a branch given a series (made, changed,
 * or at its first invoice) and a series issuing its first invoice take turns, so a series cannot
 * be handed to one branch while another issues its first invoice with it.
 */
export const lockInvoiceSeriesClaims = (tx: Tx, companyId: number) =>
  sql`SELECT pg_advisory_xact_lock(${companyId}::int, hashtext('invoice_series'))`.execute(tx);

export const findInvoiceSeriesOwner = (db: Executor, companyId: number, series: string) =>
  db
    .selectFrom('used_invoice_series')
    .select(['branch_id', 'first_invoice_number'])
    .where('company_id', '=', companyId)
    .where('series', '=', series)
    .executeTakeFirst();

export const usedInvoiceSeries = async (db: Executor, companyId: number) =>
  (
    await db.selectFrom('used_invoice_series').select('series').where('company_id', '=', companyId).execute()
  ).map((row) => row.series);

/** Records the first invoice of a series; a series already recorded keeps its row. */
export const insertUsedInvoiceSeries = (
  tx: Tx,
  values: { company_id: number; series: string; branch_id: number; first_invoice_number: string },
) =>
  tx
    .insertInto('used_invoice_series')
    .values(values)
    .onConflict((oc) => oc.columns(['company_id', 'series']).doNothing())
    .execute();
