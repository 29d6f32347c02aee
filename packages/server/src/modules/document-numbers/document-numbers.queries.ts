import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/** Makes the counter of a document type if the company has none yet (a concurrent maker wins quietly). */
export const ensureSequence = (db: Executor, companyId: number, documentType: string, prefix: string) =>
  db
    .insertInto('document_sequences')
    .values({ company_id: companyId, document_type: documentType, prefix })
    .onConflict((oc) => oc.columns(['company_id', 'document_type']).doNothing())
    .execute();

/**
 * Takes the next value under the counter's row lock (held until the transaction ends, so a
 * concurrent taker waits and then sees the advanced counter) and returns the value taken.
 */
export const takeNextValue = (db: Executor, companyId: number, documentType: string) =>
  db
    .updateTable('document_sequences')
    .set({ next_value: sql`next_value + 1`, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('document_type', '=', documentType)
    .returning(['prefix', sql<number>`next_value - 1`.as('value')])
    .executeTakeFirst();

/** The value the next document will take, without taking it (tests and screens that preview it). */
export const peekNextValue = (db: Executor, companyId: number, documentType: string) =>
  db
    .selectFrom('document_sequences')
    .select(['prefix', 'next_value'])
    .where('company_id', '=', companyId)
    .where('document_type', '=', documentType)
    .executeTakeFirst();
