import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
  validGstin,
} from '../../../test/factories.ts';
import { firstWarehouse } from '../../../test/inventory-fixtures.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/sellers`;

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const BENGALURU = { address_line_1: '22 Residency Road', city: 'Bengaluru', state_id: 29, pincode: '560025' };

function sellerInput(overrides: Record<string, unknown> = {}) {
  return {
    name: `Shree Traders ${unique()}`,
    contact_person_name: 'Ramesh Patil',
    email: `sales.${unique()}@shree.in`,
    phone: uniquePhone(),
    gst_number: validGstin('27'),
    tally_ledger_name: 'Shree Traders (Pune)',
    billing_address: PUNE,
    addSameAsBilling: true,
    ...overrides,
  };
}

async function createSeller(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const res = await company.api.post(listPath(company), sellerInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function createProduct(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const category = await company.api.post(`companies/${company.companyId}/categories`, {
    name: `Cat ${unique()}`,
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const res = await company.api.post(`companies/${company.companyId}/products`, {
    name: `Product ${unique()}`,
    category: category.body.id,
    mrp: 120,
    selling_price: 100,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

const historyActions = async (company: SignedUpCompany, sellerId: number) =>
  (await company.api.get(`sellers/${sellerId}/history/`)).body.results.map(
    (h: { actions: { action: string } }) => h.actions.action,
  );

describe('POST companies/{companyId}/sellers', () => {
  it('creates a seller with a billing address and the same address for shipping', async () => {
    const company = await signUpCompany();
    const input = sellerInput({ pan: undefined });
    const res = await company.api.post(listPath(company), {
      ...input,
      gst_number: input.gst_number.toLowerCase(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: input.name,
      contact_person_name: 'Ramesh Patil',
      email: input.email,
      phone: input.phone,
      gst_number: input.gst_number,
      pan: null,
      tally_ledger_name: 'Shree Traders (Pune)',
      is_active: true,
      product_count: 0,
    });
    expect(res.body.addresses).toEqual([
      expect.objectContaining({
        address_type: 'billing_address',
        city: 'Pune',
        state: expect.objectContaining({ id: 27 }),
      }),
      expect.objectContaining({ address_type: 'shipping_address', city: 'Pune', pincode: '411001' }),
    ]);
    expect(await historyActions(company, res.body.id)).toEqual(['created']);
  });

  it('keeps the seller’s payment terms, changes and clears them; another company’s term is a 400', async () => {
    const company = await signUpCompany();
    const terms = (await company.api.get(`companies/${company.companyId}/payment_terms`)).body.results;
    const [net15, net30] = [terms[1], terms[2]];
    const res = await company.api.post(listPath(company), sellerInput({ payment_term: net15.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.payment_term).toEqual({ id: net15.id, name: net15.name, days: net15.days });
    const changed = await company.api.patch(`sellers/${res.body.id}`, { payment_term: net30.id });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.payment_term).toMatchObject({ id: net30.id });
    const cleared = await company.api.patch(`sellers/${res.body.id}`, { payment_term: null });
    expect(cleared.body.payment_term).toBeNull();
    const other = await signUpCompany();
    const foreign = (await other.api.get(`companies/${other.companyId}/payment_terms`)).body.results[0];
    const refused = await company.api.patch(`sellers/${res.body.id}`, { payment_term: foreign.id });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Payment Term Not Found');
    const refusedCreate = await company.api.post(
      listPath(company),
      sellerInput({ payment_term: foreign.id }),
    );
    expect(refusedCreate.status).toBe(400);
  });

  it('takes a separate shipping address, or none, and a PAN that agrees with the GSTIN', async () => {
    const company = await signUpCompany();
    const gst = validGstin('27');
    const separate = await createSeller(company, {
      gst_number: gst,
      pan: gst.slice(2, 12).toLowerCase(),
      addSameAsBilling: false,
      shipping_address: BENGALURU,
    });
    expect(separate.pan).toBe(gst.slice(2, 12));
    expect(separate.addresses.map((a: any) => [a.address_type, a.state.id])).toEqual([
      ['billing_address', 27],
      ['shipping_address', 29],
    ]);
    const billingOnly = await createSeller(company, {
      gst_number: undefined,
      email: '',
      phone: '',
      addSameAsBilling: undefined,
    });
    expect(billingOnly).toMatchObject({ gst_number: null, email: null, phone: null });
    expect(billingOnly.addresses).toHaveLength(1);
  });

  it('checks every field with the spec’s messages', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toEqual(['Seller name is required.']);
    expect(Object.keys(missing.body.errors)).toContain('billing_address');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ phone: '98765' }, 'phone', 'Please enter a valid 10-digit phone number.'],
      [{ phone: '0987654321' }, 'phone', 'Please enter a valid 10-digit phone number.'],
      [{ gst_number: '27AAPFU0939F1ZX' }, 'gst_number', 'Please enter a valid GSTIN'],
      [{ gst_number: validGstin('29') }, 'gst_number', 'GSTIN does not belong to the state of the address.'],
      [{ pan: 'ABCDE12345' }, 'pan', 'Please enter a valid PAN (for example AAAAA9999A).'],
      [{ pan: 'ZZZPZ9999Z' }, 'pan', 'The PAN does not match the PAN inside the GST number.'],
      [
        { tally_ledger_name: 'Shree & Sons' },
        'tally_ledger_name',
        'Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()',
      ],
      [{ name: 'n'.repeat(101) }, 'name', 'Cannot exceed more than 100 characters.'],
      [
        { billing_address: { ...PUNE, pincode: '01100' } },
        'billing_address.pincode',
        'Please enter a valid 6 digit pincode.',
      ],
      [
        { billing_address: { ...PUNE, state_id: 60 }, gst_number: undefined },
        'billing_address.state_id',
        'State Not Found',
      ],
      [
        { shipping_address: BENGALURU },
        'shipping_address',
        'Send either a shipping address or addSameAsBilling, not both.',
      ],
      [{ is_active: false }, 'non_field_errors', ''],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await company.api.post(path, sellerInput(overrides));
      expect(res.status, `${JSON.stringify(overrides)} -> ${JSON.stringify(res.body)}`).toBe(400);
      if (message) expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect((await company.api.get(path)).body.count).toBe(0);
  });

  it('keeps names unique case-insensitively and GST numbers unique, even under concurrent requests', async () => {
    const company = await signUpCompany();
    const first = await createSeller(company, { name: 'Ganesh Agencies' });
    const dup = await company.api.post(listPath(company), sellerInput({ name: 'GANESH agencies' }));
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['A seller with this name already exists.']);
    const dupGst = await company.api.post(listPath(company), sellerInput({ gst_number: first.gst_number }));
    expect(dupGst.body.errors.gst_number).toEqual(['A seller with this GST number already exists.']);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        company.api.post(listPath(company), sellerInput({ name: 'Racing Traders' })),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of racing.filter((x) => x.status === 400)) {
      expect(r.body.errors.name).toEqual(['A seller with this name already exists.']);
    }
    const other = await signUpCompany();
    await createSeller(other, { name: 'Ganesh Agencies', gst_number: first.gst_number });
  });

  it('needs add_seller and the caller’s own company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_seller']);
    const denied = await viewer.api.post(listPath(company), sellerInput());
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('You do not have permissions to perform this action.');
    expect((await company.api.post(listPath(other), sellerInput())).status).toBe(404);
    const adder = await createUserWithPermissions(company, ['add_seller']);
    expect((await adder.api.post(listPath(company), sellerInput())).status).toBe(201);
  });
});

describe('GET companies/{companyId}/sellers and v2/companies/{companyId}/seller_details', () => {
  it('searches, filters by status, orders and pages', async () => {
    const company = await signUpCompany();
    const alpha = await createSeller(company, { name: 'Alpha Steel', contact_person_name: 'Meera' });
    const beta = await createSeller(company, { name: 'Beta Plastics' });
    const gamma = await createSeller(company, { name: 'Gamma Paper' });
    await company.api.post(`sellers/${beta.id}/deactivate`);

    const all = await company.api.get(listPath(company));
    expect(all.body.results.map((s: { name: string }) => s.name)).toEqual([
      'Gamma Paper',
      'Beta Plastics',
      'Alpha Steel',
    ]);
    expect(all.body.results[0]).not.toHaveProperty('addresses');
    const active = await company.api.get(`${listPath(company)}?is_active=true&ordering=name`);
    expect(active.body.results.map((s: { id: number }) => s.id)).toEqual([alpha.id, gamma.id]);
    const inactive = await company.api.get(`${listPath(company)}?is_active=false`);
    expect(inactive.body.results.map((s: { id: number }) => s.id)).toEqual([beta.id]);
    expect(
      (await company.api.get(`${listPath(company)}?search=meera`)).body.results.map((s: any) => s.id),
    ).toEqual([alpha.id]);
    expect((await company.api.get(`${listPath(company)}?search=${gamma.gst_number}`)).body.count).toBe(1);
    expect((await company.api.get(`${listPath(company)}?search=100%25`)).body.count).toBe(0);
    const paged = await company.api.get(`${listPath(company)}?ordering=-name,updated_at&limit=2&offset=0`);
    expect(paged.body.results.map((s: { name: string }) => s.name)).toEqual(['Gamma Paper', 'Beta Plastics']);
    expect(paged.body.next).toContain('offset=2');
    for (const query of ['ordering=secret', 'limit=-2', 'is_active=maybe', 'offset=-1']) {
      expect((await company.api.get(`${listPath(company)}?${query}`)).status).toBe(400);
    }

    const details = await company.api.get(
      `v2/companies/${company.companyId}/seller_details?is_active=true&ordering=name`,
    );
    expect(details.status).toBe(200);
    expect(details.body.results).toEqual([
      expect.objectContaining({ id: alpha.id, product_count: 0, addresses: expect.any(Array) }),
      expect.objectContaining({ id: gamma.id }),
    ]);
    expect(details.body.results[0].addresses).toHaveLength(2);
  });

  it('answers format=csv with every seller of the search, filter and order, never a cached page', async () => {
    const company = await signUpCompany();
    const alpha = await createSeller(company, { name: 'Alpha, "Steel"', contact_person_name: 'Meera' });
    await createSeller(company, { name: '=Beta Plastics', contact_person_name: 'Meera' });
    const gamma = await createSeller(company, { name: 'Gamma Paper', contact_person_name: 'Meera' });
    await createSeller(company, { name: 'Delta Wood', contact_person_name: 'Kiran' });
    await company.api.post(`sellers/${gamma.id}/deactivate`);
    const get = (query: string) =>
      fetch(`${company.t.baseUrl}/${listPath(company)}?${query}`, {
        headers: { authorization: `Bearer ${company.api.token}` },
      });
    const linesOf = async (res: Response) =>
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()).split('\r\n');

    // The page first, twice, so that the read cache holds it.
    const query = 'search=meera&ordering=name&limit=1';
    expect((await get(query)).headers.get('x-cache')).toBeNull();
    const cached = await get(query);
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(((await cached.json()) as { count: number }).count).toBe(3);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    for (let round = 0; round < 2; round++) {
      const res = await get(`${query}&format=csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain(`filename="sellers-${today}.csv"`);
      const lines = await linesOf(res);
      expect(lines[0]).toBe('\uFEFFSeller,Contact Person,Phone,Email,GST Number,PAN,Status');
      // Every matching seller (not one page), in the list's order, formula text defused.
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
        "'=Beta Plastics",
        '"Alpha',
        'Gamma Paper',
        '',
      ]);
      expect(lines[2]).toBe(
        `"Alpha, ""Steel""",Meera,${alpha.phone},${alpha.email},${alpha.gst_number},,Active`,
      );
      expect(lines[3]).toMatch(/,Inactive$/);
    }
    const inactive = await linesOf(await get('is_active=false&format=csv'));
    expect(inactive.slice(1, -1)).toEqual([expect.stringMatching(/^Gamma Paper,/)]);
    // The page is still JSON afterwards.
    const page = await get(query);
    expect(page.headers.get('content-type')).toContain('application/json');
    expect(((await page.json()) as { results: unknown[] }).results).toHaveLength(1);
    expect((await get('format=xlsx')).status).toBe(400);
    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(`${listPath(company)}?format=csv`)).status).toBe(403);
  });

  it('needs view_seller and the caller’s company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    await createSeller(other);
    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
    expect((await outsider.api.get(`v2/companies/${company.companyId}/seller_details`)).status).toBe(403);
    expect((await company.api.get(listPath(other))).status).toBe(404);
    expect((await company.api.get(`v2/companies/${other.companyId}/seller_details`)).status).toBe(404);
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
  });
});

describe('GET v2/sellers/{id} and sellers/{id}/history/', () => {
  it('answers the seller with addresses and product count, and its history newest first', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const seller = await createSeller(company);
    const product = await createProduct(company);
    await company.api.post(`v1/sellers/${seller.id}/assign_products`, { products: [product.id] });
    await company.api.patch(`sellers/${seller.id}`, { contact_person_name: 'Anil' });
    const detail = await company.api.get(`v2/sellers/${seller.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: seller.id, contact_person_name: 'Anil', product_count: 1 });
    expect(detail.body.addresses).toHaveLength(2);
    const history = await company.api.get(`sellers/${seller.id}/history/`);
    expect(history.body.results.map((h: any) => h.actions.action)).toEqual([
      'updated',
      'products_assigned',
      'created',
    ]);
    expect(history.body.results[0].user).toMatchObject({ id: company.userId, first_name: 'Priya' });
    const missing = await company.api.get('v2/sellers/999999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Seller Not Found');
    expect((await other.api.get(`v2/sellers/${seller.id}`)).status).toBe(404);
    expect((await other.api.get(`sellers/${seller.id}/history/`)).status).toBe(404);
    expect((await company.api.get('v2/sellers/abc')).status).toBe(400);
    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(`v2/sellers/${seller.id}`)).status).toBe(403);
    expect((await outsider.api.get(`sellers/${seller.id}/history`)).status).toBe(403);
  });
});

