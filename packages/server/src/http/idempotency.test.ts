import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUserWithPermissions } from '../../test/factories.ts';
import { counterWorld } from '../../test/instore-fixtures.ts';
import { dbOf, levelOf } from '../../test/inventory-fixtures.ts';
import { invoicedOrder, outstandingPaise, paymentWorld } from '../../test/payments-fixtures.ts';
import type { Database } from '../db/database.ts';
import { idempotencyHash, idempotently, purgeIdempotencyKeys } from './idempotency.ts';

/** Payments of the buyer, straight from the table. */
const paymentsOf = (world: Awaited<ReturnType<typeof paymentWorld>>) =>
  dbOf(world.company)
    .selectFrom('payments')
    .select(['id', 'amount_paise'])
    .where('company_id', '=', world.company.companyId)
    .where('buyer_id', '=', world.buyer.id)
    .execute();

describe('Idempotency-Key on POST admin/companies/{companyId}/payments and record_payments', {
  timeout: 120_000,
}, () => {
  it('replays the first answer for the same key and body, refuses another body with 422', async () => {
    const world = await paymentWorld();
    await invoicedOrder(world, 1);
    const path = `admin/companies/${world.company.companyId}/payments`;
    const body = { buyer: world.buyer.id, amount: 50, reference_number: 'IDEM-1' };
    const headers = { 'idempotency-key': `key-${world.buyer.id}` };
    const first = await world.company.api.post(path, body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // Same body with its keys in another order: the same request.
    const replay = await world.company.api.post(
      path,
      { reference_number: 'IDEM-1', amount: 50, buyer: world.buyer.id },
      headers,
    );
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const other = await world.company.api.post(path, { ...body, amount: 51 }, headers);
    expect(other.status).toBe(422);
    expect(other.body.detail).toBe(PAYMENT_MESSAGES.idempotency_other_body);
    expect(await paymentsOf(world)).toHaveLength(1);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(11_800 - 5_000);

    // A refusal wrote nothing and is not kept: the same key runs again (here refused again), and
    // the corrected request under the same key (the dialog keeps its key) records the payment.
    const refusedBody = { buyer: world.buyer.id, amount: 10, payment_method: 999_999_999 };
    const refused = await world.company.api.post(path, refusedBody, { 'idempotency-key': 'refused' });
    expect(refused.status).toBe(400);
    const refusedAgain = await world.company.api.post(path, refusedBody, { 'idempotency-key': 'refused' });
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBeNull();
    expect(refusedAgain.body).toEqual(refused.body);
    const corrected = await world.company.api.post(
      path,
      { ...refusedBody, payment_method: world.methodId },
      { 'idempotency-key': 'refused' },
    );
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(await paymentsOf(world)).toHaveLength(2);

    // Keys belong to one user: another user's same key is another request.
    const clerk = await createUserWithPermissions(world.company, [
      'add_payment_received',
      'view_payment_received',
    ]);
    const theirs = await clerk.api.post(path, body, headers);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(theirs.body.id).not.toBe(corrected.body.id);

    const bad = await world.company.api.post(path, body, { 'idempotency-key': 'x'.repeat(256) });
    expect(bad.status).toBe(400);
  });

  it('takes over at once a key left running by the former three-transaction design', async () => {
    const world = await paymentWorld();
    const order = (await invoicedOrder(world, 1)).order;
    const path = `admin/orders/${order.id}/record_payments`;
    const body = { amount: 20 };
    // A committed 'running' row can only be left over from before the key and the payment shared
    // one transaction (nothing of that attempt committed but the key): it is run, not refused.
    await dbOf(world.company)
      .insertInto('idempotency_keys')
      .values({
        company_id: world.company.companyId,
        user_id: world.company.userId,
        route: 'POST /api/admin/orders/:id/record_payments',
        idempotency_key: 'running-key',
        request_hash: idempotencyHash('POST', `/api/${path}`, body),
      })
      .execute();
    const retried = await world.company.api.post(path, body, { 'idempotency-key': 'running-key' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const replayed = await world.company.api.post(path, body, { 'idempotency-key': 'running-key' });
    expect(replayed.status).toBe(201);
    expect(replayed.body.id).toBe(retried.body.id);
    expect(await paymentsOf(world)).toHaveLength(1);
  });

  it('answers five parallel duplicates alike with one payment', async () => {
    const world = await paymentWorld();
    const { order } = await invoicedOrder(world, 2);
    const path = `admin/orders/${order.id}/record_payments`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        world.company.api.post(path, { amount: 100 }, { 'idempotency-key': 'parallel-key' }),
      ),
    );
    // The duplicates wait on the key's row lock and then replay the committed answer: no 409.
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([201, 201, 201, 201, 201]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    const payments = await paymentsOf(world);
    expect(payments.map((p) => Number(p.amount_paise))).toEqual([10_000]);
    expect(payments[0].id).toBe(answers[0].body.id);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(23_600 - 10_000);
    // Without a key, parallel requests are separate payments (what the key is for).
    await Promise.all([
      world.company.api.post(path, { amount: 1 }),
      world.company.api.post(path, { amount: 1 }),
    ]);
    expect(await paymentsOf(world)).toHaveLength(3);
  });
});

/**
 * A crash between the document write and the stored answer, made by a trigger that raises when
 * the answer of a marked key is written (what kill -9 at that moment amounts to: the transaction
 * never commits). The test's own table and trigger; they act on marked keys only.
 */
async function failAnswersOf(db: Database) {
  await sql`CREATE TABLE IF NOT EXISTS test_failing_idempotency_keys (idempotency_key text PRIMARY KEY)`.execute(
    db,
  );
  await sql`CREATE OR REPLACE FUNCTION test_fail_idempotency_answer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_failing_idempotency_keys f WHERE f.idempotency_key = NEW.idempotency_key) THEN
        RAISE EXCEPTION 'test: the server died before the answer was stored';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE TRIGGER test_fail_idempotency_answer BEFORE UPDATE ON idempotency_keys
    FOR EACH ROW WHEN (NEW.state = 'done') EXECUTE FUNCTION test_fail_idempotency_answer()`.execute(db);
  return {
    mark: (key: string) => sql`INSERT INTO test_failing_idempotency_keys VALUES (${key})`.execute(db),
    unmark: (key: string) =>
      sql`DELETE FROM test_failing_idempotency_keys WHERE idempotency_key = ${key}`.execute(db),
  };
}

const keyRows = (world: { company: { companyId: number } }, key: string, db: Database) =>
  db
    .selectFrom('idempotency_keys')
    .select(['state', 'response_status'])
    .where('company_id', '=', world.company.companyId)
    .where('idempotency_key', '=', key)
    .execute();

describe('Idempotency-Key after a crash before the answer was stored', { timeout: 120_000 }, () => {
  it('POST payments: nothing committed, and the retry makes exactly one payment', async () => {
    const world = await paymentWorld();
    const { invoice } = await invoicedOrder(world, 1);
    const db = dbOf(world.company);
    const failing = await failAnswersOf(db);
    const key = `crash-${randomUUID()}`;
    const path = `admin/companies/${world.company.companyId}/payments`;
    const body = { buyer: world.buyer.id, amount: 118, allocations: [{ invoice: invoice.id, amount: 118 }] };
    await failing.mark(key);
    const crashed = await world.company.api.post(path, body, { 'idempotency-key': key });
    expect(crashed.status).toBe(500);
    // The payment, its allocation, the ledger and the key went down together.
    expect(await paymentsOf(world)).toHaveLength(0);
    expect(await keyRows(world, key, db)).toEqual([]);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(11_800);
    await failing.unmark(key);

    const retried = await world.company.api.post(path, body, { 'idempotency-key': key });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await world.company.api.post(path, body, { 'idempotency-key': key });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    // The invoice is paid now: the replay is still the first answer, not a refusal of a second.
    expect(replayed.body).toEqual(retried.body);
    expect((await paymentsOf(world)).map((p) => p.id)).toEqual([retried.body.id]);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(0);
    expect(await keyRows(world, key, db)).toEqual([{ state: 'done', response_status: 201 }]);
  });

  it('POST instore_orders: nothing committed, and the retry sells exactly once', async () => {
    const world = await counterWorld();
    const db = dbOf(world.company);
    const failing = await failAnswersOf(db);
    const key = `crash-${randomUUID()}`;
    const path = `admin/companies/${world.company.companyId}/instore_orders`;
    const body = {
      warehouse: world.warehouseId,
      items: [{ product: world.pen.id, quantity: 2 }],
      tenders: [{ payment_method: world.methods.cash, amount: 236 }],
    };
    const orders = () =>
      db.selectFrom('sales_orders').select('id').where('company_id', '=', world.company.companyId).execute();
    await failing.mark(key);
    const crashed = await world.company.api.post(path, body, { 'idempotency-key': key });
    expect(crashed.status).toBe(500);
    expect(await orders()).toEqual([]);
    expect(await levelOf(world.company, world.pen.id, world.warehouseId)).toBe(50);
    await failing.unmark(key);

    const retried = await world.company.api.post(path, body, { 'idempotency-key': key });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const replayed = await world.company.api.post(path, body, { 'idempotency-key': key });
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(retried.body);
    expect((await orders()).map((o) => o.id)).toEqual([retried.body.order.id]);
    expect(await levelOf(world.company, world.pen.id, world.warehouseId)).toBe(48);
  });

  it('POST orders/{id}/record_payments and POST refunds: nothing committed, and the retry pays once', async () => {
    const world = await paymentWorld();
    const { order } = await invoicedOrder(world, 1);
    const db = dbOf(world.company);
    const failing = await failAnswersOf(db);

    const paid = await crashThenRetry(
      world,
      failing,
      `admin/orders/${order.id}/record_payments`,
      { amount: 118 },
      async () => {
        expect(await paymentsOf(world)).toEqual([]);
        expect(await outstandingPaise(world.company, world.buyer.id)).toBe(11_800);
      },
    );
    expect((await paymentsOf(world)).map((p) => p.id)).toEqual([paid.id]);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(0);

    // An advance with nothing to allocate to, refunded in part under a key whose answer fails.
    const advance = await world.company.api.post(`admin/companies/${world.company.companyId}/payments`, {
      buyer: world.buyer.id,
      amount: 100,
      allocations: [],
    });
    expect(advance.status, JSON.stringify(advance.body)).toBe(201);
    const refunds = () =>
      db
        .selectFrom('refunds')
        .select(['id', 'amount_paise'])
        .where('company_id', '=', world.company.companyId)
        .execute();
    const refundPath = `admin/companies/${world.company.companyId}/refunds`;
    const refunded = await crashThenRetry(
      world,
      failing,
      refundPath,
      { payment: advance.body.id, amount: 40 },
      async () => {
        expect(await refunds()).toEqual([]);
      },
    );
    expect((await refunds()).map((r) => [r.id, Number(r.amount_paise)])).toEqual([[refunded.id, 4_000]]);
  });
});

/**
 * POST `body` under a fresh key whose answer fails to be stored (the crash), check with
 * `nothingCommitted` that the work went down with the key, then retry: the retry runs (201), a
 * second retry replays it, and the key holds the answer. Answers the retry's body.
 */
async function crashThenRetry(
  world: Awaited<ReturnType<typeof paymentWorld>>,
  failing: Awaited<ReturnType<typeof failAnswersOf>>,
  path: string,
  body: Record<string, unknown>,
  nothingCommitted: () => Promise<void>,
) {
  const db = dbOf(world.company);
  const key = `crash-${randomUUID()}`;
  const send = () => world.company.api.post(path, body, { 'idempotency-key': key });
  await failing.mark(key);
  expect((await send()).status).toBe(500);
  await nothingCommitted();
  expect(await keyRows(world, key, db)).toEqual([]);
  await failing.unmark(key);
  const retried = await send();
  expect(retried.status, JSON.stringify(retried.body)).toBe(201);
  expect(retried.headers.get('idempotent-replayed')).toBeNull();
  const replayed = await send();
  expect(replayed.status).toBe(201);
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect(replayed.body).toEqual(retried.body);
  expect(await keyRows(world, key, db)).toEqual([{ state: 'done', response_status: 201 }]);
  return retried.body;
}

describe('idempotently', { timeout: 120_000 }, () => {
  it('releases the key after a 5xx or a crash, so a retry runs again', async () => {
    const world = await paymentWorld();
    const db = dbOf(world.company);
    let calls = 0;
    const app = Fastify();
    app.post('/work', async (request, reply) =>
      idempotently(
        db,
        request,
        reply,
        { companyId: world.company.companyId, userId: world.company.userId },
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('boom');
          if (calls === 2) return { status: 503, body: { detail: 'later' } };
          return { status: 201, body: { done: calls } };
        },
      ),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const send = () =>
      fetch(`http://127.0.0.1:${port}/work`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `crash-${world.buyer.id}` },
        body: JSON.stringify({ a: 1 }),
      });
    try {
      expect((await send()).status).toBe(500);
      expect((await send()).status).toBe(503);
      const third = await send();
      expect(third.status).toBe(201);
      expect(await third.json()).toEqual({ done: 3 });
      const fourth = await send();
      expect(fourth.status).toBe(201);
      expect(await fourth.json()).toEqual({ done: 3 });
      expect(calls).toBe(3);
    } finally {
      await app.close();
    }
  });
});

describe('purgeIdempotencyKeys', { timeout: 120_000 }, () => {
  it('forgets answers older than a day and keeps recent ones', async () => {
    const world = await paymentWorld();
    const db = dbOf(world.company);
    const row = (key: string, created: Date) => ({
      company_id: world.company.companyId,
      user_id: world.company.userId,
      route: 'POST /test',
      idempotency_key: key,
      request_hash: 'h',
      state: 'done' as const,
      created_at: created,
    });
    await db
      .insertInto('idempotency_keys')
      .values([row('old', new Date(Date.now() - 25 * 3_600_000)), row('new', new Date())])
      .execute();
    expect(await purgeIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('idempotency_keys')
      .select('idempotency_key')
      .where('company_id', '=', world.company.companyId)
      .where('route', '=', 'POST /test')
      .execute();
    expect(left.map((r) => r.idempotency_key)).toEqual(['new']);
  });
});
