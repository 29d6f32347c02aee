import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { inTransaction } from '../../db/transaction.ts';
import { raiseNotification, resolveNotificationByKey } from './notifications.service.ts';

const pathOf = (company: SignedUpCompany) => `companies/${company.companyId}/notifications`;

const raise = (
  company: SignedUpCompany,
  notifications: { message: string; type?: 'info' | 'warning' | 'error'; key?: string; service?: string }[],
) =>
  inTransaction(company.t.server.ctx.db, async (tx) => {
    const raised: boolean[] = [];
    for (const n of notifications) {
      raised.push(
        await raiseNotification(tx, {
          companyId: company.companyId,
          service: n.service ?? 'inventory',
          type: n.type ?? 'warning',
          message: n.message,
          dedupeKey: n.key,
        }),
      );
    }
    return raised;
  });

const resolvePath = (company: SignedUpCompany, item: { timestamp: string; service: string }) =>
  `${pathOf(company)}?timestamp=${encodeURIComponent(item.timestamp)}&service=${item.service}`;

describe('GET companies/{companyId}/notifications', () => {
  it('starts empty', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(pathOf(company));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], count: 0, last_evaluated_key: null });
  });

  it('lists open notifications newest first, ten a page, with last_evaluated_key until the last page', async () => {
    const company = await signUpCompany();
    // Raised in one transaction, within a millisecond or two: their timestamps still keep apart.
    await raise(
      company,
      Array.from({ length: 12 }, (_, i) => ({ message: `Note ${i + 1}`, type: i === 0 ? 'error' : 'info' })),
    );
    const first = await company.api.get(pathOf(company));
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results.map((n: { message: string }) => n.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Note ${12 - i}`),
    );
    expect(first.body.results[0]).toEqual({
      company_id: company.companyId,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      service: 'inventory',
      notification_type: 'info',
      message: 'Note 12',
    });
    const stamps = new Set(first.body.results.map((n: { timestamp: string }) => n.timestamp));
    expect(stamps.size).toBe(10);
    expect(first.body.last_evaluated_key).toEqual(expect.any(String));

    const second = await company.api.get(
      `${pathOf(company)}?limit=10&last_evaluated_key=${first.body.last_evaluated_key}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.results.map((n: { message: string }) => n.message)).toEqual(['Note 2', 'Note 1']);
    expect(second.body.results[1].notification_type).toBe('error');
    expect(second.body.last_evaluated_key).toBeNull();
    expect(second.body.count).toBe(12);

    // An empty key is the first page again (the panel's refresh).
    const again = await company.api.get(`${pathOf(company)}?limit=3&last_evaluated_key=`);
    expect(again.body.results.map((n: { message: string }) => n.message)).toEqual([
      'Note 12',
      'Note 11',
      'Note 10',
    ]);
  });

  it('refuses a page key it did not make and a limit out of range', async () => {
    const company = await signUpCompany();
    for (const key of [
      'abc',
      Buffer.from('["x", 1]').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const res = await company.api.get(`${pathOf(company)}?last_evaluated_key=${key}`);
      expect(res.status, key).toBe(400);
      expect(res.body.errors.last_evaluated_key).toBeDefined();
    }
    expect((await company.api.get(`${pathOf(company)}?limit=0`)).status).toBe(400);
    expect((await company.api.get(`${pathOf(company)}?limit=101`)).status).toBe(400);
    expect((await company.api.get(`${pathOf(company)}?limit=x`)).status).toBe(400);
  });

  it('is open to every signed-in user of the company, whatever their role', async () => {
    const company = await signUpCompany();
    await raise(company, [{ message: 'Stock is low' }]);
    const staff = await createUserWithPermissions(company, []);
    const res = await staff.api.get(pathOf(company));
    expect(res.status).toBe(200);
    expect(res.body.results.map((n: { message: string }) => n.message)).toEqual(['Stock is low']);
    expect((await company.anonymous.get(pathOf(company))).status).toBe(401);
  });
});