describe('PATCH sellers/{id}', () => {
  it('changes and clears fields', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const res = await company.api.patch(`sellers/${seller.id}`, {
      name: 'Renamed Traders',
      email: '',
      phone: null,
      gst_number: null,
      pan: 'abcpe1234f',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed Traders',
      email: null,
      phone: null,
      gst_number: null,
      pan: 'ABCPE1234F',
    });
    expect(await historyActions(company, seller.id)).toEqual(['updated', 'created']);
  });

  it('refuses a GSTIN of another state than the billing addresses, a mismatching PAN and taken names', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const other = await createSeller(company);
    const wrongState = await company.api.patch(`sellers/${seller.id}`, { gst_number: validGstin('29') });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.errors.gst_number).toEqual(['GSTIN does not belong to the state of the address.']);
    const ok = validGstin('27');
    expect((await company.api.patch(`sellers/${seller.id}`, { gst_number: ok })).body.gst_number).toBe(ok);
    const pan = await company.api.patch(`sellers/${seller.id}`, { pan: 'ZZZPZ9999Z' });
    expect(pan.body.errors.pan).toEqual(['The PAN does not match the PAN inside the GST number.']);
    expect(
      (await company.api.patch(`sellers/${seller.id}`, { name: other.name.toUpperCase() })).body.errors.name,
    ).toEqual(['A seller with this name already exists.']);
    expect(
      (await company.api.patch(`sellers/${seller.id}`, { gst_number: other.gst_number })).body.errors
        .gst_number,
    ).toEqual(['A seller with this GST number already exists.']);
    expect((await company.api.patch(`sellers/${seller.id}`, { is_active: false })).status).toBe(400);
    expect((await company.api.patch(`sellers/${seller.id}`, { email: 'x' })).status).toBe(400);
    expect((await company.api.patch('sellers/999999999', { name: 'X' })).status).toBe(404);
  });

  it('needs change_seller', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const viewer = await createUserWithPermissions(company, ['view_seller', 'add_seller']);
    expect((await viewer.api.patch(`sellers/${seller.id}`, { name: 'X' })).status).toBe(403);
    expect((await viewer.api.post(`sellers/${seller.id}/deactivate`)).status).toBe(403);
    expect(
      (await viewer.api.post(`sellers/${seller.id}/addresses`, { ...PUNE, address_type: 'shipping_address' }))
        .status,
    ).toBe(403);
  });
});

