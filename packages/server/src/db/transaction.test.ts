import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';
import { dbOf } from '../../test/inventory-fixtures.ts';
import { createBuyerWithAddress } from '../../test/sales-fixtures.ts';
import { CONCURRENT_CHANGE_MESSAGE } from '../core/errors.ts';
import { errorHandler } from '../http/errors.ts';
import { inTransaction, isConcurrencyFailure, TRANSACTION_RETRIES, type Tx } from './transaction.ts';

const raced = (code: string) => Object.assign(new Error('lost a race'), { code });

describe('inTransaction', { timeout: 60_000 }, () => {
  it('runs the work again after a deadlock or a serialization failure, then lets the error through', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    let attempts = 0;
    const answer = await inTransaction(db, async () => {
      attempts++;
      if (attempts === 1) throw raced('40P01');
      if (attempts === 2) throw raced('40001');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(3);

    attempts = 0;
    const failed = await inTransaction(db, async () => {
      attempts++;
      throw raced('40P01');
    }).catch((error: unknown) => error);
    expect(isConcurrencyFailure(failed)).toBe(true);
    expect(attempts).toBe(TRANSACTION_RETRIES + 1);

    attempts = 0;
    const other = await inTransaction(db, async () => {
      attempts++;
      throw raced('23505');
    }).catch((error: unknown) => error);
    expect(isConcurrencyFailure(other)).toBe(false);
    expect(attempts).toBe(1);
  });

  it('rolls back each failed attempt: only the last one’s writes are kept', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const buyer = await createBuyerWithAddress(company);
    let attempts = 0;
    await inTransaction(db, async (tx) => {
      attempts++;
      await tx
        .updateTable('buyers')
        .set({ contact_person_name: `attempt ${attempts}` })
        .where('id', '=', buyer.id)
        .execute();
      if (attempts < 3) throw raced('40001');
    });
    const row = await db
      .selectFrom('buyers')
      .select('contact_person_name')
      .where('id', '=', buyer.id)
      .executeTakeFirst();
    expect(row?.contact_person_name).toBe('attempt 3');
  });

  // PGlite runs one transaction at a time: a deadlock needs two connections (PostgreSQL).
  it.skipIf(!inject('databaseUrl'))('survives a real deadlock between two transactions', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const a = await createBuyerWithAddress(company);
    const b = await createBuyerWithAddress(company);
    const lock = (tx: Tx, id: number) =>
      sql`select id from buyers where id = ${id} for update`.execute(tx).then(() => undefined);
    let attempts = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => {
      let held = 0;
      release = () => {
        held++;
        if (held === 2) resolve();
      };
    });
    const crossing = (first: number, second: number) =>
      inTransaction(db, async (tx) => {
        attempts++;
        await lock(tx, first);
        if (attempts <= 2) {
          release();
          await bothHoldOne;
        }
        await lock(tx, second);
        return 'ok';
      });
    const results = await Promise.all([crossing(a.id, b.id), crossing(b.id, a.id)]);
    expect(results).toEqual(['ok', 'ok']);
    expect(attempts).toBe(3); // one of the two was chosen as the deadlock's victim and ran again
  });
});

describe('errorHandler', () => {
  it('answers a transaction that kept losing its race with a 409 to try again, never a 500', () => {
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      status(code: number) {
        sent.status = code;
        return reply;
      },
      send(body: unknown) {
        sent.body = body;
        return reply;
      },
    };
    const request = { log: { warn() {}, error() {} } };
    errorHandler(raced('40P01') as any, request as any, reply as any);
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ detail: CONCURRENT_CHANGE_MESSAGE, code: 'conflict' });
  });
});
