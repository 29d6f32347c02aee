import { beforeAll, describe, expect, it } from 'vitest';
import { unique, uniquePhone } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { type CounterWorld, counterWorld, sell } from '../../../test/instore-fixtures.ts';

/**
 * Feedback after a counter sale (issue 24): with the company's 'after an in-store sale' switch on,
 * the sale's buyer, when it has an e-mail address or a phone, is asked once about the sale's
 * invoice, in the sale's own transaction.
 */

beforeAll(() => testServer(), 180_000);

async function feedbackCounter(): Promise<CounterWorld & { formId: number }> {
  const world = await counterWorld();
  const { company } = world;
  const marketing = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(marketing.status, JSON.stringify(marketing.body)).toBe(200);
  const form = await company.api.post(`admin/companies/${company.companyId}/feedback_forms`, {
    title: `Counter survey ${unique()}`,
    questions: [{ kind: 'text', label: 'Anything to tell us?' }],
  });
  expect(form.status, JSON.stringify(form.body)).toBe(201);
  return { ...world, formId: form.body.form.id };
}

const requestsOf = (world: CounterWorld) =>
  world.company.t.server.ctx.db
    .selectFrom('feedback_requests')
    .select(['id', 'source', 'buyer_id', 'invoice_id', 'form_id', 'email_queued', 'recipient_email'])
    .where('company_id', '=', world.company.companyId)
    .orderBy('id')
    .execute();

const settingsPath = (world: CounterWorld) => `admin/companies/${world.company.companyId}/feedback_settings`;

describe('feedback after an in-store sale', { timeout: 120_000 }, () => {
  it('asks a reachable buyer once per sale when switched on, not the anonymous walk-in, nothing when off', async () => {
    const world = await feedbackCounter();
    const { company } = world;
    const sale = (body: Record<string, unknown>, key?: string) =>
      sell(world, { items: [{ product: world.pen.id, quantity: 1 }], ...body }, key);
    const cash = [{ payment_method: world.methods.cash, amount: 118 }];

    // Off (the default): nothing is asked.
    const before = await sale({ tenders: cash, walk_in: { name: 'Asha', phone: uniquePhone() } });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(await requestsOf(world)).toEqual([]);

    const on = await company.api.put(settingsPath(world), { send_after_instore_sale: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.settings).toMatchObject({ send_after_instore_sale: true, send_after_delivery: false });

    // A walk-in customer with a phone: asked, the link to be shared by hand (no e-mail).
    const key = crypto.randomUUID();
    const ravi = { tenders: cash, walk_in: { name: 'Ravi', phone: uniquePhone() } };
    const phoned = await sale(ravi, key);
    expect(phoned.status, JSON.stringify(phoned.body)).toBe(201);
    // The anonymous walk-in customer cannot be reached: not asked.
    const anonymous = await sale({ tenders: cash });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(201);
    // A retry of the first sale (same Idempotency-Key) is the same sale: no second request.
    const replay = await sale(ravi, key);
    expect(replay.status).toBe(201);
    expect(replay.body.order.id).toBe(phoned.body.order.id);

    // A buyer with an e-mail address: asked by e-mail.
    const email = `counter.${unique()}@example.in`;
    const buyer = await company.t.server.ctx.db
      .insertInto('buyers')
      .values({ company_id: company.companyId, name: `Mehta Kirana ${unique()}`, email })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mailed = await sale({ tenders: cash, buyer: buyer.id });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(201);

    const rows = await requestsOf(world);
    expect(rows).toEqual([
      expect.objectContaining({
        source: 'instore',
        buyer_id: phoned.body.buyer.id,
        invoice_id: phoned.body.invoice.id,
        form_id: world.formId,
        email_queued: false,
        recipient_email: null,
      }),
      expect.objectContaining({
        source: 'instore',
        buyer_id: buyer.id,
        invoice_id: mailed.body.invoice.id,
        email_queued: true,
        recipient_email: email,
      }),
    ]);
    const history = await historyRows(company, 'feedback_request', Number(rows[0]?.id), [
      'action',
      'user_id',
    ]);
    expect(history).toEqual([{ action: 'requested', user_id: company.userId }]);

    const deadline = Date.now() + 15_000;
    let raw = '';
    while (!raw && Date.now() < deadline) {
      raw = company.t.mail.messages.find((m) => m.to === email)?.raw.replace(/=\r?\n/g, '') ?? '';
      if (!raw) await new Promise((r) => setTimeout(r, 100));
    }
    expect(raw).toMatch(/\/api\/feedback\/[A-Za-z0-9_-]{43}/);
    expect(raw).toContain(mailed.body.invoice.invoice_number);

    const listed = await company.api.get(
      `admin/companies/${company.companyId}/feedback_requests?buyer=${buyer.id}`,
    );
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        source: 'instore',
        invoice: expect.objectContaining({ id: mailed.body.invoice.id }),
      }),
    ]);

    // Off again: a sale asks nothing.
    await company.api.put(settingsPath(world), { send_after_instore_sale: false });
    const after = await sale({ tenders: cash, buyer: buyer.id });
    expect(after.status).toBe(201);
    expect(await requestsOf(world)).toHaveLength(2);
  });
});