describe('POST sellers/{id}/activate and /deactivate', () => {
  it('switches the seller and records it', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const off = await company.api.post(`sellers/${seller.id}/deactivate`, {});
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    // Deactivating again changes nothing.
    expect((await company.api.post(`sellers/${seller.id}/deactivate`)).body.is_active).toBe(false);
    const on = await company.api.post(`sellers/${seller.id}/activate`);
    expect(on.body.is_active).toBe(true);
    expect(await historyActions(company, seller.id)).toEqual(['activated', 'deactivated', 'created']);
    expect((await company.api.post('sellers/999999999/activate')).status).toBe(404);
  });
});

describe('seller addresses', () => {
  it('adds addresses; a billing one may be copied for shipping; its state must match the GSTIN', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company, { addSameAsBilling: false });
    const shipping = await company.api.post(`sellers/${seller.id}/addresses`, {
      ...BENGALURU,
      address_type: 'shipping_address',
    });
    expect(shipping.status, JSON.stringify(shipping.body)).toBe(201);
    expect(shipping.body).toEqual([
      expect.objectContaining({ address_type: 'shipping_address', city: 'Bengaluru' }),
    ]);
    const both = await company.api.post(`sellers/${seller.id}/addresses`, {
      ...PUNE,
      address_line_1: '1 FC Road',
      address_type: 'billing_address',
      addSameAsBilling: true,
    });
    expect(both.status).toBe(201);
    expect(both.body.map((a: { address_type: string }) => a.address_type)).toEqual([
      'billing_address',
      'shipping_address',
    ]);
    const wrongState = await company.api.post(`sellers/${seller.id}/addresses`, {
      ...BENGALURU,
      address_type: 'billing_address',
    });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.errors.state_id).toEqual(['GSTIN does not belong to the state of the address.']);
    const copyShipping = await company.api.post(`sellers/${seller.id}/addresses`, {
      ...PUNE,
      address_type: 'shipping_address',
      addSameAsBilling: true,
    });
    expect(copyShipping.body.errors.addSameAsBilling).toEqual([
      'Only a billing address can be copied as the shipping address.',
    ]);
    for (const bad of [
      { ...PUNE },
      { ...PUNE, address_type: 'office' },
      { ...PUNE, address_type: 'shipping_address', pincode: 'x' },
    ]) {
      expect((await company.api.post(`sellers/${seller.id}/addresses`, bad)).status).toBe(400);
    }
    const detail = await company.api.get(`v2/sellers/${seller.id}`);
    expect(detail.body.addresses).toHaveLength(4);
    expect(
      (await company.api.post('sellers/999999999/addresses', { ...PUNE, address_type: 'billing_address' }))
        .status,
    ).toBe(404);
  });

  it('keeps the seller’s rules on the shared address routes', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const [billing, shipping] = seller.addresses;
    const moved = await company.api.patch(`addresses/${billing.id}`, {
      state_id: 29,
      city: 'Bengaluru',
      pincode: '560025',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors.state_id).toEqual(['GSTIN does not belong to the state of the address.']);
    expect((await company.api.patch(`addresses/${billing.id}`, { city: 'Pimpri' })).status).toBe(200);
    // The shipping address may be anywhere.
    expect(
      (
        await company.api.patch(`addresses/${shipping.id}`, {
          state_id: 29,
          city: 'Bengaluru',
          pincode: '560025',
        })
      ).status,
    ).toBe(200);
    const office = await company.api.patch(`addresses/${shipping.id}`, { address_type: 'office' });
    expect(office.body.errors.address_type).toEqual(['A seller address is a billing or a shipping address.']);
    const lastToShipping = await company.api.patch(`addresses/${billing.id}`, {
      address_type: 'shipping_address',
    });
    expect(lastToShipping.body.errors.address_type).toEqual([
      'A seller must keep at least one billing address.',
    ]);
    const lastDeleted = await company.api.post(`addresses/${billing.id}/delete`);
    expect(lastDeleted.status).toBe(400);
    expect(lastDeleted.body.errors.address).toEqual(['A seller must keep at least one billing address.']);
    expect((await company.api.post(`addresses/${shipping.id}/delete`)).body).toEqual({
      detail: 'Address deleted successfully.',
    });
    expect(
      (await company.api.get(`v2/sellers/${seller.id}`)).body.addresses.map((a: { id: number }) => a.id),
    ).toEqual([billing.id]);
    const viewer = await createUserWithPermissions(company, ['view_seller']);
    expect((await viewer.api.patch(`addresses/${billing.id}`, { city: 'Pune' })).status).toBe(403);
  });
});

