import { SELLER_MESSAGES } from '@b2b/domain/api/sellers';
import { MESSAGES } from '@b2b/domain/validation';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
  validGstin,
} from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { tenDigitPhone } from './party-import.ts';

// The import centre's buyers and sellers kinds (issue 26), over HTTP against a real database.

async function upload(api: SignedUpCompany['api'], baseUrl: string, path: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'parties.csv');
  const res = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

const send = (company: SignedUpCompany, kind: 'buyers' | 'sellers', path: string, csv: string) =>
  upload(company.api, company.t.baseUrl, `companies/${company.companyId}/imports/${kind}${path}`, csv);

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

const buyersNamed = (company: SignedUpCompany, tag: string) =>
  dbOf(company)
    .selectFrom('buyers')
    .select(['id', 'name', 'gst_number', 'phone', 'email', 'buyer_type', 'credit_limit_paise'])
    .where('company_id', '=', company.companyId)
    .where('name', 'like', `%${tag}`)
    .orderBy('name')
    .execute();

const sellersNamed = (company: SignedUpCompany, tag: string) =>
  dbOf(company)
    .selectFrom('sellers')
    .select(['id', 'name', 'gst_number', 'phone', 'email'])
    .where('company_id', '=', company.companyId)
    .where('name', 'like', `%${tag}`)
    .orderBy('name')
    .execute();

