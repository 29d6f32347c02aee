import type { AddressInfo } from 'node:net';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUserWithPermissions } from '../../test/factories.ts';
import { dbOf } from '../../test/inventory-fixtures.ts';
import { invoicedOrder, outstandingPaise, paymentWorld } from '../../test/payments-fixtures.ts';
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

    // A refusal is an answer too: replayed, not run again.
    const refusedBody = { buyer: world.buyer.id, amount: 10, payment_method: 999_999_999 };
    const refused = await world.company.api.post(path, refusedBody, { 'idempotency-key': 'refused' });
    expect(refused.status).toBe(400);
    const refusedAgain = await world.company.api.post(path, refusedBody, { 'idempotency-key': 'refused' });
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.body).toEqual(refused.body);

    // Keys belong to one user: another user's same key is another request.
    const clerk = await createUserWithPermissions(world.company, [
      'add_payment_received',
      'view_payment_received',
    ]);
    const theirs = await clerk.api.post(path, body, headers);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);

    const bad = await world.company.api.post(path, body, { 'idempotency-key': 'x'.repeat(256) });
    expect(bad.status).toBe(400);
  });

  it('answers 409 while the first attempt runs, and lets a retry take over a crashed one', async () => {
    const world = await paymentWorld();
    const order = (await invoicedOrder(world, 1)).order;
    const path = `admin/orders/${order.id}/record_payments`;
    const body = { amount: 20 };
    const db = dbOf(world.company);
    const row = {
      company_id: world.company.companyId,
      user_id: world.company.userId,
      route: 'POST /api/admin/orders/:id/record_payments',
      idempotency_key: 'running-key',
      request_hash: idempotencyHash('POST', `/api/${path}`, body),
    };
    await db.insertInto('idempotency_keys').values(row).execute();
    const running = await world.company.api.post(path, body, { 'idempotency-key': 'running-key' });
    expect(running.status, JSON.stringify(running.body)).toBe(409);
    expect(running.body.detail).toBe(PAYMENT_MESSAGES.idempotency_running);
    expect(await paymentsOf(world)).toHaveLength(0);

    // The process that held it died long ago: its lease has run out.
    await db
      .updateTable('idempotency_keys')
      .set({ locked_at: new Date(Date.now() - 3_600_000) })
      .where('idempotency_key', '=', 'running-key')
      .where('company_id', '=', world.company.companyId)
      .execute();
    const retried = await world.company.api.post(path, body, { 'idempotency-key': 'running-key' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(await paymentsOf(world)).toHaveLength(1);
  });

  it('makes exactly one payment of ten parallel duplicates', async () => {
    const world = await paymentWorld();
    const { order } = await invoicedOrder(world, 2);
    const path = `admin/orders/${order.id}/record_payments`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        world.company.api.post(path, { amount: 100 }, { 'idempotency-key': 'parallel-key' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    const payments = await paymentsOf(world);
    expect(payments.map((p) => Number(p.amount_paise))).toEqual([10_000]);
    expect(await outstandingPaise(world.company, world.buyer.id)).toBe(23_600 - 10_000);
    // Without a key, parallel requests are separate payments (what the key is for).
    await Promise.all([
      world.company.api.post(path, { amount: 1 }),
      world.company.api.post(path, { amount: 1 }),
    ]);
    expect(await paymentsOf(world)).toHaveLength(3);
  });
});

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
