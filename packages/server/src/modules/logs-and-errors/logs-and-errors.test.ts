import { LOGS_MESSAGES } from '@b2b/domain/logs-and-errors';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { REFUSED_DOMAIN } from '../../../test/mail-capture.ts';
import { SEND_MAIL_JOB } from '../../mail/mail-jobs.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';

/** A queue whose job fails on its first attempt (with the sentence it carries) and succeeds after. */
const FLAKY_QUEUE = 'logs-and-errors.test-flaky';
const attempts = new Map<string, number>();

beforeAll(async () => {
  const { server } = await testServer();
  await server.ctx.jobs.work<{ companyId: number; key: string; sentence: string }>(
    FLAKY_QUEUE,
    async (data) => {
      const attempt = (attempts.get(data.key) ?? 0) + 1;
      attempts.set(data.key, attempt);
      if (attempt === 1) throw new Error(data.sentence);
    },
  );
}, 180_000);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const jobsPath = (company: SignedUpCompany) => `companies/${company.companyId}/failed_jobs`;

/** A job's first run creates its queue and waits for pg-boss's polling: slow on a busy machine. */
const JOB_TIMEOUT = 120_000;

/** Queues a flaky job of the company and waits for it to be listed as failed. */
async function failedJob(company: SignedUpCompany, sentence = `SMTP refused ${unique()}`) {
  const key = unique();
  await company.t.server.ctx.jobs.send(
    FLAKY_QUEUE,
    { companyId: company.companyId, key, sentence, campaignId: 7 },
    { retryLimit: 0 },
  );
  const list = await until(
    () => company.api.get(jobsPath(company)),
    (res) => res.body.results?.some((job: { error: string }) => job.error === sentence),
    'the job to fail',
  );
  const job = list.body.results.find((j: { error: string }) => j.error === sentence);
  return { job, key, sentence };
}

const jobState = async (company: SignedUpCompany, id: string) => {
  const { rows } = await sql<{
    state: string;
  }>`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`.execute(dbOf(company));
  return rows[0]?.state;
};

describe('GET companies/{companyId}/failed_jobs', () => {
  it(
    "lists a company's mail the SMTP server refused, with its recipient and subject",
    async () => {
      const company = await signUpCompany();
      const to = `nobody.${unique()}@${REFUSED_DOMAIN}`;
      await company.t.server.ctx.jobs.send(
        SEND_MAIL_JOB,
        { to, subject: 'Acme Traders: how was your order?', text: 'Hello', companyId: company.companyId },
        { retryLimit: 0 },
      );
      const list = await until(
        () => company.api.get(jobsPath(company)),
        (res) => res.body.results?.some((job: { queue: string }) => job.queue === SEND_MAIL_JOB),
        'the mail to fail',
      );
      const mail = list.body.results.find((job: { queue: string }) => job.queue === SEND_MAIL_JOB);
      expect(mail).toMatchObject({
        queue_label: 'Mail',
        subject: `E-mail to ${to}: Acme Traders: how was your order?`,
      });
      expect(mail.error).toMatch(/No such mailbox/);
    },
    JOB_TIMEOUT,
  );

  it(
    "lists the company's failed jobs with their sentence, and not another company's",
    async () => {
      const company = await signUpCompany();
      const other = await signUpCompany();
      const { job, sentence } = await failedJob(company);
      expect(job).toMatchObject({
        queue: FLAKY_QUEUE,
        error: sentence,
        subject: 'Campaign 7',
      });
      expect(job.failed_at).not.toBeNull();
      const theirs = await other.api.get(jobsPath(other));
      expect(theirs.status).toBe(200);
      expect(theirs.body.results.map((j: { id: string }) => j.id)).not.toContain(job.id);
    },
    JOB_TIMEOUT,
  );

  it('refuses a user without the permission', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_product']);
    const res = await staff.api.get(jobsPath(company));
    expect(res.status).toBe(403);
  });
});

describe('POST companies/{companyId}/failed_jobs/{jobId}/retry', () => {
  it(
    'queues the failed job again once, with a history row; it then runs and leaves the list',
    async () => {
      const company = await signUpCompany();
      const { job, key } = await failedJob(company);
      const retried = await company.api.post(`${jobsPath(company)}/${job.id}/retry`, {});
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body).toEqual({ id: job.id, queued: true, detail: LOGS_MESSAGES.retried });
      // A second click finds it no longer failed: nothing is queued twice.
      const again = await company.api.post(`${jobsPath(company)}/${job.id}/retry`, {});
      expect(again.status).toBe(200);
      expect(again.body.queued).toBe(false);
      await until(
        () => jobState(company, job.id),
        (state) => state === 'completed',
        'the retried job to run',
      );
      expect(attempts.get(key)).toBe(2);
      const list = await company.api.get(jobsPath(company));
      expect(list.body.results.map((j: { id: string }) => j.id)).not.toContain(job.id);
      const history = await company.api.get(
        `companies/${company.companyId}/audit_log?area=background_job&action=retried`,
      );
      expect(history.body.results).toHaveLength(1);
      expect(history.body.results[0]).toMatchObject({
        area_label: 'Background Job',
        action_label: 'Retried',
        changes: { job_id: job.id, queue: FLAKY_QUEUE },
        user: { id: company.userId, email: company.email },
      });
    },
    JOB_TIMEOUT,
  );

  it(
    "answers 404 for another company's job and 400 for an id that is no job id",
    async () => {
      const company = await signUpCompany();
      const other = await signUpCompany();
      const { job } = await failedJob(company);
      const theirs = await other.api.post(`${jobsPath(other)}/${job.id}/retry`, {});
      expect(theirs.status).toBe(404);
      expect(theirs.body.detail).toBe(LOGS_MESSAGES.job_not_found);
      expect(await jobState(company, job.id)).toBe('failed');
      const bad = await company.api.post(`${jobsPath(company)}/not-a-job/retry`, {});
      expect(bad.status).toBe(400);
    },
    JOB_TIMEOUT,
  );

  it(
    'refuses a user who may only view',
    async () => {
      const company = await signUpCompany();
      const { job } = await failedJob(company);
      const staff = await createUserWithPermissions(company, ['view_configuration']);
      const res = await staff.api.post(`${jobsPath(company)}/${job.id}/retry`, {});
      expect(res.status).toBe(403);
      expect(await jobState(company, job.id)).toBe('failed');
    },
    JOB_TIMEOUT,
  );
});

