import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
  validGstin,
} from '../../../test/factories.ts';
import { AppError } from '../../core/errors.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { assertWithinCreditLimit } from './credit-limit.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/buyers`;
const transactionsPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/transactions`;

const PUNE = { address_line_1: '5 FC Road', city: 'Pune', state_id: 27, pincode: '411004' };
const BENGALURU = { address_line_1: '12 MG Road', city: 'Bengaluru', state_id: 29, pincode: '560001' };
const MUMBAI = { address_line_1: '1 Marine Drive', city: 'Mumbai', state_id: 27, pincode: '400020' };

function buyerInput(overrides: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    name: `Sharma Traders ${tag}`,
    contact_person_name: 'Ravi Sharma',
    email: `buyer.${tag}@example.in`,
    phone: uniquePhone(),
    gst_number: validGstin('27'),
    buyer_type: 'regular',
    billing_address: PUNE,
    ...overrides,
  };
}

async function createBuyer(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const res = await company.api.post(listPath(company), buyerInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any>;
}

async function channels(company: SignedUpCompany) {
  return (await company.api.get('admin/all_sales_channel/')).body.results as {
    id: number;
    name: string;
    is_active: boolean;
  }[];
}

async function paymentMethodId(company: SignedUpCompany) {
  return (await company.api.get(`companies/${company.companyId}/payment_methods`)).body.results[0]
    .id as number;
}

async function record(company: SignedUpCompany, body: Record<string, unknown>) {
  return company.api.post(transactionsPath(company), body);
}

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

describe('POST companies/{companyId}/buyers', () => {
  it('creates a buyer with billing and shipping addresses, every active channel and its history', async () => {
    const company = await signUpCompany();
    const terms = (await company.api.get(`companies/${company.companyId}/payment_terms`)).body.results;
    const gst = validGstin('27');
    const created = await company.api.post(
      listPath(company),
      buyerInput({
        name: '  Patil Hardware  ',
        gst_number: gst.toLowerCase(),
        payment_term: terms[1].id,
        credit_limit: 50000,
        shipping_address: MUMBAI,
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const buyer = created.body;
    expect(buyer).toMatchObject({
      name: 'Patil Hardware',
      gst_number: gst,
      pan: gst.slice(2, 12),
      buyer_type: 'regular',
      payment_term: { id: terms[1].id, name: terms[1].name, days: terms[1].days },
      credit_limit: 50000,
      opening_balance: 0,
      outstanding: 0,
      is_active: true,
      is_inventory_exposed: true,
      ignore_for_bi: false,
      company: company.companyId,
      buyer_groups: [],
      summary: { outstanding: 0, credit_limit: 50000, credit_used: 0, credit_available: 50000 },
    });
    expect(buyer.addresses.map((a: any) => [a.address_type, a.city, a.state.gst_code])).toEqual([
      ['billing_address', 'Pune', '27'],
      ['shipping_address', 'Mumbai', '27'],
    ]);
    const active = (await channels(company)).filter((c) => c.is_active);
    expect(buyer.sales_channels.map((c: any) => c.id)).toEqual(active.map((c) => c.id));
    expect(buyer.sales_channels.every((c: any) => c.is_enabled)).toBe(true);
    const history = await company.api.get(`buyers/${buyer.id}/history/`);
    expect(history.body.results.map((h: any) => h.actions.action)).toEqual(['created']);
    expect(history.body.results[0].user.id).toBe(company.userId);
    // No opening balance, no ledger line.
    expect((await company.api.get(`${transactionsPath(company)}?buyer=${buyer.id}`)).body.count).toBe(0);
  });

  it('copies the billing address as shipping with addSameAsBilling, and refuses both', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company, { addSameAsBilling: true });
    expect(buyer.addresses.map((a: any) => [a.address_type, a.address_line_1, a.pincode])).toEqual([
      ['billing_address', PUNE.address_line_1, PUNE.pincode],
      ['shipping_address', PUNE.address_line_1, PUNE.pincode],
    ]);
    const both = await company.api.post(
      listPath(company),
      buyerInput({ addSameAsBilling: true, shipping_address: MUMBAI }),
    );
    expect(both.status).toBe(400);
    expect(both.body.errors.shipping_address).toEqual([
      'Leave the shipping address out when it is the same as the billing address.',
    ]);
  });

  it('posts the opening balance as one ledger line: owed is a debit, an advance a credit', async () => {
    const company = await signUpCompany();
    const owes = await createBuyer(company, { opening_balance: 1500.5 });
    expect(owes).toMatchObject({ opening_balance: 1500.5, outstanding: 1500.5 });
    const lines = (await company.api.get(`${transactionsPath(company)}?buyer=${owes.id}`)).body.results;
    expect(lines).toEqual([
      expect.objectContaining({
        entry_type: 'opening_balance',
        debit: 1500.5,
        credit: 0,
        balance_after: 1500.5,
        buyer: { id: owes.id, name: owes.name },
        created_by: { id: company.userId, name: 'Priya Sharma' },
      }),
    ]);
    const advance = await createBuyer(company, { opening_balance: -200.25 });
    expect(advance.outstanding).toBe(-200.25);
    const advanceLines = (await company.api.get(`${transactionsPath(company)}?buyer=${advance.id}`)).body
      .results;
    expect(advanceLines.map((l: any) => [l.debit, l.credit, l.balance_after])).toEqual([
      [0, 200.25, -200.25],
    ]);
    expect(advance.summary).toMatchObject({ credit_used: 0, credit_available: null });
  });

  it('requires a GSTIN of registered buyers and refuses one for consumers and unregistered businesses', async () => {
    const company = await signUpCompany();
    for (const buyer_type of ['regular', 'composition', 'sez']) {
      const res = await company.api.post(listPath(company), buyerInput({ buyer_type, gst_number: null }));
      expect(res.status).toBe(400);
      expect(res.body.errors.gst_number).toEqual([
        'GST number is required for a registered buyer (Regular, Composition or SEZ).',
      ]);
    }
    for (const buyer_type of ['consumer', 'unregistered']) {
      const res = await company.api.post(listPath(company), buyerInput({ buyer_type }));
      expect(res.status).toBe(400);
      expect(res.body.errors.gst_number).toEqual([
        'An unregistered business or a consumer has no GST number; leave it empty.',
      ]);
      const ok = await company.api.post(listPath(company), buyerInput({ buyer_type, gst_number: '' }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(ok.body).toMatchObject({ buyer_type, gst_number: null, pan: null });
    }
    const overseas = await company.api.post(
      listPath(company),
      buyerInput({ buyer_type: 'overseas', gst_number: null }),
    );
    expect(overseas.status).toBe(201);
    // Any checksum character but the right one (a fixed '0' was right for one GSTIN in 36).
    const gstin = validGstin('27');
    const wrongChecksum = gstin.endsWith('0') ? '1' : '0';
    const badChecksum = await company.api.post(
      listPath(company),
      buyerInput({ gst_number: `${gstin.slice(0, 14)}${wrongChecksum}` }),
    );
    expect(badChecksum.status).toBe(400);
    expect(badChecksum.body.errors.gst_number).toEqual(['Please enter a valid GSTIN']);
  });

  it("refuses a GSTIN whose state is not the billing address's state", async () => {
    const company = await signUpCompany();
    const res = await company.api.post(listPath(company), buyerInput({ gst_number: validGstin('29') }));
    expect(res.status).toBe(400);
    expect(res.body.errors.gst_number).toEqual([
      'The GST number is registered in Karnataka (29), but the billing address is in Maharashtra (27). Use the GSTIN of the billing state.',
    ]);
    // The shipping address may be anywhere.
    const ok = await company.api.post(
      listPath(company),
      buyerInput({ gst_number: validGstin('29'), billing_address: BENGALURU, shipping_address: PUNE }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('keeps GSTINs unique per company, not across companies', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const gst = validGstin('27');
    await createBuyer(company, { gst_number: gst });
    const again = await company.api.post(listPath(company), buyerInput({ gst_number: gst }));
    expect(again.status).toBe(400);
    expect(again.body.errors.gst_number).toEqual(['A buyer with this GST number already exists.']);
    expect((await other.api.post(listPath(other), buyerInput({ gst_number: gst }))).status).toBe(201);
  });

  it('enables only the sales channels given, each of which must be an active channel of the company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [first, second] = await channels(company);
    const buyer = await createBuyer(company, { sales_channels: [second.id] });
    expect(buyer.sales_channels.map((c: any) => [c.id, c.is_enabled])).toEqual([[second.id, true]]);
    const foreign = (await channels(other))[0];
    const res = await company.api.post(listPath(company), buyerInput({ sales_channels: [foreign.id] }));
    expect(res.status).toBe(400);
    expect(res.body.errors.sales_channels).toEqual(['Sales Channel Not Found']);
    await company.t.server.ctx.db
      .updateTable('sales_channels')
      .set({ is_active: false })
      .where('id', '=', first.id)
      .execute();
    const inactive = await company.api.post(listPath(company), buyerInput({ sales_channels: [first.id] }));
    expect(inactive.body.errors.sales_channels).toEqual(['This sales channel is inactive.']);
    const defaults = await createBuyer(company);
    expect(defaults.sales_channels.map((c: any) => c.id)).not.toContain(first.id);
  });

  it('answers bad input with per-field messages', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const otherTerm = (await other.api.get(`companies/${other.companyId}/payment_terms`)).body.results[0];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'Buyer name is required.'],
      [{ name: 'x'.repeat(201) }, 'name', 'Cannot exceed more than 200 characters.'],
      [{ phone: '0123456789' }, 'phone', 'Please enter a valid 10-digit phone number.'],
      [{ phone: '98765' }, 'phone', 'Please enter a valid 10-digit phone number.'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ buyer_type: 'wholesale' }, 'buyer_type', 'Choose a valid buyer type.'],
      [{ credit_limit: -1 }, 'credit_limit', 'Value cannot be negative.'],
      [
        { credit_limit: 10.005 },
        'credit_limit',
        'Please enter a valid amount (not negative, at most 2 decimals).',
      ],
      [{ opening_balance: 'abc' }, 'opening_balance', 'Please enter a valid number.'],
      [{ opening_balance: 1.234 }, 'opening_balance', 'Please enter a valid amount (at most 2 decimals).'],
      [
        { billing_address: { ...PUNE, pincode: '41100' } },
        'billing_address.pincode',
        'Please enter a valid 6 digit pincode.',
      ],
      [{ billing_address: { ...PUNE, state_id: 77 } }, 'billing_address.state_id', 'State Not Found'],
      [
        { billing_address: undefined },
        'billing_address',
        'Invalid input: expected object, received undefined',
      ],
      [{ payment_term: otherTerm.id }, 'payment_term', 'Payment Term Not Found'],
      [{ sales_channels: [999999999] }, 'sales_channels', 'Sales Channel Not Found'],
    ];
    for (const [override, field, message] of cases) {
      const res = await company.api.post(listPath(company), buyerInput(override));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    const unknownField = await company.api.post(listPath(company), buyerInput({ colour: 'red' }));
    expect(unknownField.status).toBe(400);
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
  });

  it('needs add_buyer', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_buyer']);
    const res = await viewer.api.post(listPath(company), buyerInput());
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to perform this action.');
    const nobody = await createUserWithPermissions(company, ['view_product']);
    expect((await nobody.api.get(listPath(company))).status).toBe(403);
    expect((await nobody.api.get(`companies/${company.companyId}/buyer_details`)).status).toBe(403);
  });
});

describe('GET companies/{companyId}/buyers', () => {
  it('lists newest first and searches name, contact, phone, e-mail and GSTIN, every word', async () => {
    const company = await signUpCompany();
    const phone = uniquePhone();
    const gst = validGstin('27');
    const a = await createBuyer(company, {
      name: 'Kulkarni Steel Works',
      contact_person_name: 'Anil Kulkarni',
      phone,
    });
    const b = await createBuyer(company, {
      name: 'Deshmukh Agencies',
      email: 'orders@deshmukh-agencies.in',
      gst_number: gst,
    });
    const c = await createBuyer(company, { name: 'Kulkarni Traders', contact_person_name: 'Meena Joshi' });
    const list = await company.api.get(listPath(company));
    expect(list.body.count).toBe(3);
    expect(ids(list.body)).toEqual([c.id, b.id, a.id]);
    expect(Object.keys(list.body.results[0]).sort()).toEqual(
      [
        'buyer_type',
        'contact_person_name',
        'created_at',
        'credit_limit',
        'email',
        'gst_number',
        'id',
        'ignore_for_bi',
        'is_active',
        'is_inventory_exposed',
        'name',
        'opening_balance',
        'outstanding',
        'pan',
        'payment_term',
        'phone',
        'updated_at',
      ].sort(),
    );
    const search = async (text: string) =>
      ids((await company.api.get(`${listPath(company)}?search=${encodeURIComponent(text)}`)).body);
    expect(await search('kulkarni')).toEqual([c.id, a.id]);
    expect(await search('KULKARNI steel')).toEqual([a.id]);
    expect(await search('anil')).toEqual([a.id]);
    expect(await search(phone.slice(2, 8))).toEqual([a.id]);
    expect(await search('deshmukh-agencies')).toEqual([b.id]);
    expect(await search(gst.toLowerCase())).toEqual([b.id]);
    expect(await search('meena traders')).toEqual([c.id]);
    expect(await search('kulkarni deshmukh')).toEqual([]);
    expect(await search('100%')).toEqual([]);
    const counted = await company.api.get(`${listPath(company)}?search=kulkarni&limit=1`);
    expect(counted.body).toMatchObject({ count: 2, previous: null });
    expect(counted.body.next).toContain('offset=1');
  });

  it('filters by buyer type, GST number, status, sales channel and buyer group', async () => {
    const company = await signUpCompany();
    const [web, app] = await channels(company);
    const gst = validGstin('27');
    const regular = await createBuyer(company, { gst_number: gst, sales_channels: [web.id] });
    const consumer = await createBuyer(company, {
      buyer_type: 'consumer',
      gst_number: null,
      sales_channels: [app.id],
    });
    const sez = await createBuyer(company, { buyer_type: 'sez' });
    await company.api.post(`buyers/${sez.id}/deactivate`);
    const { db } = company.t.server.ctx;
    const group = await db
      .insertInto('buyer_groups')
      .values({ company_id: company.companyId, name: `Group ${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('buyer_group_buyers')
      .values({ company_id: company.companyId, buyer_group_id: group.id, buyer_id: consumer.id })
      .execute();
    const get = async (query: string) => ids((await company.api.get(`${listPath(company)}?${query}`)).body);
    expect(await get('buyer_type=consumer')).toEqual([consumer.id]);
    expect(await get('buyer_type__in=regular,sez')).toEqual([sez.id, regular.id]);
    expect(await get(`gst_number=${gst.toLowerCase()}`)).toEqual([regular.id]);
    expect(await get('is_active=false')).toEqual([sez.id]);
    expect(await get('is_active=true')).toEqual([consumer.id, regular.id]);
    // The SEZ buyer has every active channel (the default); the consumer only the app channel.
    expect(await get(`sales_channel=${web.id}`)).toEqual([sez.id, regular.id]);
    expect(await get(`sales_channel=${app.id}`)).toEqual([sez.id, consumer.id]);
    expect(await get(`buyer_group=${group.id}`)).toEqual([consumer.id]);
    const bad = await company.api.get(`${listPath(company)}?buyer_type=wholesale`);
    expect(bad.status).toBe(400);
    expect((await company.api.get(`${listPath(company)}?buyer_type__in=regular,x`)).status).toBe(400);
    expect((await company.api.get(`${listPath(company)}?sales_channel=abc`)).status).toBe(400);
  });

  it('orders by name and outstanding, and refuses an unknown ordering', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const b = await createBuyer(company, { name: `Bravo ${tag}`, opening_balance: 300 });
    const a = await createBuyer(company, { name: `alpha ${tag}`, opening_balance: 100 });
    const c = await createBuyer(company, { name: `Charlie ${tag}`, opening_balance: 200 });
    const get = async (ordering: string) =>
      ids((await company.api.get(`${listPath(company)}?ordering=${ordering}`)).body);
    expect(await get('name')).toEqual([a.id, b.id, c.id]);
    expect(await get('-name')).toEqual([c.id, b.id, a.id]);
    expect(await get('-outstanding')).toEqual([b.id, c.id, a.id]);
    expect(await get('outstanding')).toEqual([a.id, c.id, b.id]);
    const bad = await company.api.get(`${listPath(company)}?ordering=password`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.ordering[0]).toContain('name');
  });

  it('pages with cursors forwards and back, at any depth', async () => {
    const company = await signUpCompany();
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createBuyer(company, { name: `Cursor ${i} ${unique()}` }));
    const newestFirst = created.map((b) => b.id).reverse();
    const first = await company.api.get(`${listPath(company)}?cursor=&limit=2`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ count: 5, previous: null });
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 2));
    const second = await company.api.get(first.body.next.replace(/^\/api\//, ''));
    expect(ids(second.body)).toEqual(newestFirst.slice(2, 4));
    const third = await company.api.get(second.body.next.replace(/^\/api\//, ''));
    expect(ids(third.body)).toEqual(newestFirst.slice(4));
    expect(third.body.next).toBeNull();
    const back = await company.api.get(third.body.previous.replace(/^\/api\//, ''));
    expect(ids(back.body)).toEqual(newestFirst.slice(2, 4));
    const backAgain = await company.api.get(back.body.previous.replace(/^\/api\//, ''));
    expect(ids(backAgain.body)).toEqual(newestFirst.slice(0, 2));
    expect(backAgain.body.previous).toBeNull();
    // By name, with a search.
    const byName = await company.api.get(`${listPath(company)}?cursor=&limit=3&ordering=name&search=cursor`);
    const rest = await company.api.get(byName.body.next.replace(/^\/api\//, ''));
    expect([...ids(byName.body), ...ids(rest.body)]).toEqual(created.map((b) => b.id));
    const forged = await company.api.get(`${listPath(company)}?cursor=bm90LWEtY3Vyc29y`);
    expect(forged.status).toBe(400);
    expect(forged.body.errors.cursor).toEqual(['This cursor is not valid; start again from the first page.']);
    // A token made for another ordering is refused too.
    const token = new URL(first.body.next, 'http://local').searchParams.get('cursor');
    const mismatch = await company.api.get(`${listPath(company)}?cursor=${token}&ordering=name`);
    expect(mismatch.status).toBe(400);
    expect((await company.api.get(`${listPath(company)}?cursor=&ordering=name,-created_at`)).status).toBe(
      400,
    );
  });

  it('embeds addresses and sales channels when expanded', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company, { shipping_address: MUMBAI });
    const res = await company.api.get(`${listPath(company)}?expand=addresses,sales_channels`);
    expect(res.body.results[0].id).toBe(buyer.id);
    expect(res.body.results[0].addresses).toHaveLength(2);
    expect(res.body.results[0].sales_channels.length).toBeGreaterThan(0);
  });
});

describe('GET companies/{companyId}/buyer_details (v1 and v2)', () => {
  it('v1 has the payment term, billing address and credit figures; v2 adds addresses, channels and groups', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company, {
      credit_limit: 1000,
      opening_balance: 250,
      shipping_address: MUMBAI,
    });
    const v1 = (await company.api.get(`companies/${company.companyId}/buyer_details`)).body.results[0];
    expect(v1).toMatchObject({
      id: buyer.id,
      billing_address: expect.objectContaining({ city: 'Pune', address_type: 'billing_address' }),
      summary: { outstanding: 250, credit_limit: 1000, credit_used: 250, credit_available: 750 },
    });
    expect(v1).not.toHaveProperty('addresses');
    const v2 = (await company.api.get(`v2/companies/${company.companyId}/buyer_details?search=sharma`)).body;
    expect(v2.count).toBe(1);
    expect(v2.results[0]).toMatchObject({ id: buyer.id, buyer_groups: [], summary: v1.summary });
    expect(v2.results[0].addresses.map((a: any) => a.city)).toEqual(['Pune', 'Mumbai']);
    expect(v2.results[0].sales_channels.length).toBeGreaterThan(0);
  });
});

describe('GET buyers/{id} and v2/buyers/{id}', () => {
  it('v1 names its references by id; v2 expands them; a foreign or unknown id is Not Found', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await createBuyer(company, { shipping_address: MUMBAI });
    const v1 = await company.api.get(`buyers/${buyer.id}`);
    expect(v1.body).toMatchObject({
      id: buyer.id,
      company: company.companyId,
      payment_term: null,
      addresses: buyer.addresses.map((a: any) => a.id),
      sales_channels: buyer.sales_channels.map((c: any) => c.id),
      buyer_groups: [],
    });
    const v2 = await company.api.get(`v2/buyers/${buyer.id}`);
    expect(v2.body).toEqual(buyer);
    for (const path of [`buyers/${buyer.id}`, `v2/buyers/${buyer.id}`, `buyers/${buyer.id}/summary`]) {
      const res = await other.api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Buyer Not Found');
    }
    expect((await company.api.get('buyers/999999999')).status).toBe(404);
    expect((await company.api.get('buyers/abc')).status).toBe(400);
  });
});

describe('PATCH buyers/{id}', () => {
  it('changes fields, the sales channels and the first billing and shipping addresses together', async () => {
    const company = await signUpCompany();
    const [web] = await channels(company);
    const buyer = await createBuyer(company, { credit_limit: 100 });
    const gst29 = validGstin('29');
    const res = await company.api.patch(`buyers/${buyer.id}`, {
      name: 'Renamed',
      contact_person_name: '',
      credit_limit: null,
      gst_number: gst29,
      billing_address: BENGALURU,
      addSameAsBilling: true,
      sales_channels: [web.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      contact_person_name: null,
      credit_limit: null,
      gst_number: gst29,
      pan: gst29.slice(2, 12),
    });
    expect(res.body.addresses.map((a: any) => [a.id, a.address_type, a.city])).toEqual([
      [buyer.addresses[0].id, 'billing_address', 'Bengaluru'],
      [expect.any(Number), 'shipping_address', 'Bengaluru'],
    ]);
    expect(res.body.sales_channels.filter((c: any) => c.is_enabled).map((c: any) => c.id)).toEqual([web.id]);
    expect(res.body.sales_channels.length).toBeGreaterThan(1);
    const history = (await company.api.get(`buyers/${buyer.id}/history`)).body.results;
    expect(history.map((h: any) => h.actions.action)).toEqual(['updated', 'created']);
  });

  it('keeps the GSTIN and billing state rule, the type rule and the opening balance', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company, { opening_balance: 10 });
    const mismatch = await company.api.patch(`buyers/${buyer.id}`, { gst_number: validGstin('29') });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.gst_number[0]).toContain('registered in Karnataka (29)');
    const moved = await company.api.patch(`buyers/${buyer.id}`, { billing_address: BENGALURU });
    expect(moved.status).toBe(400);
    expect(moved.body.errors['billing_address.state_id'][0]).toContain(
      'billing address is in Karnataka (29)',
    );
    const consumer = await company.api.patch(`buyers/${buyer.id}`, { buyer_type: 'consumer' });
    expect(consumer.body.errors.gst_number).toEqual([
      'An unregistered business or a consumer has no GST number; leave it empty.',
    ]);
    const cleared = await company.api.patch(`buyers/${buyer.id}`, {
      buyer_type: 'consumer',
      gst_number: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ buyer_type: 'consumer', gst_number: null, pan: null });
    const opening = await company.api.patch(`buyers/${buyer.id}`, { opening_balance: 20 });
    expect(opening.status).toBe(400);
    expect(opening.body.errors.opening_balance).toEqual([
      'Opening balance can only be set when the buyer is created.',
    ]);
    expect((await company.api.patch(`buyers/${buyer.id}`, { opening_balance: 10 })).status).toBe(200);
    const taken = await createBuyer(company);
    const dup = await company.api.patch(`buyers/${buyer.id}`, {
      buyer_type: 'regular',
      gst_number: taken.gst_number,
    });
    expect(dup.body.errors.gst_number).toEqual(['A buyer with this GST number already exists.']);
    expect((await company.api.patch(`buyers/${buyer.id}`, { nickname: 'x' })).status).toBe(400);
    expect(
      (await company.api.patch(`buyers/${buyer.id}`, { payment_term: 999999999 })).body.errors.payment_term,
    ).toEqual(['Payment Term Not Found']);
  });

  it('needs change_buyer and a buyer of the company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await createBuyer(company);
    const viewer = await createUserWithPermissions(company, ['view_buyer']);
    expect((await viewer.api.patch(`buyers/${buyer.id}`, { name: 'x' })).status).toBe(403);
    expect((await other.api.patch(`buyers/${buyer.id}`, { name: 'x' })).status).toBe(404);
    expect((await company.api.get(`buyers/${buyer.id}`)).body.name).toBe(buyer.name);
  });
});

describe('buyer switches: activate, deactivate, expose and hide inventory, ignore for BI', () => {
  it('flips each flag and records it', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company);
    const steps: [string, 'post' | 'patch', Record<string, unknown> | undefined, string, boolean][] = [
      ['deactivate', 'post', undefined, 'is_active', false],
      ['activate', 'post', undefined, 'is_active', true],
      ['hide_inventory', 'post', undefined, 'is_inventory_exposed', false],
      ['expose_inventory', 'post', undefined, 'is_inventory_exposed', true],
      ['ignore_for_bi', 'patch', { ignore_for_bi: true }, 'ignore_for_bi', true],
      ['ignore_for_bi', 'patch', { ignore_for_bi: false }, 'ignore_for_bi', false],
    ];
    for (const [action, method, body, flag, value] of steps) {
      const res = await company.api[method](`buyers/${buyer.id}/${action}`, body);
      expect(res.status, action).toBe(200);
      expect(res.body[flag], action).toBe(value);
    }
    const history = (await company.api.get(`buyers/${buyer.id}/history`)).body.results;
    expect(history.map((h: any) => h.actions.action).reverse()).toEqual([
      'created',
      'deactivated',
      'activated',
      'inventory_hidden',
      'inventory_exposed',
      'ignored_for_bi',
      'not_ignored_for_bi',
    ]);
    expect(
      (await company.api.patch(`buyers/${buyer.id}/ignore_for_bi`, { ignore_for_bi: 'yes' })).status,
    ).toBe(400);
    expect((await company.api.patch(`buyers/${buyer.id}/ignore_for_bi`, {})).status).toBe(400);
    const viewer = await createUserWithPermissions(company, ['view_buyer']);
    expect((await viewer.api.post(`buyers/${buyer.id}/deactivate`)).status).toBe(403);
    expect((await company.api.post('buyers/999999999/activate')).status).toBe(404);
  });
});

describe('buyer addresses', () => {
  it('POST buyers/{id}/addresses adds billing or shipping, copies billing as shipping, keeps the GSTIN state', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company);
    const shipping = await company.api.post(`buyers/${buyer.id}/addresses`, {
      ...BENGALURU,
      address_type: 'shipping_address',
    });
    expect(shipping.status, JSON.stringify(shipping.body)).toBe(201);
    expect(shipping.body).toMatchObject({ address_type: 'shipping_address', city: 'Bengaluru' });
    const foreignState = await company.api.post(`buyers/${buyer.id}/addresses`, {
      ...BENGALURU,
      address_type: 'billing_address',
    });
    expect(foreignState.status).toBe(400);
    expect(foreignState.body.errors.state_id[0]).toContain('registered in Maharashtra (27)');
    const both = await company.api.post(`buyers/${buyer.id}/addresses`, {
      ...MUMBAI,
      address_type: 'billing_address',
      addSameAsBilling: true,
    });
    expect(both.status).toBe(201);
    const detail = (await company.api.get(`v2/buyers/${buyer.id}`)).body;
    expect(detail.addresses.map((a: any) => [a.address_type, a.city])).toEqual([
      ['billing_address', 'Pune'],
      ['shipping_address', 'Bengaluru'],
      ['billing_address', 'Mumbai'],
      ['shipping_address', 'Mumbai'],
    ]);
    const missingType = await company.api.post(`buyers/${buyer.id}/addresses`, PUNE);
    expect(missingType.body.errors.address_type).toEqual([
      'Address type must be billing_address or shipping_address.',
    ]);
    const office = await company.api.post(`buyers/${buyer.id}/addresses`, {
      ...PUNE,
      address_type: 'office',
    });
    expect(office.status).toBe(400);
    const copyShipping = await company.api.post(`buyers/${buyer.id}/addresses`, {
      ...PUNE,
      address_type: 'shipping_address',
      addSameAsBilling: true,
    });
    expect(copyShipping.body.errors.addSameAsBilling).toEqual([
      'Only a billing address can be copied as the shipping address.',
    ]);
    const viewer = await createUserWithPermissions(company, ['view_buyer']);
    expect(
      (await viewer.api.post(`buyers/${buyer.id}/addresses`, { ...PUNE, address_type: 'shipping_address' }))
        .status,
    ).toBe(403);
  });

  it('the shared address routes keep the buyer rules: GSTIN state and the last billing address', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company, { shipping_address: MUMBAI });
    const [billing, shipping] = buyer.addresses;
    const moved = await company.api.patch(`addresses/${billing.id}`, {
      state_id: 29,
      city: 'Bengaluru',
      pincode: '560001',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors.state_id[0]).toContain('billing address is in Karnataka (29)');
    const edited = await company.api.patch(`addresses/${billing.id}`, { address_line_1: '6 FC Road' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const last = await company.api.post(`addresses/${billing.id}/delete`);
    expect(last.status).toBe(400);
    expect(last.body.detail).toBe(
      'A buyer needs a billing address: add another one before deleting this one.',
    );
    const retyped = await company.api.patch(`addresses/${billing.id}`, { address_type: 'shipping_address' });
    expect(retyped.status).toBe(400);
    const office = await company.api.patch(`addresses/${shipping.id}`, { address_type: 'office' });
    expect(office.status).toBe(400);
    expect((await company.api.post(`addresses/${shipping.id}/delete`)).status).toBe(200);
    const after = (await company.api.get(`v2/buyers/${buyer.id}`)).body;
    expect(after.addresses.map((a: any) => [a.id, a.address_line_1])).toEqual([[billing.id, '6 FC Road']]);
  });
});

describe('v2/companies/{companyId}/buyers/{id}/enable-sales-channel/ and disable-sales-channel/', () => {
  it('disables and enables one channel for the buyer', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await createBuyer(company);
    const [channel] = await channels(company);
    const base = `v2/companies/${company.companyId}/buyers/${buyer.id}`;
    const off = await company.api.post(`${base}/disable-sales-channel/`, { sales_channel: channel.id });
    expect(off.status).toBe(200);
    expect(off.body.sales_channels.find((c: any) => c.id === channel.id).is_enabled).toBe(false);
    expect(ids((await company.api.get(`${listPath(company)}?sales_channel=${channel.id}`)).body)).toEqual([]);
    const on = await company.api.post(`${base}/enable-sales-channel/`, { sales_channel: String(channel.id) });
    expect(on.body.sales_channels.find((c: any) => c.id === channel.id).is_enabled).toBe(true);
    expect(ids((await company.api.get(`${listPath(company)}?sales_channel=${channel.id}`)).body)).toEqual([
      buyer.id,
    ]);
    const foreign = (await channels(other))[0];
    const bad = await company.api.post(`${base}/enable-sales-channel/`, { sales_channel: foreign.id });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sales_channel).toEqual(['Sales Channel Not Found']);
    expect((await company.api.post(`${base}/enable-sales-channel/`, {})).status).toBe(400);
    expect(
      (
        await other.api.post(`v2/companies/${other.companyId}/buyers/${buyer.id}/enable-sales-channel/`, {
          sales_channel: foreign.id,
        })
      ).status,
    ).toBe(404);
    const history = (await company.api.get(`buyers/${buyer.id}/history`)).body.results;
    expect(history.slice(0, 2).map((h: any) => h.actions.action)).toEqual([
      'sales_channel_enabled',
      'sales_channel_disabled',
    ]);
  });
});

describe('GET buyers/{id}/summary', () => {
  it('shows outstanding, credit used and available, the last payment and the cashpoints', async () => {
    const company = await signUpCompany();
    const method = await paymentMethodId(company);
    const buyer = await createBuyer(company, { opening_balance: 5000, credit_limit: 8000 });
    const empty = (await company.api.get(`buyers/${buyer.id}/summary`)).body;
    expect(empty).toEqual({
      buyer: buyer.id,
      outstanding: 5000,
      credit_limit: 8000,
      credit_used: 5000,
      credit_available: 3000,
      opening_balance: 5000,
      credit_limit_restriction_applied: false,
      credit_limit_exceeded: false,
      last_payment: null,
      cashpoints_available: 0,
    });
    await record(company, {
      buyer: buyer.id,
      transaction_type: 'payment',
      amount: 1200.75,
      date: '2024-04-01',
      payment_method: method,
      reference_number: 'UTR-1',
    });
    await record(company, {
      buyer: buyer.id,
      transaction_type: 'payment',
      amount: 99.25,
      date: '2024-05-02',
      payment_method: method,
      reference_number: 'UTR-2',
    });
    await record(company, { buyer: buyer.id, transaction_type: 'debit_adjustment', amount: 6000 });
    const { db } = company.t.server.ctx;
    const [channel] = await channels(company);
    await db
      .insertInto('cashpoint_balances')
      .values({
        company_id: company.companyId,
        buyer_id: buyer.id,
        sales_channel_id: channel.id,
        balance: 150.5,
      })
      .execute();
    const summary = (await company.api.get(`buyers/${buyer.id}/summary`)).body;
    expect(summary).toMatchObject({
      outstanding: 9700,
      credit_used: 9700,
      credit_available: 0,
      credit_limit_exceeded: true,
      last_payment: {
        date: '2024-05-02',
        amount: 99.25,
        payment_method: { id: method, name: expect.any(String) },
        reference_number: 'UTR-2',
      },
      cashpoints_available: 150.5,
    });
    expect(summary).not.toHaveProperty('total_orders');
  });
});

describe('admin/companies/{companyId}/transactions', () => {
  it('records payments, adjustments and refunds to the paisa and lists them with filters', async () => {
    const company = await signUpCompany();
    const method = await paymentMethodId(company);
    const buyer = await createBuyer(company, { opening_balance: 1000.1 });
    const other = await createBuyer(company);
    const steps: [string, number, number][] = [
      ['payment', 0.1, 1000.0],
      ['payment', 0.2, 999.8],
      ['debit_adjustment', 10.01, 1009.81],
      ['credit_adjustment', 0.81, 1009.0],
      ['refund', 0.33, 1009.33],
    ];
    for (const [transaction_type, amount, outstanding] of steps) {
      const needsMethod = transaction_type === 'payment' || transaction_type === 'refund';
      const res = await record(company, {
        buyer: buyer.id,
        transaction_type,
        amount,
        ...(needsMethod ? { payment_method: method } : {}),
        notes: `${transaction_type} note`,
        branch: company.branchId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        entry_type: transaction_type,
        balance_after: outstanding,
        outstanding,
      });
    }
    expect((await company.api.get(`buyers/${buyer.id}`)).body.outstanding).toBe(1009.33);
    await record(company, {
      buyer: other.id,
      transaction_type: 'debit_adjustment',
      amount: 5,
      date: '2023-01-15',
    });

    const all = (await company.api.get(transactionsPath(company))).body;
    expect(all.count).toBe(7);
    expect(all.results[0]).toMatchObject({
      buyer: { id: other.id },
      entry_type: 'debit_adjustment',
      debit: 5,
    });
    const mine = (await company.api.get(`${transactionsPath(company)}?buyer=${buyer.id}&ordering=created_at`))
      .body;
    expect(mine.results.map((r: any) => r.balance_after)).toEqual([
      1000.1, 1000, 999.8, 1009.81, 1009, 1009.33,
    ]);
    expect(mine.results[1]).toMatchObject({
      credit: 0.1,
      debit: 0,
      payment_method: { id: method },
      branch: { id: company.branchId },
      notes: 'payment note',
    });
    const payments = (await company.api.get(`${transactionsPath(company)}?entry_type=payment`)).body;
    expect(payments.count).toBe(2);
    const several = (
      await company.api.get(`${transactionsPath(company)}?entry_type__in=refund,opening_balance`)
    ).body;
    expect(several.results.map((r: any) => r.entry_type).sort()).toEqual(['opening_balance', 'refund']);
    const dated = (
      await company.api.get(`${transactionsPath(company)}?start_date=2023-01-01&end_date=2023-12-31`)
    ).body;
    expect(dated.results.map((r: any) => r.date)).toEqual(['2023-01-15']);
    const paged = (await company.api.get(`${transactionsPath(company)}?limit=2&offset=2&ordering=-amount`))
      .body;
    expect(paged).toMatchObject({ count: 7 });
    expect(paged.results.map((r: any) => r.debit + r.credit)).toEqual([5, 0.81]);
    expect((await company.api.get(`${transactionsPath(company)}?entry_type=gift`)).status).toBe(400);
    expect((await company.api.get(`${transactionsPath(company)}?start_date=2023-13-01`)).status).toBe(400);
    expect((await company.api.get(`${transactionsPath(company)}?ordering=notes`)).status).toBe(400);
  });

  it('refuses bad transactions with per-field messages', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const method = await paymentMethodId(company);
    const buyer = await createBuyer(company);
    const foreignBuyer = await createBuyer(other);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const good = { buyer: buyer.id, transaction_type: 'payment', amount: 10, payment_method: method };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', 'Amount must be greater than zero.'],
      [{ amount: -5 }, 'amount', 'Amount must be greater than zero.'],
      [{ amount: 1.005 }, 'amount', 'Please enter a valid amount (at most 2 decimals).'],
      [{ amount: 'ten' }, 'amount', 'Please enter a valid number.'],
      [{ date: tomorrow }, 'date', 'The date cannot be in the future.'],
      [{ date: '2024-02-30' }, 'date', 'Please enter a valid date (YYYY-MM-DD).'],
      [{ payment_method: null }, 'payment_method', 'Payment method is required for a payment or a refund.'],
      [
        { transaction_type: 'refund', payment_method: undefined },
        'payment_method',
        'Payment method is required for a payment or a refund.',
      ],
      [{ payment_method: 999999999 }, 'payment_method', 'Payment Method Not Found'],
      [{ buyer: foreignBuyer.id }, 'buyer', 'Buyer Not Found'],
      [{ branch: 999999999 }, 'branch', 'Branch Not Found'],
      [
        { transaction_type: 'gift' },
        'transaction_type',
        'Transaction type must be payment, debit_adjustment, credit_adjustment or refund.',
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await record(company, { ...good, ...override });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    expect((await company.api.get(`buyers/${buyer.id}`)).body.outstanding).toBe(0);
    expect((await company.api.get(`buyers/${foreignBuyer.id}`)).status).toBe(404);
    expect((await other.api.get(`buyers/${foreignBuyer.id}`)).body.outstanding).toBe(0);
    // Adjustments need no payment method.
    expect(
      (await record(company, { buyer: buyer.id, transaction_type: 'credit_adjustment', amount: 1 })).status,
    ).toBe(201);
  });

  it('needs change_buyer to record and view_buyer to list', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyer(company);
    const viewer = await createUserWithPermissions(company, ['view_buyer']);
    expect((await viewer.api.get(transactionsPath(company))).status).toBe(200);
    const refused = await viewer.api.post(transactionsPath(company), {
      buyer: buyer.id,
      transaction_type: 'debit_adjustment',
      amount: 1,
    });
    expect(refused.status).toBe(403);
    const nobody = await createUserWithPermissions(company, ['view_product']);
    expect((await nobody.api.get(transactionsPath(company))).status).toBe(403);
  });
});

describe('assertWithinCreditLimit (for the orders issue)', () => {
  it('refuses only when the company applies the restriction and the buyer would pass its limit', async () => {
    const company = await signUpCompany();
    const { db } = company.t.server.ctx;
    const limited = await createBuyer(company, { credit_limit: 1000, opening_balance: 600 });
    const unlimited = await createBuyer(company, { opening_balance: 600 });
    const check = (buyerId: number, paise: number, executor: Executor = db) =>
      assertWithinCreditLimit(executor, company.companyId, buyerId, paise);
    // Restriction off: anything goes.
    await expect(check(limited.id, 10_000_00)).resolves.toBeUndefined();
    const on = await company.api.patch(`companies/${company.companyId}`, {
      apply_credit_limit_restriction: true,
    });
    expect(on.status).toBe(200);
    await expect(check(limited.id, 400_00)).resolves.toBeUndefined();
    await expect(check(unlimited.id, 10_000_00)).resolves.toBeUndefined();
    const refusal = await check(limited.id, 400_01).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('conflict');
    expect((refusal as AppError).errors?.buyer).toEqual([
      'Credit limit exceeded: the buyer owes ₹600.00 and this adds ₹400.01, ₹1,000.01 in all, above the credit limit of ₹1,000.00 by ₹0.01.',
    ]);
    // Inside a transaction the buyer row is locked and the same rule holds.
    await expect(inTransaction(db, (tx) => check(limited.id, 400_01, tx))).rejects.toBeInstanceOf(AppError);
    await expect(inTransaction(db, (tx) => check(limited.id, 400_00, tx))).resolves.toBeUndefined();
    // A payment makes room.
    await record(company, { buyer: limited.id, transaction_type: 'credit_adjustment', amount: 0.01 });
    await expect(check(limited.id, 400_01)).resolves.toBeUndefined();
    const other = await signUpCompany();
    await expect(assertWithinCreditLimit(db, other.companyId, limited.id, 1)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Buyer Not Found',
    });
    const summary = (await company.api.get(`buyers/${limited.id}/summary`)).body;
    expect(summary.credit_limit_restriction_applied).toBe(true);
  });
});

describe('POST companies/search', () => {
  it('finds buyers and sellers of the company by exact GSTIN, phone or e-mail', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const phone = uniquePhone();
    const buyer = await createBuyer(company, { phone, email: `Mixed.${unique()}@Example.in` });
    const { db } = company.t.server.ctx;
    const seller = await db
      .insertInto('sellers')
      .values({
        company_id: company.companyId,
        name: `Seller ${unique()}`,
        gst_number: buyer.gst_number,
        phone: uniquePhone(),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const search = async (body: Record<string, unknown>, api = company.api) =>
      api.post('companies/search', body);
    const byGst = await search({ gst_number: buyer.gst_number.toLowerCase() });
    expect(byGst.status, JSON.stringify(byGst.body)).toBe(200);
    expect(byGst.body.results).toEqual([
      {
        type: 'buyer',
        id: buyer.id,
        name: buyer.name,
        gst_number: buyer.gst_number,
        phone,
        email: buyer.email,
        is_active: true,
        matched_on: ['gst_number'],
      },
      expect.objectContaining({ type: 'seller', id: seller.id, matched_on: ['gst_number'] }),
    ]);
    expect((await search({ phone })).body.results.map((r: any) => r.id)).toEqual([buyer.id]);
    expect((await search({ email: buyer.email.toUpperCase() })).body.results.map((r: any) => r.id)).toEqual([
      buyer.id,
    ]);
    expect((await search({ phone: phone.slice(0, 9) })).body.count).toBe(0);
    expect((await search({ gst_number: buyer.gst_number }, other.api)).body.count).toBe(0);
    const none = await search({});
    expect(none.status).toBe(400);
    expect(none.body.errors.non_field_errors).toEqual([
      'Give a GST number, a phone number or an e-mail address to search for.',
    ]);
    expect((await search({ gst_number: '', phone: '  ' })).status).toBe(400);
    expect((await search({ pan: 'x' })).status).toBe(400);
    const buyerViewer = await createUserWithPermissions(company, ['view_buyer']);
    expect(
      (await search({ gst_number: buyer.gst_number }, buyerViewer.api)).body.results.map((r: any) => r.type),
    ).toEqual(['buyer']);
    const nobody = await createUserWithPermissions(company, ['view_product']);
    expect((await search({ gst_number: buyer.gst_number }, nobody.api)).status).toBe(403);
  });
});

describe.runIf(inject('databaseUrl'))('buyer ledger under concurrency (PostgreSQL)', () => {
  it('parallel payments on one buyer leave the outstanding and every running balance exact', async () => {
    const company = await signUpCompany();
    const method = await paymentMethodId(company);
    const buyer = await createBuyer(company, { opening_balance: 1000 });
    const n = 25;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        record(company, {
          buyer: buyer.id,
          transaction_type: i % 5 === 0 ? 'debit_adjustment' : 'payment',
          amount: i % 5 === 0 ? 0.07 : 12.34,
          ...(i % 5 === 0 ? {} : { payment_method: method }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(n).fill(201));
    // 20 payments of 12.34 and 5 debits of 0.07, in paise.
    const expected = (1000_00 - 20 * 12_34 + 5 * 7) / 100;
    expect((await company.api.get(`buyers/${buyer.id}`)).body.outstanding).toBe(expected);
    const lines = (
      await company.api.get(`${transactionsPath(company)}?buyer=${buyer.id}&limit=-1&ordering=created_at`)
    ).body.results;
    const rows = await company.t.server.ctx.db
      .selectFrom('buyer_ledger_entries')
      .select(['id', 'debit_paise', 'credit_paise', 'balance_after_paise'])
      .where('buyer_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(lines).toHaveLength(n + 1);
    let balance = 0;
    for (const row of rows) {
      balance += row.debit_paise - row.credit_paise;
      expect(row.balance_after_paise).toBe(balance);
    }
    expect(balance).toBe(Math.round(expected * 100));
  });
});
