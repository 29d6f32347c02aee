import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertContact, insertSentCampaign } from '../../../test/campaign-message-fixtures.ts';
import { type SignedUpCompany, signUpCompany, unique, uniquePhone } from '../../../test/factories.ts';
import {
  emailTemplate,
  insertContacts,
  marketingCompany,
  platformEmail,
  staticList,
} from './campaign-fixtures.ts';
import { idempotencyKeyOf, runCampaignSend, type SendContext } from './campaign-send.service.ts';
import { emailSender } from './senders/email.sender.ts';

const campaignsPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/campaigns`;

/** Saves a draft e-mail campaign of the template to the list. */
const postEmailCampaign = (
  to: { company: SignedUpCompany; template: { id: number }; list: { id: number } },
  title: string,
  more: Record<string, unknown> = {},
) =>
  to.company.api.post(campaignsPath(to.company), {
    title,
    campaign_medium: 'email',
    template_id: to.template.id,
    list_ids: [to.list.id],
    ...more,
  });

async function fastSending(company: SignedUpCompany) {
  const res = await company.api.put(`admin/companies/${company.companyId}/marketing_settings`, {
    email_per_minute: 100_000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A marketing company with e-mail on the app's mail server, fast sending, and `n` consenting contacts in a list. */
async function readyCompany(n: number) {
  const company = await marketingCompany();
  await platformEmail(company);
  await fastSending(company);
  const contacts = await insertContacts(company, n);
  const list = await staticList(company, contacts.ids);
  const template = await emailTemplate(company);
  return { company, contacts, list, template };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: *(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

const mailsTo = (company: SignedUpCompany, emails: string[]) => {
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  return company.t.mail.messages.filter((m) => wanted.has(m.to));
};

describe('one-time campaigns', () => {
  it('creates a draft, lists and shows it, edits it, runs it, and sends each consenting contact one e-mail with List-Unsubscribe and tracked links; opted-out and unconsented contacts are skipped and counted', async () => {
    const { company, contacts, list, template } = await readyCompany(5);
    const { db } = company.t.server.ctx;
    const unconsented = await insertContacts(company, 1, { consent: false });
    await sql`INSERT INTO contact_list_members (company_id, contact_list_id, contact_id)
      VALUES (${company.companyId}, ${list.id}, ${unconsented.ids[0]})`.execute(db);
    const optOut = await company.api.post(`contacts/${contacts.ids[4]}/opt_out`, { medium: 'email' });
    expect(optOut.status, JSON.stringify(optOut.body)).toBeLessThan(300);

    const created = await postEmailCampaign({ company, template, list }, 'Diwali offers');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'draft',
      campaign_type: 'promotional',
      list_ids: [list.id],
    });
    const id = created.body.id;

    const preview = await company.api.post(`${campaignsPath(company)}/audience`, {
      title: 'x',
      campaign_medium: 'email',
      template_id: template.id,
      list_ids: [list.id],
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      audience: 6,
      sendable: 4,
      skipped_by_reason: { opted_out: 1, no_consent: 1 },
      missing_variables: [],
      medium_problem: null,
    });

    const listed = await company.api.get(
      `${campaignsPath(company)}?status=draft&search=diwali&ordering=-created_at`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((c: { id: number }) => c.id)).toEqual([id]);
    const patched = await company.api.patch(`admin/campaigns/${id}`, { title: 'Diwali offers 2026' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.title).toBe('Diwali offers 2026');

    const run = await company.api.post(`admin/campaigns/${id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.status).toBe('processing');
    const again = await company.api.post(`admin/campaigns/${id}/run`);
    expect(again.status).toBe(409);
    expect(again.body.detail ?? again.body.message ?? JSON.stringify(again.body)).toContain('Only a draft');
    const edit = await company.api.patch(`admin/campaigns/${id}`, { title: 'Late' });
    expect(edit.status).toBe(409);

    const done = await waitFor(
      () => company.api.get(`admin/campaigns/${id}?expand=sales_channel`),
      (r) => r.body.status === 'completed',
    );
    expect(done.body.status).toBe('completed');
    expect(done.body.counts).toMatchObject({ audience: 6, sent: 4, skipped: 2, queued: 0, failed: 0 });
    expect(done.body.sales_channel).toBeNull();

    const summary = await company.api.get(`admin/campaigns/${id}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.skipped_by_reason).toEqual({ opted_out: 1, no_consent: 1 });

    const messages = await company.api.get(`admin/campaigns/${id}/messages?limit=50`);
    expect(messages.status).toBe(200);
    expect(messages.body.count).toBe(6);
    const sent = messages.body.results.filter((m: { status: string }) => m.status === 'sent');
    expect(sent.every((m: { delivery_status: string }) => m.delivery_status === 'Submitted')).toBe(true);
    const skipped = messages.body.results.filter((m: { status: string }) => m.status === 'skipped');
    expect(skipped.every((m: { delivery_status: string }) => m.delivery_status === 'Not Sent')).toBe(true);

    const mails = mailsTo(company, contacts.emails);
    expect(mails.map((m) => m.to).sort()).toEqual(
      contacts.emails
        .slice(0, 4)
        .map((e) => e.toLowerCase())
        .sort(),
    );
    const mail = mails[0];
    expect(mail.subject).toMatch(/^Hello Contact \d+$/);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /<([^>]+)>/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribeUrl).toMatch(/\/api\/u\//);
    expect(header(mail.raw, 'Message-ID')).toMatch(new RegExp(`^<b2b-${company.companyId}-c${id}-m\\d+@`));

    // The tracked link redirects to the signed address and counts the click.
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const tracked = /href="(http[^"]*\/api\/m\/c\/[^"]+)"/.exec(decoded)?.[1] ?? '';
    expect(tracked).not.toBe('');
    const path = tracked.slice(tracked.indexOf('/api/') + 5);
    const click = await fetch(`${company.t.baseUrl}/${path}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://shop.example.in/offers');
    const forged = await fetch(`${company.t.baseUrl}/${path.slice(0, -2)}xx`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    const afterClick = await company.api.get(`admin/campaigns/${id}/summary`);
    expect(afterClick.body.counts.clicks).toBe(1);
    expect(afterClick.body.unique_clicks).toBe(1);

    // Unsubscribe: the page reads without signing in, the one-click POST opts the contact out.
    const unsubscribePath = unsubscribeUrl.slice(unsubscribeUrl.indexOf('/api/') + 5);
    const before = await company.anonymous.get(unsubscribePath);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ medium: 'email', unsubscribed: false, message: null });
    const html = await fetch(`${company.t.baseUrl}/${unsubscribePath}`, { headers: { accept: 'text/html' } });
    expect(await html.text()).toContain('<form method="post">');
    const oneClick = await fetch(`${company.t.baseUrl}/${unsubscribePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({
      unsubscribed: true,
      message: CAMPAIGN_MESSAGES.unsubscribed,
    });
    const consent = await db
      .selectFrom('contact_consents as cc')
      .innerJoin('contacts as c', 'c.id', 'cc.contact_id')
      .select(['cc.opt_out_way', 'cc.opted_out_at'])
      .where('cc.company_id', '=', company.companyId)
      .where('cc.medium', '=', 'email')
      .where('c.email', '=', mail.to)
      .executeTakeFirstOrThrow();
    expect(consent.opt_out_way).toBe('link');
    const bad = await company.anonymous.post('u/not-a-token.abc', {});
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CAMPAIGN_MESSAGES.unsubscribe_link_invalid);
    const optedOutSummary = await company.api.get(`admin/campaigns/${id}/summary`);
    expect(optedOutSummary.body.opted_out).toBe(1);

    const history = await db
      .selectFrom('history')
      .select('action')
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'campaign')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute()
      .catch(() => [] as { action: string }[]);
    if (history.length > 0)
      expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'run', 'started', 'completed']);
  }, 180_000);

  it('refuses bad campaigns with the sentences: bad input, no audience, a past schedule, a template of another medium, missing variables, an unconfigured medium, an empty audience', async () => {
    const { company, list, template } = await readyCompany(1);
    const base = { title: 'Offers', campaign_medium: 'email', template_id: template.id, list_ids: [list.id] };
    const post = (body: Record<string, unknown>) => company.api.post(campaignsPath(company), body);
    expect((await post({ ...base, title: '' })).status).toBe(400);
    expect((await post({ ...base, campaign_medium: 'fax' })).status).toBe(400);
    expect((await post({ ...base, extra: 1 })).status).toBe(400);
    const noAudience = await post({ ...base, list_ids: [] });
    expect(noAudience.status).toBe(400);
    expect(JSON.stringify(noAudience.body)).toContain(CAMPAIGN_MESSAGES.no_audience);
    const past = await post({ ...base, scheduled_at: '2020-01-01T10:00:00+05:30' });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(CAMPAIGN_MESSAGES.schedule_past);
    const sms = await company.api.post(`v1/admin/companies/${company.companyId}/templates`, {
      medium: 'sms',
      name: `Sms ${Date.now()}`,
      body: 'Hi {contact_name}',
      sender_header: 'ACMEDS',
      dlt_template_id: '1007165432109876543',
      dlt_entity_id: '1001234567890',
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(201);
    const wrongMedium = await post({ ...base, template_id: sms.body.id });
    expect(wrongMedium.status).toBe(400);
    expect(JSON.stringify(wrongMedium.body)).toContain(CAMPAIGN_MESSAGES.template_medium);
    const foreignList = await post({ ...base, list_ids: [999_999_999] });
    expect(foreignList.status).toBe(400);

    const coupon = await emailTemplate(company, { subject: 'Use {coupon_code}' });
    const needsCoupon = await post({ ...base, template_id: coupon.id });
    expect(needsCoupon.status).toBe(201);
    const preview = await company.api.post(`${campaignsPath(company)}/audience`, {
      ...base,
      template_id: coupon.id,
    });
    expect(preview.body.missing_variables).toEqual(['coupon_code']);
    const refused = await company.api.post(`admin/campaigns/${needsCoupon.body.id}/run`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(CAMPAIGN_MESSAGES.missing_inputs);

    const emptyList = await staticList(company, []);
    const empty = await post({ ...base, list_ids: [emptyList.id] });
    const emptyRun = await company.api.post(`admin/campaigns/${empty.body.id}/run`);
    expect(emptyRun.status).toBe(400);
    expect(JSON.stringify(emptyRun.body)).toContain(CAMPAIGN_MESSAGES.empty_audience);

    // A company without an e-mail medium cannot choose e-mail.
    const bare = await marketingCompany();
    const bareTemplate = await emailTemplate(bare);
    const bareContacts = await insertContacts(bare, 1);
    const bareList = await staticList(bare, bareContacts.ids);
    const notConfigured = await bare.api.post(campaignsPath(bare), {
      ...base,
      template_id: bareTemplate.id,
      list_ids: [bareList.id],
    });
    expect(notConfigured.status).toBe(400);
    expect(JSON.stringify(notConfigured.body)).toContain(CAMPAIGN_MESSAGES.medium_not_configured('email'));
  }, 180_000);

  it('schedules a run for later and cancels it; cancelling a sending campaign skips what is not sent', async () => {
    const { company, list, template } = await readyCompany(3);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const created = await postEmailCampaign({ company, template, list }, 'Tomorrow', { scheduled_at: later });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = await company.api.post(`admin/campaigns/${created.body.id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.status).toBe('scheduled');
    const cancelled = await company.api.post(`admin/campaigns/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await company.api.post(`admin/campaigns/${created.body.id}/cancel`)).status).toBe(409);

    // A campaign sending slowly (one a minute) is cancelled with messages still queued.
    await company.api.put(`admin/companies/${company.companyId}/marketing_settings`, { email_per_minute: 1 });
    const settings = await company.api.get(`admin/companies/${company.companyId}/marketing_settings`);
    expect(settings.body).toMatchObject({
      email_per_minute: 1,
      quiet_hours_start: '21:00',
      quiet_hours_end: '10:00',
    });
    const slow = await postEmailCampaign({ company, template, list }, 'Slow');
    await company.api.post(`admin/campaigns/${slow.body.id}/run`);
    const stopped = await company.api.post(`admin/campaigns/${slow.body.id}/cancel`);
    expect(stopped.status).toBe(200);
    const summary = await company.api.get(`admin/campaigns/${slow.body.id}/summary`);
    expect(summary.body.status).toBe('cancelled');
    expect(summary.body.skipped_by_reason.cancelled).toBeGreaterThanOrEqual(2);
    const badSettings = await company.api.put(`admin/companies/${company.companyId}/marketing_settings`, {
      email_per_minute: 0,
    });
    expect(badSettings.status).toBe(400);
  }, 180_000);

  it('sends nothing more once cancelled, not even the messages its senders had claimed', async () => {
    const { company, list, template } = await readyCompany(5);
    // One a second: the senders claim all five at once, then wait for their slots.
    const slower = await company.api.put(`admin/companies/${company.companyId}/marketing_settings`, {
      email_per_minute: 60,
    });
    expect(slower.status, JSON.stringify(slower.body)).toBe(200);
    const campaign = await postEmailCampaign({ company, template, list }, 'Claimed then cancelled');
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const run = await company.api.post(`admin/campaigns/${campaign.body.id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await company.api.post(`admin/campaigns/${campaign.body.id}/cancel`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const { counts } = (await company.api.get(`admin/campaigns/${campaign.body.id}/summary`)).body;
    expect(counts.sent + counts.delivered).toBeLessThanOrEqual(2);
    expect(counts.sent + counts.delivered + counts.skipped).toBe(5);
    expect(counts.queued).toBe(0);
  });

  it("keeps companies apart (another company's campaign is 404) and is behind the marketing switch", async () => {
    const { company, list, template } = await readyCompany(1);
    const created = await postEmailCampaign({ company, template, list }, 'Mine');
    const id = created.body.id;
    const other = await marketingCompany();
    for (const [method, path] of [
      ['get', `admin/campaigns/${id}`],
      ['patch', `admin/campaigns/${id}`],
      ['post', `admin/campaigns/${id}/run`],
      ['post', `admin/campaigns/${id}/cancel`],
      ['get', `admin/campaigns/${id}/summary`],
      ['get', `admin/campaigns/${id}/messages`],
    ] as const) {
      const res =
        method === 'get'
          ? await other.api.get(path)
          : method === 'patch'
            ? await other.api.patch(path, { title: 'Theirs' })
            : await other.api.post(path);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await other.api.get(campaignsPath(company))).status).toBe(404);
    const theirList = await other.api.post(campaignsPath(other), {
      title: 'Borrowed',
      campaign_medium: 'email',
      template_id: template.id,
      list_ids: [list.id],
    });
    expect(theirList.status).toBe(400);

    const off = await signUpCompany();
    const denied = await off.api.get(campaignsPath(off));
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).toContain(MARKETING_DISABLED_MESSAGE);
  }, 180_000);

  it('sends exactly once: after a crash left claimed rows and some of them already sent, two workers at once give every contact one Message-ID', async () => {
    const { company, contacts, list, template } = await readyCompany(300);
    const { db } = company.t.server.ctx;
    const ctx = company.t.server.ctx as unknown as SendContext;
    const created = await postEmailCampaign({ company, template, list }, 'Exactly once');
    // Run it with the job runner's worker out of the way: the job is queued far in the future.
    await db.transaction().execute(async (tx) => {
      const { startCampaign } = await import('./campaign-send.service.ts');
      const row = await tx
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      await startCampaign(tx, row);
    });
    const id = created.body.id;
    // The crash: 120 rows claimed an hour ago; the first 60 of them reached the SMTP server.
    const claimed = await sql<{ id: number; recipient: string }>`
      UPDATE campaign_messages SET status = 'sending', attempts = 1, claimed_at = now() - interval '1 hour'
      WHERE id IN (SELECT id FROM campaign_messages WHERE campaign_id = ${id} ORDER BY id LIMIT 120)
      RETURNING id, recipient`.execute(db);
    const settings = {
      mode: 'platform',
      from_name: 'Acme',
      from_email: 'offers@acme.example.in',
      platform_smtp_url: company.t.mail.url,
      platform_mail_from: 'test@b2b.local',
    };
    const channel = await emailSender.open(settings);
    for (const row of claimed.rows.slice(0, 60)) {
      const outcome = await channel.send({
        idempotencyKey: idempotencyKeyOf(company.companyId, id, row.id),
        companyId: company.companyId,
        campaignId: id,
        messageId: row.id,
        recipient: row.recipient,
        rendered: {
          subject: 'Hello',
          html: '<p>Hi</p>',
          text: 'Hi',
          header_text: null,
          footer: null,
          title: null,
          link_url: null,
          buttons: [],
          sms: null,
        },
        template: {},
        values: {},
        unsubscribeUrl: 'http://localhost/api/u/x',
        promotional: true,
      });
      expect(outcome.kind).toBe('sent');
    }
    await channel.close();

    // Two workers at once (a restart and the sweep), then whatever the job runner adds.
    await Promise.all([
      runCampaignSend(ctx, { companyId: company.companyId, campaignId: id }),
      runCampaignSend(ctx, { companyId: company.companyId, campaignId: id }),
    ]);
    const done = await waitFor(
      () => company.api.get(`admin/campaigns/${id}`),
      (r) => r.body.status === 'completed',
    );
    expect(done.body.counts).toMatchObject({ audience: 300, sent: 300, queued: 0 });

    const mails = mailsTo(company, contacts.emails);
    const idsByContact = new Map<string, Set<string>>();
    for (const mail of mails) {
      const messageId = header(mail.raw, 'Message-ID') ?? '';
      const set = idsByContact.get(mail.to) ?? new Set<string>();
      set.add(messageId);
      idsByContact.set(mail.to, set);
    }
    expect(idsByContact.size).toBe(300);
    for (const [to, messageIds] of idsByContact) expect(messageIds.size, to).toBe(1);
    const all = [...idsByContact.values()].map((s) => [...s][0]);
    expect(new Set(all).size).toBe(300);
  }, 240_000);
});