describe('DELETE companies/{companyId}/notifications', () => {
  it('marks the notification of a timestamp and service as resolved, with the spec message', async () => {
    const company = await signUpCompany();
    await raise(company, [{ message: 'First' }, { message: 'Second', type: 'error', service: 'orders' }]);
    const staff = await createUserWithPermissions(company, []);
    const list = (await company.api.get(pathOf(company))).body.results;
    const [second, first] = list;

    const res = await staff.api.delete(resolvePath(company, first));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ detail: 'Warning has been Marked as Resolved.' });
    const after = (await company.api.get(pathOf(company))).body;
    expect(after.count).toBe(1);
    expect(after.results.map((n: { message: string }) => n.message)).toEqual(['Second']);

    const row = await company.t.server.ctx.db
      .selectFrom('notifications')
      .select(['resolved_at', 'resolved_by'])
      .where('company_id', '=', company.companyId)
      .where('message', '=', 'First')
      .executeTakeFirstOrThrow();
    expect(row.resolved_at).toBeInstanceOf(Date);
    expect(row.resolved_by).toBe(staff.user.id);

    // Resolved already, or the wrong service: nothing open matches.
    const twice = await company.api.delete(resolvePath(company, first));
    expect(twice.status).toBe(404);
    expect(twice.body.detail).toBe('Notification Not Found');
    expect((await company.api.delete(resolvePath(company, { ...second, service: 'inventory' }))).status).toBe(
      404,
    );
    const error = await company.api.delete(resolvePath(company, second));
    expect(error.body).toEqual({ detail: 'Error has been Marked as Resolved.' });
    expect((await company.api.get(pathOf(company))).body).toEqual({
      results: [],
      count: 0,
      last_evaluated_key: null,
    });
  });

  it('answers bad or missing parameters with 400', async () => {
    const company = await signUpCompany();
    for (const query of [
      '',
      '?service=inventory',
      '?timestamp=2025-01-01T10:00:00.000Z',
      '?timestamp=yesterday&service=inventory',
      '?timestamp=2025-13-45T10:00:00Z&service=inventory',
      '?timestamp=2025-01-01T10:00:00.000Z&service=Bad%20Service',
    ]) {
      const res = await company.api.delete(`${pathOf(company)}${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it("never resolves another company's notification", async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    await raise(b, [{ message: 'B only' }]);
    const bItem = (await b.api.get(pathOf(b))).body.results[0];
    expect((await a.api.delete(resolvePath(a, bItem))).status).toBe(404);
    expect((await a.api.delete(resolvePath(b, bItem))).status).toBe(404);
    expect((await a.api.get(pathOf(b))).status).toBe(404);
    expect((await a.api.get(pathOf(a))).body.count).toBe(0);
    expect((await b.api.get(pathOf(b))).body.results).toEqual([bItem]);
  });
});

describe('raiseNotification and resolveNotificationByKey', () => {
  it('keeps one open notification per dedupe key, and a new one once it is resolved', async () => {
    const company = await signUpCompany();
    expect(await raise(company, [{ message: 'Low', key: 'reorder_point:1' }])).toEqual([true]);
    expect(await raise(company, [{ message: 'Still low', key: 'reorder_point:1' }])).toEqual([false]);
    expect(await raise(company, [{ message: 'Other', key: 'reorder_point:2' }])).toEqual([true]);
    let list = (await company.api.get(pathOf(company))).body;
    expect(list.results.map((n: { message: string }) => n.message)).toEqual(['Other', 'Low']);

    const db = company.t.server.ctx.db;
    expect(
      await inTransaction(db, (tx) => resolveNotificationByKey(tx, company.companyId, 'reorder_point:1')),
    ).toBe(true);
    expect(
      await inTransaction(db, (tx) => resolveNotificationByKey(tx, company.companyId, 'reorder_point:1')),
    ).toBe(false);
    expect(await raise(company, [{ message: 'Low again', key: 'reorder_point:1' }])).toEqual([true]);
    list = (await company.api.get(pathOf(company))).body;
    expect(list.results.map((n: { message: string }) => n.message)).toEqual(['Low again', 'Other']);
  });

  it('writes nothing when the transaction that raised it rolls back', async () => {
    const company = await signUpCompany();
    await expect(
      inTransaction(company.t.server.ctx.db, async (tx) => {
        await raiseNotification(tx, {
          companyId: company.companyId,
          service: 'inventory',
          type: 'warning',
          message: 'Never seen',
        });
        throw new Error('movement refused');
      }),
    ).rejects.toThrow('movement refused');
    expect((await company.api.get(pathOf(company))).body.count).toBe(0);
  });
});
