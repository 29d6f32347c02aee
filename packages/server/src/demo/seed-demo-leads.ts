import { leadCreate, leadVisitCreate } from '@b2b/domain/api/leads';
import { istDate } from '@b2b/domain/campaigns';
import { sql } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createLead, logVisit } from '../modules/leads/leads.service.ts';
import { createShortLink } from '../modules/short-links/short-links.service.ts';

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => istDate(new Date(Date.now() + days * DAY_MS));

/** Prospects a distributor's field team is working: met at a fair, walked in, referred, from a campaign. */
const DEMO_LEADS = [
  {
    name: 'Shree Ganesh Hardware',
    contact_person_name: 'Mahesh Kulkarni',
    phone: '9823012001',
    email: 'mahesh@shreeganeshhardware.in',
    source: 'walk_in',
    status: 'interested',
    nextFollowUp: 0,
    notes: 'Wants a trial order of LED battens before Diwali stocking.',
    visit: {
      daysAgo: 3,
      location: 'Shop, Laxmi Road, Pune',
      outcome: 'Showed the LED catalogue; asked for a price list.',
    },
  },
  {
    name: 'Om Sai Electricals',
    contact_person_name: 'Pooja Jadhav',
    phone: '9823012002',
    source: 'referral',
    status: 'need_follow_up',
    nextFollowUp: 2,
    notes: 'Referred by Sharma Traders.',
    visit: { daysAgo: 6, location: 'Warehouse, Bhosari MIDC', outcome: 'Owner away; met the manager.' },
  },
  {
    name: 'Metro Home Needs',
    contact_person_name: 'Imran Shaikh',
    email: 'purchase@metrohomeneeds.in',
    source: 'campaign',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'diwali-offers-2026',
    status: 'new',
    nextFollowUp: 0,
  },
  {
    name: 'Konkan Traders',
    contact_person_name: 'Suresh Naik',
    phone: '9823012004',
    source: 'url',
    status: 'product_demo_needed',
    nextFollowUp: 5,
    notes: 'Asked for a demo of the air fryer range for their Ratnagiri showroom.',
  },
  {
    name: 'Bharat Kitchenware',
    contact_person_name: 'Anil Gupta',
    phone: '9823012005',
    source: 'import',
    status: 'not_interested',
    nextFollowUp: null,
    notes: 'Buys directly from the manufacturer.',
  },
] as const;

/**
 * Leads' and short links' demo (issue 24): five prospects in different states with their visits
 * (two follow-ups due today, so the bell and Home show them), and two short links with a month of
 * clicks, as the field team and the marketing desk would have left them.
 */
export async function seedDemoLeadsAndLinks(ctx: AppContext, actor: Principal): Promise<void> {
  const { db } = ctx;
  for (const lead of DEMO_LEADS) {
    const { visit, nextFollowUp, ...fields } = lead as typeof lead & {
      visit?: { daysAgo: number; location: string; outcome: string };
    };
    const created = await createLead({
      db,
      actor,
      input: leadCreate.parse({
        ...fields,
        next_follow_up_date: nextFollowUp === null ? null : dayFromToday(nextFollowUp),
      }),
    });
    if (visit)
      await logVisit({
        db,
        actor,
        leadId: created.id,
        input: leadVisitCreate.parse({
          visited_at: new Date(Date.now() - visit.daysAgo * DAY_MS).toISOString(),
          location: visit.location,
          outcome: visit.outcome,
          next_follow_up_date: nextFollowUp === null ? null : dayFromToday(nextFollowUp),
        }),
      });
  }

  const base = { origin: process.env.PUBLIC_URL?.trim() || 'http://localhost:3000', ownHosts: ['localhost'] };
  const links = [
    {
      target_url: 'https://shop.example.in/diwali',
      path: 'diwali26',
      utm_source: 'whatsapp',
      utm_medium: 'social',
      utm_campaign: 'diwali-offers-2026',
    },
    { target_url: 'https://shop.example.in/catalogue/led-lighting', path: 'led-catalogue' },
  ];
  for (const [index, input] of links.entries()) {
    const link = await createShortLink({ db, actor, input, base });
    // A month of clicks: more on phones, most from WhatsApp, fading after the campaign.
    const perDay = index === 0 ? 40 : 12;
    await sql`
      INSERT INTO short_link_clicks (company_id, short_link_id, clicked_at, device, referrer_host, clicks)
      SELECT ${actor.companyId}, ${link.id}, now() - d * interval '1 day' - interval '3 hours',
             (ARRAY['mobile', 'mobile', 'desktop', 'tablet'])[1 + d % 4],
             (ARRAY['wa.me', 'l.facebook.com', NULL, 'mail.google.com'])[1 + d % 4],
             greatest(1, ${perDay} - d)
      FROM generate_series(1, 30) d`.execute(db);
    await sql`
      UPDATE short_links s SET click_count = c.total, last_clicked_at = c.last
      FROM (SELECT sum(clicks) AS total, max(clicked_at) AS last FROM short_link_clicks
             WHERE company_id = ${actor.companyId} AND short_link_id = ${link.id}) c
      WHERE s.company_id = ${actor.companyId} AND s.id = ${link.id}`.execute(db);
  }
}
