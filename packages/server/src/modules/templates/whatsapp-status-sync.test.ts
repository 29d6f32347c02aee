import { TEMPLATE_SYNC_MESSAGES } from '@b2b/domain/api/templates';
import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMedium } from '../../../test/campaign-message-fixtures.ts';
import { createUserWithPermissions, type SignedUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { type CloudStandIn, startCloudStandIn } from '../../../test/whatsapp-cloud-stand-in.ts';
import { insertContacts, marketingCompany, staticList } from '../campaigns/campaign-fixtures.ts';
import { WHATSAPP_STATUS_SYNC_JOB } from './templates.jobs.ts';
import { syncAllWhatsappStatuses } from './whatsapp-status-sync.ts';

// WhatsApp template statuses read back from a local stand-in of the Cloud API (GET
// /{waba-id}/message_templates, paged), over real HTTP on the app.

let cloud: CloudStandIn;
let waba = 3_000_000_000;

beforeAll(async () => {
  await testServer();
  cloud = await startCloudStandIn();
}, 180_000);

afterAll(() => cloud.close());

const syncPath = (company: SignedUpCompany) =>
  `v1/admin/companies/${company.companyId}/templates/whatsapp_status/sync`;

/** A marketing company with WhatsApp on the stand-in, under a WABA id of its own. */
async function whatsappCompany() {
  const company = await marketingCompany();
  const accountId = String(waba++);
  await saveMedium(company, {
    medium: 'whatsapp',
    api_url: cloud.url,
    phone_number_id: '1234567890',
    business_account_id: accountId,
    access_token: 'cloud-token-for-sync',
    app_secret: 'app-secret',
    webhook_verify_token: 'verify',
  });
  return { company, accountId };
}

async function createWhatsappTemplate(company: SignedUpCompany, name: string, language = 'en') {
  const res = await company.api.post(`v1/admin/companies/${company.companyId}/templates`, {
    medium: 'whatsapp',
    name,
    language,
    category: 'marketing',
    body: 'Our Diwali offers are live: 10% off everything this week.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.whatsapp_status).toBe('pending');
  return res.body as { id: number; meta_template_name: string };
}

describe('POST v1/admin/companies/{companyId}/templates/whatsapp_status/sync', () => {
  it('says plainly that WhatsApp is not configured (409), and changes nothing', async () => {
    const company = await marketingCompany();
    const template = await createWhatsappTemplate(company, `Offer ${waba++}`);
    const res = await company.api.post(syncPath(company));
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(TEMPLATE_SYNC_MESSAGES.not_configured);
    expect((await company.api.get(`v1/admin/templates/${template.id}`)).body.whatsapp_status).toBe('pending');
  });

  it("maps Meta's statuses across pages, with the rejection reason and a history row, and refuses to send what is not approved", async () => {
    const { company, accountId } = await whatsappCompany();
    const approved = await createWhatsappTemplate(company, 'Diwali offer');
    const rejected = await createWhatsappTemplate(company, 'Payment reminder');
    const paused = await createWhatsappTemplate(company, 'Cart reminder', 'hi');
    const disabled = await createWhatsappTemplate(company, 'Old offer');
    const unknown = await createWhatsappTemplate(company, 'Not yet submitted');
    cloud.templates.set(accountId, [
      { name: approved.meta_template_name, language: 'en', status: 'APPROVED' },
      {
        name: rejected.meta_template_name,
        language: 'en',
        status: 'REJECTED',
        rejected_reason: 'INVALID_FORMAT',
      },
      // The same name in another language is another template at Meta.
      { name: paused.meta_template_name, language: 'en', status: 'APPROVED' },
      { name: paused.meta_template_name, language: 'hi', status: 'PAUSED' },
      { name: disabled.meta_template_name, language: 'en', status: 'DISABLED' },
    ]);
    const before = cloud.requests.length;

    const res = await company.api.post(syncPath(company));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      checked: 5,
      changed: 4,
      not_found: [`${unknown.meta_template_name} (en)`],
      message: TEMPLATE_SYNC_MESSAGES.synced(5, 4),
    });
    // Three pages of two, each after the cursor of the one before, with the medium's token.
    const calls = cloud.requests.slice(before);
    expect(calls.map((c) => new URL(c.path, 'http://x').searchParams.get('after'))).toEqual([null, '2', '4']);
    for (const call of calls) {
      expect(call.method).toBe('GET');
      expect(call.path).toContain(`/v21.0/${accountId}/message_templates?`);
      expect(new URL(call.path, 'http://x').searchParams.get('fields')).toBe(
        'name,status,language,id,rejected_reason',
      );
      expect(call.auth).toBe('Bearer cloud-token-for-sync');
    }

    const statusOf = async (id: number) => {
      const body = (await company.api.get(`v1/admin/templates/${id}`)).body;
      return [body.whatsapp_status, body.rejection_reason];
    };
    expect(await statusOf(approved.id)).toEqual(['approved', null]);
    expect(await statusOf(rejected.id)).toEqual([
      'rejected',
      'Meta found the format invalid (variables, length or formatting).',
    ]);
    expect(await statusOf(paused.id)).toEqual(['paused', null]);
    expect(await statusOf(disabled.id)).toEqual(['disabled', null]);
    expect(await statusOf(unknown.id)).toEqual(['pending', null]);
    const history = await historyRows(company, 'template', rejected.id, ['action', 'changes']);
    expect(history.at(-1)).toMatchObject({
      action: 'whatsapp_status_synced',
      changes: { whatsapp_status: { from: 'pending', to: 'rejected' }, meta_status: 'REJECTED' },
    });
    const filtered = await company.api.get(
      `v1/admin/companies/${company.companyId}/templates?medium=whatsapp&whatsapp_status=disabled`,
    );
    expect(filtered.body.results.map((t: { id: number }) => t.id)).toEqual([disabled.id]);

    // Nothing changed at Meta: nothing is written.
    const again = await company.api.post(syncPath(company));
    expect(again.body).toMatchObject({ checked: 5, changed: 0 });
    expect(await historyRows(company, 'template', rejected.id, ['action'])).toHaveLength(history.length);

    // A campaign cannot send a template Meta has not approved; an approved one it can.
    const contacts = await insertContacts(company, 1);
    const list = await staticList(company, contacts.ids);
    const campaign = (templateId: number) =>
      company.api.post(`admin/companies/${company.companyId}/campaigns`, {
        title: 'Diwali on WhatsApp',
        campaign_medium: 'whatsapp',
        template_id: templateId,
        list_ids: [list.id],
      });
    for (const id of [rejected.id, paused.id, disabled.id, unknown.id]) {
      const refused = await campaign(id);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors?.template_id, JSON.stringify(refused.body)).toEqual([
        CAMPAIGN_MESSAGES.whatsapp_not_approved,
      ]);
    }
    const allowed = await campaign(approved.id);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
  });

  it("answers 502 with Meta's own words when the list is refused, and needs change_template", async () => {
    const { company, accountId } = await whatsappCompany();
    const template = await createWhatsappTemplate(company, 'Festive greeting');
    cloud.templates.set(accountId, [
      { name: template.meta_template_name, language: 'en', status: 'APPROVED' },
    ]);
    cloud.failNext = { status: 400, code: 190, message: 'Error validating access token' };
    const res = await company.api.post(syncPath(company));
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('WhatsApp answered 400 (error 190): Error validating access token');
    expect((await company.api.get(`v1/admin/templates/${template.id}`)).body.whatsapp_status).toBe('pending');

    const viewer = await createUserWithPermissions(company, ['view_marketing', 'view_template']);
    expect((await viewer.api.post(syncPath(company))).status).toBe(403);
  });
});

describe('the periodic WhatsApp status sync', () => {
  it('runs every 30 minutes and syncs each company with WhatsApp configured', async () => {
    const { company, accountId } = await whatsappCompany();
    const template = await createWhatsappTemplate(company, 'Weekly offer');
    cloud.templates.set(accountId, [
      {
        name: template.meta_template_name,
        language: 'en',
        status: 'REJECTED',
        rejected_reason: 'PROMOTIONAL',
      },
    ]);
    expect(await company.t.server.ctx.jobs.schedules()).toContainEqual({
      name: WHATSAPP_STATUS_SYNC_JOB,
      cron: '*/30 * * * *',
    });
    const round = await syncAllWhatsappStatuses(company.t.server.ctx);
    expect(round.companies).toBeGreaterThanOrEqual(1);
    const body = (await company.api.get(`v1/admin/templates/${template.id}`)).body;
    expect([body.whatsapp_status, body.rejection_reason]).toEqual([
      'rejected',
      'Meta judged it promotional for its category.',
    ]);
    const history = await historyRows(company, 'template', template.id, ['action', 'user_id']);
    expect(history.at(-1)).toEqual({ action: 'whatsapp_status_synced', user_id: null });
  });
});