describe('seller products', () => {
  it('lists assigned and unassigned products, with search and paging', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const warehouse = await firstWarehouse(company);
    const bolts = await createProduct(company, {
      name: 'Hex Bolts, "M8"',
      sku: 'HB-M8',
      mrp: 50,
      selling_price: 45.5,
      warehouse: warehouse.id,
      opening_stock: 12.5,
    });
    const nuts = await createProduct(company, { name: 'Hex Nuts', sku: 'HN-1' });
    const washers = await createProduct(company, { name: 'Washers' });

    const unassigned = await company.api.get(`v1/sellers/${seller.id}/unassigned_products?ordering=name`);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.results.map((p: { id: number }) => p.id)).toEqual([bolts.id, nuts.id, washers.id]);
    const assigned = await company.api.post(`v1/sellers/${seller.id}/assign_products`, {
      products: [bolts.id, nuts.id],
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toEqual({ detail: 'Products assigned successfully.', count: 2 });

    const products = await company.api.get(`sellers/${seller.id}/products?ordering=name`);
    expect(products.body.count).toBe(2);
    expect(products.body.results[0]).toEqual({
      id: bolts.id,
      name: 'Hex Bolts, "M8"',
      sku: 'HB-M8',
      mrp: 50,
      selling_price: 45.5,
      available_stock: 12.5,
      is_active: true,
      seller: { id: seller.id, name: seller.name },
    });
    expect(
      (await company.api.get(`sellers/${seller.id}/products?search=hn-`)).body.results.map((p: any) => p.id),
    ).toEqual([nuts.id]);
    const page2 = await company.api.get(`sellers/${seller.id}/products?ordering=name&limit=1&offset=1`);
    expect(page2.body.results.map((p: { id: number }) => p.id)).toEqual([nuts.id]);
    expect(
      (await company.api.get(`v1/sellers/${seller.id}/unassigned_products?search=wash`)).body.results.map(
        (p: any) => p.id,
      ),
    ).toEqual([washers.id]);
    expect((await company.api.get(`sellers/${seller.id}/products?ordering=secret`)).status).toBe(400);
    // Deleted products are gone from both lists.
    await company.api.post(`products/${washers.id}/delete`);
    expect((await company.api.get(`v1/sellers/${seller.id}/unassigned_products`)).body.count).toBe(0);
  });

  it('extracts the assigned products as a CSV file', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company, { name: 'Café Supplies & Co' });
    const warehouse = await firstWarehouse(company);
    const tricky = await createProduct(company, {
      name: 'Tea, "Assam" =Gold',
      sku: 'TEA-1',
      mrp: 1234.5,
      selling_price: 999,
      warehouse: warehouse.id,
      opening_stock: 3,
    });
    const plain = await createProduct(company, { name: 'Sugar' });
    await company.api.post(`v1/sellers/${seller.id}/assign_products`, { products: [tricky.id, plain.id] });
    const res = await fetch(
      `${company.t.baseUrl}/sellers/${seller.id}/products?extract_as_csv=true&ordering=name&limit=1`,
      { headers: { authorization: `Bearer ${company.api.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="caf-supplies-co-products.csv"; filename*=UTF-8''caf-supplies-co-products.csv`,
    );
    // fetch's text() drops a byte-order mark; the file must keep it for Excel.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    // All products, whatever the page size.
    expect(text).toBe(
      '\uFEFFName,SKU,MRP,Selling Price,Stock\r\nSugar,,120.00,100.00,0\r\n"Tea, ""Assam"" =Gold",TEA-1,1234.50,999.00,3\r\n',
    );
    // The same request twice answers the file both times (not a cached JSON).
    const again = await fetch(
      `${company.t.baseUrl}/sellers/${seller.id}/products?extract_as_csv=true&ordering=name&limit=1`,
      { headers: { authorization: `Bearer ${company.api.token}` } },
    );
    expect(again.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await again.arrayBuffer())).toBe(text);
    const json = await company.api.get(`sellers/${seller.id}/products?extract_as_csv=false`);
    expect(json.body.count).toBe(2);
    expect((await company.api.get(`sellers/${seller.id}/products?extract_as_csv=yes`)).status).toBe(400);
  });

  it('refuses products of another seller unless reassigned, unknown products and inactive sellers', async () => {
    const company = await signUpCompany();
    const first = await createSeller(company);
    const second = await createSeller(company);
    const product = await createProduct(company, { name: 'Copper Wire' });
    const free = await createProduct(company);
    await company.api.post(`v1/sellers/${first.id}/assign_products`, { products: [product.id] });
    // Already this seller's: nothing changes.
    expect(
      (await company.api.post(`v1/sellers/${first.id}/assign_products`, { products: [product.id] })).body
        .count,
    ).toBe(0);
    const taken = await company.api.post(`v1/sellers/${second.id}/assign_products`, {
      products: [product.id, free.id],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(
      'Already assigned to another seller: Copper Wire. Reassign them to move them to this seller.',
    );
    expect((await company.api.get(`sellers/${second.id}/products`)).body.count).toBe(0);
    const moved = await company.api.post(`v1/sellers/${second.id}/assign_products`, {
      products: [product.id, free.id, free.id],
      reassign: true,
    });
    expect(moved.body).toEqual({ detail: 'Products reassigned successfully.', count: 2 });
    expect((await company.api.get(`sellers/${first.id}/products`)).body.count).toBe(0);
    expect((await company.api.get(`v2/sellers/${second.id}`)).body.product_count).toBe(2);

    const unknown = await company.api.post(`v1/sellers/${second.id}/assign_products`, {
      products: [999999999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.products).toEqual(['Product Not Found']);
    const other = await signUpCompany();
    const foreign = await createProduct(other);
    expect(
      (await company.api.post(`v1/sellers/${second.id}/assign_products`, { products: [foreign.id] })).status,
    ).toBe(400);
    for (const body of [
      {},
      { products: [] },
      { products: 'x' },
      { products: [1], reassign: 'yes' },
      { products: [1], extra: 1 },
    ]) {
      expect((await company.api.post(`v1/sellers/${second.id}/assign_products`, body)).status).toBe(400);
    }
    expect(
      (await company.api.post(`v1/sellers/${second.id}/assign_products`, {})).body.errors.products,
    ).toEqual(['Choose at least one product.']);

    await company.api.post(`sellers/${first.id}/deactivate`);
    const inactive = await company.api.post(`v1/sellers/${first.id}/assign_products`, {
      products: [free.id],
      reassign: true,
    });
    expect(inactive.status).toBe(409);
    expect(inactive.body.detail).toBe('This seller is inactive; activate it before assigning products.');
    expect(
      (await company.api.post('v1/sellers/999999999/assign_products', { products: [free.id] })).status,
    ).toBe(404);
    const productHistory = await company.t.server.ctx.db
      .selectFrom('history')
      .select('action')
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'product')
      .where('entity_id', '=', product.id)
      .where('action', '=', 'seller_assigned')
      .execute();
    expect(productHistory).toHaveLength(2);
  });

  it('needs view_seller to read and change_seller to assign', async () => {
    const company = await signUpCompany();
    const seller = await createSeller(company);
    const product = await createProduct(company);
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(`sellers/${seller.id}/products`)).status).toBe(403);
    expect((await outsider.api.get(`v1/sellers/${seller.id}/unassigned_products`)).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_seller']);
    expect((await viewer.api.get(`sellers/${seller.id}/products`)).status).toBe(200);
    expect(
      (await viewer.api.post(`v1/sellers/${seller.id}/assign_products`, { products: [product.id] })).status,
    ).toBe(403);
    const other = await signUpCompany();
    expect((await other.api.get(`sellers/${seller.id}/products`)).status).toBe(404);
    expect((await other.api.get(`v1/sellers/${seller.id}/unassigned_products`)).status).toBe(404);
  });
});
