import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';
import { inTransaction } from '../../db/transaction.ts';
import { historyRowsTakingNumber } from '../history/history.queries.ts';
import { NUMBER_TO_TAKE } from '../history/history.service.ts';
import { TAKEN_NUMBER, withNextNumber } from './document-numbers.queries.ts';
import {
  formatDocumentNumber,
  nextDocumentNumber,
  peekDocumentNumber,
  prefixOf,
} from './document-numbers.service.ts';

describe('document numbers', () => {
  it('formats a prefix and six digits, and knows the prefixes of document types', () => {
    expect(formatDocumentNumber('ADJ', 1)).toBe('ADJ-000001');
    expect(formatDocumentNumber('ADJ', 1234567)).toBe('ADJ-1234567');
    expect(prefixOf('inventory_adjustment')).toBe('ADJ');
    expect(prefixOf('sales_order')).toBe('SO');
  });

  it('counts per company and per document type, from 1', async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    const db = a.t.server.ctx.db;
    const take = (companyId: number, type: string) =>
      inTransaction(db, (tx) => nextDocumentNumber(tx, companyId, type));
    expect(await peekDocumentNumber(db, a.companyId, 'inventory_adjustment')).toBe('ADJ-000001');
    expect(await take(a.companyId, 'inventory_adjustment')).toBe('ADJ-000001');
    expect(await take(a.companyId, 'inventory_adjustment')).toBe('ADJ-000002');
    expect(await take(b.companyId, 'inventory_adjustment')).toBe('ADJ-000001');
    expect(await take(a.companyId, 'test_document')).toBe('TD-000001');
    expect(await take(a.companyId, 'inventory_adjustment')).toBe('ADJ-000003');
    expect(await peekDocumentNumber(db, a.companyId, 'inventory_adjustment')).toBe('ADJ-000004');
  });

  it('keeps the prefix a counter was made with', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const take = (prefix?: string) =>
      inTransaction(db, (tx) => nextDocumentNumber(tx, company.companyId, 'custom_doc', { prefix }));
    expect(await take('INV/25')).toBe('INV/25-000001');
    expect(await take()).toBe('INV/25-000002');
  });

  it('takes the number in the statement that writes the document, from the same counter', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const { companyId, userId } = company;
    const write = (entityId: number) =>
      inTransaction(db, async (tx) => {
        const row = await withNextNumber(tx, companyId, 'numbered_test', 'NT')
          .with('h', (qb) =>
            qb
              .insertInto('history')
              .values(
                historyRowsTakingNumber(
                  [
                    {
                      companyId,
                      entityType: 'numbered_test',
                      entityId,
                      action: 'created',
                      userId,
                      changes: { number: NUMBER_TO_TAKE, also: [NUMBER_TO_TAKE], note: 'number' },
                    },
                  ],
                  TAKEN_NUMBER,
                ),
              )
              .returning('id'),
          )
          .selectFrom('taken_number')
          .select('number')
          .executeTakeFirstOrThrow();
        return row.number;
      });
    expect(await write(1)).toBe('NT-000001');
    expect(await inTransaction(db, (tx) => nextDocumentNumber(tx, companyId, 'numbered_test'))).toBe(
      'NT-000002',
    );
    expect(await write(3)).toBe('NT-000003');
    const changes = await db
      .selectFrom('history')
      .select(['entity_id', 'changes'])
      .where('company_id', '=', companyId)
      .where('entity_type', '=', 'numbered_test')
      .orderBy('entity_id')
      .execute();
    expect(changes).toEqual([
      { entity_id: 1, changes: { number: 'NT-000001', also: ['NT-000001'], note: 'number' } },
      { entity_id: 3, changes: { number: 'NT-000003', also: ['NT-000003'], note: 'number' } },
    ]);
    // Past six digits the number grows, as formatDocumentNumber does.
    await db
      .updateTable('document_sequences')
      .set({ next_value: 1234567 })
      .where('company_id', '=', companyId)
      .where('document_type', '=', 'numbered_test')
      .execute();
    expect(await write(4)).toBe('NT-1234567');
  });

  it('gives a rolled-back number back: no gaps among committed documents', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const take = () => inTransaction(db, (tx) => nextDocumentNumber(tx, company.companyId, 'gap_test'));
    expect(await take()).toBe('GT-000001');
    await expect(
      inTransaction(db, async (tx) => {
        await nextDocumentNumber(tx, company.companyId, 'gap_test');
        throw new Error('the document failed');
      }),
    ).rejects.toThrow('the document failed');
    expect(await take()).toBe('GT-000002');
  });

  it('hands out distinct consecutive numbers to many requests at once', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const numbers = await Promise.all(
      Array.from({ length: 15 }, () =>
        inTransaction(db, (tx) => nextDocumentNumber(tx, company.companyId, 'burst_test')),
      ),
    );
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 15 }, (_, i) => formatDocumentNumber('BT', i + 1)),
    );
  });
});

describe.runIf(inject('databaseUrl'))('document numbers under concurrency (PostgreSQL)', () => {
  it('is unique and gap-free when parallel transactions race, some of them rolling back', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    // The counter row does not exist yet: the first takers race on its INSERT as well.
    const attempts = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        inTransaction(db, async (tx) => {
          const number = await nextDocumentNumber(tx, company.companyId, 'race_test');
          await sql`SELECT pg_sleep(0.01)`.execute(tx);
          if (i % 4 === 3) throw new Error('rolled back');
          return number;
        }),
      ),
    );
    const committed = attempts
      .filter((a): a is PromiseFulfilledResult<string> => a.status === 'fulfilled')
      .map((a) => a.value);
    expect(committed).toHaveLength(18);
    expect([...committed].sort()).toEqual(
      Array.from({ length: 18 }, (_, i) => formatDocumentNumber('RT', i + 1)),
    );
    expect(await peekDocumentNumber(db, company.companyId, 'race_test')).toBe('RT-000019');
  });
});
