import { CAMPAIGN_MESSAGES as M } from '@b2b/domain/campaigns';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, makeOverdue, paymentWorld } from '../../../test/payments-fixtures.ts';
import { daysFromToday } from '../../../test/sales-fixtures.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { makeDueRuns } from './recurring-runs.ts';

/** A company with marketing on, e-mail configured (an SMTP server that refuses: nothing leaves) and an e-mail template. */
async function marketingCompany(): Promise<SignedUpCompany & { templateId: number }> {
  const company = await signUpCompany();
  const on = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  const email = await company.api.put(`v1/admin/companies/${company.companyId}/marketing_mediums`, {
    medium: 'email',
    mode: 'smtp',
    from_name: 'Pune Traders',
    from_email: 'offers@punetraders.in',
    smtp_host: '127.0.0.1',
    smtp_port: 1,
    smtp_security: 'none',
  });
  expect(email.body.configured, JSON.stringify(email.body)).toBe(true);
  const template = await company.api.post(`v1/admin/companies/${company.companyId}/templates`, {
    medium: 'email',
    name: `Reminder ${unique()}`,
    subject: 'Dues for {buyer_name}',
    html_body: '<p>You owe {outstanding_amount}.</p>',
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  return { ...company, templateId: template.body.id };
}

const listPath = (company: SignedUpCompany) => `v1/admin/companies/${company.companyId}/recurring_campaigns/`;

const input = (company: { templateId: number }, overrides: Record<string, unknown> = {}) => ({
  title: `Credit watch ${unique()}`,
  purpose: 'credit_limit_used',
  campaign_medium: 'email',
  template_id: company.templateId,
  frequency: 'daily',
  start_date: daysFromToday(1),
  send_time: '10:00',
  ...overrides,
});

async function create(
  company: SignedUpCompany & { templateId: number },
  overrides: Record<string, unknown> = {},
) {
  const res = await company.api.post(listPath(company), input(company, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The instant of an Indian date and time. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

const channelId = async (company: SignedUpCompany, name: string) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('sales_channels')
        .select('id')
        .where('company_id', '=', company.companyId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id,
  );

const runsOf = (company: SignedUpCompany, recurringId: number) =>
  dbOf(company)
    .selectFrom('campaigns')
    .select(['id', 'status', 'audience_size', 'scheduled_at', 'title'])
    .where('company_id', '=', company.companyId)
    .where('recurring_campaign_id', '=', recurringId)
    .orderBy('id')
    .execute();

const messagesOf = (company: SignedUpCompany, campaignId: number) =>
  dbOf(company)
    .selectFrom('campaign_messages')
    .select(['contact_id', 'status', 'skip_reason', 'variables'])
    .where('company_id', '=', company.companyId)
    .where('campaign_id', '=', campaignId)
    .orderBy('contact_id')
    .execute();

const contactOf = async (company: SignedUpCompany, buyerId: number) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('contacts')
        .select('id')
        .where('company_id', '=', company.companyId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow()
    ).id,
  );

/**
 * The scheduler with the app's database and a job runner that only writes the sends down: the
 * sender (campaigns area) is not what these tests are about, and would move the runs on meanwhile.
 */
function schedulerOf(company: SignedUpCompany) {
  const sent: { name: string; data: { companyId: number; campaignId: number } }[] = [];
  const jobs: JobRunner = {
    send: async (name, data) => {
      sent.push({ name, data: data as { companyId: number; campaignId: number } });
    },
    work: async () => {},
    schedule: async () => {},
    schedules: async () => [],
    stop: async () => {},
  };
  return { ctx: { db: company.t.server.ctx.db, jobs }, sent };
}

// The worker's shared server starts once (tens of seconds on a busy machine), before any test's clock.
beforeAll(() => testServer(), 120_000);

describe('recurring campaigns behind the marketing switch', () => {
  it('refuses a company without marketing with 403 and a sentence', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(listPath(company));
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      'Marketing is not enabled for your company. Ask your Company Admin to enable it.',
    );
  });
});

describe('POST v1/admin/companies/{companyId}/recurring_campaigns/', () => {
  it('creates a running campaign with the purpose’s default settings, its first run and a history row', async () => {
    const company = await marketingCompany();
    const body = await create(company, { settings: { threshold_percent: 90 } });
    expect(body).toMatchObject({
      status: 'running',
      purpose: 'credit_limit_used',
      campaign_type: 'credit_limit_used',
      campaign_medium: 'email',
      is_email_campaign: true,
      is_sms_campaign: false,
      template: { id: company.templateId },
      frequency: 'daily',
      start_date: daysFromToday(1),
      end_date: null,
      send_time: '10:00',
      settings: { threshold_percent: 90 },
      runs_count: 0,
      last_run_at: null,
      created_by_name: 'Priya Sharma',
    });
    expect(new Date(body.next_run_at).toISOString()).toBe(ist(daysFromToday(1), '10:00').toISOString());
    const defaults = await create(company, { purpose: 'payment_reminder' });
    expect(defaults.settings).toEqual({ days_before_due: 3, overdue_every_days: 7 });
    const rows = await historyRows(company, 'recurring_campaign', body.id, ['action', 'user_id']);
    expect(rows).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('refuses bad input with 400 and a sentence per field', async () => {
    const company = await marketingCompany();
    const post = (overrides: Record<string, unknown>) =>
      company.api.post(listPath(company), input(company, overrides));
    const past = await post({ start_date: daysFromToday(-1) });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ start_date: [M.start_date_past] });
    const sms = await post({ campaign_medium: 'sms' });
    expect(sms.status).toBe(400);
    expect(sms.body.errors).toEqual({ template_id: [M.template_medium] });
    const unknownSetting = await post({ settings: { days_before_due: 3 } });
    expect(unknownSetting.status).toBe(400);
    expect(unknownSetting.body.errors['settings.days_before_due']).toEqual([
      "Unknown setting 'days_before_due'.",
    ]);
    const outOfRange = await post({ settings: { threshold_percent: 20 } });
    expect(outOfRange.body.errors['settings.threshold_percent']).toEqual([
      'Credit limit used at or above (%) must be from 50 to 100.',
    ]);
    const noAudience = await post({ purpose: 'promotional' });
    expect(noAudience.body.errors).toEqual({ list_ids: [M.no_audience] });
    // The template says {outstanding_amount}: a never-purchased campaign does not fill it unless typed in.
    const missing = await post({ purpose: 'never_purchased' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      detail: M.missing_inputs,
      errors: { variables: [M.missing_inputs] },
      missing_variables: ['outstanding_amount'],
    });
    const typedIn = await post({ purpose: 'never_purchased', variables: { outstanding_amount: 'nil' } });
    expect(typedIn.status, JSON.stringify(typedIn.body)).toBe(201);
    const badTime = await post({ send_time: '25:00' });
    expect(badTime.status).toBe(400);
    const foreignList = await post({ purpose: 'promotional', list_ids: [987654321] });
    expect(foreignList.body.errors).toEqual({ list_ids: ['Contact List Not Found'] });
    const foreignChannel = await post({ sales_channel_id: 987654321 });
    expect(foreignChannel.body.errors).toEqual({ sales_channel_id: ['Sales Channel Not Found'] });
    const ended = await post({
      end_date: daysFromToday(1),
      start_date: daysFromToday(1),
      send_time: '00:00',
    });
    expect(ended.status).toBe(201);

    // An SMS template with SMS not configured: the medium is refused.
    const smsTemplate = await company.api.post(`v1/admin/companies/${company.companyId}/templates`, {
      medium: 'sms',
      name: `SMS ${unique()}`,
      body: 'Dear {buyer_name}, Rs {outstanding_amount} is due. -ACME',
      sender_header: 'acmedi',
      dlt_template_id: '1207161234567890123',
      dlt_entity_id: '1201159876543210987',
    });
    expect(smsTemplate.status, JSON.stringify(smsTemplate.body)).toBe(201);
    const notConfigured = await post({ campaign_medium: 'sms', template_id: smsTemplate.body.id });
    expect(notConfigured.status).toBe(400);
    expect(notConfigured.body.errors).toEqual({ campaign_medium: [M.medium_not_configured('sms')] });

    // Another company's template is not found.
    const other = await marketingCompany();
    const foreign = await post({ template_id: other.templateId });
    expect(foreign.body.errors).toEqual({ template_id: ['Template Not Found'] });
  });
});

describe('GET v1/admin/companies/{companyId}/recurring_campaigns/', () => {
  it('filters by status, medium flags, sales channel, purpose and search; start_date descending by default', async () => {
    const company = await marketingCompany();
    const web = await channelId(company, 'web_store');
    const a = await create(company, { title: `Alpha ${unique()}`, start_date: daysFromToday(2) });
    const b = await create(company, {
      title: `Beta ${unique()}`,
      purpose: 'never_purchased',
      variables: { outstanding_amount: 'nothing' },
      sales_channel_id: web,
      start_date: daysFromToday(5),
    });
    const ids = async (query: string) => {
      const res = await company.api.get(`${listPath(company)}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r: { id: number }) => r.id);
    };
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('ordering=start_date')).toEqual([a.id, b.id]);
    expect(await ids('ordering=title')).toEqual([a.id, b.id]);
    expect(await ids('purpose__in=never_purchased,payment_reminder')).toEqual([b.id]);
    expect(await ids(`sales_channel__in=${web}`)).toEqual([b.id]);
    expect(await ids('is_email_campaign=true')).toEqual([b.id, a.id]);
    expect(await ids('is_email_campaign=false')).toEqual([]);
    expect(await ids('is_sms_campaign=false&is_whatsapp_campaign=false')).toEqual([b.id, a.id]);
    expect(await ids('search=alpha')).toEqual([a.id]);
    expect(await ids('status=paused')).toEqual([]);
    expect(await ids('limit=1&offset=1')).toEqual([a.id]);
    const bad = await company.api.get(`${listPath(company)}?purpose__in=birthday`);
    expect(bad.status).toBe(400);
    expect(await ids('sales_channel__in=99999999999999999999999')).toEqual([]);
    const badStatus = await company.api.get(`${listPath(company)}?status=sleeping`);
    expect(badStatus.status).toBe(400);
    // Another company sees none of them.
    const other = await marketingCompany();
    expect((await other.api.get(listPath(other))).body.count).toBe(0);
  });
});

describe('GET v1/admin/recurring_campaigns/{id}', () => {
  it('answers one campaign, with its sales channel on expand, and 404 for another company', async () => {
    const company = await marketingCompany();
    const web = await channelId(company, 'web_store');
    const body = await create(company, { sales_channel_id: web });
    const plain = await company.api.get(`v1/admin/recurring_campaigns/${body.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.sales_channel).toBeUndefined();
    const expanded = await company.api.get(`v1/admin/recurring_campaigns/${body.id}?expand=sales_channel`);
    expect(expanded.body.sales_channel).toEqual({ id: web, name: 'web_store', display_name: 'Web Store' });
    const other = await marketingCompany();
    expect((await other.api.get(`v1/admin/recurring_campaigns/${body.id}`)).status).toBe(404);
    expect((await other.api.post(`v1/admin/recurring_campaigns/${body.id}/pause`, {})).status).toBe(404);
    expect((await other.api.get(`v1/admin/recurring_campaigns/${body.id}/campaigns`)).status).toBe(404);
    expect((await company.api.get('v1/admin/recurring_campaigns/abc')).status).toBe(400);
  });

  it('needs view_campaign to read and change_campaign to act', async () => {
    const company = await marketingCompany();
    const body = await create(company);
    const viewer = await createUserWithPermissions(company, ['view_campaign']);
    expect((await viewer.api.get(`v1/admin/recurring_campaigns/${body.id}`)).status).toBe(200);
    expect((await viewer.api.post(`v1/admin/recurring_campaigns/${body.id}/pause`, {})).status).toBe(403);
    const nobody = await createUserWithPermissions(company, ['view_template']);
    expect((await nobody.api.get(listPath(company))).status).toBe(403);
  });
});

describe('POST v1/admin/recurring_campaigns/{id}/pause, resume and stop', () => {
  it('moves running -> paused -> running -> aborted, refuses the rest with 409, checks the sales channel', async () => {
    const company = await marketingCompany();
    const web = await channelId(company, 'web_store');
    const app = await channelId(company, 'mobile_app').catch(() => web + 1);
    const body = await create(company, { sales_channel_id: web });
    const act = (action: string, payload: Record<string, unknown> = {}) =>
      company.api.post(`v1/admin/recurring_campaigns/${body.id}/${action}`, payload);

    const wrong = await act('pause', { sales_channel_id: app });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ sales_channel_id: [M.wrong_sales_channel] });
    const resumeRunning = await act('resume');
    expect(resumeRunning.status).toBe(409);
    expect(resumeRunning.body.detail).toBe(M.cannot_resume('running'));

    const paused = await act('pause', { sales_channel_id: web });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.status).toBe('paused');
    expect((await act('pause')).body.detail).toBe(M.cannot_pause('paused'));
    const resumed = await act('resume', { sales_channel_id: null });
    expect(resumed.body.status).toBe('running');
    expect(new Date(resumed.body.next_run_at).toISOString()).toBe(
      ist(daysFromToday(1), '10:00').toISOString(),
    );
    const stopped = await act('stop');
    expect(stopped.body).toMatchObject({ status: 'aborted', next_run_at: null });
    expect((await act('stop')).body.detail).toBe(M.cannot_stop('aborted'));
    expect((await act('resume')).status).toBe(409);
    const bad = await act('pause', { sales_channel_id: 'web' });
    expect(bad.status).toBe(400);
    const extra = await act('pause', { reason: 'x' });
    expect(extra.status).toBe(400);

    const rows = await historyRows(company, 'recurring_campaign', body.id, ['action', 'user_id']);
    expect(rows.map((r) => r.action)).toEqual(['created', 'paused', 'resumed', 'stopped']);
  });
});

describe('the scheduler', () => {
  it('makes exactly one run of a due campaign even when run twice at once, and moves the schedule on', async () => {
    const company = await marketingCompany();
    const other = await marketingCompany();
    const high = await insertBuyer(company.companyId, {
      email: `high.${unique()}@example.in`,
      credit_limit_paise: 100_000_00,
      outstanding_paise: 90_000_00,
    });
    const optedOut = await insertBuyer(company.companyId, {
      email: `out.${unique()}@example.in`,
      credit_limit_paise: 1_000_00,
      outstanding_paise: 1_000_00,
    });
    const noEmail = await insertBuyer(company.companyId, {
      credit_limit_paise: 1_000_00,
      outstanding_paise: 900_00,
    });
    await insertBuyer(company.companyId, {
      email: `low.${unique()}@example.in`,
      credit_limit_paise: 1_000_00,
    });
    await insertBuyer(other.companyId, {
      email: `other.${unique()}@example.in`,
      credit_limit_paise: 1_000_00,
      outstanding_paise: 1_000_00,
    });
    await dbOf(company)
      .insertInto('contact_consents')
      .values({
        company_id: company.companyId,
        contact_id: await contactOf(company, optedOut.id),
        medium: 'email',
        opted_out_at: new Date(),
        opt_out_way: 'by_hand',
      })
      .execute();
    const body = await create(company, { end_date: daysFromToday(2) });
    const { ctx, sent } = schedulerOf(company);
    const due = ist(daysFromToday(1), '10:00');
    const now = new Date(due.getTime() + 30_000);

    await Promise.all([makeDueRuns(ctx, { now }), makeDueRuns(ctx, { now })]);
    const runs = await runsOf(company, body.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'processing', audience_size: 3 });
    // Its send is queued, once.
    expect(sent.filter((j) => j.data.campaignId === runs[0]?.id)).toEqual([
      { name: 'campaign-send', data: { companyId: company.companyId, campaignId: runs[0]?.id } },
    ]);
    expect(runs[0]?.scheduled_at?.toISOString()).toBe(due.toISOString());
    expect(runs[0]?.title).toBe(`${body.title} (${daysFromToday(1).split('-').reverse().join('/')})`);
    const messages = await messagesOf(company, runs[0]?.id as number);
    expect(messages).toEqual(
      [
        {
          contact_id: await contactOf(company, high.id),
          status: 'queued',
          skip_reason: null,
          variables: { outstanding_amount: '₹90,000.00', credit_limit_used: '90%' },
        },
        {
          contact_id: await contactOf(company, optedOut.id),
          status: 'skipped',
          skip_reason: 'opted_out',
          variables: { outstanding_amount: '₹1,000.00', credit_limit_used: '100%' },
        },
        {
          contact_id: await contactOf(company, noEmail.id),
          status: 'skipped',
          skip_reason: 'no_address',
          variables: { outstanding_amount: '₹900.00', credit_limit_used: '90%' },
        },
      ].sort((x, y) => x.contact_id - y.contact_id),
    );

    const after = await company.api.get(`v1/admin/recurring_campaigns/${body.id}`);
    expect(after.body).toMatchObject({ status: 'running', runs_count: 1 });
    expect(new Date(after.body.next_run_at).toISOString()).toBe(ist(daysFromToday(2), '10:00').toISOString());
    expect(new Date(after.body.last_run_at).toISOString()).toBe(now.toISOString());

    // The runs list: campaigns with counts and the run status.
    const list = await company.api.get(`v1/admin/recurring_campaigns/${body.id}/campaigns`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({
      id: runs[0]?.id,
      status: 'processing',
      run_status: 'running',
      campaign_type: 'credit_limit_used',
      recurring_campaign_id: body.id,
      counts: { audience: 3, skipped: 2, opted_out: 0 },
    });

    // The last day's run: then nothing is left, and the campaign is finished.
    const last = new Date(ist(daysFromToday(2), '10:00').getTime() + 30_000);
    await makeDueRuns(ctx, { now: last });
    expect(await runsOf(company, body.id)).toHaveLength(2);
    const finished = await company.api.get(`v1/admin/recurring_campaigns/${body.id}`);
    expect(finished.body).toMatchObject({ status: 'finished', next_run_at: null, runs_count: 2 });
    await makeDueRuns(ctx, { now: new Date(last.getTime() + 7 * 86_400_000) });
    expect(await runsOf(company, body.id)).toHaveLength(2);

    const actions = (await historyRows(company, 'recurring_campaign', body.id, ['action'])).map(
      (r) => r.action,
    );
    expect(actions).toEqual(['created', 'run', 'run', 'finished']);
    // The other company's buyer was never in a run of this company.
    const otherContact = await contactOf(
      other,
      (
        await dbOf(other)
          .selectFrom('buyers')
          .select('id')
          .where('company_id', '=', other.companyId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    for (const run of await runsOf(company, body.id))
      expect((await messagesOf(company, run.id)).map((m) => m.contact_id)).not.toContain(otherContact);
  });

  it('reminds an overdue buyer at most every overdue_every_days, a buyer with a payment coming due every run', async () => {
    const company = await marketingCompany();
    const overdueWorld = await paymentWorld(company);
    const overdue = await invoicedOrder(overdueWorld);
    await makeOverdue(overdueWorld, overdue.invoice.id, 10);
    const soonWorld = await paymentWorld(company);
    const soon = await invoicedOrder(soonWorld);
    await dbOf(company)
      .updateTable('invoices')
      .set({ due_date: daysFromToday(3) })
      .where('id', '=', soon.invoice.id)
      .execute();
    const body = await create(company, { purpose: 'payment_reminder', settings: { overdue_every_days: 7 } });
    const { ctx } = schedulerOf(company);
    const at = (day: number) => new Date(ist(daysFromToday(day), '10:00').getTime() + 20_000);
    const overdueContact = await contactOf(company, overdueWorld.buyer.id);
    const soonContact = await contactOf(company, soonWorld.buyer.id);
    const contactsOfRun = async (index: number) => {
      const runs = await runsOf(company, body.id);
      return (await messagesOf(company, runs[index]?.id as number)).map((m) => m.contact_id);
    };
    await makeDueRuns(ctx, { now: at(1) });
    expect(await contactsOfRun(0)).toEqual([overdueContact, soonContact].sort((a, b) => a - b));
    await makeDueRuns(ctx, { now: at(2) });
    expect(await contactsOfRun(1)).toEqual([soonContact]);
    // A week on, the overdue buyer is reminded again.
    await makeDueRuns(ctx, { now: at(9) });
    expect(await contactsOfRun(2)).toContain(overdueContact);
  });

  it('records a run with nobody to send to as completed with zero counts', async () => {
    const company = await marketingCompany();
    const body = await create(company, {
      purpose: 'cashpoints_expiring',
      variables: { outstanding_amount: '-' },
    });
    const now = new Date(ist(daysFromToday(1), '10:00').getTime() + 5_000);
    const { ctx, sent } = schedulerOf(company);
    await makeDueRuns(ctx, { now });
    expect(sent.filter((j) => j.data.companyId === company.companyId)).toEqual([]);
    const list = await company.api.get(`v1/admin/recurring_campaigns/${body.id}/campaigns`);
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0]).toMatchObject({
      status: 'completed',
      run_status: 'finished',
      counts: { audience: 0, queued: 0, sent: 0, skipped: 0 },
    });
  });

  it('makes no run while paused; stopping cancels the run in progress and skips its queued messages', async () => {
    const company = await marketingCompany();
    await insertBuyer(company.companyId, {
      email: `high.${unique()}@example.in`,
      credit_limit_paise: 1_000_00,
      outstanding_paise: 1_000_00,
    });
    const { ctx } = schedulerOf(company);
    const paused = await create(company);
    expect((await company.api.post(`v1/admin/recurring_campaigns/${paused.id}/pause`, {})).status).toBe(200);
    const running = await create(company);
    const now = new Date(ist(daysFromToday(1), '10:00').getTime() + 10_000);
    await makeDueRuns(ctx, { now });
    expect(await runsOf(company, paused.id)).toHaveLength(0);
    const [run] = await runsOf(company, running.id);
    expect(run?.status).toBe('processing');

    // Paused: the run in progress shows paused and keeps its messages.
    const pause = await company.api.post(`v1/admin/recurring_campaigns/${running.id}/pause`, {});
    expect(pause.body.status).toBe('paused');
    const heldRuns = await company.api.get(`v1/admin/recurring_campaigns/${running.id}/campaigns`);
    expect(heldRuns.body.results[0].run_status).toBe('paused');
    const stop = await company.api.post(`v1/admin/recurring_campaigns/${running.id}/stop`, {});
    expect(stop.body.status).toBe('aborted');
    const [stoppedRun] = await runsOf(company, running.id);
    expect(stoppedRun?.status).toBe('cancelled');
    const messages = await messagesOf(company, run?.id as number);
    expect(messages.filter((m) => m.status === 'queued')).toEqual([]);
    expect(messages.some((m) => m.skip_reason === 'cancelled')).toBe(true);
    const runsList = await company.api.get(`v1/admin/recurring_campaigns/${running.id}/campaigns`);
    expect(runsList.body.results[0].run_status).toBe('aborted');
  });
});
