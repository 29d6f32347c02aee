import { FEEDBACK_MESSAGES as M } from '@b2b/domain/customer-feedback';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { marketingCompany } from '../../../test/campaign-message-fixtures.ts';
import { createUserWithPermissions, type SignedUpCompany, unique } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { createShippableInvoice, moveShipment, ship } from '../../../test/shipments-fixtures.ts';

const formsPath = (c: SignedUpCompany) => `admin/companies/${c.companyId}/feedback_forms`;
const requestsPath = (c: SignedUpCompany) => `admin/companies/${c.companyId}/feedback_requests`;
const settingsPath = (c: SignedUpCompany) => `admin/companies/${c.companyId}/feedback_settings`;

const QUESTIONS = [
  { kind: 'text', label: 'What could we do better?' },
  { kind: 'single_choice', label: 'How was the packing?', required: true, options: ['Good', 'Damaged'] },
  { kind: 'yes_no', label: 'Would you order again?', required: true },
];

let ipSequence = 1;
/** A client without sign-in from its own address (the public pages are limited per address). */
function stranger(company: SignedUpCompany, accept = 'application/json') {
  const n = ipSequence++;
  return new ApiClient(company.t.baseUrl).as(undefined, {
    'x-forwarded-for': `10.${(process.pid >> 8) & 255}.${(n >> 8) & 255}.${n & 255}`,
    accept,
  });
}

