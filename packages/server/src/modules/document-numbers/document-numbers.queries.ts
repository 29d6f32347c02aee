import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/**
 * Takes the next value of the counter, making the counter at 1 if the company has none yet, in one
 * statement: the row stays locked until the transaction ends, so a concurrent taker waits and then
 * sees the advanced counter. A counter made concurrently by another transaction is advanced here
 * after it commits (the conflict waits for it), never made twice.
 */
export const takeNextValue = (db: Executor, companyId: number, documentType: string, prefix: string) =>
  db
    .insertInto('document_sequences')
    .values({ company_id: companyId, document_type: documentType, prefix, next_value: 2 })
    .onConflict((oc) =>
      oc.columns(['company_id', 'document_type']).doUpdateSet({
        next_value: sql`document_sequences.next_value + 1`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['prefix', sql<number>`next_value - 1`.as('value')])
    .executeTakeFirstOrThrow();

/** The value the next document will take, without taking it (tests and screens that preview it). */
export const peekNextValue = (db: Executor, companyId: number, documentType: string) =>
  db
    .selectFrom('document_sequences')
    .select(['prefix', 'next_value'])
    .where('company_id', '=', companyId)
    .where('document_type', '=', documentType)
    .executeTakeFirst();
