import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../test/api-client.ts';
import { salesLinesBesideDefinition } from '../../test/sales-lines-check.ts';
import { readConfig } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { type RunningServer, startServer } from '../server.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemoCompany } from './seed-demo.ts';

/**
 * The demo is made only on a new database, and the shared test server's database has companies
 * already: this file starts a server of its own, on a new in-memory PGlite, or with
 * TEST_DATABASE_URL on a new PostgreSQL database beside the run's one (dropped afterwards).
 */
async function newDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const runDatabase = inject('databaseUrl');
  if (!runDatabase) return { url: undefined, drop: async () => {} };
  const name = `b2b_demo_${process.pid}_${Date.now()}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: runDatabase });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(runDatabase);
  url.pathname = `/${name}`;
  // The server's pool may still be closing its connections; killing them (WITH FORCE) would make
  // those clients emit errors nobody listens to any more. Wait for them to go instead.
  const drop = async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        return await onServer(`DROP DATABASE IF EXISTS ${name}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { url: url.toString(), drop };
}

let database: Awaited<ReturnType<typeof newDatabase>>;
let running: RunningServer;
let api: ApiClient;
let companyId: number;

beforeAll(async () => {
  database = await newDatabase();
  const work = path.join(os.tmpdir(), `b2b-demo-test-${process.pid}`);
  running = await startServer(
    {
      ...readConfig({}),
      databaseUrl: database.url,
      dataDir: database.url ? work : 'memory://',
      filesDir: path.join(work, 'files'),
      seedDemo: true,
      smtpUrl: undefined,
      jwtSecret: 'test-secret-for-the-demo-seed-test',
      runJobs: true,
    },
    {
      mailer: createMailer({ smtpUrl: undefined, from: 'test@b2b.local', log: () => {} }),
      log: () => {},
    },
  );
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = running.app.server.address() as AddressInfo;
  const anonymous = new ApiClient(`http://127.0.0.1:${port}/api`);
  const login = await anonymous.post('admin/auth/login/', {
    username: running.demo?.username,
    password: running.demo?.password,
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  api = anonymous.as(login.body.access_token);
  companyId = login.body.company.id;
}, 600_000);

afterAll(async () => {
  await running?.close();
  await database?.drop();
});

async function get(url: string) {
  const res = await api.get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

async function productBySku(sku: string) {
  const { results } = await get(`companies/${companyId}/products?search=${sku}`);
  const found = results.find((p: { sku: string }) => p.sku === sku);
  expect(found, sku).toBeDefined();
  return get(`products/${found.id}`);
}

/** The past year's bills (seed-demo-history.ts): SE/yy/nnnn and KHA/yy/nnnn. */
const RESTOCKING_BILL = /^(SE|KHA)\/\d{2}\/\d{4}$/;

/** A report of the engine over a period. */
async function report(key: string, query: string) {
  return get(`admin/companies/${companyId}/reports/${key}?${query}`) as Promise<{
    results: Record<string, string | number | null>[];
    totals: Record<string, string | number | null> | null;
    chart: Record<string, string | number | null>[] | null;
  }>;
}

/** The first day of the month `back` months before today's (India), and today. */
function lastMonths(back: number) {
  const today = todayInIndia();
  const start = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - back);
  return `start_date=${start.toISOString().slice(0, 10)}&end_date=${today}`;
}

async function buyerNamed(name: string) {
  const { results } = await get(`companies/${companyId}/buyers?limit=-1`);
  const found = results.find((b: { name: string }) => b.name === name);
  expect(found, name).toBeDefined();
  return found;
}

describe('demo company on a new database', () => {
  it('signs the demo admin in to a verified company with a branch in each state', async () => {
    expect(running.demo).toEqual({ username: DEMO_USERNAME, password: DEMO_PASSWORD });
    const me = await get('me');
    expect(me.company).toMatchObject({ name: 'Demo Traders Private Limited', is_verified: true });
    expect(me.branches.map((b: { name: string }) => b.name).sort()).toEqual(['Bengaluru', 'Mumbai']);
  });

  it('has categories with sub-categories and four brands', async () => {
    const categories = (await get(`companies/${companyId}/categories?limit=-1&expand=parent_category`))
      .results as { name: string; parent_category: { name: string } | null }[];
    const parentOf = (name: string) => categories.find((c) => c.name === name)?.parent_category?.name;
    expect(parentOf('Mixer Grinders')).toBe('Kitchen Appliances');
    expect(parentOf('Induction Cooktops')).toBe('Kitchen Appliances');
    expect(parentOf('Cookware')).toBe('Root Category');
    expect(categories).toHaveLength(7);
    const brands = await get(`companies/${companyId}/brands?limit=-1`);
    expect(brands.results.map((b: { name: string }) => b.name).sort()).toEqual([
      'Bajaj',
      'Havells',
      'Philips',
      'Prestige',
    ]);
  });

  it('lists fifteen priced products, three of them out of stock', async () => {
    const products = await get(`companies/${companyId}/products?limit=-1`);
    // Twelve of the catalogue, two that track serial numbers (seed-demo-serial-numbers.ts) and an
    // exempt earthen pot bought on a bill (seed-demo-bills.ts).
    expect(products.count).toBe(15);
    const outOfStock = products.results.filter((p: { in_stock: boolean }) => !p.in_stock);
    expect(outOfStock.map((p: { sku: string }) => p.sku).sort()).toEqual([
      'HV-KT-AQUA12',
      'PH-LT-DL10W',
      'PH-MG-HL7756',
    ]);
    for (const p of products.results) {
      if (p.sku !== 'CL-WP-MATKA12') expect(p.brand, p.sku).not.toBeNull(); // a potter's, unbranded
      expect(p.selling_price, p.sku).toBeLessThanOrEqual(p.mrp);
    }
  });

  it('gives a product its HSN, GST, unit, HTML description and opening stock in its warehouse', async () => {
    const mixer = await productBySku('PR-MG-IRIS750');
    expect(mixer).toMatchObject({
      mrp: 4895,
      selling_price: 3349.5,
      hsn: '85094010',
      tax: { rate: 18 },
      unit: { code: 'PCS' },
      category: { name: 'Mixer Grinders' },
      brand: { name: 'Prestige' },
      seller: { name: 'Kaveri Home Appliances Private Limited' },
      opening_stock: 25,
    });
    expect(mixer.description).toMatch(/^<p>.*<\/p><ul><li>.*<\/li><\/ul>$/);
    const [branch] = mixer.stock.stock_by_branches;
    expect(branch.name).toBe('Bengaluru');
    expect(branch.stock_by_warehouses[0].available_stock).toBe(25);
    expect((await productBySku('PR-PC-POP5L')).tax.rate).toBe(5);
  });

  it('has two sellers whose GSTINs match their billing state, with their products', async () => {
    const sellers = await get(`v2/companies/${companyId}/seller_details?limit=-1`);
    expect(sellers.count).toBe(2);
    for (const seller of sellers.results) {
      const billing = seller.addresses.find(
        (a: { address_type: string }) => a.address_type === 'billing_address',
      );
      expect(seller.gst_number.slice(0, 2), seller.name).toBe(billing.state.gst_code);
      expect(seller.product_count, seller.name).toBe(4);
    }
  });

  it('has six buyers across both states, one a consumer without a GSTIN', async () => {
    const buyers = await get(`companies/${companyId}/buyers?limit=-1&expand=addresses`);
    expect(buyers.count).toBe(6);
    const billingState = (b: { addresses: { address_type: string; state: { gst_code: string } }[] }) =>
      b.addresses.find((a) => a.address_type === 'billing_address')?.state.gst_code;
    expect(buyers.results.map(billingState).sort()).toEqual(['27', '27', '27', '29', '29', '29']);
    const unregistered = buyers.results.filter((b: { gst_number: string | null }) => !b.gst_number);
    expect(unregistered.map((b: { buyer_type: string }) => b.buyer_type)).toEqual(['consumer']);
    for (const b of buyers.results) {
      expect(b.payment_term, b.name).not.toBeNull();
      expect(b.addresses.some((a: { address_type: string }) => a.address_type === 'shipping_address')).toBe(
        true,
      );
    }
  });

  it('records a payment against the opening balance, which lowers the outstanding', async () => {
    const mehta = await buyerNamed('Mehta Kitchen World');
    const invoices = await get(`admin/companies/${companyId}/invoices?buyer=${mehta.id}&limit=-1`);
    const due = invoices.results.reduce((sum: number, i: { amount_due: number }) => sum + i.amount_due, 0);
    const summary = await get(`buyers/${mehta.id}/summary`);
    // Opening balance 1,25,000 less the 40,000 payment, plus what the invoices (the past year's and
    // today's, less the 10,000 paid on it) still ask.
    expect(summary).toMatchObject({
      opening_balance: 125000,
      credit_limit: 500000,
      last_payment: { amount: 10000 },
    });
    expect(summary.outstanding).toBeCloseTo(85000 + due, 2);
    expect(summary.credit_available).toBeCloseTo(500000 - summary.outstanding, 2);
  });

  it('has orders in each state, a coupon applied, invoices with CGST + SGST and with IGST, and a quotation', async () => {
    // Today's: the past year's orders are dated before (seed-demo-history.ts).
    const today = todayInIndia();
    const orders = await get(`admin/companies/${companyId}/orders?start_date=${today}`);
    const statuses = orders.results.map((o: { status: string }) => o.status).sort();
    // The second 'new' one is the web store cart checked out (seed-demo-carts.ts); the second
    // 'processing' one sold serial-numbered units (seed-demo-serial-numbers.ts).
    expect(statuses).toEqual(['complete', 'new', 'new', 'on_hold', 'processing', 'processing']);
    const invoices = (await get(`admin/companies/${companyId}/invoices?start_date=${today}`)).results;
    expect(invoices).toHaveLength(3);
    const details = await Promise.all(invoices.map((i: { id: number }) => get(`admin/invoices/${i.id}`)));
    const intra = details.find((d) => d.totals.is_intra_state);
    const inter = details.find((d) => !d.totals.is_intra_state);
    expect(intra.totals.cgst).toBeGreaterThan(0);
    expect(intra.invoice_number).toMatch(/^MUM\/\d{4}\/\d{5}$/);
    expect(inter.totals.igst).toBeGreaterThan(0);
    const processing = orders.results.filter((o: { status: string }) => o.status === 'processing');
    const coupons = await Promise.all(
      processing.map(async (o: { id: number }) => (await get(`admin/orders/${o.id}`)).coupon_code),
    );
    expect(coupons).toContain('DIWALI10');
    const quotations = (await get(`admin/companies/${companyId}/quotations`)).results;
    expect(quotations.find((q: { status: string }) => q.status === 'submitted')?.buyer.name).toBe(
      'Sri Lakshmi Appliances',
    );
  });

  it('has offers: WELCOME10, the used DIWALI10, 50 B2B codes, an automatic Philips offer and an expired one', async () => {
    const offers = (await get(`companies/${companyId}/offers?ordering=title`)).results;
    const byTitle = Object.fromEntries(offers.map((o: { title: string }) => [o.title, o]));
    expect(Object.keys(byTitle)).toHaveLength(5);
    expect(byTitle['Welcome 10% off your first order']).toMatchObject({
      coupon_code: 'WELCOME10',
      first_order_only: true,
    });
    expect(byTitle['Diwali 10% off']).toMatchObject({
      coupon_code: 'DIWALI10',
      max_discount: 500,
      status: 'active',
    });
    expect(byTitle['B2B partner ₹1,000 off']).toMatchObject({ coupon_mode: 'unique', codes_count: 50 });
    expect(byTitle['₹50 off every Philips unit']).toMatchObject({
      kind: 'product',
      coupon_mode: 'none',
      brands: [{ name: 'Philips' }],
      status: 'active',
    });
    expect(byTitle['Monsoon sale 5% off'].status).toBe('expired');
    const b2b = byTitle['B2B partner ₹1,000 off'].id;
    const codes = (await get(`offers/${b2b}/coupon_codes?limit=50`)).results;
    expect(codes.every((c: { code: string }) => /^B2B[A-Z0-9]{6}$/.test(c.code))).toBe(true);
  });

  it('has the referral program with cashpoint rewards and referrals in several statuses', async () => {
    const program = await get(`companies/${companyId}/referral-program`);
    expect(program).toMatchObject({
      is_active: true,
      referrer_reward: { type: 'cashpoints', points: 100 },
      referred_reward: { type: 'cashpoints', points: 50 },
      min_first_order_value: 5000,
    });
    const referrals = (await get(`companies/${companyId}/referrals?ordering=contact_name`)).results;
    expect(
      referrals.map((r: { contact_name: string; status: string }) => [r.contact_name, r.status]),
    ).toEqual([
      ['Anand Rao', 'rewarded'],
      ['Farhan Shaikh', 'invited'],
      ['Geeta Iyer', 'invited'],
      ['Harish Pawar', 'cancelled'],
    ]);
    const anand = referrals[0].referred_buyer.id;
    expect((await get(`admin/buyers/${anand}/cash_point`)).total_cashpoints).toBe(50);
  });

  it('has a buyer-group price and bids: one accepted within the range, one waiting for approval', async () => {
    const groups = (await get(`companies/${companyId}/buyer_groups?limit=-1`)).results;
    const preferred = groups.find((g: { name: string }) => g.name === 'Preferred Retailers');
    const prices = (await get(`buyer_groups/${preferred.id}/prices`)).results;
    expect(prices).toEqual([expect.objectContaining({ price: 2199 })]);
    const report = await get(`admin/companies/${companyId}/reports/bidding`);
    expect(report.count).toBe(2);
    expect(report.chart).toEqual([
      { status: 'Accepted', bids: 1 },
      { status: 'Pending Approval', bids: 1 },
    ]);
    const pending = report.results.find((b: { status: string }) => b.status === 'pending_approval');
    expect(pending.buyer_name).toBe('Pune Electric Stores');
    expect(pending.proposed_rate).toBeLessThan(pending.floor);
  });

  it('has a part payment on the part-invoiced order and the delivered order paid in full', async () => {
    const today = todayInIndia();
    const payments = (await get(`admin/companies/${companyId}/payments?start_date=${today}`)).results;
    expect(payments.map((p: { amount: number }) => p.amount).sort((a: number, b: number) => a - b)).toEqual([
      10000,
      expect.any(Number),
    ]);
    const invoices = (await get(`admin/companies/${companyId}/invoices?start_date=${today}`)).results;
    const statuses = invoices.map((i: { payment_status: string }) => i.payment_status).sort();
    expect(statuses).toEqual(['paid', 'partially_paid', 'unpaid']);
  });

  it('has two products that track serial numbers, their units in stock and one of each sold on an invoice', async () => {
    const sold = await get(`admin/companies/${companyId}/serial_numbers?status=sold&ordering=serial_number`);
    expect(sold.results.map((s: { serial_number: string }) => s.serial_number)).toEqual([
      'BJOTG16-2409-0033',
      'PH9252-2410-0102',
    ]);
    expect(sold.results[0].sold_on.buyer).toBe('Pune Electric Stores');
    const onInvoice = await get(`invoices/${sold.results[0].sold_on.id}/serial_numbers`);
    expect(onInvoice.count).toBe(2);
    const inStock = await get(`admin/companies/${companyId}/serial_numbers?status=in_stock`);
    expect(inStock.count).toBe(5);
  });

  it('has a challan out on approval and a branch transfer delivered to Bengaluru', async () => {
    const challans = (
      await get(`admin/companies/${companyId}/delivery_challans/?expand=seller_branch,buyer_branch`)
    ).results;
    const approval = challans.find((c: { purpose: string }) => c.purpose === 'supply_on_approval');
    expect(approval).toMatchObject({ status: 'open', buyer_branch: { name: 'Pune Electric Stores' } });
    const transfer = challans.find((c: { purpose: string }) => c.purpose === 'branch_transfer');
    expect(transfer).toMatchObject({ status: 'delivered', buyer_branch: { kind: 'warehouse' } });
  });

  it('credits 500 cashpoints expiring in two months and debits 120, leaving 380', async () => {
    const buyer = await buyerNamed('Sri Lakshmi Appliances');
    expect((await get(`admin/buyers/${buyer.id}/cash_point`)).total_cashpoints).toBe(380);
    const history = await get(`buyers/${buyer.id}/cash_points_history/`);
    const byType = Object.fromEntries(
      history.results.map((e: { transaction_type: string }) => [e.transaction_type, e]),
    );
    expect(byType.credited.amount).toBe(500);
    expect(byType.debited.amount).toBe(120);
    const days = (Date.parse(byType.credited.expired_on) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(55);
    expect(days).toBeLessThan(62);
  });

  it('has a static buyer group with three buyers and a product, and a dynamic one', async () => {
    const groups = (await get(`companies/${companyId}/buyer_groups?limit=-1`)).results;
    const preferred = groups.find((g: { name: string }) => g.name === 'Preferred Retailers');
    expect(preferred).toMatchObject({ is_dynamic_group: false, buyer_count: 3 });
    const products = await get(`buyer_groups/${preferred.id}/products`);
    expect(products.results.map((p: { sku: string }) => p.sku)).toEqual(['HV-CF-STEALTH1200']);
    const small = groups.find((g: { name: string }) => g.name === 'Small Accounts');
    expect(small).toMatchObject({
      is_dynamic_group: true,
      dynamic_group_sale_condition: { min_amount: 0, max_amount: 50000 },
      dynamic_group_time_condition: { last_days: 90 },
    });
    expect(small.evaluated_at).not.toBeNull();
  });

  it('keeps batches, with two lots of battens, and warns of the products below their reorder point', async () => {
    const batten = await productBySku('HV-LT-BATTEN20');
    const batches = await get(`products/${batten.id}/batches`);
    expect(batches.batch_configuration).toMatchObject({ enabled: true, mandatory: false });
    expect(
      batches.results.map((b: { batch: { batch_number: string }; quantity: number }) => [
        b.batch.batch_number,
        b.quantity,
      ]),
    ).toEqual([
      ['HE20-2609', 24],
      ['HE20-2610', 16],
    ]);
    const notifications = await get(`companies/${companyId}/notifications`);
    // A warning tells the stock when it went below; the past year's sales took some down by steps.
    // The stock warnings among the bell's notices (a low customer rating is there too).
    const warned = notifications.results
      .filter((n: { service: string }) => n.service !== 'customer_feedback')
      .map((n: { message: string }) => n.message.split(' is ')[0]);
    expect(warned.sort()).toEqual([
      'Stock of Havells Aqua Plus 1.2 L Electric Kettle',
      'Stock of Philips 10 W LED Downlight (Round)',
      'Stock of Philips HD4928 2100 W Induction Cooktop',
      'Stock of Philips HL7756 750 W Mixer Grinder (3 Jars)',
    ]);
  });

  it('has a default bank account in each branch', async () => {
    const accounts = await get(`v1/companies/${companyId}/bank_accounts?limit=-1`);
    expect(accounts.count).toBe(2);
    expect(accounts.results.map((a: { branch: { name: string } }) => a.branch.name).sort()).toEqual([
      'Bengaluru',
      'Mumbai',
    ]);
    expect(accounts.results.every((a: { is_default: boolean }) => a.is_default)).toBe(true);
  });

  it('has six bills of this month: four received (one of them paid), one draft, one voided', async () => {
    const all = await get(`admin/companies/${companyId}/bills?limit=-1`);
    // The past year's restocking bills are numbered SE/yy/nnnn and KHA/yy/nnnn (seed-demo-history.ts).
    const bills = {
      results: all.results.filter((b: { bill_number: string }) => !RESTOCKING_BILL.test(b.bill_number)),
    };
    expect(bills.results).toHaveLength(6);
    const byNumber = new Map(bills.results.map((b: { bill_number: string }) => [b.bill_number, b]));
    expect(byNumber.get('SE/2627/0418')).toMatchObject({
      status: 'paid',
      balance_due: 0,
      supply_type: 'intra',
      freight_charges: 850,
    });
    expect(byNumber.get('KHA/26-27/1187')).toMatchObject({ status: 'draft', supply_type: 'inter' });
    expect(byNumber.get('KHA/26-27/1152')).toMatchObject({ status: 'open', supply_type: 'intra' });
    expect(byNumber.get('KHA/26-27/1125')).toMatchObject({ status: 'void' });
    expect(byNumber.get('KHA/26-27/1209')).toMatchObject({
      status: 'open',
      supply_type: 'inter',
      total: 18600,
    });
    expect(bills.results.filter((b: { status: string }) => b.status === 'open')).toHaveLength(3);
    const payments = await get(`admin/companies/${companyId}/payments_made?limit=-1`);
    const ofThisMonth = payments.results.filter(
      (p: { reference_number: string }) => p.reference_number === 'HDFCN52026112600418',
    );
    expect(ofThisMonth).toEqual([
      expect.objectContaining({
        seller: expect.objectContaining({ name: 'Sahyadri Electricals LLP' }),
        amount: (byNumber.get('SE/2627/0418') as { total: number }).total,
        reference_number: 'HDFCN52026112600418',
      }),
    ]);
  });

  it('has a purchase return of two fans with its debit note kept as the seller’s credit', async () => {
    const returns = await get(`admin/companies/${companyId}/purchase_returns`);
    expect(returns.results).toEqual([
      expect.objectContaining({
        bill: expect.objectContaining({ bill_number: 'SE/2627/0418' }),
        total_quantity: 2,
        status: 'returned',
      }),
    ]);
    const note = await get(`admin/debit_notes/${returns.results[0].debit_note.id}`);
    // 2 x 1,525.30 at 18% within Maharashtra: 3,050.60 + 274.55 + 274.55 (the bill was paid).
    expect(note).toMatchObject({ taxable_value: 2695, cgst: 242.55, sgst: 242.55, total: 3180.1 });
    expect(note).toMatchObject({ applied: 0, balance: 3180.1, status: 'open' });
  });

  it('has two purchase orders: one sent, one partly billed by the draft KHA/26-27/1187', async () => {
    const orders = await get(`admin/companies/${companyId}/purchase_orders?limit=-1`);
    expect(orders.results.map((o: { status: string }) => o.status).sort()).toEqual([
      'partially_billed',
      'sent',
    ]);
    const partly = orders.results.find((o: { status: string }) => o.status === 'partially_billed');
    const detail = await get(`admin/purchase_orders/${partly.id}`);
    expect(detail.seller.name).toBe('Kaveri Home Appliances Private Limited');
    expect(
      detail.items.map((i: { quantity: number; quantity_billed: number }) => [i.quantity, i.quantity_billed]),
    ).toEqual([
      [20, 8],
      [10, 10],
    ]);
    expect(detail.bills.map((b: { bill_number: string }) => b.bill_number)).toEqual(['KHA/26-27/1187']);
  });

  it('has a web store with credentials, one cart checked out and two carts abandoned', async () => {
    const channels = (await get('admin/all_sales_channel/')).results;
    const webStore = channels.find((c: { name: string }) => c.name === 'web_store');
    expect(webStore.client_id).toMatch(new RegExp(`^sc_${companyId}_`));
    expect(webStore.credentials_created_at).toBeTruthy();
    const report = await get(`admin/companies/${companyId}/reports/abandoned_carts?ordering=buyer_name`);
    expect(report.results.map((r: { buyer_name: string }) => r.buyer_name)).toEqual([
      'Mehta Kitchen World',
      'Sri Lakshmi Appliances',
    ]);
    expect(report.results[0]).toMatchObject({ items: 2, quantity: 3, sales_channel: 'Web Store' });
    const carts = await running.ctx.db
      .selectFrom('carts')
      .select(['status', 'order_id'])
      .where('company_id', '=', companyId)
      .where('status', '=', 'checked_out')
      .execute();
    expect(carts).toHaveLength(1);
  });

  it('has a year of sales: every month with figures, the festive months biggest, a few buyers buying most', async () => {
    const byBuyer = await report('monthly_buyer_sales', lastMonths(12));
    const months = Object.entries(byBuyer.totals ?? {}).filter(([key]) => key.startsWith('m_'));
    expect(months).toHaveLength(13);
    expect(months.every(([, value]) => Number(value) > 0)).toBe(true);
    const total = Number(byBuyer.totals?.total);
    const buying = byBuyer.results.map((r) => Number(r.total)).sort((a, b) => b - a);
    expect(buying.length).toBeGreaterThanOrEqual(5);
    expect(((buying[0] ?? 0) + (buying[1] ?? 0)) / total).toBeGreaterThan(0.5);
    expect(new Set(byBuyer.results.map((r) => r.city)).size).toBeGreaterThanOrEqual(4);
    const october = months.find(([key]) => key.endsWith('_10'));
    const others = months.filter(([key]) => !/_1[01]$/.test(key)).map(([, value]) => Number(value));
    expect(Number(october?.[1])).toBeGreaterThan(Math.max(...others));
    const byBrand = await report('monthly_brand_sales', lastMonths(12));
    expect(byBrand.results.filter((r) => Number(r.total) > 0)).toHaveLength(4);
  });

  it('shows the past year on the dashboard: twelve months of sales, each beside the year before', async () => {
    const dashboard = await get(`admin/companies/${companyId}/dashboard`);
    const trend = dashboard.sales_trend as { month: string; net_sales: number; last_year: number }[];
    expect(trend).toHaveLength(12);
    expect(trend.every((m) => m.net_sales > 0)).toBe(true);
    // This month a year ago is the first month of the demo's past.
    expect(trend[11]?.last_year).toBeGreaterThan(0);
  });

  it('has money owed in every ageing bucket, some inter-state (IGST) sales and two credit notes', async () => {
    const receivables = await report('amount_receivables', '');
    for (const bucket of receivables.chart ?? []) {
      expect(Number(bucket.amount_due), String(bucket.ageing)).toBeGreaterThan(0);
    }
    expect(receivables.chart).toHaveLength(5);
    const notes = await get(`admin/companies/${companyId}/credit_notes?limit=-1`);
    expect(notes.count).toBe(2);
    const mysuru = await buyerNamed('Mysuru Electricals & Hardware');
    const [invoice] = (await get(`admin/companies/${companyId}/invoices?buyer=${mysuru.id}&limit=1`)).results;
    expect((await get(`admin/invoices/${invoice.id}`)).totals.igst).toBeGreaterThan(0);
  });

  it('bought what it sold: restocking bills received in both warehouses, the ones due paid', async () => {
    const bills = (await get(`admin/companies/${companyId}/bills?limit=-1`)).results.filter(
      (b: { bill_number: string }) => RESTOCKING_BILL.test(b.bill_number),
    );
    expect(bills.length).toBeGreaterThanOrEqual(6);
    const today = todayInIndia();
    for (const bill of bills) {
      expect(bill.status, bill.bill_number).toBe(bill.due_date < today ? 'paid' : 'open');
    }
    const paid = await report('payment_to_seller', lastMonths(12));
    expect(paid.results.length).toBeGreaterThan(0);
  });

  it('delivered the past: invoices older than five days shipped, its stock aged by its documents', async () => {
    const fiveDaysAgo = addDays(todayInIndia(), -5);
    const pastInvoices = (await get(`admin/companies/${companyId}/invoices?limit=-1&end_date=${fiveDaysAgo}`))
      .results;
    expect(pastInvoices.length).toBeGreaterThan(20);
    const shipments = (await get(`admin/companies/${companyId}/shipments?limit=-1`)).results;
    const shipped = new Set(shipments.map((s: { invoice: { id: number } }) => s.invoice.id));
    for (const invoice of pastInvoices) expect(shipped.has(invoice.id), invoice.invoice_number).toBe(true);
    // Stock bought months ago and not sold yet is old stock, not stock of today.
    const age = await report('inventory_age', '');
    expect(age.results.some((row) => row.oldest_stock_on !== null && row.oldest_stock_on < fiveDaysAgo)).toBe(
      true,
    );
  });

  it('keeps sales_lines equal to its definition from the documents', async () => {
    const { table, definition } = await salesLinesBesideDefinition(running.ctx.db, companyId);
    expect(table.length).toBeGreaterThan(50);
    expect(table).toEqual(definition);
  });

  it('has the month before last filed (GSTR-1 and GSTR-3B), its GSTR-3B tracing to its documents', async () => {
    const today = todayInIndia();
    const month = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    month.setUTCMonth(month.getUTCMonth() - 2);
    const period = month.toISOString().slice(0, 7);
    const filed = await get(`admin/companies/${companyId}/gst_returns/filed_periods?limit=-1`);
    expect(filed.count).toBe(4);
    expect(new Set(filed.results.map((row: { period: string }) => row.period))).toEqual(new Set([period]));
    const gstin = filed.results[0].gstin as string;
    const table = await get(
      `admin/companies/${companyId}/gst_returns/gstr3b?gstin=${gstin}&period=${period}`,
    );
    expect(table.outward['3.1a'].taxable_value).toBeGreaterThan(0);
    const documents = await get(
      `admin/companies/${companyId}/gst_returns/gstr3b/documents?gstin=${gstin}&period=${period}&head=3.1a&limit=-1`,
    );
    const paise = documents.results.reduce(
      (sum: number, row: { taxable_value: number }) => sum + Math.round(row.taxable_value * 100),
      0,
    );
    expect(paise).toBe(Math.round(table.outward['3.1a'].taxable_value * 100));
  });

  it("has an exempt purchase (earthen pots at 0%) in the Mumbai GSTIN's GSTR-3B table 5", async () => {
    const branches = await get(`companies/${companyId}/branches?limit=-1`);
    const mumbai = branches.results.find((b: { name: string }) => b.name === 'Mumbai');
    const period = addDays(todayInIndia(), -5).slice(0, 7);
    const table = await get(
      `admin/companies/${companyId}/gst_returns/gstr3b?gstin=${mumbai.gstin}&period=${period}`,
    );
    // 60 pots at ₹310 from Kaveri (Karnataka) into Maharashtra: an inter-state exempt supply.
    expect(table.inward_exempt.nil_exempt.inter_state).toBeGreaterThanOrEqual(18600);
  });

  it("has its campaign mediums: e-mail through the app's mail server, Web Push keys, SMS and WhatsApp left to set up", async () => {
    const config = await get(`admin/companies/${companyId}/configurations/`);
    const state = Object.fromEntries(
      config.mediums.map((m: { medium: string; updated_at: string | null }) => [
        m.medium,
        m.updated_at !== null,
      ]),
    );
    expect(state).toEqual({ email: true, sms: false, whatsapp: false, push_notification: true });
    const push = config.mediums.find((m: { medium: string }) => m.medium === 'push_notification');
    expect(push.configured).toBe(true);
    expect(push.secrets_set).toEqual(['vapid_private_key']);
  });

  it('has a processed campaign with its recipients, a recurring payment reminder with runs, and a draft', async () => {
    const campaigns = await get(`admin/companies/${companyId}/campaigns?limit=-1`);
    const byTitle = Object.fromEntries(
      campaigns.results.map((c: { title: string; status: string }) => [c.title, c]),
    );
    expect(byTitle['Diwali offers 2026']).toMatchObject({ status: 'completed', campaign_medium: 'email' });
    expect(byTitle['New year stock clearance']).toMatchObject({
      status: 'draft',
      campaign_medium: 'whatsapp',
    });
    const diwali = byTitle['Diwali offers 2026'];
    const summary = await get(`admin/campaigns/${diwali.id}/summary`);
    expect(summary.counts.read).toBeGreaterThan(0);
    expect(summary.counts.failed).toBeGreaterThan(0);
    expect(summary.unique_clicks).toBeGreaterThan(0);
    const recurring = await get(`v1/admin/companies/${companyId}/recurring_campaigns/`);
    expect(recurring.results).toHaveLength(1);
    expect(recurring.results[0]).toMatchObject({
      purpose: 'payment_reminder',
      status: 'running',
      runs_count: 2,
    });
    const imports = await get(`companies/${companyId}/bulk_jobs`);
    expect(imports.results).toHaveLength(1);
    expect(imports.results[0]).toMatchObject({
      kind: 'create_contact',
      status: 'partial_success',
      failed_count: 2,
    });
  });

  it('has leads in several states with visits, two due today, and short links with a month of clicks', async () => {
    const leads = await get(`admin/companies/${companyId}/leads?limit=-1`);
    // Five worked by the field team, four from adverts (seed-demo-attribution.ts).
    expect(leads.count).toBe(9);
    const due = await get(`admin/companies/${companyId}/leads?follow_up_due=true&limit=-1`);
    expect(due.count).toBeGreaterThanOrEqual(2);
    const links = await get(`admin/companies/${companyId}/short_links?limit=-1`);
    expect(links.count).toBe(2);
    for (const link of links.results) expect(link.click_count, link.path).toBeGreaterThan(0);
  });

  it('has app store links, a policy, and leads by source from Google, Facebook and WhatsApp adverts', async () => {
    const card = await get(`admin/companies/${companyId}/app_download`);
    expect(card.android_url).toMatch(/^https:\/\/play\.google\.com\//);
    expect(card.ios_qr_svg).toMatch(/^<svg/);
    const policy = await get(`admin/companies/${companyId}/policy`);
    expect(policy.privacy_policy).toContain('GSTIN');
    const report = await get(`admin/companies/${companyId}/reports/leads_by_source?ordering=utm_source`);
    const sources = report.results.map((row: { utm_source: string; leads: number }) => [
      row.utm_source,
      row.leads,
    ]);
    expect(sources).toEqual(
      expect.arrayContaining([
        ['google', 2],
        ['facebook', 1],
        ['whatsapp', 1],
        ['newsletter', 1],
      ]),
    );
  });

  it('has three WhatsApp conversations from buyers and contacts, and a filled support center', async () => {
    const inbox = await get(`admin/companies/${companyId}/whatsapp_conversations?status=open`);
    expect(inbox.count).toBe(3);
    expect(inbox.results.map((c: { name: string }) => c.name)).toContain('Mehta Kitchen World');
    expect(inbox.results.every((c: { unread_count: number }) => c.unread_count === 1)).toBe(true);
    const center = await get(`v1/admin/companies/${companyId}/support_center`);
    expect(center.faqs).toHaveLength(4);
    expect(center.hours.filter((d: { is_open: boolean }) => d.is_open)).toHaveLength(6);
  });

  it('has a feedback form with fifteen answers over three months and the after-delivery setting on', async () => {
    const summary = await get(`admin/companies/${companyId}/feedback_requests/summary`);
    expect(summary.answered).toBe(15);
    expect(summary.requests).toBe(17);
    expect(summary.average_rating).toBeGreaterThan(3.8);
    expect(summary.periods.filter((p: { count: number }) => p.count > 0).length).toBeGreaterThanOrEqual(3);
    const low = await get(`admin/companies/${companyId}/feedback_requests?rating__in=1,2`);
    expect(low.count).toBe(1);
    const settings = await get(`admin/companies/${companyId}/feedback_settings`);
    expect(settings.send_after_delivery).toBe(true);
  });

  it('has 60 days of ad figures for ten products, some to stop and some to push, and competitor prices', async () => {
    const from = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const ads = await get(`admin/companies/${companyId}/products_ads/spend_revenue?start_date=${from(58)}`);
    expect(ads.products).toHaveLength(10);
    expect(ads.by_day.filter((d: { spend: number }) => d.spend > 0).length).toBeGreaterThanOrEqual(29);
    expect(ads.verdicts.stop).toBeGreaterThanOrEqual(2);
    expect(ads.verdicts.push).toBeGreaterThanOrEqual(2);
    expect(ads.totals.roas).toBeGreaterThan(1);
    const prices = await get(`admin/companies/${companyId}/products_ads/competitiveness_overall`);
    expect(prices.products).toHaveLength(6);
    expect(prices.above_count).toBe(2);
    // Google's campaigns give a search impression share, Meta's none.
    expect(prices.impression_share_percent).toBeGreaterThan(30);
    expect(prices.impression_share_percent).toBeLessThan(90);
    const organic = await get(`admin/companies/${companyId}/products_ads/organic_non_organic_stat`);
    expect(organic.products.length).toBeGreaterThan(0);
  });

  it('is made once, and a later start refuses a demo company left half-made', async () => {
    const { ctx } = running;
    await expect(seedDemoCompany(ctx)).resolves.toEqual({ username: DEMO_USERNAME, password: DEMO_PASSWORD });
    const { n } = await ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(15);

    // A start that failed during the business data leaves the company unverified.
    const setVerified = (value: boolean) =>
      ctx.db.updateTable('companies').set({ is_verified: value }).where('id', '=', companyId).execute();
    await setVerified(false);
    try {
      await expect(seedDemoCompany(ctx)).rejects.toThrow(/half-made/);
    } finally {
      await setVerified(true);
    }
  });

  it('has a counter store in each branch and two shipping rules that suggest a charge (issue 26)', async () => {
    const stores = await get(`companies/${companyId}/stores`);
    expect(
      stores.results.map((s: { name: string; branch: { name: string }; receipt_width_mm: number }) => [
        s.branch.name,
        s.name,
        s.receipt_width_mm,
      ]),
    ).toEqual([
      ['Mumbai', 'Andheri Showroom Counter', 80],
      ['Bengaluru', 'Koramangala Counter', 58],
    ]);
    const rules = await get(`admin/companies/${companyId}/shipping_rules`);
    expect(rules.results.map((r: { name: string }) => r.name)).toEqual([
      'Web Store by weight',
      'Standard delivery',
    ]);
    const suggest = await api.post(`admin/companies/${companyId}/shipping_charges/suggest`, {
      order_value: 5000,
      pincode: '411004',
    });
    expect(suggest.body).toMatchObject({ shipping_charge: 150, reason: 'Pincode zone Maharashtra.' });
    // A courier saved, not active: the demo's shipments are not booked with a courier it cannot reach.
    const couriers = await get(`companies/${companyId}/courier_accounts`);
    expect(couriers.results).toEqual([
      expect.objectContaining({ courier_name: 'Delhivery', is_active: false }),
    ]);
  });
});
