import { financialYearOf } from '@b2b/domain/invoices';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { adjust, createWarehouse, dbOf, firstWarehouse, levelOf } from '../../../test/inventory-fixtures.ts';
import { createTaxedProduct, daysFromToday, setRoundOff, today } from '../../../test/sales-fixtures.ts';
import { fileAt, uploadFile } from '../../../test/uploads.ts';
import { ledgerOf } from '../inventory/stock-movements.ts';

const listPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/bills`;
const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const BENGALURU = { address_line_1: '8 Residency Road', city: 'Bengaluru', state_id: 29, pincode: '560025' };

async function createSeller(company: SignedUpCompany, gstState = '27', name = `Shree Traders ${unique()}`) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name,
    gst_number: validGstin(gstState),
    billing_address: gstState === '27' ? PUNE : BENGALURU,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** A company (round-off off) with a Maharashtra seller, a Karnataka seller and two 18% products. */
async function setUp() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  const local = await createSeller(company, '27');
  const karnataka = await createSeller(company, '29');
  const p = await createTaxedProduct(company, { name: `Basmati ${unique()}` });
  const q = await createTaxedProduct(company, { name: `Jasmine ${unique()}`, gstRate: 5 });
  return { company, warehouse, local, karnataka, p, q };
}
type World = Awaited<ReturnType<typeof setUp>>;

const billBody = (world: World, extra: Record<string, unknown> = {}) => ({
  seller: world.local.id,
  branch: world.company.branchId,
  warehouse: world.warehouse.id,
  bill_number: `ST/${unique().slice(-8)}`,
  bill_date: today(),
  items: [
    { product: world.p.id, quantity: 2, rate: 1000, discount_percent: 10, tax_rate: 18 },
    { product: world.q.id, quantity: 3, rate: 33.33, tax_rate: 5 },
  ],
  ...extra,
});

async function enter(world: World, extra: Record<string, unknown> = {}) {
  const res = await world.company.api.post(listPath(world.company), billBody(world, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const stockOf = async (world: World, productId: number) =>
  Number(await levelOf(world.company, productId, world.warehouse.id));

async function billCount(company: SignedUpCompany) {
  const row = await dbOf(company)
    .selectFrom('bills')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', company.companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST admin/companies/{companyId}/bills', { timeout: 120_000 }, () => {
  it('enters a draft with the input GST worked out per line (intra-state), moving no stock', async () => {
    const world = await setUp();
    const bill = await enter(world, { notes: 'October supply', freight_charges: 50 });
    expect(bill).toMatchObject({
      status: 'draft',
      status_label: 'Draft',
      payment_status: null,
      seller: { id: world.local.id, name: world.local.name },
      seller_state_code: '27',
      branch: { id: world.company.branchId },
      warehouse: { id: world.warehouse.id },
      supply_type: 'intra',
      due_date: today(),
      // 2 x 1,000 less 10% = 1,800 (162 + 162); 3 x 33.33 = 99.99 (2.50 + 2.50)
      taxable_value: 1899.99,
      cgst: 164.5,
      sgst: 164.5,
      igst: 0,
      itc_total: 329,
      reverse_charge_tax: 0,
      freight_charges: 50,
      round_off: 0,
      total: 2278.99,
      amount_paid: 0,
      balance_due: 0,
      notes: 'October supply',
      allowed_actions: ['edit', 'receive', 'void'],
      attachments: [],
    });
    expect(
      bill.items.map((i: any) => [i.product.id, i.quantity, i.rate, i.taxable_value, i.cgst, i.total]),
    ).toEqual([
      [world.p.id, 2, 1000, 1800, 162, 2124],
      [world.q.id, 3, 33.33, 99.99, 2.5, 104.99],
    ]);
    expect(bill.items[0]).toMatchObject({ hsn_code: '8471', itc_eligible: true, discount_percent: 10 });
    expect(await stockOf(world, world.p.id)).toBe(0);
    const history = await world.company.api.get(`admin/bills/${bill.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual(['created']);
  });

  it('charges IGST from another state, keeps reverse-charge tax out of the total, and rounds off when the branch does', async () => {
    const world = await setUp();
    await setRoundOff(world.company, true);
    const bill = await enter(world, {
      seller: world.karnataka.id,
      is_reverse_charge: true,
      items: [
        { product: world.p.id, quantity: 1, rate: 999.99, tax_rate: 12 },
        { product: world.q.id, quantity: 1, rate: 100, tax_rate: 18, itc_eligible: false },
      ],
    });
    expect(bill).toMatchObject({
      supply_type: 'inter',
      seller_state_code: '29',
      taxable_value: 1099.99,
      cgst: 0,
      igst: 138,
      itc_total: 120,
      reverse_charge_tax: 138,
      round_off: 0.01,
      total: 1100,
    });
  });

  it('takes a tax-inclusive rate apart as invoices do', async () => {
    const world = await setUp();
    const bill = await enter(world, {
      is_tax_inclusive: true,
      items: [{ product: world.p.id, quantity: 1, rate: 100, tax_rate: 18 }],
    });
    expect(bill.items[0]).toMatchObject({
      rate: 84.75,
      rate_entered: 100,
      taxable_value: 84.74,
      cgst: 7.63,
      total: 100,
    });
    expect(bill.total).toBe(100);
  });

  it('refuses a bill number the seller already used in the financial year, writing nothing', async () => {
    const world = await setUp();
    await enter(world, { bill_number: 'INV-77' });
    const before = await billCount(world.company);
    const res = await world.company.api.post(
      listPath(world.company),
      billBody(world, { bill_number: 'inv-77' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.bill_number).toEqual([
      `Bill number inv-77 is already recorded for this seller in FY ${financialYearOf(today()).label}.`,
    ]);
    expect(await billCount(world.company)).toBe(before);
    // Another seller may use the same number.
    await enter(world, { bill_number: 'INV-77', seller: world.karnataka.id });
  });

  it('enters a bill once per Idempotency-Key, and once when two users type the same number at once', async () => {
    const world = await setUp();
    const body = billBody(world);
    const key = { 'Idempotency-Key': `bill-${unique()}` };
    const first = await world.company.api.post(listPath(world.company), body, key);
    const again = await world.company.api.post(listPath(world.company), body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await billCount(world.company)).toBe(1);
    const same = billBody(world, { bill_number: 'RACE-1' });
    const racing = await Promise.all(
      [1, 2, 3].map(() => world.company.api.post(listPath(world.company), same)),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const refused of racing.filter((r) => r.status === 400)) {
      expect(refused.body.errors.bill_number[0]).toMatch(/^Bill number RACE-1 is already recorded/);
    }
    expect(await billCount(world.company)).toBe(2);
  });

  it('answers bad input with 400 and the field, never 500', async () => {
    const world = await setUp();
    const other = await signUpCompany();
    const otherSeller = await createSeller(other);
    const cases: [Record<string, unknown>, string][] = [
      [{ seller: undefined }, 'seller'],
      [{ seller: otherSeller.id }, 'seller'],
      [{ seller: 'abc' }, 'seller'],
      [{ bill_number: '' }, 'bill_number'],
      [{ bill_number: 'A B' }, 'bill_number'],
      [{ bill_number: 'x'.repeat(31) }, 'bill_number'],
      [{ bill_date: '2026-02-30' }, 'bill_date'],
      [{ bill_date: daysFromToday(3) }, 'bill_date'],
      [{ due_date: daysFromToday(-400) }, 'due_date'],
      [{ items: [] }, 'items'],
      [{ items: 'many' }, 'items'],
      [{ items: [{ product: world.p.id, quantity: -1, rate: 1, tax_rate: 18 }] }, 'items.0.quantity'],
      [{ items: [{ product: world.p.id, quantity: 1.0001, rate: 1, tax_rate: 18 }] }, 'items.0.quantity'],
      [{ items: [{ product: world.p.id, quantity: 1, rate: 1.001, tax_rate: 18 }] }, 'items.0.rate'],
      [{ items: [{ product: world.p.id, quantity: 1, rate: 1, tax_rate: 17 }] }, 'items.0.tax_rate'],
      [
        { items: [{ product: world.p.id, quantity: 1, rate: 1, tax_rate: 18, discount_percent: 101 }] },
        'items.0.discount_percent',
      ],
      [{ items: [{ product: 999_999_999, quantity: 1, rate: 1, tax_rate: 18 }] }, 'items.0.product'],
      [{ items: [{ product: world.p.id, quantity: 1, rate: 1e15, tax_rate: 18 }] }, 'items.0.rate'],
      [{ freight_charges: -5 }, 'freight_charges'],
      [{ items: [{ product: world.p.id, quantity: 1e9, rate: 1e10, tax_rate: 18 }] }, 'items'],
      [{ freight_charges: 1e10, other_charges: 1e10 }, 'items'],
      [{ branch: 999_999_999 }, 'branch'],
      [{ warehouse: 999_999_999 }, 'warehouse'],
      [{ surprise: true }, ''],
    ];
    for (const [extra, field] of cases) {
      const res = await world.company.api.post(listPath(world.company), billBody(world, extra));
      expect(res.status, `${JSON.stringify(extra)} -> ${JSON.stringify(res.body)}`).toBe(400);
      if (field) expect(Object.keys(res.body.errors ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect(await billCount(world.company)).toBe(0);
    // A warehouse of another branch of the company.
    const branch = await world.company.api.post(`companies/${world.company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: PUNE,
    });
    if (branch.status === 201) {
      const elsewhere = await createWarehouse(world.company, { branchId: branch.body.id });
      const res = await world.company.api.post(
        listPath(world.company),
        billBody(world, { warehouse: elsewhere.id }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.warehouse).toEqual(['This warehouse does not belong to the selected branch.']);
    }
  });
});

describe('GET admin/companies/{companyId}/bills', { timeout: 120_000 }, () => {
  it('lists, searches, filters, orders and exports as CSV', async () => {
    const world = await setUp();
    const a = await enter(world, { bill_number: 'AAA-1', bill_date: daysFromToday(-10) });
    const b = await enter(world, {
      bill_number: 'BBB-2',
      seller: world.karnataka.id,
      bill_date: daysFromToday(-2),
    });
    const c = await enter(world, {
      bill_number: 'CCC-3',
      bill_date: daysFromToday(-5),
      due_date: daysFromToday(20),
    });
    await world.company.api.post(`admin/bills/${c.id}/receive`, {});
    const list = async (query: string) => {
      const res = await world.company.api.get(`${listPath(world.company)}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r: any) => r.bill_number);
    };
    expect(await list('')).toEqual(['BBB-2', 'CCC-3', 'AAA-1']);
    expect(await list('ordering=bill_date')).toEqual(['AAA-1', 'CCC-3', 'BBB-2']);
    expect(await list('ordering=-total,bill_number')).toHaveLength(3);
    expect(await list('search=bbb')).toEqual(['BBB-2']);
    expect(await list(`search=${encodeURIComponent(world.karnataka.name)}`)).toEqual(['BBB-2']);
    expect(await list(`seller=${world.local.id}`)).toEqual(['CCC-3', 'AAA-1']);
    expect(await list(`branch=${world.company.branchId}`)).toHaveLength(3);
    expect(await list('status__in=open')).toEqual(['CCC-3']);
    expect(await list('status__in=draft,void')).toEqual(['BBB-2', 'AAA-1']);
    expect(await list('payment_status=unpaid')).toEqual(['CCC-3']);
    expect(await list('payment_status=paid')).toEqual([]);
    expect(await list(`start_date=${daysFromToday(-6)}&end_date=${daysFromToday(-3)}`)).toEqual(['CCC-3']);
    expect(await list(`due_before=${daysFromToday(-1)}`)).toEqual(['BBB-2', 'AAA-1']);
    const first = await world.company.api.get(`${listPath(world.company)}?limit=1`);
    expect(first.body).toMatchObject({ count: 3, previous: null });
    expect(first.body.next).toContain('offset=1');
    expect(first.body.results[0]).toMatchObject({ id: b.id, payment_status: null });
    expect(first.body.results[0].items).toBeUndefined();
    // Keyset paging: `cursor=` starts it, next and previous follow.
    const byCursor = await world.company.api.get(`${listPath(world.company)}?limit=2&cursor=`);
    expect(byCursor.status, JSON.stringify(byCursor.body)).toBe(200);
    expect(byCursor.body.results.map((r: any) => r.bill_number)).toEqual(['BBB-2', 'CCC-3']);
    expect(byCursor.body.results[0].sort_value).toBeUndefined();
    const next = await world.company.api.get(String(byCursor.body.next).replace(/^\/api\//, ''));
    expect(next.body.results.map((r: any) => r.bill_number)).toEqual(['AAA-1']);
    const back = await world.company.api.get(String(next.body.previous).replace(/^\/api\//, ''));
    expect(back.body.results.map((r: any) => r.bill_number)).toEqual(['BBB-2', 'CCC-3']);
    for (const bad of [
      'status__in=lost',
      'ordering=seller',
      'start_date=yesterday',
      'payment_status=owed',
      'limit=x',
    ]) {
      expect((await world.company.api.get(`${listPath(world.company)}?${bad}`)).status, bad).toBe(400);
    }
    const csv = await world.company.api.get(`${listPath(world.company)}?format=csv&status__in=draft`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Bill Number');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toContain('AAA-1');
    expect(lines.join('\n')).not.toContain('CCC-3');
    expect(a.id).toBeGreaterThan(0);
  });
});

describe('PATCH admin/bills/{id}', { timeout: 120_000 }, () => {
  it('edits a draft in full and records it; an open bill cannot be edited', async () => {
    const world = await setUp();
    const bill = await enter(world);
    const res = await world.company.api.patch(
      `admin/bills/${bill.id}`,
      billBody(world, {
        bill_number: bill.bill_number,
        items: [
          {
            product: world.q.id,
            quantity: 10,
            rate: 10,
            tax_rate: 5,
            batch_number: 'B-1',
            expiry_date: '2030-01-31',
          },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ taxable_value: 100, cgst: 2.5, total: 105 });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ batch_number: 'B-1', expiry_date: '2030-01-31' });
    expect((await world.company.api.post(`admin/bills/${bill.id}/receive`, {})).status).toBe(200);
    const again = await world.company.api.patch(`admin/bills/${bill.id}`, billBody(world));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Only a draft bill can be edited.');
    const history = await world.company.api.get(`admin/bills/${bill.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action).sort()).toEqual([
      'created',
      'edited',
      'received',
    ]);
  });
});

describe('POST admin/bills/{id}/receive and /void', { timeout: 120_000 }, () => {
  it("receives the goods into the warehouse at the bill's cost, once", async () => {
    const world = await setUp();
    const bill = await enter(world, {
      items: [
        {
          product: world.p.id,
          quantity: 4,
          rate: 250,
          discount_percent: 10,
          tax_rate: 18,
          batch_number: 'LOT-9',
          expiry_date: '2031-06-30',
        },
        { product: world.q.id, quantity: 2, rate: 50, tax_rate: 5, itc_eligible: false },
      ],
    });
    const res = await world.company.api.post(`admin/bills/${bill.id}/receive`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', payment_status: 'unpaid', allowed_actions: ['void'] });
    expect(res.body.balance_due).toBe(res.body.total);
    expect(res.body.received_at).not.toBeNull();
    expect(await stockOf(world, world.p.id)).toBe(4);
    expect(await stockOf(world, world.q.id)).toBe(2);
    const ledger = await ledgerOf(dbOf(world.company), world.company.companyId, world.p.id);
    expect(ledger.at(-1)).toMatchObject({ reason: 'receive', document_type: 'bill', document_id: bill.id });
    // 250 less 10% = 225.00 a unit, without the GST we claim back.
    expect(Number(ledger.at(-1)?.rate_paise)).toBe(22_500);
    expect(ledger.at(-1)?.batch_id).not.toBeNull();
    // Blocked credit is part of the cost: 50 + 5% = 52.50.
    const qLedger = await ledgerOf(dbOf(world.company), world.company.companyId, world.q.id);
    expect(Number(qLedger.at(-1)?.rate_paise)).toBe(5_250);
    const twice = await world.company.api.post(`admin/bills/${bill.id}/receive`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('Only a draft bill can be received.');
    expect(await stockOf(world, world.p.id)).toBe(4);
  });

  it('receives at once when the company receives bills automatically', async () => {
    const world = await setUp();
    const on = await world.company.api.patch(`companies/${world.company.companyId}`, {
      is_bill_auto_received: true,
    });
    expect(on.status).toBe(200);
    const bill = await enter(world);
    expect(bill.status).toBe('open');
    expect(await stockOf(world, world.p.id)).toBe(2);
    const history = await world.company.api.get(`admin/bills/${bill.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action).sort()).toEqual([
      'auto_received',
      'created',
    ]);
    await world.company.api.patch(`companies/${world.company.companyId}`, { is_bill_auto_received: false });
    expect((await enter(world)).status).toBe('draft');
  });

  it('voids a received bill by taking its goods back out, and frees its number', async () => {
    const world = await setUp();
    const bill = await enter(world, { bill_number: 'VOID-1' });
    await world.company.api.post(`admin/bills/${bill.id}/receive`, {});
    const res = await world.company.api.post(`admin/bills/${bill.id}/void`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'void', balance_due: 0, allowed_actions: [] });
    expect(res.body.voided_at).not.toBeNull();
    expect(await stockOf(world, world.p.id)).toBe(0);
    expect(await stockOf(world, world.q.id)).toBe(0);
    const ledger = await ledgerOf(dbOf(world.company), world.company.companyId, world.p.id);
    expect(ledger.at(-1)).toMatchObject({ reason: 'bill_void', document_type: 'bill', document_id: bill.id });
    expect(Number(ledger.at(-1)?.quantity)).toBe(-2);
    expect((await world.company.api.post(`admin/bills/${bill.id}/void`, {})).status).toBe(409);
    // The voided bill's number may be entered again.
    await enter(world, { bill_number: 'VOID-1' });
    // A draft voids without touching stock.
    const draft = await enter(world);
    expect((await world.company.api.post(`admin/bills/${draft.id}/void`, {})).body.status).toBe('void');
  });

  it('refuses to void when the goods have left, naming the product and quantities, and changes nothing', async () => {
    const world = await setUp();
    const bill = await enter(world);
    await world.company.api.post(`admin/bills/${bill.id}/receive`, {});
    await adjust(world.company, { lines: [{ product: world.p.id, quantity: -1 }] });
    const res = await world.company.api.post(`admin/bills/${bill.id}/void`, {});
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(world.p.name);
    expect(res.body.detail).toMatch(/1 available, 2 requested/);
    expect(res.body.errors['items.0.quantity']).toBeDefined();
    expect(await stockOf(world, world.p.id)).toBe(1);
    expect(await stockOf(world, world.q.id)).toBe(3);
    expect((await world.company.api.get(`admin/bills/${bill.id}`)).body.status).toBe('open');
  });
});

describe('bills: tenants and permissions', { timeout: 120_000 }, () => {
  it("answers 404 for another company's bill and leaves it alone", async () => {
    const world = await setUp();
    const bill = await enter(world);
    const intruder = await signUpCompany();
    for (const [method, path] of [
      ['GET', `admin/bills/${bill.id}`],
      ['GET', `admin/bills/${bill.id}/history`],
      ['POST', `admin/bills/${bill.id}/receive`],
      ['POST', `admin/bills/${bill.id}/void`],
    ] as const) {
      const res = await intruder.api.request(method, path, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.detail).toBe('Bill Not Found');
    }
    const edit = await intruder.api.patch(`admin/bills/${bill.id}`, billBody(world));
    expect(edit.status).toBe(404);
    expect((await intruder.api.get(listPath(world.company))).status).toBe(404);
    expect((await intruder.api.get(listPath(intruder))).body.count).toBe(0);
    expect((await world.company.api.get(`admin/bills/${bill.id}`)).body.status).toBe('draft');
  });

  it('are in the OpenAPI document', async () => {
    const company = await signUpCompany();
    const doc = (await company.anonymous.get('docs/openapi.json')).body;
    const paths = Object.keys(doc.paths).filter((path) => path.includes('bills'));
    // Other modules add routes under a bill (its returns, its payments): the bills module's own are here.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/admin/bills/{id}',
        '/admin/bills/{id}/attachments',
        '/admin/bills/{id}/attachments/{fileId}',
        '/admin/bills/{id}/comments',
        '/admin/bills/{id}/history',
        '/admin/bills/{id}/receive',
        '/admin/bills/{id}/void',
        '/admin/companies/{companyId}/bills',
        '/admin/companies/{companyId}/bills/last_rates',
      ]),
    );
    expect(Object.keys(doc.paths['/admin/companies/{companyId}/bills']).sort()).toEqual(['get', 'post']);
  });

  it('needs view_bill to read and add_bill / change_bill to write', async () => {
    const world = await setUp();
    const bill = await enter(world);
    const stranger = await createUserWithPermissions(world.company, ['view_order']);
    expect((await stranger.api.get(listPath(world.company))).status).toBe(403);
    expect((await stranger.api.get(`admin/bills/${bill.id}`)).status).toBe(403);
    const viewer = await createUserWithPermissions(world.company, ['view_bill']);
    expect((await viewer.api.get(listPath(world.company))).body.count).toBe(1);
    expect((await viewer.api.post(listPath(world.company), billBody(world))).status).toBe(403);
    expect((await viewer.api.post(`admin/bills/${bill.id}/receive`, {})).status).toBe(403);
    expect(await billCount(world.company)).toBe(1);
  });
});

describe('bill attachments', { timeout: 120_000 }, () => {
  const PDF = Buffer.from('%PDF-1.4\n% a seller invoice\n%%EOF\n');

  it('attaches a PDF to a bill, serves it, lists it on the bill, and deletes it', async () => {
    const world = await setUp();
    const bill = await enter(world);
    const up = await uploadFile(world.company, `admin/bills/${bill.id}/attachments`, PDF, 'SUP-invoice.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ name: 'SUP-invoice.pdf' });
    const served = await fileAt(world.company, up.body.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const detail = (await world.company.api.get(`admin/bills/${bill.id}`)).body;
    expect(detail.attachments).toEqual([up.body]);
    // An edit may name the bill's own files, not others.
    const keep = await world.company.api.patch(
      `admin/bills/${bill.id}`,
      billBody(world, { bill_number: bill.bill_number, attachments: [up.body.id] }),
    );
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    const other = await world.company.api.patch(
      `admin/bills/${bill.id}`,
      billBody(world, { bill_number: bill.bill_number, attachments: [up.body.id + 1000] }),
    );
    expect(other.status).toBe(400);
    expect(other.body.errors['attachments.0']).toEqual(['Attachment Not Found']);
    const text = await uploadFile(
      world.company,
      `admin/bills/${bill.id}/attachments`,
      Buffer.from('hello'),
      'a.txt',
    );
    expect(text.status).toBe(400);
    expect(text.body.errors.file).toEqual(['Only PDF, PNG, JPEG or WebP files can be attached.']);
    const intruder = await signUpCompany();
    expect((await uploadFile(intruder, `admin/bills/${bill.id}/attachments`, PDF, 'x.pdf')).status).toBe(404);
    expect((await intruder.api.delete(`admin/bills/${bill.id}/attachments/${up.body.id}`)).status).toBe(404);
    const gone = await world.company.api.delete(`admin/bills/${bill.id}/attachments/${up.body.id}`);
    expect(gone.status).toBe(204);
    expect((await world.company.api.get(`admin/bills/${bill.id}`)).body.attachments).toEqual([]);
    expect((await world.company.api.delete(`admin/bills/${bill.id}/attachments/${up.body.id}`)).status).toBe(
      404,
    );
    const history = await world.company.api.get(`admin/bills/${bill.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual(
      expect.arrayContaining(['attachment_added', 'attachment_deleted']),
    );
    // A new bill has no files yet: they are attached once it exists.
    const early = await world.company.api.post(
      listPath(world.company),
      billBody(world, { attachments: [up.body.id] }),
    );
    expect(early.status).toBe(400);
  });
});
