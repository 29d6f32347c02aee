import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  emailTemplate,
  insertCampaign,
  insertContacts,
  marketingCompany,
  platformEmail,
} from './campaign-fixtures.ts';
import {
  campaignAudienceSql,
  countAudience,
  enqueueDueCampaigns,
  runCampaignSend,
  writeCampaignMessages,
} from './campaign-send.service.ts';

/** The send service's reusable parts (recurring campaigns call them too). */
describe('writeCampaignMessages', () => {
  it('writes one row per contact from an SQL audience (first of duplicates wins), skips and counts opted-out, unconsented and address-less contacts, and sets audience_size', async () => {
    const company = await marketingCompany();
    const { db } = company.t.server.ctx;
    const { ids } = await insertContacts(company, 6);
    const [a, b, optedOut, , , foreign] = ids;
    const unconsented = (await insertContacts(company, 1, { consent: false })).ids[0];
    // No e-mail: a phone-only contact.
    const phoneOnly = await db
      .insertInto('contacts')
      .values({ company_id: company.companyId, name: 'Phone only', phone: '9876500001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`UPDATE contact_consents SET opted_out_at = now(), opt_out_way = 'by_hand'
      WHERE company_id = ${company.companyId} AND contact_id = ${optedOut}`.execute(db);
    const other = await marketingCompany();
    const otherContact = (await insertContacts(other, 1)).ids[0];
    const template = await emailTemplate(company);
    const campaign = await insertCampaign(company, template.id, { status: 'processing' });

    const audience = sql`SELECT * FROM (VALUES
      (${a}::bigint, '{"outstanding_amount":"₹100"}'::jsonb),
      (${a}::bigint, '{"outstanding_amount":"₹999"}'::jsonb),
      (${b}::bigint, '{}'::jsonb),
      (${optedOut}::bigint, '{}'::jsonb),
      (${unconsented}::bigint, '{}'::jsonb),
      (${phoneOnly.id}::bigint, '{}'::jsonb),
      (${otherContact}::bigint, '{}'::jsonb)) v(contact_id, variables)`;
    const options = {
      companyId: company.companyId,
      campaignId: campaign.id,
      medium: 'email' as const,
      campaignType: 'promotional' as const,
      audience,
    };
    const preview = await countAudience(db, options);
    const counts = await db.transaction().execute((tx) => writeCampaignMessages(tx, options));
    expect(counts).toEqual({
      audience: 5,
      queued: 2,
      skipped: { opted_out: 1, no_consent: 1, no_address: 1 },
      audienceSize: 5,
    });
    expect(preview).toEqual({
      audience: 5,
      queued: 2,
      skipped: { opted_out: 1, no_consent: 1, no_address: 1 },
    });
    const rows = await db
      .selectFrom('campaign_messages')
      .select(['contact_id', 'status', 'skip_reason', 'recipient', 'variables'])
      .where('campaign_id', '=', campaign.id)
      .orderBy('contact_id')
      .execute();
    expect(rows.find((r) => r.contact_id === a)).toMatchObject({
      status: 'queued',
      variables: { outstanding_amount: '₹100' },
    });
    expect(rows.some((r) => r.contact_id === otherContact || r.contact_id === foreign)).toBe(false);

    // A service purpose needs no consent; writing again adds only contacts new to the campaign.
    const again = await db.transaction().execute((tx) =>
      writeCampaignMessages(tx, {
        ...options,
        campaignType: 'payment_reminder',
        audience: sql`SELECT id AS contact_id, '{}'::jsonb AS variables FROM contacts WHERE company_id = ${company.companyId}`,
      }),
    );
    expect(again.audience).toBe(3);
    expect(again.audienceSize).toBe(8);
    const campaignRow = await db
      .selectFrom('campaigns')
      .select('audience_size')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(campaignRow.audience_size).toBe(8);
  }, 120_000);

  it("resolves a one-time campaign's buyer-group and sales-channel audience in SQL", async () => {
    const company = await marketingCompany();
    const { db } = company.t.server.ctx;
    const { ids } = await insertContacts(company, 3);
    const nobody = await countAudience(db, {
      companyId: company.companyId,
      medium: 'email',
      campaignType: 'promotional',
      audience: campaignAudienceSql(
        { companyId: company.companyId, salesChannelId: null, buyerGroupIds: [] },
        [],
      ),
    });
    expect(nobody.audience).toBe(0);
    const everyone = await countAudience(db, {
      companyId: company.companyId,
      medium: 'email',
      campaignType: 'promotional',
      audience: campaignAudienceSql(
        { companyId: company.companyId, salesChannelId: null, buyerGroupIds: [] },
        [sql`c.id = ANY(${sql`ARRAY[${sql.join(ids)}]::bigint[]`})`],
      ),
    });
    expect(everyone.queued).toBe(3);
  }, 60_000);
});

describe('a run of a paused recurring campaign', () => {
  it('sends nothing while its recurring campaign is paused: its messages stay queued and the sweep leaves it', async () => {
    const company = await marketingCompany();
    const ctx = company.t.server.ctx;
    await platformEmail(company);
    const { ids } = await insertContacts(company, 3);
    const template = await emailTemplate(company);
    const recurring = await ctx.db
      .insertInto('recurring_campaigns')
      .values({
        company_id: company.companyId,
        title: 'Weekly offers',
        purpose: 'promotional',
        medium: 'email',
        template_id: template.id,
        status: 'paused',
        frequency: 'weekly',
        start_date: '2026-11-01',
        settings: JSON.stringify({}),
        variables: JSON.stringify({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await insertCampaign(company, template.id, {
      status: 'processing',
      recurring_campaign_id: recurring.id,
      updated_at: new Date(Date.now() - 10 * 60_000),
    });
    await writeCampaignMessages(ctx.db, {
      companyId: company.companyId,
      campaignId: run.id,
      medium: 'email',
      campaignType: 'promotional',
      audience: sql`SELECT unnest(${sql`ARRAY[${sql.join(ids)}]::bigint[]`}) AS contact_id, '{}'::jsonb AS variables`,
    });

    expect(await enqueueDueCampaigns(ctx)).toBe(0);
    await runCampaignSend(ctx, { companyId: company.companyId, campaignId: run.id });
    const rows = await ctx.db
      .selectFrom('campaign_messages')
      .select(['status', 'attempts'])
      .where('campaign_id', '=', run.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'queued' && r.attempts === 0)).toBe(true);
  });
});
