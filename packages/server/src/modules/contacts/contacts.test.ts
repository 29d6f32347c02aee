import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
  uniquePhone,
} from '../../../test/factories.ts';
import { resolveListMembers } from '../contact-lists/contact-lists.service.ts';

async function marketingCompany() {
  const company = await signUpCompany();
  const res = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.is_marketing_enabled).toBe(true);
  return company;
}

const contactsPath = (company: SignedUpCompany) => `companies/${company.companyId}/contacts`;

async function createContact(company: SignedUpCompany, input: Record<string, unknown> = {}) {
  const res = await company.api.post(contactsPath(company), {
    name: 'Asha Rao',
    phone: uniquePhone(),
    ...input,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function upload(company: SignedUpCompany, path: string, csv: string, name = 'contacts.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv]), name);
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${company.api.token}` },
    body: form,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, headers: res.headers };
}

async function waitForJob(company: SignedUpCompany, jobId: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const res = await company.api.get(`bulk_jobs/${jobId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (!['to_be_processed', 'in_process'].includes(res.body.status) || Date.now() - started > timeoutMs)
      return res.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('marketing switch', () => {
  it('answers 403 with a sentence on marketing routes of a company without marketing', async () => {
    const company = await signUpCompany();
    for (const [method, path, body] of [
      ['GET', contactsPath(company), undefined],
      ['POST', contactsPath(company), { name: 'X', phone: '9876543210' }],
      ['GET', `companies/${company.companyId}/contact_lists`, undefined],
      ['POST', `companies/${company.companyId}/contact_lists/preview`, {}],
    ] as const) {
      const res = await company.api.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toBe(MARKETING_DISABLED_MESSAGE);
    }
  });
});

describe('POST companies/{companyId}/contacts', () => {
  it('creates a contact with consent, normalises the phone, records history, and refuses a repeated phone', async () => {
    const company = await marketingCompany();
    const phone = uniquePhone();
    const created = await createContact(company, {
      name: '  Meena  Iyer ',
      phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      email: 'Meena@Example.in',
      city: 'Pune',
      state_id: 27,
      tags: ['VIP', 'vip', ' wholesale '],
      consents: { email: true, sms: true },
    });
    expect(created).toMatchObject({
      name: 'Meena  Iyer',
      phone,
      email: 'meena@example.in',
      city: 'Pune',
      state: { id: 27 },
      tags: ['VIP', 'wholesale'],
      buyer: null,
      source: 'manual',
    });
    const email = created.consents.find((c: any) => c.medium === 'email');
    expect(email).toMatchObject({ consented: true, consent_source: 'by_hand', opted_out: false });
    expect(created.consents.find((c: any) => c.medium === 'whatsapp').consented).toBe(false);

    const again = await company.api.post(contactsPath(company), { name: 'Other', phone });
    expect(again.status).toBe(400);
    expect(again.body.errors.phone).toEqual(['A contact with this phone number already exists.']);

    const bad = await company.api.post(contactsPath(company), { name: 'Bad', phone: '12345', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.phone[0]).toMatch(/10-digit Indian mobile/);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address.']);

    const none = await company.api.post(contactsPath(company), { name: 'Nobody' });
    expect(none.status).toBe(400);
    expect(none.body.errors.phone).toEqual(['Give a phone number or an e-mail address.']);

    const history = await company.api.get(`contacts/${created.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action).sort()).toEqual([
      'consent_given',
      'consent_given',
      'created',
    ]);
  });
});

describe('PATCH, opt_out and DELETE contacts/{id}', () => {
  it('changes a contact, opts it out of a medium by hand, and deletes it', async () => {
    const company = await marketingCompany();
    const contact = await createContact(company, { consents: { whatsapp: true } });
    const changed = await company.api.patch(`contacts/${contact.id}`, { city: 'Nashik', tags: ['retail'] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ city: 'Nashik', tags: ['retail'] });

    const out = await company.api.post(`contacts/${contact.id}/opt_out`, {
      medium: 'whatsapp',
      way: 'reply_stop',
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.consents.find((c: any) => c.medium === 'whatsapp')).toMatchObject({
      consented: false,
      opted_out: true,
      opt_out_way: 'reply_stop',
    });
    const optedOut = await company.api.get(`${contactsPath(company)}?opted_out=whatsapp`);
    expect(optedOut.body.results.map((c: any) => c.id)).toEqual([contact.id]);
    const consenting = await company.api.get(`${contactsPath(company)}?consent=whatsapp`);
    expect(consenting.body.count).toBe(0);

    const history = await company.api.get(`contacts/${contact.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action)).toContain('opted_out');

    expect((await company.api.delete(`contacts/${contact.id}`)).status).toBe(204);
    expect((await company.api.get(`contacts/${contact.id}`)).status).toBe(404);
  });

  it("keeps a buyer's contact in step with the buyer and refuses changing what follows the buyer", async () => {
    const company = await marketingCompany();
    const phone = uniquePhone();
    const buyer = await insertBuyer(company.companyId, {
      name: 'Kiran Traders',
      phone,
      email: 'kiran@traders.in',
    });
    const list = await company.api.get(`${contactsPath(company)}?is_buyer=true`);
    const contact = list.body.results.find((c: any) => c.buyer?.id === buyer.id);
    expect(contact).toMatchObject({
      name: 'Kiran Traders',
      phone,
      email: 'kiran@traders.in',
      source: 'buyer',
    });

    const newPhone = uniquePhone();
    await company.t.server.ctx.db
      .updateTable('buyers')
      .set({ phone: newPhone })
      .where('id', '=', buyer.id)
      .execute();
    expect((await company.api.get(`contacts/${contact.id}`)).body.phone).toBe(newPhone);

    const refused = await company.api.patch(`contacts/${contact.id}`, { name: 'Other name' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/change its name, phone, e-mail, city and state on the buyer/);
    const tagged = await company.api.patch(`contacts/${contact.id}`, { tags: ['key account'] });
    expect(tagged.status).toBe(200);
    expect((await company.api.delete(`contacts/${contact.id}`)).status).toBe(409);
  });

  it("answers 404 for another company's contact and lists only the company's own", async () => {
    const a = await marketingCompany();
    const b = await marketingCompany();
    const bContact = await createContact(b, { name: 'Secret of B' });
    expect((await a.api.get(`contacts/${bContact.id}`)).status).toBe(404);
    expect((await a.api.patch(`contacts/${bContact.id}`, { city: 'X' })).status).toBe(404);
    expect((await a.api.delete(`contacts/${bContact.id}`)).status).toBe(404);
    const list = await a.api.get(`${contactsPath(a)}?search=Secret`);
    expect(list.body.count).toBe(0);
  });

  it('needs view_contact to read and add_contact to create', async () => {
    const company = await marketingCompany();
    const viewer = await createUserWithPermissions(company, ['view_contact']);
    expect((await viewer.api.get(contactsPath(company))).status).toBe(200);
    expect((await viewer.api.post(contactsPath(company), { name: 'X', phone: uniquePhone() })).status).toBe(
      403,
    );
  });
});

describe('GET companies/{companyId}/contacts', () => {
  it('filters by tag, city and state, searches, pages and writes CSV', async () => {
    const company = await marketingCompany();
    await createContact(company, { name: 'Tagged Pune', city: 'Pune', state_id: 27, tags: ['diwali'] });
    await createContact(company, { name: 'Other Delhi', city: 'Delhi', state_id: 7 });
    const byTag = await company.api.get(`${contactsPath(company)}?tag=diwali`);
    expect(byTag.body.results.map((c: any) => c.name)).toEqual(['Tagged Pune']);
    const byCity = await company.api.get(`${contactsPath(company)}?city=delhi`);
    expect(byCity.body.results.map((c: any) => c.name)).toEqual(['Other Delhi']);
    const byState = await company.api.get(`${contactsPath(company)}?state=27`);
    expect(byState.body.results.map((c: any) => c.name)).toEqual(['Tagged Pune']);
    const page = await company.api.get(`${contactsPath(company)}?limit=1&ordering=name`);
    expect(page.body.count).toBe(2);
    expect(page.body.results.map((c: any) => c.name)).toEqual(['Other Delhi']);
    const csv = await company.api.get(`${contactsPath(company)}?format=csv&ordering=name`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\n')[0]).toMatch(/^name,phone,email/);
    expect(String(csv.body)).toContain('Tagged Pune');
  });
});

describe('contact lists', () => {
  it('counts a dynamic list live, resolves its members in batches, and keeps a static list of chosen contacts', async () => {
    const company = await marketingCompany();
    const listsPath = `companies/${company.companyId}/contact_lists`;
    const pune1 = await createContact(company, {
      name: 'P1',
      city: 'Pune',
      consents: { email: true },
      email: 'p1@x.in',
    });
    await createContact(company, { name: 'P2', city: 'pune' });
    const delhi = await createContact(company, { name: 'D1', city: 'Delhi', consents: { email: true } });
    const buyer = await insertBuyer(company.companyId, { name: 'Owes a lot', phone: uniquePhone() });
    await company.t.server.ctx.db
      .updateTable('buyers')
      .set({ outstanding_paise: 500_000 })
      .where('id', '=', buyer.id)
      .execute();

    const preview = await company.api.post(`${listsPath}/preview`, { cities: ['Pune'] });
    expect(preview.body).toEqual({ count: 2 });
    const consent = await company.api.post(`${listsPath}/preview`, {
      cities: ['Pune'],
      consent_medium: 'email',
    });
    expect(consent.body).toEqual({ count: 1 });
    const owes = await company.api.post(`${listsPath}/preview`, { outstanding_above: 4999.99 });
    expect(owes.body).toEqual({ count: 1 });
    const badDates = await company.api.post(`${listsPath}/preview`, {
      last_order_after: '2026-05-01',
      last_order_before: '2026-04-01',
    });
    expect(badDates.status).toBe(400);

    const dynamic = await company.api.post(listsPath, {
      name: 'Pune people',
      kind: 'dynamic',
      filters: { cities: ['Pune'] },
    });
    expect(dynamic.status, JSON.stringify(dynamic.body)).toBe(201);
    expect(dynamic.body.contact_count).toBe(2);
    await createContact(company, { name: 'P3', city: 'PUNE' });
    expect((await company.api.get(`contact_lists/${dynamic.body.id}`)).body.contact_count).toBe(3);

    const batches: number[][] = [];
    for await (const batch of resolveListMembers(
      company.t.server.ctx.db,
      company.companyId,
      dynamic.body.id,
      {
        batchSize: 2,
      },
    ))
      batches.push(batch.map((m) => m.id));
    expect(batches.map((b) => b.length)).toEqual([2, 1]);
    expect(batches.flat()).toContain(pune1.id);

    const staticList = await company.api.post(listsPath, {
      name: 'Chosen',
      kind: 'static',
      contacts: [pune1.id, delhi.id],
    });
    expect(staticList.status, JSON.stringify(staticList.body)).toBe(201);
    expect(staticList.body.contact_count).toBe(2);
    const members = await company.api.get(`contact_lists/${staticList.body.id}/contacts?ordering=name`);
    expect(members.body.results.map((c: any) => c.name)).toEqual(['D1', 'P1']);
    const removed = await company.api.post(`contact_lists/${staticList.body.id}/remove_contacts`, {
      contacts: [delhi.id],
    });
    expect(removed.body.contact_count).toBe(1);

    const duplicate = await company.api.post(listsPath, { name: 'chosen', kind: 'static' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors.name).toEqual(['A contact list with this name already exists.']);

    const other = await marketingCompany();
    expect((await other.api.get(`contact_lists/${staticList.body.id}`)).status).toBe(404);
    const foreign = await other.api.post(`companies/${other.companyId}/contact_lists`, {
      name: 'Steal',
      kind: 'static',
      contacts: [pune1.id],
    });
    expect(foreign.status).toBe(400);
  });
});

describe('contact import', () => {
  it('shows every error of a file, refuses it whole, then imports the valid rows and updates by phone', async () => {
    const company = await marketingCompany();
    const existing = await createContact(company, { name: 'Old Name', city: 'Thane' });
    const fresh = uniquePhone();
    const csv = [
      'Full Name,Mobile,Email,City,State,Tags,Consent Email',
      `Ravi Kumar,${fresh},ravi@shop.in,Pune,Maharashtra,retail;diwali,yes`,
      `New Name,${existing.phone},,,,,`,
      'Bad Row,12345,not-an-email,,Atlantis,,maybe',
      `,${uniquePhone()},,,,,`,
    ].join('\n');
    const base = `companies/${company.companyId}/contact_imports`;

    const dry = await upload(company, `${base}/dry_run`, csv);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ total_rows: 4, valid_rows: 2, error_count: 5 });
    expect(dry.body.mapping).toMatchObject({ name: 'Full Name', phone: 'Mobile', email: 'Email' });
    expect(dry.body.errors).toEqual(
      expect.arrayContaining([
        { row: 4, column: 'Mobile', message: expect.stringMatching(/10-digit/) },
        { row: 4, column: 'Email', message: 'Please enter a valid email address.' },
        { row: 4, column: 'State', message: 'No state with this name.' },
        { row: 4, column: 'Consent Email', message: 'Use yes or no.' },
        { row: 5, column: 'Full Name', message: 'This field is required.' },
      ]),
    );
    const errorCsv = await upload(company, `${base}/dry_run?error_report=csv`, csv);
    expect(String(errorCsv.body).split(/\r?\n/)[0]).toBe('row,column,message');

    const refused = await upload(company, base, csv);
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body).toMatchObject({ status: 'validation_error', failed_count: 5, processed_rows: 0 });
    expect((await company.api.get(`${contactsPath(company)}?search=Ravi`)).body.count).toBe(0);

    const started = await upload(company, `${base}?import_valid_rows=true`, csv);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({
      status: 'partial_success',
      created_count: 1,
      updated_count: 1,
      processed_rows: 2,
    });

    const ravi = (await company.api.get(`${contactsPath(company)}?search=${fresh}`)).body.results[0];
    expect(ravi).toMatchObject({
      name: 'Ravi Kumar',
      city: 'Pune',
      state: { id: 27 },
      tags: ['retail', 'diwali'],
      source: 'import',
    });
    expect(ravi.consents.find((c: any) => c.medium === 'email')).toMatchObject({
      consented: true,
      consent_source: 'import',
    });
    const updated = (await company.api.get(`contacts/${existing.id}`)).body;
    expect(updated).toMatchObject({ name: 'New Name', city: 'Thane' });

    const jobs = await company.api.get(`companies/${company.companyId}/bulk_jobs?kind=create_contact`);
    expect(jobs.body.results.map((j: any) => j.status)).toEqual(['partial_success', 'validation_error']);
    const other = await marketingCompany();
    expect((await other.api.get(`bulk_jobs/${job.id}`)).status).toBe(404);
  });

  it('never gives consent by import over an opt-out', async () => {
    const company = await marketingCompany();
    const contact = await createContact(company, { consents: { sms: true } });
    await company.api.post(`contacts/${contact.id}/opt_out`, { medium: 'sms', way: 'link' });
    const started = await upload(
      company,
      `companies/${company.companyId}/contact_imports`,
      `name,phone,consent_sms\nSame Person,${contact.phone},yes\n`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await waitForJob(company, started.body.id)).status).toBe('success');
    const after = (await company.api.get(`contacts/${contact.id}`)).body;
    expect(after.consents.find((c: any) => c.medium === 'sms')).toMatchObject({
      consented: false,
      opted_out: true,
    });
  });
});
