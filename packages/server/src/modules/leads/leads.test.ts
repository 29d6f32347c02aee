import { todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
  validGstin,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { createProduct, dbOf } from '../../../test/inventory-fixtures.ts';
import { noticeLeadFollowUps } from './lead-follow-ups.ts';

const leadsPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/leads`;

const ADDRESS = { address_line_1: '4 Laxmi Road', city: 'Pune', state_id: 27, pincode: '411030' };

const leadInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Shree Traders ${unique()}`,
  contact_person_name: 'Anil Kulkarni',
  phone: uniquePhone(),
  email: `lead.${unique()}@example.in`,
  source: 'walk_in',
  ...overrides,
});

async function createLead(api: SignedUpCompany['api'], company: SignedUpCompany, overrides = {}) {
  const res = await api.post(leadsPath(company), leadInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const dayFromToday = (days: number) => {
  const d = new Date(`${todayInIndia()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('POST admin/companies/{companyId}/leads', () => {
  it('creates a lead with its addresses, UTM fields and the creator as sales person, with history', async () => {
    const company = await signUpCompany();
    const gstin = validGstin('27');
    const res = await company.api.post(
      leadsPath(company),
      leadInput({
        gst_number: gstin.toLowerCase(),
        source: 'campaign',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'diwali',
        utm_ad: 'ad1',
        utm_adgp: 'grp1',
        next_follow_up_date: dayFromToday(2),
        notes: 'Met at the trade fair',
        billing_address: ADDRESS,
        shipping_address: { ...ADDRESS, address_line_1: 'Godown 7' },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      gst_number: gstin,
      source: 'campaign',
      utm_source: 'google',
      utm_adgp: 'grp1',
      status: 'new',
      next_follow_up_date: dayFromToday(2),
      sales_person: { id: company.userId },
      buyer: null,
    });
    expect(res.body.addresses.map((a: { address_type: string }) => a.address_type).sort()).toEqual([
      'billing_address',
      'shipping_address',
    ]);
    const history = await historyRows(company, 'lead', res.body.id, ['action']);
    expect(history.map((h) => h.action)).toContain('created');
  });

  it('refuses bad input with sentences', async () => {
    const company = await signUpCompany();
    const res = await company.api.post(leadsPath(company), {
      name: '',
      phone: '12345',
      email: 'not-mail',
      gst_number: '27AAAAA0000A1Z0',
      source: 'billboard',
      status: 'converted',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['Business name is required.']);
    expect(res.body.errors.phone[0]).toMatch(/phone|mobile|10/i);
    expect(res.body.errors.gst_number[0]).toMatch(/GST/i);
    expect(res.body.errors.source).toEqual(['Choose a valid source.']);
    expect(res.body.errors.status).toEqual(['A lead becomes converted only by converting it into a buyer.']);
    const none = await company.api.post(leadsPath(company), { name: 'No contact' });
    expect(none.status).toBe(400);
    expect(none.body.errors.phone).toEqual(['Give a phone number or an e-mail address of the lead.']);
  });

  it('checks the GSTIN like buyers: its state against the billing address', async () => {
    const company = await signUpCompany();
    const res = await company.api.post(
      leadsPath(company),
      leadInput({ gst_number: validGstin('29'), billing_address: ADDRESS }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.gst_number[0]).toMatch(/Karnataka|state/i);
  });
});

describe('GET admin/companies/{companyId}/leads', () => {
  it('filters by status, searches name, phone, e-mail and GSTIN, orders, pages and expands', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const gstin = validGstin('27');
    const a = await createLead(company.api, company, { name: `Alpha ${tag}`, gst_number: gstin });
    const b = await createLead(company.api, company, { name: `Beta ${tag}`, status: 'interested' });
    await createLead(company.api, company, { name: `Gamma ${tag}`, status: 'interested' });

    const interested = await company.api.get(`${leadsPath(company)}?status=interested&search=${tag}`);
    expect(interested.body.count).toBe(2);
    const byPhone = await company.api.get(`${leadsPath(company)}?search=${b.phone}`);
    expect(byPhone.body.results.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const byMail = await company.api.get(`${leadsPath(company)}?search=${encodeURIComponent(a.email)}`);
    expect(byMail.body.results.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const byGstin = await company.api.get(`${leadsPath(company)}?search=${gstin.toLowerCase()}`);
    expect(byGstin.body.results.map((r: { id: number }) => r.id)).toEqual([a.id]);

    const ordered = await company.api.get(`${leadsPath(company)}?search=${tag}&ordering=name&limit=2`);
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect(ordered.body.count).toBe(3);
    expect(ordered.body.results.map((r: { name: string }) => r.name)).toEqual([
      `Alpha ${tag}`,
      `Beta ${tag}`,
    ]);
    expect(ordered.body.next).toContain('offset=2');
    const page2 = await company.api.get(`${leadsPath(company)}?search=${tag}&ordering=name&limit=2&offset=2`);
    expect(page2.body.results.map((r: { name: string }) => r.name)).toEqual([`Gamma ${tag}`]);

    expect(ordered.body.results[0].sales_person).toBe(company.userId);
    const expanded = await company.api.get(`${leadsPath(company)}?search=${tag}&expand=sales_person`);
    expect(expanded.body.results[0].sales_person).toMatchObject({
      id: company.userId,
      first_name: expect.any(String),
      last_name: expect.any(String),
    });

    const bad = await company.api.get(`${leadsPath(company)}?status=lost`);
    expect(bad.status).toBe(400);
    const badOrder = await company.api.get(`${leadsPath(company)}?ordering=phone`);
    expect(badOrder.status).toBe(400);
  });
});

describe('PATCH admin/leads/{id}', () => {
  it('changes fields, keeps history, and refuses setting converted by hand', async () => {
    const company = await signUpCompany();
    const lead = await createLead(company.api, company);
    const res = await company.api.patch(`admin/leads/${lead.id}`, {
      status: 'product_demo_needed',
      notes: 'Wants a demo',
      next_follow_up_date: '',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'product_demo_needed',
      notes: 'Wants a demo',
      next_follow_up_date: null,
    });
    const refused = await company.api.patch(`admin/leads/${lead.id}`, { status: 'converted' });
    expect(refused.status).toBe(400);
    const missing = await company.api.get('admin/leads/999999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Lead Not found');
  });
});

describe('leads are their sales person’s (view_lead without view_all_leads)', () => {
  it('lists, reads and changes only the own leads; view_all_leads sees all and reassigns', async () => {
    const company = await signUpCompany();
    const rep = await createUserWithPermissions(company, ['view_lead', 'add_lead', 'change_lead']);
    const other = await createUserWithPermissions(company, ['view_lead', 'add_lead', 'change_lead']);
    const manager = await createUserWithPermissions(company, [
      'view_lead',
      'add_lead',
      'change_lead',
      'view_all_leads',
    ]);
    const tag = unique();
    const mine = await createLead(rep.api, company, { name: `Mine ${tag}` });
    expect(mine.sales_person).toMatchObject({ id: rep.user.id });
    const theirs = await createLead(other.api, company, { name: `Theirs ${tag}` });

    const list = await rep.api.get(`${leadsPath(company)}?search=${tag}`);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    // Asking for another sales person's leads answers none of them.
    const asked = await rep.api.get(`${leadsPath(company)}?search=${tag}&sales_person=${other.user.id}`);
    expect(asked.body.count).toBe(0);
    expect((await rep.api.get(`admin/leads/${theirs.id}`)).status).toBe(404);
    expect((await rep.api.patch(`admin/leads/${theirs.id}`, { notes: 'x' })).status).toBe(404);
    expect((await rep.api.get(`admin/leads/${theirs.id}/visits/`)).status).toBe(404);

    const reassign = await rep.api.patch(`admin/leads/${mine.id}`, { sales_person: other.user.id });
    expect(reassign.status).toBe(403);
    expect(reassign.body.detail).toBe('You do not have permissions to assign leads to another sales person.');
    const createFor = await rep.api.post(leadsPath(company), leadInput({ sales_person: other.user.id }));
    expect(createFor.status).toBe(403);

    const all = await manager.api.get(`${leadsPath(company)}?search=${tag}`);
    expect(all.body.count).toBe(2);
    const moved = await manager.api.patch(`admin/leads/${theirs.id}`, { sales_person: rep.user.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await rep.api.get(`admin/leads/${theirs.id}`)).status).toBe(200);

    const readOnly = await createUserWithPermissions(company, ['view_lead']);
    expect((await readOnly.api.post(leadsPath(company), leadInput())).status).toBe(403);
  });

  it('refuses a user granting view_all_leads without holding it', async () => {
    const company = await signUpCompany();
    const roleMaker = await createUserWithPermissions(company, ['add_role', 'change_role', 'view_lead']);
    const res = await roleMaker.api.post(`companies/${company.companyId}/roles`, {
      display_name: `Leads ${unique()}`,
      permissions: ['view_lead', 'view_all_leads'],
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      'You do not have permissions to grant permissions you do not hold: View All Leads.',
    );
    const own = await roleMaker.api.patch(`roles/${roleMaker.role.id}/add_permissions`, {
      permissions: ['view_all_leads'],
    });
    expect(own.status).toBe(403);
  });
});

describe('another company', () => {
  it('answers 404 for every lead route with a foreign id', async () => {
    const company = await signUpCompany();
    const intruder = await signUpCompany();
    const lead = await createLead(company.api, company, { billing_address: ADDRESS });
    for (const [method, path, body] of [
      ['get', `admin/leads/${lead.id}`, undefined],
      ['patch', `admin/leads/${lead.id}`, { notes: 'x' }],
      ['get', `admin/leads/${lead.id}/visits/`, undefined],
      ['post', `admin/leads/${lead.id}/visits/`, { visited_at: new Date().toISOString(), outcome: 'x' }],
      ['post', `admin/leads/${lead.id}/addresses`, { ...ADDRESS, address_type: 'billing_address' }],
      ['post', `admin/leads/${lead.id}/convert`, {}],
      ['post', `admin/leads/${lead.id}/transactions`, { kind: 'payment', amount: 1, date: todayInIndia() }],
      ['get', `admin/leads/${lead.id}/exposed_inventory`, undefined],
      ['get', `admin/companies/${company.companyId}/leads`, undefined],
    ] as const) {
      const res = await (intruder.api as any)[method](path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const address = lead.addresses[0].id;
    expect((await intruder.api.patch(`addresses/${address}`, { city: 'X' })).status).toBe(404);
  });
});

describe('visits', () => {
  it('logs visits, moves the follow-up and status, lists them with search and ordering', async () => {
    const company = await signUpCompany();
    const lead = await createLead(company.api, company);
    const first = await company.api.post(`admin/leads/${lead.id}/visits/`, {
      visited_at: '2026-11-20T10:30:00+05:30',
      location: 'Shop 4, Laxmi Road, Pune',
      latitude: 18.5167,
      longitude: 73.8563,
      outcome: 'Met the owner',
      notes: 'Interested in rice',
      next_step: 'Send price list',
      next_follow_up_date: dayFromToday(3),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ latitude: 18.5167, longitude: 73.8563, next_step: 'Send price list' });
    await company.api.post(`admin/leads/${lead.id}/visits/`, {
      visited_at: '2026-11-25T16:00:00+05:30',
      outcome: 'Owner away',
    });
    const after = await company.api.get(`admin/leads/${lead.id}`);
    expect(after.body).toMatchObject({ status: 'contacted', next_follow_up_date: dayFromToday(3) });

    const list = await company.api.get(`admin/leads/${lead.id}/visits/`);
    expect(list.body.results.map((v: { outcome: string }) => v.outcome)).toEqual([
      'Owner away',
      'Met the owner',
    ]);
    const oldest = await company.api.get(`admin/leads/${lead.id}/visits/?ordering=visited_at`);
    expect(oldest.body.results[0].outcome).toBe('Met the owner');
    const found = await company.api.get(`admin/leads/${lead.id}/visits/?search=laxmi`);
    expect(found.body.count).toBe(1);

    const bad = await company.api.post(`admin/leads/${lead.id}/visits/`, {
      visited_at: 'yesterday',
      outcome: '',
      latitude: 18.5,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['latitude', 'outcome', 'visited_at']);
  });
});

describe('transactions', () => {
  it('records a sample order and a payment in rupees to the paisa', async () => {
    const company = await signUpCompany();
    const lead = await createLead(company.api, company);
    const res = await company.api.post(`admin/leads/${lead.id}/transactions`, {
      kind: 'sample_order',
      amount: 1234.56,
      date: todayInIndia(),
      notes: '5 kg sample',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.detail).toBe('Transaction Recorded Successfully.');
    expect(res.body.transaction).toMatchObject({
      kind: 'sample_order',
      amount: 1234.56,
      notes: '5 kg sample',
    });
    const row = await dbOf(company)
      .selectFrom('lead_transactions')
      .select('amount_paise')
      .where('id', '=', res.body.transaction.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.amount_paise)).toBe(123456);
    const bad = await company.api.post(`admin/leads/${lead.id}/transactions`, {
      kind: 'refund',
      amount: 1.234,
      date: '2026-02-30',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'date', 'kind']);
    const list = await company.api.get(`admin/leads/${lead.id}/transactions`);
    expect(list.body.results).toHaveLength(1);
  });
});

describe('exposed inventory', () => {
  it('shares chosen products by an unguessable link that shows only them, and ends after its day', async () => {
    const company = await signUpCompany();
    const lead = await createLead(company.api, company);
    const shown = await createProduct(company, { openingStock: 12 });
    const hidden = await createProduct(company, { openingStock: 5 });
    const res = await company.api.post(`admin/leads/${lead.id}/exposed_inventory`, {
      products: [shown.id],
      expires_on: dayFromToday(7),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.detail).toBe('Inventory exposed to lead successfully.');
    const { token, url } = res.body.exposure;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`lead-inventory/${token}`);

    const page = await company.anonymous.get(url);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ lead: lead.name, expires_on: dayFromToday(7) });
    expect(page.body.products).toEqual([
      { name: shown.name, sku: shown.sku, stock: 12, unit: null, price: 90, mrp: 100 },
    ]);
    expect(JSON.stringify(page.body)).not.toContain(hidden.name);
    expect(JSON.stringify(page.body)).not.toContain(lead.phone);

    const html = await fetch(`${company.t.baseUrl}/${url}`, { headers: { accept: 'text/html' } });
    expect(html.status).toBe(200);
    expect(await html.text()).toContain(shown.name);

    expect((await company.anonymous.get(`lead-inventory/${'A'.repeat(43)}`)).status).toBe(404);
    await sql`UPDATE lead_inventory_exposures SET expires_on = ${dayFromToday(-1)}::date WHERE token = ${token}`.execute(
      dbOf(company),
    );
    const expired = await company.anonymous.get(url);
    expect(expired.status).toBe(410);
    expect(expired.body.detail).toBe('This inventory link has expired. Ask your sales person for a new one.');

    const past = await company.api.post(`admin/leads/${lead.id}/exposed_inventory`, {
      products: [shown.id],
      expires_on: dayFromToday(-1),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.expires_on).toEqual(['The expiry date cannot be in the past.']);
    const foreign = await signUpCompany();
    const theirProduct = await createProduct(foreign);
    const notOurs = await company.api.post(`admin/leads/${lead.id}/exposed_inventory`, {
      products: [theirProduct.id],
      expires_on: dayFromToday(1),
    });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.errors.products).toEqual(['Product Not Found']);
  });

  it('limits the public page per address', async () => {
    const company = await signUpCompany();
    const api = company.anonymous.as(undefined, {
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    let last = 0;
    for (let i = 0; i < 62; i++) last = (await api.get(`lead-inventory/${'B'.repeat(43)}`)).status;
    expect(last).toBe(429);
  });
});

describe('POST admin/leads/{id}/convert', () => {
  it('makes the buyer with the lead’s addresses, GSTIN and contact, links it, and refuses twice', async () => {
    const company = await signUpCompany();
    const gstin = validGstin('27');
    const lead = await createLead(company.api, company, { gst_number: gstin });
    const noBilling = await company.api.post(`admin/leads/${lead.id}/convert`, {});
    expect(noBilling.status).toBe(409);
    expect(noBilling.body.detail).toBe(
      'Add a billing address to the lead before converting it into a buyer.',
    );

    const address = await company.api.post(`admin/leads/${lead.id}/addresses`, {
      ...ADDRESS,
      address_type: 'billing_address',
    });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    await company.api.post(`admin/leads/${lead.id}/addresses`, {
      ...ADDRESS,
      address_line_1: 'Warehouse 2',
      address_type: 'shipping_address',
    });

    const res = await company.api.post(`admin/leads/${lead.id}/convert`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.detail).toBe('Lead activated successfully.');
    expect(res.body.lead).toMatchObject({ status: 'converted', buyer: res.body.buyer.id });

    const buyer = await company.api.get(`buyers/${res.body.buyer.id}`);
    expect(buyer.status).toBe(200);
    expect(buyer.body).toMatchObject({
      name: lead.name,
      gst_number: gstin,
      contact_person_name: 'Anil Kulkarni',
      phone: lead.phone,
      buyer_type: 'regular',
    });
    const types = (
      await dbOf(company)
        .selectFrom('addresses')
        .select(['address_type', 'address_line_1'])
        .where('company_id', '=', company.companyId)
        .where('owner_type', '=', 'buyer')
        .where('owner_id', '=', res.body.buyer.id)
        .execute()
    ).map((a) => [a.address_type, a.address_line_1]);
    expect(types).toHaveLength(2);
    expect(types).toEqual(
      expect.arrayContaining([
        ['billing_address', '4 Laxmi Road'],
        ['shipping_address', 'Warehouse 2'],
      ]),
    );
    const contact = await dbOf(company)
      .selectFrom('contacts')
      .select(['name', 'phone'])
      .where('company_id', '=', company.companyId)
      .where('buyer_id', '=', res.body.buyer.id)
      .executeTakeFirst();
    expect(contact?.phone).toBe(lead.phone);

    const again = await company.api.post(`admin/leads/${lead.id}/convert`, {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This lead is already converted into a buyer.');
    expect((await company.api.patch(`admin/leads/${lead.id}`, { notes: 'x' })).status).toBe(409);
    const history = await historyRows(company, 'lead', lead.id, ['action']);
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['created', 'address_added', 'converted']),
    );
  });

  it('needs add_buyer besides change_lead', async () => {
    const company = await signUpCompany();
    const rep = await createUserWithPermissions(company, ['view_lead', 'add_lead', 'change_lead']);
    const lead = await createLead(rep.api, company, { billing_address: ADDRESS });
    const res = await rep.api.post(`admin/leads/${lead.id}/convert`, {});
    expect(res.status).toBe(403);
  });
});

describe('follow-ups due today', () => {
  it('counts them for the home card and raises one bell notice a day', async () => {
    const company = await signUpCompany();
    await createLead(company.api, company, { next_follow_up_date: todayInIndia() });
    await createLead(company.api, company, { next_follow_up_date: todayInIndia() });
    await createLead(company.api, company, { next_follow_up_date: dayFromToday(-2) });
    await createLead(company.api, company, { next_follow_up_date: todayInIndia(), status: 'not_interested' });
    const counts = await company.api.get(`${leadsPath(company)}/follow_ups`);
    expect(counts.body).toEqual({ due_today: 2, overdue: 1 });
    const due = await company.api.get(`${leadsPath(company)}?follow_up_due=true`);
    expect(due.body.count).toBe(3);

    const db = dbOf(company);
    expect(await noticeLeadFollowUps({ db, companyId: company.companyId })).toBe(1);
    expect(await noticeLeadFollowUps({ db, companyId: company.companyId })).toBe(0);
    const bell = await company.api.get(`companies/${company.companyId}/notifications`);
    expect(JSON.stringify(bell.body)).toContain('2 lead follow-ups are due today.');
  });
});

describe('leads are sales, not marketing', () => {
  it('works for a company with marketing switched off', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(leadsPath(company));
    expect(res.status).toBe(200);
  });
});