describe('GET companies/{companyId}/integration_calls', () => {
  it('lists the calls newest first, filtered by integration, outcome and date', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const db = dbOf(company);
    await loggedIntegrationCall(
      db,
      { companyId: company.companyId, integration: 'courier', operation: 'track', target: 'AWB1' },
      async () => ({ status: 200 }),
      (a) => a.status,
    );
    await loggedIntegrationCall(
      db,
      { companyId: company.companyId, integration: 'payment_gateway', operation: 'fetch_payment' },
      async () => {
        throw Object.assign(new Error('Gateway answered 502'), { statusCode: 502 });
      },
    ).catch(() => undefined);
    const path = `companies/${company.companyId}/integration_calls`;
    const all = await company.api.get(path);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results.map((c: { operation: string }) => c.operation)).toEqual([
      'fetch_payment',
      'track',
    ]);
    expect(all.body.results[0]).toMatchObject({
      integration_label: 'Payment gateway',
      ok: false,
      status_code: 502,
      error: 'Gateway answered 502',
    });
    const failed = await company.api.get(`${path}?ok=false`);
    expect(failed.body.results.map((c: { integration: string }) => c.integration)).toEqual([
      'payment_gateway',
    ]);
    const courier = await company.api.get(`${path}?integration=courier`);
    expect(courier.body.results).toEqual([
      expect.objectContaining({ target: 'AWB1', ok: true, status_code: 200 }),
    ]);
    const paged = await company.api.get(`${path}?limit=1`);
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toContain('offset=1');
    const longAgo = await company.api.get(`${path}?start_date=2020-01-01&end_date=2020-01-31`);
    expect(longAgo.body.count).toBe(0);
    const theirs = await other.api.get(`companies/${other.companyId}/integration_calls`);
    expect(theirs.body.count).toBe(0);
  });

  it('answers 400 with a sentence for an end date before the start date', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(
      `companies/${company.companyId}/integration_calls?start_date=2026-05-02&end_date=2026-05-01`,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(LOGS_MESSAGES.date_order);
  });
});

describe('GET companies/{companyId}/audit_log', () => {
  it("finds a change by user, area and date, newest first, with a link to the record's screen", async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['add_brand', 'view_brand']);
    const brand = await staff.api.post(`companies/${company.companyId}/brands`, {
      name: `Brand ${unique()}`,
    });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const path = `companies/${company.companyId}/audit_log`;
    const byStaff = await company.api.get(`${path}?user=${staff.user.id}&area=brand`);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.results).toEqual([
      expect.objectContaining({
        area: 'brand',
        area_label: 'Brand',
        record_id: brand.body.id,
        record_path: null,
        action: 'created',
        user: expect.objectContaining({ id: staff.user.id, first_name: 'Staff' }),
      }),
    ]);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const todays = await company.api.get(`${path}?start_date=${today}&end_date=${today}`);
    expect(todays.body.count).toBeGreaterThanOrEqual(2);
    const times = todays.body.results.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const longAgo = await company.api.get(`${path}?end_date=2020-01-01`);
    expect(longAgo.body.count).toBe(0);
    const other = await signUpCompany();
    const theirs = await other.api.get(`companies/${other.companyId}/audit_log?area=brand`);
    expect(theirs.body.count).toBe(0);
  });

  it('links a buyer row to its screen', async () => {
    const company = await signUpCompany();
    await dbOf(company)
      .insertInto('history')
      .values({
        company_id: company.companyId,
        entity_type: 'buyer',
        entity_id: 41,
        action: 'updated',
        user_id: null,
      })
      .execute();
    const res = await company.api.get(`companies/${company.companyId}/audit_log?area=buyer`);
    expect(res.body.results[0]).toMatchObject({
      record_path: '/buyers/41',
      user: null,
      action_label: 'Updated',
    });
  });

  it('answers 400 for an unknown area shape', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(`companies/${company.companyId}/audit_log?area=Robert'); DROP`);
    expect(res.status).toBe(400);
  });
});