async function createForm(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const res = await company.api.post(formsPath(company), {
    title: `After delivery ${unique()}`,
    intro: 'Two minutes of your time helps us serve you better.',
    questions: QUESTIONS,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.form;
}

async function insertBuyer(company: SignedUpCompany, email: string | null = `buyer.${unique()}@example.in`) {
  return company.t.server.ctx.db
    .insertInto('buyers')
    .values({ company_id: company.companyId, name: `Sharma Traders ${unique()}`, email })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

async function requestFor(company: SignedUpCompany, body: Record<string, unknown>) {
  const res = await company.api.post(requestsPath(company), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { detail: string; request: any };
}

const tokenOf = (url: string) => /\/api\/feedback\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1] ?? '';

/** The feedback link mailed to `email`, read from the SMTP capture. */
async function mailedLink(company: SignedUpCompany, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = company.t.mail.messages.find((m) => m.to === email.toLowerCase());
    if (mail) {
      const raw = mail.raw.replace(/=\r?\n/g, '');
      const token = /\/api\/feedback\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no feedback mail reached ${email}`);
}

// The shared server starts (and migrates) once per worker: not inside a test's time.
beforeAll(() => testServer(), 180_000);

describe('feedback forms', () => {
  it('creates a form with keyed questions, refuses a taken title and bad questions, edits with history', async () => {
    const company = await marketingCompany();
    const form = await createForm(company, { title: 'Delivery check' });
    expect(form).toMatchObject({
      title: 'Delivery check',
      is_active: true,
      requests: 0,
      average_rating: null,
      questions: [
        { key: 'q1', kind: 'text', required: false, options: [] },
        { key: 'q2', kind: 'single_choice', options: ['Good', 'Damaged'] },
        { key: 'q3', kind: 'yes_no', required: true },
      ],
    });
    const taken = await company.api.post(formsPath(company), { title: 'delivery CHECK' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.title).toEqual([M.title_taken]);
    const bad = await company.api.post(formsPath(company), {
      title: 'Bad',
      questions: [
        { kind: 'single_choice', label: 'Pick', options: ['Only'] },
        { kind: 'emoji', label: 'x' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['questions.0.options']).toEqual([M.question_options_required]);

    const changed = await company.api.patch(`admin/feedback_forms/${form.id}`, {
      is_active: false,
      title: 'Renamed',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.form).toMatchObject({ title: 'Renamed', is_active: false });
    const list = await company.api.get(`${formsPath(company)}?is_active=false&search=renam`);
    expect(list.body.results.map((f: { id: number }) => f.id)).toEqual([form.id]);
    const history = await historyRows(company, 'feedback_form', form.id, ['action']);
    expect(history.map((h) => h.action)).toEqual(['created', 'updated']);
  });
});

describe('a feedback request answered on its public link', () => {
  it('mails the link, shows only the company and the questions, takes one answer, refuses the second with 409', async () => {
    const company = await marketingCompany();
    const form = await createForm(company);
    const buyer = await insertBuyer(company);
    const { detail, request } = await requestFor(company, { form: form.id, buyer: buyer.id });
    expect(detail).toBe(M.request_sent(buyer.email as string));
    expect(request).toMatchObject({
      status: 'pending',
      source: 'manual',
      buyer: { id: buyer.id, name: buyer.name },
      email_queued: true,
      rating: null,
    });
    const token = await mailedLink(company, buyer.email as string);
    expect(tokenOf(request.url)).toBe(token);

    const page = await stranger(company, 'text/html').get(`feedback/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = String(page.body);
    const { name } = await company.t.server.ctx.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(html).toContain(`<h1>${name}</h1>`);
    expect(html).toContain('How was the packing?');
    expect(html).toContain('<legend>How would you rate us?');
    expect(html).not.toContain(buyer.name);
    const json = await stranger(company).get(`feedback/${token}`);
    expect(Object.keys(json.body).sort()).toEqual([
      'company',
      'expires_at',
      'intro',
      'questions',
      'rating',
      'title',
    ]);

    const refused = await stranger(company).post(`feedback/${token}`, { rating: 9, answers: { q2: 'Lost' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      rating: [M.rating_required],
      'answers.q2': [M.choice_invalid],
      'answers.q3': [M.answer_required],
    });

    const answered = await stranger(company).post(`feedback/${token}`, {
      rating: 4,
      answers: { q1: 'Deliver before noon', q2: 'Good', q3: true },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toEqual({ detail: M.thank_you, google_review_url: null });

    const again = await stranger(company).post(`feedback/${token}`, {
      rating: 1,
      answers: { q2: 'Damaged', q3: false },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(M.already_answered);
    const againPage = await stranger(company, 'text/html').get(`feedback/${token}`);
    expect(againPage.status).toBe(409);
    expect(String(againPage.body)).toContain(M.already_answered);

    const detailRes = await company.api.get(`admin/feedback_requests/${request.id}`);
    expect(detailRes.body).toMatchObject({
      status: 'answered',
      rating: 4,
      answers: [
        { key: 'q1', answer: 'Deliver before noon' },
        { key: 'q2', answer: 'Good' },
        { key: 'q3', answer: true },
      ],
    });
    const history = await historyRows(company, 'feedback_request', request.id, ['action', 'user_id']);
    expect(history).toEqual([
      { action: 'requested', user_id: company.userId },
      { action: 'answered', user_id: null },
    ]);
  });

  it('takes the HTML form post and shows the Google review link after 4 or 5 stars', async () => {
    const company = await marketingCompany();
    const bad = await company.api.put(settingsPath(company), {
      google_review_url: 'https://example.com/review',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.google_review_url).toEqual([M.google_review_url]);
    const saved = await company.api.put(settingsPath(company), {
      google_review_url: 'https://g.page/r/CdEmo123/review',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.detail).toBe(M.google_review_saved);

    const form = await createForm(company, { questions: [] });
    const buyer = await insertBuyer(company, null);
    const { detail, request } = await requestFor(company, { form: form.id, buyer: buyer.id });
    expect(detail).toBe(M.no_email);
    expect(request.email_queued).toBe(false);
    const token = tokenOf(request.url);
    const res = await stranger(company, 'text/html').post(`feedback/${token}`, 'rating=5', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain(M.thank_you);
    expect(String(res.body)).toContain('href="https://g.page/r/CdEmo123/review"');
    expect(String(res.body)).toContain('Review us on Google');

    const unhappy = await requestFor(company, { form: form.id, buyer: buyer.id });
    const three = await stranger(company).post(`feedback/${tokenOf(unhappy.request.url)}`, { rating: 3 });
    expect(three.body.google_review_url).toBeNull();
  });

  it('refuses an expired link with 410 and an unknown one with 404', async () => {
    const company = await marketingCompany();
    const form = await createForm(company, { questions: [] });
    const buyer = await insertBuyer(company, null);
    const { request } = await requestFor(company, { form: form.id, buyer: buyer.id });
    await company.t.server.ctx.db
      .updateTable('feedback_requests')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('id', '=', request.id)
      .execute();
    const token = tokenOf(request.url);
    const res = await stranger(company).post(`feedback/${token}`, { rating: 5 });
    expect(res.status).toBe(410);
    expect(res.body.detail).toBe(M.link_expired);
    const page = await stranger(company, 'text/html').get(`feedback/${token}`);
    expect(page.status).toBe(410);
    expect(String(page.body)).toContain(M.link_expired);
    const listed = await company.api.get(`${requestsPath(company)}?status=expired`);
    expect(listed.body.results.map((r: { id: number }) => r.id)).toEqual([request.id]);
    const unknown = await stranger(company).get(`feedback/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(M.link_not_found);
    expect((await stranger(company).get('feedback/short')).status).toBe(404);
  });
});

describe('low ratings', () => {
  it('raise a notification seen by users with view_customer_feedback only', async () => {
    const company = await marketingCompany();
    const reader = await createUserWithPermissions(company, ['view_customer_feedback']);
    const other = await createUserWithPermissions(company, ['view_product']);
    const form = await createForm(company, { questions: [] });
    const buyer = await insertBuyer(company, null);
    const { request } = await requestFor(company, { form: form.id, buyer: buyer.id });
    const res = await stranger(company).post(`feedback/${tokenOf(request.url)}`, { rating: 2 });
    expect(res.status).toBe(200);
    const notice = `Low rating: 2/5 from ${buyer.name}.`;
    const messages = async (api: ApiClient) =>
      (
        (await api.get(`companies/${company.companyId}/notifications`)).body.results as { message: string }[]
      ).map((n) => n.message);
    expect(await messages(company.api)).toContain(notice);
    expect(await messages(reader.api)).toContain(notice);
    expect(await messages(other.api)).not.toContain(notice);

    // A rating above the threshold raises nothing; the company may move the threshold.
    const moved = await company.api.put(settingsPath(company), { low_rating_threshold: 3 });
    expect(moved.body.settings.low_rating_threshold).toBe(3);
    const second = await requestFor(company, { form: form.id, buyer: buyer.id });
    await stranger(company).post(`feedback/${tokenOf(second.request.url)}`, { rating: 3 });
    expect((await messages(reader.api)).filter((m) => m.startsWith('Low rating: 3/5'))).toHaveLength(1);
  });
});

describe('after delivery', () => {
  it('asks the buyer once per invoice when the company sends requests after delivery', async () => {
    const company = await marketingCompany();
    const form = await createForm(company);
    const { invoice } = await createShippableInvoice(company);
    const shipment = await ship(company, invoice.id);
    const requestsOf = async () =>
      (await company.api.get(`${requestsPath(company)}?limit=50`)).body.results as any[];

    // Off by default: a delivery asks nothing.
    const settings = await company.api.get(settingsPath(company));
    expect(settings.body).toMatchObject({
      send_after_delivery: false,
      low_rating_threshold: 2,
      link_valid_days: 30,
    });
    await moveShipment(company, shipment.id, 'picked_up', 'shipped', 'delivered');
    expect(await requestsOf()).toEqual([]);

    const on = await company.api.put(settingsPath(company), {
      send_after_delivery: true,
      default_form: form.id,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const second = await createShippableInvoice(company);
    const first = await ship(company, second.invoice.id, [1]);
    const rest = await ship(company, second.invoice.id);
    await moveShipment(company, first.id, 'picked_up', 'shipped', 'delivered');
    await moveShipment(company, rest.id, 'picked_up', 'shipped', 'delivered');
    const made = await requestsOf();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      source: 'delivery',
      form: { id: form.id },
      invoice: { id: second.invoice.id, invoice_number: second.invoice.invoice_number },
      shipment: first.id,
      buyer: { id: second.buyer.id },
    });
  });
});

describe('the list and its averages', () => {
  it('filters by rating, buyer and date, searches, orders, and averages per month', async () => {
    const company = await marketingCompany();
    const form = await createForm(company, { questions: [{ kind: 'text', label: 'Anything else?' }] });
    const a = await insertBuyer(company, null);
    const b = await insertBuyer(company, null);
    const answers: [number, number, string][] = [
      [a.id, 5, 'prompt delivery'],
      [a.id, 4, 'good rates'],
      [b.id, 1, 'cartons were wet'],
    ];
    const ids: number[] = [];
    for (const [buyer, rating, text] of answers) {
      const { request } = await requestFor(company, { form: form.id, buyer });
      const res = await stranger(company).post(`feedback/${tokenOf(request.url)}`, {
        rating,
        answers: { q1: text },
      });
      expect(res.status).toBe(200);
      ids.push(request.id);
    }
    // The first answer came two months ago.
    await company.t.server.ctx.db
      .updateTable('feedback_requests')
      .set({ answered_at: sql`now() - interval '62 days'`, created_at: sql`now() - interval '63 days'` })
      .where('id', '=', ids[0] as number)
      .execute();
    await requestFor(company, { form: form.id, buyer: b.id });

    const list = async (query: string) =>
      ((await company.api.get(`${requestsPath(company)}?${query}`)).body.results as any[]).map((r) => r.id);
    expect(await list('rating__in=1,2')).toEqual([ids[2]]);
    expect(await list(`buyer=${a.id}&ordering=rating`)).toEqual([ids[1], ids[0]]);
    expect(await list('search=wet')).toEqual([ids[2]]);
    expect((await list('status=pending')).length).toBe(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await list(`status=answered&start_date=${today}&ordering=-rating`)).sort()).toEqual(
      [ids[1], ids[2]].sort(),
    );
    const bad = await company.api.get(`${requestsPath(company)}?rating__in=6`);
    expect(bad.status).toBe(400);

    const summary = await company.api.get(`${requestsPath(company)}/summary`);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body).toMatchObject({ requests: 4, answered: 3, average_rating: 3.33 });
    expect(summary.body.distribution).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 1 },
    ]);
    expect(summary.body.periods).toHaveLength(12);
    expect(summary.body.periods.at(-1)).toMatchObject({ count: 2, average: 2.5 });
    expect(summary.body.periods.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(3);
    const forms = await company.api.get(formsPath(company));
    expect(forms.body.results[0]).toMatchObject({ requests: 4, answered: 3, average_rating: 3.33 });
  });
});

describe('isolation and permissions', () => {
  it('keeps each company to its own forms, requests and buyers, and needs view_customer_feedback', async () => {
    const mine = await marketingCompany();
    const theirs = await marketingCompany();
    const form = await createForm(mine, { questions: [] });
    const buyer = await insertBuyer(mine, null);
    const { request } = await requestFor(mine, { form: form.id, buyer: buyer.id });
    expect((await theirs.api.get(`admin/feedback_requests/${request.id}`)).status).toBe(404);
    expect((await theirs.api.get(`admin/feedback_forms/${form.id}`)).status).toBe(404);
    expect((await theirs.api.patch(`admin/feedback_forms/${form.id}`, { is_active: false })).status).toBe(
      404,
    );
    const theirForm = await createForm(theirs, { questions: [] });
    const foreign = await theirs.api.post(requestsPath(theirs), { form: theirForm.id, buyer: buyer.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.buyer).toEqual([M.buyer_not_found]);
    const foreignForm = await theirs.api.post(requestsPath(theirs), { form: form.id, buyer: buyer.id });
    expect(foreignForm.status).toBe(400);
    // Another company's path is not found for them (the company guard).
    expect((await theirs.api.get(requestsPath(mine))).status).toBe(404);
    expect((await theirs.api.get(requestsPath(theirs))).body.count).toBe(0);

    const clerk = await createUserWithPermissions(mine, ['view_product']);
    const denied = await clerk.api.get(requestsPath(mine));
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toMatch(/permission/i);
    const reader = await createUserWithPermissions(mine, ['view_customer_feedback']);
    expect((await reader.api.get(requestsPath(mine))).status).toBe(200);
    expect((await reader.api.post(requestsPath(mine), { form: form.id, buyer: buyer.id })).status).toBe(403);
    expect((await reader.api.put(settingsPath(mine), { send_after_delivery: true })).status).toBe(403);
  });
});
