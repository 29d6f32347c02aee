import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { loggedIntegrationCall, withCallLog } from './integration-call-log.ts';

const callsOf = (db: ReturnType<typeof dbOf>, companyId: number) =>
  db.selectFrom('integration_calls').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

describe('loggedIntegrationCall', () => {
  it('records a call that answered, with its status, and returns the answer', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const subject = {
      companyId: company.companyId,
      integration: 'razorpay',
      operation: 'fetch_payment',
      target: 'pay_1',
    };
    const answer = await loggedIntegrationCall(
      db,
      subject,
      async () => ({ status: 200, id: 'pay_1' }),
      (a) => a.status,
    );
    expect(answer.id).toBe('pay_1');
    const [call] = await callsOf(db, company.companyId);
    expect(call).toMatchObject({
      integration: 'razorpay',
      operation: 'fetch_payment',
      target: 'pay_1',
      ok: true,
      status_code: 200,
      error: null,
    });
    expect(call?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('records a failed call with its status and sentence, and rethrows the error', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const failure = Object.assign(new Error('Gateway answered 401'), { statusCode: 401 });
    await expect(
      loggedIntegrationCall(
        db,
        { companyId: company.companyId, integration: 'courier', operation: 'track' },
        async () => {
          throw failure;
        },
      ),
    ).rejects.toBe(failure);
    const [call] = await callsOf(db, company.companyId);
    expect(call).toMatchObject({ ok: false, status_code: 401, error: 'Gateway answered 401', target: null });
  });
});

describe('withCallLog', () => {
  it('logs the methods that go out (answer a promise) and leaves the ones that answer at once alone', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const port = withCallLog(
      db,
      { companyId: company.companyId, integration: 'zoho_books', target: 'invoice 7' },
      {
        authorizationUrl: (state: string) => `https://accounts.example/auth?state=${state}`,
        pushInvoice: async (id: number) => ({ id }),
      },
    );
    expect(port.authorizationUrl('abc')).toBe('https://accounts.example/auth?state=abc');
    expect(await port.pushInvoice(7)).toEqual({ id: 7 });
    const calls = await callsOf(db, company.companyId);
    expect(calls.map((c) => [c.operation, c.target, c.ok])).toEqual([['push_invoice', 'invoice 7', true]]);
  });
});
