import { biWindows } from '@b2b/domain/business-intelligence';
import { todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { createProduct, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, makeOverdue, payInvoices, paymentWorld } from '../../../test/payments-fixtures.ts';
import { reportPath } from '../../../test/report-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import { daysFromToday } from '../../../test/sales-fixtures.ts';

// Business intelligence (issue 25) against hand-built data: each flag's figures worked out by hand.
// Sales are rows of sales_lines: through real invoices where BI is compared with the reports, and
// written straight into the table for the flags (a buyer 40% below average, a product 65% down
// over 60 days, a discount that ended), so each bucket holds exactly the figures named.

// Setting up invoices and payments through the API is slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const BI = (company: SignedUpCompany, rest: string) =>
  `admin/companies/${company.companyId}/business-intelligence/${rest}`;

let lineSeq = 0;
/** A sale line written straight into sales_lines: `rupees` of Net Sales, `days` days ago. */
async function saleLine(
  company: SignedUpCompany,
  line: {
    buyer: number;
    product: number;
    days: number;
    rupees: number;
    quantity?: number;
    cost?: number | null;
  },
) {
  lineSeq += 1;
  const lineId = 9_000_000_000 + process.pid * 1000 + lineSeq;
  await sql`INSERT INTO sales_lines (company_id, document_type, document_id, line_id, order_id, day, branch_id,
      buyer_id, product_id, quantity, taxable_paise, tax_paise, cost_paise)
    VALUES (${company.companyId}, 'invoice', ${lineId}, ${lineId}, ${lineId}, ${daysFromToday(-line.days)}::date,
      ${company.branchId}, ${line.buyer}, ${line.product}, ${line.quantity ?? 1}, ${line.rupees * 100},
      ${line.rupees * 18}, ${line.cost === undefined ? line.rupees * 60 : line.cost === null ? null : line.cost * 100})`.execute(
    dbOf(company),
  );
}

/** Days ago that fall in bucket `back` (0: the last 30 days; 1..6 the 180 days before). */
const inBucket = (back: number) => back * 30 + 5;

async function buyerRow(
  company: SignedUpCompany,
  name = `Buyer ${unique()}`,
  extra: Record<string, unknown> = {},
) {
  const row = await dbOf(company)
    .insertInto('buyers')
    .values({ company_id: company.companyId, name, ...extra } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), name };
}