const addressesOf = (company: SignedUpCompany, ownerType: 'buyer' | 'seller', ownerId: number) =>
  dbOf(company)
    .selectFrom('addresses')
    .select(['address_type', 'address_line_1', 'city', 'state_id', 'pincode'])
    .where('company_id', '=', company.companyId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .orderBy('address_type')
    .execute();

const historyOf = (company: SignedUpCompany, entityType: string, ids: number[]) =>
  dbOf(company)
    .selectFrom('history')
    .select(['entity_id', 'action', 'user_id'])
    .where('company_id', '=', company.companyId)
    .where('entity_type', '=', entityType)
    .where('entity_id', 'in', ids)
    .orderBy('id')
    .execute();

// A first guess of the mapping reads the headers an Indian party list has.
const buyerHeader = 'Buyer Name,GST No,Mobile,E-mail,Address,City,State,Pincode,Credit Limit';

async function world() {
  const company = await signUpCompany();
  const tag = unique().slice(-8).toUpperCase();
  return { company, tag };
}

describe('GET companies/{id}/imports/buyers/template and sellers/template', () => {
  it('gives each template with its headers and a valid example row', async () => {
    const { company } = await world();
    for (const kind of ['buyers', 'sellers']) {
      const res = await company.api.get(`companies/${company.companyId}/imports/${kind}/template`);
      expect(res.status).toBe(200);
      const text = String(typeof res.body === 'string' ? res.body : (res as { text?: string }).text);
      expect(text).toContain('name,gstin,phone,email,contact_person');
      expect(text).toContain('billing_address_line_1');
      expect(text).toContain('billing_state');
    }
    // The example row imports as it is.
    const template = await company.api.get(`companies/${company.companyId}/imports/buyers/template`);
    const csv = String(
      typeof template.body === 'string' ? template.body : (template as { text?: string }).text,
    );
    const dry = await send(company, 'buyers', '/dry_run', csv);
    expect(dry.body).toMatchObject({ total_rows: 1, valid_rows: 1, errors: [] });
  });
});

describe('POST companies/{id}/imports/buyers/dry_run', () => {
  it('lists every error of the file (row, column, message), guesses the mapping, and writes nothing', async () => {
    const { company, tag } = await world();
    const good = validGstin('27');
    const karnataka = validGstin('29');
    const csv = [
      buyerHeader,
      `Good ${tag},${good},${uniquePhone()},a@example.in,12 MG Road,Mumbai,Maharashtra,400001,"50,000"`,
      `Checksum ${tag},${good.slice(0, 14)}${good.endsWith('A') ? 'B' : 'A'},,,1 Road,Mumbai,27,400001,`,
      `Elsewhere ${tag},${karnataka},,,1 Road,Mumbai,Maharashtra,400001,`,
      `Pin ${tag},,${uniquePhone()},,1 Road,Pune,Maharashtra,0123,`,
      `Nowhere ${tag},,${uniquePhone()},,1 Road,Atlantis,Atlantis,400001,`,
      `Phone ${tag},,12345,,1 Road,Pune,Maharashtra,411001,`,
      `Again ${tag},${good},,,1 Road,Pune,Maharashtra,411001,`,
      `,,,,1 Road,Pune,Maharashtra,411001,`,
    ].join('\n');
    const res = await send(company, 'buyers', '/dry_run', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mapping).toMatchObject({
      name: 'Buyer Name',
      gstin: 'GST No',
      phone: 'Mobile',
      email: 'E-mail',
      billing_address_line_1: 'Address',
      billing_city: 'City',
      billing_state: 'State',
      billing_pincode: 'Pincode',
      credit_limit: 'Credit Limit',
    });
    expect(res.body.total_rows).toBe(8);
    expect(res.body.valid_rows).toBe(1);
    expect(res.body.errors).toEqual([
      { row: 3, column: 'GST No', message: MESSAGES.gstin },
      {
        row: 4,
        column: 'GST No',
        message: expect.stringContaining('but the billing address is in Maharashtra (27)'),
      },
      { row: 5, column: 'Pincode', message: 'Please enter a valid 6 digit pincode.' },
      {
        row: 6,
        column: 'State',
        message: "No state named 'Atlantis' (give its name or its 2-digit GST code).",
      },
      { row: 7, column: 'Mobile', message: MESSAGES.phone },
      { row: 8, column: 'GST No', message: 'This GSTIN is repeated in an earlier row of the file.' },
      {
        row: 9,
        column: 'GST No',
        message: 'Give the GSTIN or the phone number: a row is matched by one of them.',
      },
      { row: 9, column: 'Buyer Name', message: 'Buyer name is required.' },
    ]);
    const report = await send(company, 'buyers', '/dry_run?error_report=csv', csv);
    expect(String(report.body)).toContain('5,Pincode,Please enter a valid 6 digit pincode.');
    expect(await buyersNamed(company, tag)).toEqual([]);
  });
});

describe('POST companies/{id}/imports/buyers', () => {
  it('refuses a file with errors whole, imports the corrected file, and a re-import updates by GSTIN', async () => {
    const { company, tag } = await world();
    const gstin = validGstin('27');
    const phone = uniquePhone();
    const rows = [
      buyerHeader,
      `Acme ${tag},${gstin},,acme@example.in,12 MG Road,Mumbai,Maharashtra,400001,"1,50,000"`,
      `Corner Shop ${tag},,${phone},,3 Station Road,Pune,Maharashtra,4110,`,
    ];
    const refused = await send(company, 'buyers', '', rows.join('\n'));
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body).toMatchObject({ kind: 'import_buyers', status: 'validation_error' });
    expect(refused.body.errors).toEqual([
      { row: 3, column: 'Pincode', message: 'Please enter a valid 6 digit pincode.' },
    ]);
    expect(await buyersNamed(company, tag)).toEqual([]);

    rows[2] = `Corner Shop ${tag},,${phone},,3 Station Road,Pune,Maharashtra,411001,`;
    const started = await send(company, 'buyers', '', rows.join('\n'));
    expect(started.status).toBe(201);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({ status: 'success', total_rows: 2, created_count: 2, updated_count: 0 });
    const buyers = await buyersNamed(company, tag);
    expect(
      buyers.map((b) => [
        b.name,
        b.gst_number,
        b.phone,
        b.buyer_type,
        b.credit_limit_paise && Number(b.credit_limit_paise),
      ]),
    ).toEqual([
      [`Acme ${tag}`, gstin, null, 'regular', 15_000_000],
      [`Corner Shop ${tag}`, null, phone, 'unregistered', null],
    ]);
    // Both addresses, the shipping one a copy of billing, as the buyer route writes them.
    expect(await addressesOf(company, 'buyer', buyers[0].id)).toEqual([
      {
        address_type: 'billing_address',
        address_line_1: '12 MG Road',
        city: 'Mumbai',
        state_id: 27,
        pincode: '400001',
      },
      {
        address_type: 'shipping_address',
        address_line_1: '12 MG Road',
        city: 'Mumbai',
        state_id: 27,
        pincode: '400001',
      },
    ]);
    const created = await historyOf(
      company,
      'buyer',
      buyers.map((b) => b.id),
    );
    expect(created.map((h) => [h.action, h.user_id])).toEqual([
      ['created', company.userId],
      ['created', company.userId],
    ]);
    // The buyers page shows them.
    const page = await company.api.get(`v2/buyers/${buyers[0].id}`);
    expect(page.status).toBe(200);
    expect(page.body.name).toBe(`Acme ${tag}`);

    // Again, changed: the GSTIN (any case) and the phone find the same buyers, no duplicate.
    const again = await send(
      company,
      'buyers',
      '',
      [
        buyerHeader,
        `Acme Traders ${tag},${gstin.toLowerCase()},,accounts@example.in,14 MG Road,Mumbai,Maharashtra,400002,200000`,
        `Corner Store ${tag},,+91 ${phone},,3 Station Road,Pune,Maharashtra,411001,`,
      ].join('\n'),
    );
    const updated = await waitForJob(company, again.body.id);
    expect(updated).toMatchObject({ status: 'success', created_count: 0, updated_count: 2 });
    const after = await buyersNamed(company, tag);
    expect(after.map((b) => [b.id, b.name, b.email, Number(b.credit_limit_paise)])).toEqual([
      [buyers[0].id, `Acme Traders ${tag}`, 'accounts@example.in', 20_000_000],
      [buyers[1].id, `Corner Store ${tag}`, null, 0],
    ]);
    expect((await addressesOf(company, 'buyer', buyers[0].id)).map((a) => a.address_line_1)).toEqual([
      '14 MG Road',
      '14 MG Road',
    ]);
    expect((await historyOf(company, 'buyer', [buyers[0].id])).map((h) => h.action)).toEqual([
      'created',
      'updated',
    ]);

    const list = await company.api.get(`companies/${company.companyId}/bulk_jobs?kind=import_buyers`);
    expect(list.body.results.map((j: { status: string }) => j.status)).toEqual([
      'success',
      'success',
      'validation_error',
    ]);
  });

  it("imports the valid rows only when asked ('import the valid rows'): partial success", async () => {
    const { company, tag } = await world();
    const csv = [
      buyerHeader,
      `Kept ${tag},${validGstin('27')},,,1 Road,Mumbai,Maharashtra,400001,`,
      `Dropped ${tag},${validGstin('29')},,,1 Road,Mumbai,Maharashtra,400001,`,
    ].join('\n');
    const started = await send(company, 'buyers', '?import_valid_rows=true', csv);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({ status: 'partial_success', created_count: 1, failed_count: 1 });
    expect(job.errors).toEqual([
      { row: 3, column: 'GST No', message: expect.stringContaining('registered in') },
    ]);
    expect((await buyersNamed(company, tag)).map((b) => b.name)).toEqual([`Kept ${tag}`]);
  });

  it('needs add_buyer (view_buyer shows the jobs); updating existing buyers also needs change_buyer', async () => {
    const { company, tag } = await world();
    const csv = [buyerHeader, `Solo ${tag},${validGstin('27')},,,1 Road,Mumbai,Maharashtra,400001,`].join(
      '\n',
    );
    const viewer = await createUserWithPermissions(company, ['view_buyer']);
    const path = `companies/${company.companyId}/imports/buyers`;
    expect((await upload(viewer.api, company.t.baseUrl, `${path}/dry_run`, csv)).status).toBe(403);
    expect((await upload(viewer.api, company.t.baseUrl, path, csv)).status).toBe(403);
    expect((await viewer.api.get(`${path}/template`)).status).toBe(403);
    expect(await buyersNamed(company, tag)).toEqual([]);

    const first = await send(company, 'buyers', '', csv);
    expect((await waitForJob(company, first.body.id)).status).toBe('success');
    const seen = await viewer.api.get(`bulk_jobs/${first.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.kind).toBe('import_buyers');
    const productsOnly = await createUserWithPermissions(company, ['view_product']);
    expect((await productsOnly.api.get(`bulk_jobs/${first.body.id}`)).status).toBe(404);

    const adder = await createUserWithPermissions(company, ['add_buyer', 'view_buyer']);
    const res = await upload(adder.api, company.t.baseUrl, `${path}/dry_run`, csv);
    expect(res.body.errors).toEqual([
      { row: 2, column: 'GST No', message: 'You do not have permissions to change buyers.' },
    ]);
  });
});

describe('POST companies/{id}/imports/sellers', () => {
  const header = 'Supplier Name,GSTIN/UIN,Phone,PAN,Address,City,State,Pincode';

  it('checks the rows by the seller rules, imports them, and a re-import updates by GSTIN', async () => {
    const { company, tag } = await world();
    const gstin = validGstin('27');
    const taken = await company.api.post(`companies/${company.companyId}/sellers`, {
      name: `Taken ${tag}`,
      billing_address: { address_line_1: '1 Road', city: 'Mumbai', state_id: 27, pincode: '400001' },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const bad = [
      header,
      `Mill ${tag},${gstin},${uniquePhone()},AAAAA9999A,1 Road,Mumbai,Maharashtra,400001`,
      `Taken ${tag},${validGstin('27')},,,1 Road,Mumbai,Maharashtra,400001`,
      `Mill Two ${tag},${validGstin('29')},,,1 Road,Mumbai,Maharashtra,400001`,
    ];
    const dry = await send(company, 'sellers', '/dry_run', bad.join('\n'));
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.mapping).toMatchObject({ name: 'Supplier Name', gstin: 'GSTIN/UIN', pan: 'PAN' });
    expect(dry.body.errors).toEqual([
      { row: 2, column: 'PAN', message: SELLER_MESSAGES.pan_gstin },
      { row: 3, column: 'Supplier Name', message: SELLER_MESSAGES.name_taken },
      { row: 4, column: 'GSTIN/UIN', message: SELLER_MESSAGES.gstin_state },
    ]);
    expect(await sellersNamed(company, `${tag}`)).toHaveLength(1);

    const good = [header, `Mill ${tag},${gstin},,${gstin.slice(2, 12)},1 Road,Mumbai,Maharashtra,400001`];
    const job = await waitForJob(company, (await send(company, 'sellers', '', good.join('\n'))).body.id);
    expect(job).toMatchObject({ kind: 'import_sellers', status: 'success', created_count: 1 });
    const [mill] = (await sellersNamed(company, tag)).filter((s) => s.gst_number === gstin);
    expect(mill.name).toBe(`Mill ${tag}`);
    expect((await addressesOf(company, 'seller', mill.id)).map((a) => a.address_type)).toEqual([
      'billing_address',
      'shipping_address',
    ]);

    const phone = uniquePhone();
    const again = [header, `Mill Works ${tag},${gstin},${phone},,1 Road,Mumbai,Maharashtra,400001`];
    const updated = await waitForJob(company, (await send(company, 'sellers', '', again.join('\n'))).body.id);
    expect(updated).toMatchObject({ status: 'success', created_count: 0, updated_count: 1 });
    const after = await sellersNamed(company, tag);
    expect(after.map((s) => [s.name, s.gst_number, s.phone])).toEqual([
      [`Mill Works ${tag}`, gstin, phone],
      [`Taken ${tag}`, null, null],
    ]);
    expect((await historyOf(company, 'seller', [mill.id])).map((h) => h.action)).toEqual([
      'created',
      'updated',
    ]);
  });

  it('needs add_seller', async () => {
    const { company, tag } = await world();
    const viewer = await createUserWithPermissions(company, ['view_seller']);
    const csv = [header, `Mill ${tag},${validGstin('27')},,,1 Road,Mumbai,Maharashtra,400001`].join('\n');
    const res = await upload(
      viewer.api,
      company.t.baseUrl,
      `companies/${company.companyId}/imports/sellers`,
      csv,
    );
    expect(res.status).toBe(403);
    expect(await sellersNamed(company, tag)).toEqual([]);
  });
});

describe('tenDigitPhone', () => {
  it('drops a +91, 91 or 0 before ten digits, and keeps a number that itself starts with 91', () => {
    expect(tenDigitPhone('+91 98220 12345')).toBe('9822012345');
    expect(tenDigitPhone('919822012345')).toBe('9822012345');
    expect(tenDigitPhone('09822012345')).toBe('9822012345');
    expect(tenDigitPhone('9110749276')).toBe('9110749276');
    expect(tenDigitPhone('91-1074-9276')).toBe('9110749276');
  });
});