describe('GET admin/companies/{companyId}/campaigns: the report columns', () => {
  it("gives each campaign's opted-out count with the list, the figures each summary gives", async () => {
    const company = await marketingCompany();
    const db = company.t.server.ctx.db;
    const sentAt = new Date(Date.now() - 60 * 60_000);
    // Three campaigns: 2 of 4 opted out by the link after their message, 0 of 3, 1 of 2.
    const plans = [
      { size: 4, byLink: 2 },
      { size: 3, byLink: 0 },
      { size: 2, byLink: 1 },
    ];
    const expected = new Map<number, number>();
    for (const plan of plans) {
      const contacts = await Promise.all(
        Array.from({ length: plan.size }, () => insertContact(company, { phone: uniquePhone() })),
      );
      const campaign = await insertSentCampaign(
        company,
        'sms',
        contacts.map((contactId) => ({ contactId, providerMessageId: `p-${unique()}` })),
      );
      await sql`UPDATE campaign_messages SET sent_at = ${sentAt}
        WHERE company_id = ${company.companyId} AND campaign_id = ${campaign.campaignId}`.execute(db);
      // Not counted: a STOP reply after the message, and a link used before it was sent.
      const [stop, early, ...rest] = contacts;
      const optOut = (contactId: number, way: string, at: Date) =>
        sql`INSERT INTO contact_consents (company_id, contact_id, medium, opted_out_at, opt_out_way)
          VALUES (${company.companyId}, ${contactId}, 'sms', ${at}, ${way})`.execute(db);
      await optOut(stop as number, 'reply_stop', new Date());
      if (plan.size > 2) await optOut(early as number, 'link', new Date(sentAt.getTime() - 60_000));
      const byLink = plan.size > 2 ? rest : [early as number];
      for (const contactId of byLink.slice(0, plan.byLink)) await optOut(contactId, 'link', new Date());
      expected.set(campaign.campaignId, plan.byLink);
    }

    const list = await company.api.get(`${campaignsPath(company)}?limit=10`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const listed = new Map<number, number>(
      list.body.results.map((c: { id: number; counts: { opted_out: number } }) => [c.id, c.counts.opted_out]),
    );
    expect(listed).toEqual(expected);
    for (const [id, optedOut] of expected) {
      const summary = await company.api.get(`admin/campaigns/${id}/summary`);
      expect(summary.body.opted_out).toBe(optedOut);
      expect(summary.body.counts.opted_out).toBe(optedOut);
      const detail = await company.api.get(`admin/campaigns/${id}`);
      expect(detail.body.counts.opted_out).toBe(optedOut);
    }
  });
});