describe('GET admin/companies/{companyId}/business-intelligence/business-performance', () => {
  it('has the Net Sales, returns and collections of the sales reports for the same 30 days, to the paisa', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const a = await invoicedOrder(world, 3);
    await invoicedOrder(world, 2);
    await createCreditNote(company, a.invoice as never, [[1, 100]]);
    await payInvoices(world, { amount: 150, allocations: [{ invoice: a.invoice.id, amount: 150 }] });

    const res = await company.api.get(BI(company, 'business-performance'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const metric = (key: string) => res.body.metrics.find((m: { key: string }) => m.key === key);
    const { recent } = biWindows(todayInIndia());
    expect(res.body.windows.recent).toEqual(recent);

    const summary = await company.api.get(
      `${reportPath(company, 'sales_summary')}?${new URLSearchParams({ ...recent })}`,
    );
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const people = await company.api.get(
      `${reportPath(company, 'sales_person_performance')}?${new URLSearchParams({ ...recent })}`,
    );
    expect(people.status, JSON.stringify(people.body)).toBe(200);
    // 5 units at ₹100 less 1 returned: ₹400 Net Sales; ₹100 returned; ₹150 collected.
    expect(summary.body.totals.net_sales).toBe(400);
    expect(metric('revenue').value).toBe(summary.body.totals.net_sales);
    expect(metric('revenue').value).toBe(400);
    expect(metric('collections').value).toBe(people.body.totals.collections);
    expect(metric('collections').value).toBe(150);
    expect(metric('orders').value).toBe(2);
    expect(metric('average_order_value').value).toBe(200);
    // Returns rate: ₹100 of ₹500 invoiced.
    expect(metric('returns_rate').value).toBe(20);
    expect(res.body.trend).toHaveLength(7);
    expect(res.body.trend[6].revenue).toBe(400);
    // Nothing before the window: no average to compare with.
    expect(metric('revenue').change_percent).toBeNull();
  });

  it('compares the last 30 days with the 30-day average of the 180 days before, leaving out ignored brands and buyers', async () => {
    const company = await signUpCompany();
    const buyer = await buyerRow(company);
    const ignoredBuyer = await buyerRow(company, `Ignored ${unique()}`, { ignore_for_bi: true });
    const product = await createProduct(company);
    const brand = await company.api.post(`companies/${company.companyId}/brands`, {
      name: `Brand ${unique()}`,
    });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const ignoredProduct = await createProduct(company, { fields: { brand: brand.body.id } });
    const ignored = await company.api.patch(`brands/${brand.body.id}/ignore_for_bi`, { ignore_for_bi: true });
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    // ₹6,000 in each of the six baseline buckets (average ₹6,000), ₹9,000 in the last 30 days: +50%.
    for (let back = 1; back <= 6; back++)
      await saleLine(company, { buyer: buyer.id, product: product.id, days: inBucket(back), rupees: 6000 });
    await saleLine(company, { buyer: buyer.id, product: product.id, days: 3, rupees: 9000 });
    // Left out: a line of the ignored brand's product and one of the ignored buyer.
    await saleLine(company, { buyer: buyer.id, product: ignoredProduct.id, days: 2, rupees: 50_000 });
    await saleLine(company, { buyer: ignoredBuyer.id, product: product.id, days: 2, rupees: 70_000 });

    const res = await company.api.get(BI(company, 'business-performance'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const revenue = res.body.metrics.find((m: { key: string }) => m.key === 'revenue');
    expect(revenue).toMatchObject({ value: 9000, average: 6000, change_percent: 50 });
    // Cost at sale 60% of Net Sales: a 40% margin both sides.
    const margin = res.body.metrics.find((m: { key: string }) => m.key === 'gross_margin');
    expect(margin).toMatchObject({ value: 40, average: 40, change_percent: 0 });
    expect(res.body.trend.map((t: { revenue: number }) => t.revenue)).toEqual([
      6000, 6000, 6000, 6000, 6000, 6000, 9000,
    ]);

    const products = await company.api.get(BI(company, 'product-performance'));
    expect(products.status).toBe(200);
    const names = [...products.body.rising, ...products.body.falling].map((r: { id: number }) => r.id);
    expect(names).not.toContain(ignoredProduct.id);
    const buyers = await company.api.get(BI(company, 'buyer-performance'));
    expect(buyers.body.top_buyers.map((r: { id: number }) => r.id)).toEqual([buyer.id]);
  });
});

describe('GET admin/companies/{companyId}/business-intelligence/buyer-performance', () => {
  it('flags a buyer 40% below its average, a lapsed buyer and a buyer over its credit limit', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const product = await createProduct(company);
    const slipping = await buyerRow(company, `Slipping ${unique()}`);
    const lapsed = await buyerRow(company, `Lapsed ${unique()}`);
    // Slipping: ₹10,000 a bucket before, ₹6,000 now: 40% below, ₹4,000 short.
    for (let back = 1; back <= 6; back++) {
      await saleLine(company, {
        buyer: slipping.id,
        product: product.id,
        days: inBucket(back),
        rupees: 10_000,
      });
      await saleLine(company, { buyer: lapsed.id, product: product.id, days: inBucket(back), rupees: 2_000 });
    }
    await saleLine(company, { buyer: slipping.id, product: product.id, days: 4, rupees: 6_000 });
    // The world's buyer: a limit of ₹100 and an invoice of ₹236 overdue by 10 days.
    await dbOf(company)
      .updateTable('buyers')
      .set({ credit_limit_paise: 10_000 })
      .where('company_id', '=', company.companyId)
      .where('id', '=', world.buyer.id)
      .execute();
    const { invoice } = await invoicedOrder(world, 2);
    await makeOverdue(world, invoice.id, 10);

    const res = await company.api.get(BI(company, 'buyer-performance'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const below = res.body.below_average.find((r: { id: number }) => r.id === slipping.id);
    expect(below).toMatchObject({ recent: 6000, average: 10000, change_percent: -40, shortfall: 4000 });
    expect(res.body.lapsed.map((r: { id: number }) => r.id)).toContain(lapsed.id);
    const risk = res.body.credit_risk.find((r: { id: number }) => r.id === world.buyer.id);
    expect(risk).toMatchObject({
      amount_due: 236,
      overdue: 236,
      newly_overdue: 236,
      credit_limit: 100,
      over_limit_by: 136,
    });
    const lapsedMetric = res.body.metrics.find((m: { key: string }) => m.key === 'lapsed_buyers');
    expect(lapsedMetric.value).toBe(1);

    const insights = await company.api.get(BI(company, 'buyer-performance/actionable-insights'));
    expect(insights.status, JSON.stringify(insights.body)).toBe(200);
    const remind = insights.body.actions.find((a: { key: string }) => a.key === 'buyer.remind_overdue');
    expect(remind.title).toBe('Remind 1 buyer with ₹236.00 overdue');
    expect(remind.do).toMatchObject({
      kind: 'link',
      path: '/campaigns/automated-recurring-campaign',
      search: { campaignMedium: 'whatsapp', purpose: 'payment_reminder' },
    });
    const call = insights.body.actions.find((a: { key: string }) => a.key === 'buyer.call_lapsed');
    expect(call.do.kind).toBe('notify');
    expect(call.subjects[0]).toMatchObject({ id: lapsed.id, value: 2000 });
  });
});

describe('GET admin/companies/{companyId}/business-intelligence/product-performance and inventory-performance', () => {
  it('flags a product 65% down over 60 days with stock, and a product down more than 30% after its offer ended', async () => {
    const company = await signUpCompany();
    const buyer = await buyerRow(company);
    const slow = await createProduct(company, { openingStock: 40, fields: { cost_price: 50 } });
    const discounted = await createProduct(company);
    // Slow: 50 units in each of the two 30-day buckets before, 17.5 in the last 30 days: 65% down.
    await saleLine(company, {
      buyer: buyer.id,
      product: slow.id,
      days: inBucket(1),
      rupees: 5000,
      quantity: 50,
    });
    await saleLine(company, {
      buyer: buyer.id,
      product: slow.id,
      days: inBucket(2),
      rupees: 5000,
      quantity: 50,
    });
    await saleLine(company, { buyer: buyer.id, product: slow.id, days: 6, rupees: 1750, quantity: 17.5 });
    // Discounted: ₹3,000 a bucket before, ₹1,800 now: 40% down, after an offer that ended 10 days ago.
    for (let back = 1; back <= 6; back++)
      await saleLine(company, {
        buyer: buyer.id,
        product: discounted.id,
        days: inBucket(back),
        rupees: 3000,
      });
    await saleLine(company, { buyer: buyer.id, product: discounted.id, days: 2, rupees: 1800 });
    const offer = await dbOf(company)
      .insertInto('offers')
      .values({
        company_id: company.companyId,
        title: 'Monsoon 10% off',
        discount_type: 'percentage',
        discount_percent: 10,
        start_date: daysFromToday(-60),
        end_date: daysFromToday(-10),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await dbOf(company)
      .insertInto('offer_targets')
      .values({
        company_id: company.companyId,
        offer_id: offer.id,
        target_type: 'product',
        target_id: discounted.id,
      })
      .execute();

    const products = await company.api.get(BI(company, 'product-performance'));
    expect(products.status, JSON.stringify(products.body)).toBe(200);
    expect(products.body.discount_view).toEqual([
      expect.objectContaining({
        id: discounted.id,
        recent: 1800,
        average: 3000,
        change_percent: -40,
        offer_title: 'Monsoon 10% off',
        offer_state: 'ended',
        offer_end_date: daysFromToday(-10),
      }),
    ]);

    const inventory = await company.api.get(BI(company, 'inventory-performance'));
    expect(inventory.status, JSON.stringify(inventory.body)).toBe(200);
    const flagged = inventory.body.slow_movers.find((r: { id: number }) => r.id === slow.id);
    // 40 on hand at ₹50; 117.5 units in 210 days.
    expect(flagged).toMatchObject({
      on_hand: 40,
      stock_value: 2000,
      change_percent: -65,
      recent: 1750,
      average: 5000,
    });
    expect(inventory.body.slow_movers.map((r: { id: number }) => r.id)).not.toContain(discounted.id);

    const insights = await company.api.get(BI(company, 'inventory-performance/actionable-insights'));
    const clear = insights.body.actions.find((a: { key: string }) => a.key === 'inventory.clear_slow');
    expect(clear.title).toBe('Clear ₹2.00 K of stock in 1 product whose sales fell more than 60%');
    // The discounted product has no stock and sells: reorder it, prefilled.
    const reorder = insights.body.actions.find((a: { key: string }) => a.key === 'inventory.reorder');
    expect(reorder.do.path).toBe('/purchase-orders/new');
    expect(reorder.do.search.items).toContain(`${discounted.id}:`);
  });
});

describe('GET admin/companies/{companyId}/business-intelligence/sales-performance', () => {
  it('credits revenue, orders and collections to the sales person of the order', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const { invoice } = await invoicedOrder(world, 4);
    await payInvoices(world, { amount: 200, allocations: [{ invoice: invoice.id, amount: 200 }] });
    const res = await company.api.get(BI(company, 'sales-performance'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const total = res.body.people.reduce((s: number, p: { revenue: number }) => s + p.revenue, 0);
    expect(total).toBe(400);
    expect(res.body.people.reduce((s: number, p: { collections: number }) => s + p.collections, 0)).toBe(200);
    expect(res.body.people.reduce((s: number, p: { orders: number }) => s + p.orders, 0)).toBe(1);
    expect(res.body.people.reduce((s: number, p: { new_buyers: number }) => s + p.new_buyers, 0)).toBe(1);
  });
});

describe('POST admin/companies/{companyId}/business-intelligence/actions/{key}', () => {
  it('marks an action done for the month with history, reopens it, and refuses once it no longer holds', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const { invoice } = await invoicedOrder(world, 1);
    await makeOverdue(world, invoice.id, 5);
    const path = BI(company, 'actions/business.remind_overdue');
    const done = await company.api.post(path, { status: 'done' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'done',
      period: todayInIndia().slice(0, 7),
      message: 'Marked as done.',
    });
    const insights = await company.api.get(BI(company, 'business-performance/actionable-insights'));
    const action = insights.body.actions.find((a: { key: string }) => a.key === 'business.remind_overdue');
    expect(action).toMatchObject({ status: 'done', marked_by: expect.any(String) });
    const history = await dbOf(company)
      .selectFrom('history')
      .select('action')
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'bi_action')
      .execute();
    expect(history.map((h) => h.action)).toContain('done');

    const reopened = await company.api.post(path, { status: 'open' });
    expect(reopened.body.status).toBe('open');
    const again = await company.api.get(BI(company, 'business-performance/actionable-insights'));
    expect(again.body.actions.find((a: { key: string }) => a.key === 'business.remind_overdue').status).toBe(
      'open',
    );

    // The buyer pays: nothing is overdue, and the action says so instead of being marked.
    await payInvoices(world, { amount: 118, allocations: [{ invoice: invoice.id, amount: 118 }] });
    const stale = await company.api.post(path, { status: 'done' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(
      'This no longer holds: the figures behind it have changed, so there is nothing to do.',
    );
  });

  it("creates a follow-up due today for each lapsed buyer, for its last order's sales person, once", async () => {
    const world = await paymentWorld();
    const { company } = world;
    const db = dbOf(company);
    const seller = await createUserWithPermissions(company, ['view_lead']);
    // The world's buyer: an order taken by `seller` and invoiced 65 days ago, nothing since.
    const { order, invoice } = await invoicedOrder(world, 2);
    await db
      .updateTable('sales_orders')
      .set({ sales_person_id: seller.user.id, order_date: daysFromToday(-65) })
      .where('company_id', '=', company.companyId)
      .where('id', '=', order.id)
      .execute();
    await makeOverdue(world, invoice.id, 64);
    // A buyer of no order (a line written straight in): the follow-up goes to whoever asks.
    const quiet = await buyerRow(company, `Kulkarni Stores ${unique()}`);
    await saleLine(company, { buyer: quiet.id, product: world.productId, days: inBucket(2), rupees: 4500 });

    const path = BI(company, 'actions/buyer.call_lapsed/perform');
    const res = await company.api.post(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'done', message: '2 follow-ups created for today.' });
    const leads = await db
      .selectFrom('leads')
      .select([
        'id',
        'name',
        'status',
        'sales_person_id',
        'existing_buyer_id',
        'buyer_id',
        'notes',
        sql<string>`to_char(next_follow_up_date, 'YYYY-MM-DD')`.as('next_follow_up_date'),
      ])
      .where('company_id', '=', company.companyId)
      .orderBy('id')
      .execute();
    expect(leads).toHaveLength(2);
    const today = todayInIndia();
    const ofBuyer = (id: number) => leads.find((l) => Number(l.existing_buyer_id) === id);
    expect(ofBuyer(world.buyer.id)).toMatchObject({
      name: world.buyer.name,
      status: 'need_follow_up',
      next_follow_up_date: today,
      sales_person_id: seller.user.id,
      buyer_id: null,
    });
    expect(ofBuyer(quiet.id)).toMatchObject({
      name: quiet.name,
      status: 'need_follow_up',
      next_follow_up_date: today,
      sales_person_id: company.userId,
    });
    expect(ofBuyer(quiet.id)?.notes).toContain('Lapsed buyer: bought ₹750.00 a month in the 180 days before');
    // The sales person sees theirs among the day's follow-ups; no notification instead.
    const due = await seller.api.get(`admin/companies/${company.companyId}/leads/follow_ups`);
    expect(due.status, JSON.stringify(due.body)).toBe(200);
    expect(due.body).toEqual({ due_today: 1, overdue: 0 });
    const notices = await db
      .selectFrom('notifications')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('service', '=', 'business_intelligence')
      .execute();
    expect(notices).toHaveLength(0);
    const insights = await company.api.get(BI(company, 'buyer-performance/actionable-insights'));
    const call = insights.body.actions.find((a: { key: string }) => a.key === 'buyer.call_lapsed');
    expect(call).toMatchObject({
      status: 'done',
      do: { kind: 'notify', label: 'Create follow-ups for today' },
    });
    const history = await db
      .selectFrom('history')
      .select(['entity_type', 'action'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', 'in', ['bi_action', 'lead'])
      .execute();
    expect(history.filter((h) => h.entity_type === 'lead' && h.action === 'created')).toHaveLength(2);
    expect(history.filter((h) => h.entity_type === 'bi_action' && h.action === 'performed')).toHaveLength(1);

    // Again: the open follow-ups stay the only ones. One closed (not interested): the next call opens one.
    const again = await company.api.post(path);
    expect(again.body.message).toBe('Every lapsed buyer already has an open follow-up.');
    const quietLead = ofBuyer(quiet.id)?.id as number;
    const closed = await company.api.patch(`admin/leads/${quietLead}`, { status: 'not_interested' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const third = await company.api.post(path);
    expect(third.body.message).toBe('1 follow-up created for today; 1 buyer already had one open.');
    const count = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    // The lead is a buyer already: it is not converted into another.
    const convert = await company.api.post(`admin/leads/${ofBuyer(world.buyer.id)?.id}/convert`, {});
    expect(convert.status, JSON.stringify(convert.body)).toBe(409);
    // Creating follow-ups takes add_lead besides view_business_intelligence.
    const viewer = await createUserWithPermissions(company, ['view_business_intelligence']);
    const refused = await viewer.api.post(path);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('You do not have permissions to add leads.');
  });

  it('performs a notice: raises the notification naming the buyers and marks the action done', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const slipping = await buyerRow(company, `Joshi Traders ${unique()}`);
    for (let back = 1; back <= 6; back++)
      await saleLine(company, {
        buyer: slipping.id,
        product: product.id,
        days: inBucket(back),
        rupees: 10_000,
      });
    await saleLine(company, { buyer: slipping.id, product: product.id, days: 4, rupees: 5_000 });
    const res = await company.api.post(BI(company, 'actions/buyer.call_below_average/perform'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'done', message: 'Notification raised for the team.' });
    const notices = await dbOf(company)
      .selectFrom('notifications')
      .select(['message', 'service'])
      .where('company_id', '=', company.companyId)
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.service).toBe('business_intelligence');
    expect(notices[0]?.message).toContain(slipping.name);
    // A link action is not performed here.
    const link = await company.api.post(BI(company, 'actions/buyer.remind_overdue/perform'));
    expect(link.status).toBe(409);
  });

  it('refuses a key that is no action and a status that is none', async () => {
    const company = await signUpCompany();
    const bad = await company.api.post(BI(company, 'actions/nothing'), { status: 'done' });
    expect(bad.status).toBe(400);
    const unknown = await company.api.post(BI(company, 'actions/weather.rain'), { status: 'done' });
    expect(unknown.status).toBe(404);
    const status = await company.api.post(BI(company, 'actions/buyer.call_lapsed'), { status: 'later' });
    expect(status.status).toBe(400);
  });
});

describe('business intelligence: permission and isolation', () => {
  it('answers 403 without view_business_intelligence, and 200 with it', async () => {
    const company = await signUpCompany();
    const without = await createUserWithPermissions(company, ['view_reports']);
    for (const page of ['business-performance', 'sales-performance/actionable-insights']) {
      const res = await without.api.get(BI(company, page));
      expect(res.status).toBe(403);
    }
    const mark = await without.api.post(BI(company, 'actions/buyer.call_lapsed'), { status: 'dismissed' });
    expect(mark.status).toBe(403);
    const withIt = await createUserWithPermissions(company, ['view_business_intelligence']);
    const ok = await withIt.api.get(BI(company, 'inventory-performance'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("never shows or marks another company's figures", async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    const product = await createProduct(a);
    const buyer = await buyerRow(a);
    await saleLine(a, { buyer: buyer.id, product: product.id, days: 1, rupees: 777 });
    const foreign = await b.api.get(BI(a, 'business-performance'));
    expect([403, 404]).toContain(foreign.status);
    const own = await b.api.get(BI(b, 'business-performance'));
    expect(own.body.metrics.find((m: { key: string }) => m.key === 'revenue').value).toBe(0);
    const mark = await b.api.post(BI(a, 'actions/buyer.call_lapsed'), { status: 'dismissed' });
    expect([403, 404]).toContain(mark.status);
    const marks = await dbOf(a)
      .selectFrom('bi_action_marks')
      .select('id')
      .where('company_id', '=', a.companyId)
      .execute();
    expect(marks).toHaveLength(0);
    expect((await firstWarehouse(a)).id).toBeGreaterThan(0);
  });
});
