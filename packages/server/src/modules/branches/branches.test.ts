import { BRANCH_MESSAGES } from '@b2b/domain/api/branches';
import { GSTIN_STATE_MISMATCH } from '@b2b/domain/gstin';
import { financialYearOf } from '@b2b/domain/invoices';
import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { createOrder, createTaxedProduct, invoiceOrder } from '../../../test/sales-fixtures.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/branches`;

const PUNE = { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' };
const BENGALURU = { address_line_1: '9 MG Road', city: 'Bengaluru', state_id: 29, pincode: '560001' };

async function createBranch(company: SignedUpCompany, input: Record<string, unknown> = {}) {
  const res = await company.api.post(listPath(company), { name: `Branch ${unique()}`, ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; addresses: { id: number }[] };
}

const historyOf = (company: SignedUpCompany, entityType: string, entityId: number) =>
  company.t.server.ctx.db
    .selectFrom('history')
    .select(['action', 'user_id'])
    .where('company_id', '=', company.companyId)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

describe('GET companies/{companyId}/branches', () => {
  it('lists the branches with their addresses', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(`${listPath(company)}?expand=addresses,user&limit=-1`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      id: company.branchId,
      name: 'Pune',
      is_active: true,
      round_off_enabled: true,
    });
    expect(res.body.results[0].addresses[0]).toMatchObject({
      city: 'Pune',
      pincode: '411001',
      state: { id: 27 },
      is_visible: true,
    });
    // The owner signed up as the branch's contact person, so the branch's user is the owner.
    expect(res.body.results[0].user).toMatchObject({ id: company.userId, email: company.email });
    expect((await company.api.get(`${listPath(company)}?search=nomatch`)).body.count).toBe(0);
    expect((await company.api.get(`${listPath(company)}?is_active=maybe`)).status).toBe(400);
  });

  it('searches, filters by status, orders and pages', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const gstin = validGstin('27');
    await createBranch(company, { name: `Alpha ${tag}`, gstin });
    const beta = await createBranch(company, { name: `beta ${tag}` });
    await company.api.post(`branches/${beta.id}/deactivate`);

    const byName = await company.api.get(`${listPath(company)}?ordering=name`);
    expect(byName.body.results.map((b: { name: string }) => b.name)).toEqual([
      `Alpha ${tag}`,
      `beta ${tag}`,
      'Pune',
    ]);
    const newest = await company.api.get(`${listPath(company)}?limit=1`);
    expect(newest.body).toMatchObject({ count: 3, previous: null });
    expect(newest.body.results[0].name).toBe(`beta ${tag}`);
    expect(newest.body.next).toContain('offset=1');
    expect((await company.api.get(`${listPath(company)}?search=${tag}`)).body.count).toBe(2);
    expect(
      (await company.api.get(`${listPath(company)}?search=${gstin.toLowerCase()}`)).body.results,
    ).toEqual([expect.objectContaining({ name: `Alpha ${tag}`, gstin })]);
    const inactive = await company.api.get(`${listPath(company)}?is_active=false`);
    expect(inactive.body.results.map((b: { id: number }) => b.id)).toEqual([beta.id]);
    const bad = await company.api.get(`${listPath(company)}?ordering=password`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.ordering).toBeDefined();
    // Without expand, no addresses or user are read.
    expect(newest.body.results[0].addresses).toBeUndefined();
    expect(newest.body.results[0].user).toBeUndefined();
  });

  it('is readable by any signed-in user of the company, and no other', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const staff = await createUserWithPermissions(company, []);
    expect((await staff.api.get(listPath(company))).status).toBe(200);
    expect((await other.api.get(listPath(company))).status).toBe(404);
  });
});

describe('POST companies/{companyId}/branches', () => {
  it('creates a branch with its address, GSTIN and contact person, and records it', async () => {
    const company = await signUpCompany();
    const gstin = validGstin('29');
    const res = await company.api.post(listPath(company), {
      name: '  Bengaluru  ',
      gstin: gstin.toLowerCase(),
      contact_person_name: 'Ravi Kumar',
      contact_person_email: 'ravi@example.in',
      contact_person_phone: '9876543210',
      address: { ...BENGALURU, address_type: 'office', is_visible: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Bengaluru',
      gstin,
      is_active: true,
      round_off_enabled: true,
      contact_person_name: 'Ravi Kumar',
      contact_person_email: 'ravi@example.in',
      contact_person_phone: '9876543210',
    });
    expect(res.body.addresses).toEqual([
      expect.objectContaining({
        address_type: 'office',
        city: 'Bengaluru',
        pincode: '560001',
        is_visible: false,
        state: expect.objectContaining({ id: 29, gst_code: '29' }),
      }),
    ]);
    expect(await historyOf(company, 'branch', res.body.id)).toEqual([
      { action: 'created', user_id: company.userId },
    ]);
    // A branch needs only its name; round off and status can be chosen.
    const plain = await company.api.post(listPath(company), { name: 'Depot', round_off_enabled: false });
    expect(plain.body).toMatchObject({ gstin: null, round_off_enabled: false, addresses: [] });
  });

  it('gives each branch its own invoice series: chosen, or made from the name', async () => {
    const company = await signUpCompany();
    const chosen = await company.api.post(listPath(company), {
      name: `Pune ${unique()}`,
      invoice_series: 'pun',
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect(chosen.body.invoice_series).toBe('PUN');
    const made = await company.api.post(listPath(company), { name: 'Nashik Road Depot' });
    expect(made.body.invoice_series).toBe('NRD');
    const again = await company.api.post(listPath(company), { name: 'Nagpur Rail Dock' });
    expect(again.body.invoice_series).toBe('NRD2');
    const taken = await company.api.patch(`branches/${made.body.id}`, { invoice_series: 'PUN' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({
      invoice_series: ['Another branch already uses this invoice series.'],
    });
    const wrong = await company.api.patch(`branches/${made.body.id}`, { invoice_series: 'TOO-LONG' });
    expect(wrong.body.errors.invoice_series).toEqual([
      'Invoice series must be 1 to 4 capital letters or digits.',
    ]);
  });

  it('keeps names unique in the company whatever their case', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const taken = await company.api.post(listPath(company), { name: 'PUNE' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.name).toEqual(['A branch with this name already exists.']);
    // Another company may use the name.
    expect((await other.api.post(listPath(other), { name: 'Mumbai' })).status).toBe(201);
    expect((await company.api.post(listPath(company), { name: 'Mumbai' })).status).toBe(201);
  });

  it('checks every field and answers 400 with the messages', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    expect((await company.api.post(path, {})).body.errors.name).toEqual(['Branch name is required.']);
    expect((await company.api.post(path, { name: '  ' })).body.errors.name).toEqual([
      'Branch name is required.',
    ]);
    expect((await company.api.post(path, { name: 'x'.repeat(101) })).body.errors.name).toEqual([
      'Cannot exceed more than 100 characters.',
    ]);
    const wrong = await company.api.post(path, {
      name: 'Wrong',
      gstin: '27AAPFU0939F1ZX',
      contact_person_email: 'not-an-email',
      contact_person_phone: '12345',
      round_off_enabled: 'yes',
      status: 'active',
      colour: 'red',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toMatchObject({
      gstin: ['Please enter a valid GSTIN'],
      contact_person_email: ['Please enter a valid email address.'],
      contact_person_phone: ['Please enter a valid 10-digit phone number.'],
    });
    expect(Object.keys(wrong.body.errors)).toEqual(expect.arrayContaining(['round_off_enabled', 'status']));
    const badAddress = await company.api.post(path, {
      name: 'Bad address',
      address: { ...PUNE, pincode: '011001', city: '' },
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.errors['address.pincode']).toEqual(['Please enter a valid 6 digit pincode.']);
    expect(badAddress.body.errors['address.city']).toEqual(['City is required.']);
    const noState = await company.api.post(path, { name: 'No state', address: { ...PUNE, state_id: 99 } });
    expect(noState.status).toBe(400);
    expect(noState.body.errors['address.state_id']).toEqual(['State Not Found']);
    // Nothing was created by the refused requests.
    expect((await company.api.get(path)).body.count).toBe(1);
  });

  it("refuses a GSTIN of another state than the branch's address", async () => {
    const company = await signUpCompany();
    const res = await company.api.post(listPath(company), {
      name: 'Mismatch',
      gstin: validGstin('27'),
      address: BENGALURU,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.gstin).toEqual([GSTIN_STATE_MISMATCH]);
    // A shipping address does not carry the registration.
    const shipping = await company.api.post(listPath(company), {
      name: 'Shipping elsewhere',
      gstin: validGstin('27'),
      address: { ...BENGALURU, address_type: 'shipping_address' },
    });
    expect(shipping.status).toBe(201);
    expect((await company.api.get(`${listPath(company)}?search=Mismatch`)).body.count).toBe(0);
  });

  it('needs add_branch', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_branch', 'change_branch']);
    const adder = await createUserWithPermissions(company, ['add_branch']);
    expect((await viewer.api.post(listPath(company), { name: 'Nope' })).status).toBe(403);
    expect((await adder.api.post(listPath(company), { name: 'Yes' })).status).toBe(201);
  });
});

describe('GET branches/{id}', () => {
  it('answers the branch, its addresses when expanded, and 404 for others', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    // The branch's record needs view_branch (the list, for pickers, does not).
    const clerk = await createUserWithPermissions(company, []);
    expect((await clerk.api.get(`branches/${company.branchId}`)).status).toBe(403);
    const staff = await createUserWithPermissions(company, ['view_branch']);
    const branch = await staff.api.get(`branches/${company.branchId}?expand=addresses`);
    expect(branch.status).toBe(200);
    expect(branch.body).toMatchObject({ id: company.branchId, name: 'Pune' });
    expect(branch.body.addresses).toHaveLength(1);
    expect((await company.api.get(`branches/${company.branchId}`)).body.addresses).toBeUndefined();
    const foreign = await other.api.get(`branches/${company.branchId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Branch Not Found');
    expect((await company.api.get('branches/987654321')).status).toBe(404);
  });
});

describe('PATCH branches/{id}', () => {
  it('edits the fields, round off and status, recording each', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company, { address: PUNE });
    const gstin = validGstin('27');
    const edited = await company.api.patch(`branches/${branch.id}`, {
      name: 'Pune Camp',
      gstin,
      contact_person_name: 'Meera',
      contact_person_phone: '9123456780',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Pune Camp', gstin, contact_person_name: 'Meera' });
    const roundOff = await company.api.patch(`branches/${branch.id}`, { round_off_enabled: false });
    expect(roundOff.body.round_off_enabled).toBe(false);
    expect(
      (await company.api.patch(`branches/${branch.id}`, { round_off_enabled: true })).body.round_off_enabled,
    ).toBe(true);
    const cleared = await company.api.patch(`branches/${branch.id}`, {
      gstin: null,
      contact_person_name: '',
    });
    expect(cleared.body).toMatchObject({ gstin: null, contact_person_name: null, name: 'Pune Camp' });
    const off = await company.api.patch(`branches/${branch.id}`, { status: false });
    expect(off.body.is_active).toBe(false);
    const on = await company.api.patch(`branches/${branch.id}`, { status: true });
    expect(on.body.is_active).toBe(true);
    expect((await historyOf(company, 'branch', branch.id)).map((h) => h.action)).toEqual([
      'created',
      'updated',
      'round_off_disabled',
      'round_off_enabled',
      'updated',
      'deactivated',
      'activated',
    ]);
  });

  it('refuses a taken name, a GSTIN of another state and bad values', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company, { address: PUNE });
    const taken = await company.api.patch(`branches/${branch.id}`, { name: 'pune' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.name).toEqual(['A branch with this name already exists.']);
    // Its own name in another case is fine.
    expect(
      (await company.api.patch(`branches/${branch.id}`, { name: branch.name.toUpperCase() })).status,
    ).toBe(200);
    const elsewhere = await company.api.patch(`branches/${branch.id}`, { gstin: validGstin('29') });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors.gstin).toEqual([GSTIN_STATE_MISMATCH]);
    expect((await company.api.get(`branches/${branch.id}`)).body.gstin).toBeNull();
    const bad = await company.api.patch(`branches/${branch.id}`, {
      contact_person_email: 'x@',
      is_active: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.contact_person_email).toEqual(['Please enter a valid email address.']);
  });

  it('refuses any change to an inactive branch except activating it', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company);
    await company.api.post(`branches/${branch.id}/deactivate`);
    const refused = await company.api.patch(`branches/${branch.id}`, { round_off_enabled: false });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(`Branch ${branch.name} is inactive.`);
    const both = await company.api.patch(`branches/${branch.id}`, { status: true, round_off_enabled: false });
    expect(both.body).toMatchObject({ is_active: true, round_off_enabled: false });
  });

  it('needs change_branch and answers 404 for other companies', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_branch', 'add_branch']);
    const changer = await createUserWithPermissions(company, ['change_branch']);
    expect((await viewer.api.patch(`branches/${company.branchId}`, { name: 'X1' })).status).toBe(403);
    expect((await changer.api.patch(`branches/${company.branchId}`, { name: 'X1' })).status).toBe(200);
    expect((await other.api.patch(`branches/${company.branchId}`, { name: 'X2' })).status).toBe(404);
    expect((await company.api.get(`branches/${company.branchId}`)).body.name).toBe('X1');
  });
});

describe('invoice series that have issued invoices (issue 16)', () => {
  const FY = financialYearOf(todayInIndia()).code;

  /** A confirmed order of the branch, invoiced in full: its invoice number. */
  async function invoiceOf(company: SignedUpCompany, branchId = company.branchId) {
    const product = await createTaxedProduct(company, { openingStock: 10 });
    const { order } = await createOrder(company, {
      lines: [{ product: product.id, quantity: 1 }],
      fields: { branch: branchId },
      confirm: true,
    });
    return (await invoiceOrder(company, order)).invoice_number as string;
  }

  it('keeps a used series with its branch for good, and starts a changed series at 1', async () => {
    const company = await signUpCompany();
    expect(await invoiceOf(company)).toBe(`PUN/${FY}/00001`);
    const changed = await company.api.patch(`branches/${company.branchId}`, { invoice_series: 'RE5A' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // A new series starts at 1, not where the branch's old one stopped.
    expect(await invoiceOf(company)).toBe(`RE5A/${FY}/00001`);

    // PUN issued PUN/…/00001 for Pune: no other branch may take it, made or changed.
    const refusal = BRANCH_MESSAGES.invoice_series_used('PUN', 'Pune', `PUN/${FY}/00001`);
    const made = await company.api.post(listPath(company), {
      name: `Nashik ${unique()}`,
      invoice_series: 'pun',
    });
    expect(made.status).toBe(400);
    expect(made.body.errors).toEqual({ invoice_series: [refusal] });
    const other = await createBranch(company);
    const taken = await company.api.patch(`branches/${other.id}`, { invoice_series: 'PUN' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ invoice_series: [refusal] });
    // A series that never issued an invoice is free; the other branch invoices from 1 with it.
    expect((await company.api.patch(`branches/${other.id}`, { invoice_series: 'QE5A' })).status).toBe(200);
    expect(await invoiceOf(company, other.id)).toBe(`QE5A/${FY}/00001`);

    // Its own branch may go back to a used series, which goes on where it stopped.
    expect((await company.api.patch(`branches/${company.branchId}`, { invoice_series: 'PUN' })).status).toBe(
      200,
    );
    expect(await invoiceOf(company)).toBe(`PUN/${FY}/00002`);
    // RE5A is free of any branch now but has issued an invoice: still Pune's. A new branch whose
    // name suggests it gets the next free series instead.
    const suggested = await createBranch(company, { name: `R E 5 A ${unique()}` });
    expect((suggested as unknown as { invoice_series: string }).invoice_series).not.toBe('RE5A');
    const refused = await company.api.patch(`branches/${other.id}`, { invoice_series: 'RE5A' });
    expect(refused.body.errors).toEqual({
      invoice_series: [BRANCH_MESSAGES.invoice_series_used('RE5A', 'Pune', `RE5A/${FY}/00001`)],
    });
  });

  it("never leaves a branch unable to invoice: a branch holding another branch's used series gets a free one", async () => {
    const company = await signUpCompany();
    expect(await invoiceOf(company)).toBe(`PUN/${FY}/00001`);
    expect((await company.api.patch(`branches/${company.branchId}`, { invoice_series: 'PNQ' })).status).toBe(
      200,
    );
    const other = await createBranch(company, { name: `Pimpri ${unique()}` });
    // As the bug left it: another branch holding PUN after Pune issued PUN/…/00001.
    await company.t.server.ctx.db
      .updateTable('branches')
      .set({ invoice_series: 'PUN' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', other.id)
      .execute();
    const number = await invoiceOf(company, other.id);
    expect(number).toMatch(new RegExp(`^[A-Z0-9]{1,4}/${FY}/00001$`));
    expect(number.startsWith('PUN/')).toBe(false);
    const series = number.split('/')[0];
    expect((await company.api.get(`branches/${other.id}`)).body.invoice_series).toBe(series);
  });
});

describe.runIf(inject('databaseUrl'))('invoice series under concurrency (PostgreSQL, issue 16)', () => {
  it('a first invoice racing a change of series never leaves the series to two branches', async () => {
    const FY = financialYearOf(todayInIndia()).code;
    const company = await signUpCompany();
    const other = await createBranch(company);
    for (let round = 1; round <= 3; round += 1) {
      const from = `SA${round}`;
      const to = `SB${round}`;
      expect((await company.api.patch(`branches/${company.branchId}`, { invoice_series: from })).status).toBe(
        200,
      );
      const product = await createTaxedProduct(company, { openingStock: 10 });
      const { order } = await createOrder(company, {
        lines: [{ product: product.id, quantity: 1 }],
        confirm: true,
      });
      const [invoiced, changed] = await Promise.all([
        invoiceOrder(company, order),
        company.api.patch(`branches/${company.branchId}`, { invoice_series: to }),
      ]);
      expect(changed.status).toBe(200);
      const usedFrom = (invoiced.invoice_number as string).startsWith(`${from}/`);
      // The other branch may take the old series only if it issued nothing.
      const taken = await company.api.patch(`branches/${other.id}`, { invoice_series: from });
      expect(taken.status).toBe(usedFrom ? 400 : 200);
      const otherProduct = await createTaxedProduct(company, { openingStock: 10 });
      const { order: otherOrder } = await createOrder(company, {
        lines: [{ product: otherProduct.id, quantity: 1 }],
        fields: { branch: other.id },
        confirm: true,
      });
      const next = await invoiceOrder(company, otherOrder);
      expect(next.invoice_number).toMatch(new RegExp(`/${FY}/\\d{5}$`));
      await company.api.patch(`branches/${other.id}`, { invoice_series: `SC${round}` });
    }
  });
});

describe('POST branches/{id}/activate and /deactivate', () => {
  it("never deactivates the company's last active branch", async () => {
    const company = await signUpCompany();
    const last = await company.api.post(`branches/${company.branchId}/deactivate`);
    expect(last.status).toBe(400);
    expect(last.body.detail).toBe(
      'At least one branch must stay active: this is the last active branch of the company.',
    );
    expect((await company.api.patch(`branches/${company.branchId}`, { status: false })).status).toBe(400);
    const second = await createBranch(company);
    const off = await company.api.post(`branches/${company.branchId}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    // Asking again changes nothing; now the other branch is the last.
    expect((await company.api.post(`branches/${company.branchId}/deactivate`)).status).toBe(200);
    expect((await company.api.post(`branches/${second.id}/deactivate`)).status).toBe(400);
    const on = await company.api.post(`branches/${company.branchId}/activate`, '');
    expect(on.body.is_active).toBe(true);
    expect((await historyOf(company, 'branch', company.branchId)).map((h) => h.action)).toEqual([
      'deactivated',
      'activated',
    ]);
  });

  it('blocks every operation on an inactive branch until it is activated', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company, { address: PUNE });
    await company.api.post(`branches/${branch.id}/deactivate`);
    const inactive = `Branch ${branch.name} is inactive.`;
    const attempts = [
      company.api.post(`v1/branches/${branch.id}/bank_accounts`, {
        bank_name: 'HDFC Bank',
        account_holder_name: 'Acme',
        account_number: '50100123456789',
        ifsc_code: 'HDFC0001234',
      }),
      company.api.post(`branches/${branch.id}/addresses`, PUNE),
      company.api.patch(`addresses/${branch.addresses[0].id}`, { city: 'Pimpri' }),
      company.api.post(`addresses/${branch.addresses[0].id}/invisible`),
      company.api.post(`addresses/${branch.addresses[0].id}/delete`),
      company.api.post(`branches/${branch.id}/notification_contacts`, { name: 'Asha' }),
      company.api.put(`branches/${branch.id}/configurations`, {
        configuration_type: 'print_configuration',
        configurations: { paper_size: 'A5' },
      }),
      company.api.put(`v1/branches/${branch.id}/tally-voucher-types/update/`, {
        voucher_types: { sales: 'Sales' },
      }),
      company.api.put(`v1/branches/${branch.id}/ledger-mappings/update/`, {
        ledger_mappings: { sales: 'Sales' },
      }),
      company.api.post(`companies/${company.companyId}/users`, {
        first_name: 'New',
        email: `new.${unique()}@example.in`,
        password: 'Quiet-Harbour@42',
        role: (await company.api.get(`companies/${company.companyId}/roles`)).body.results[0].id,
        branches: [branch.id],
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.detail).toBe(inactive);
    }
    // Reads still work.
    expect((await company.api.get(`v1/branches/${branch.id}/bank_accounts?limit=-1`)).status).toBe(200);
    expect((await company.api.get(`branches/${branch.id}?expand=addresses`)).body.addresses).toHaveLength(1);
    await company.api.post(`branches/${branch.id}/activate`);
    expect((await company.api.post(`branches/${branch.id}/addresses`, PUNE)).status).toBe(201);
  });

  it('needs change_branch', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company);
    const viewer = await createUserWithPermissions(company, ['view_branch']);
    expect((await viewer.api.post(`branches/${branch.id}/deactivate`)).status).toBe(403);
    expect((await company.api.get(`branches/${branch.id}`)).body.is_active).toBe(true);
  });
});

describe.runIf(inject('databaseUrl'))('deactivating branches at once (PostgreSQL)', () => {
  it('leaves at least one branch active', async () => {
    const company = await signUpCompany();
    const second = await createBranch(company);
    const third = await createBranch(company);
    const results = await Promise.all(
      [company.branchId, second.id, third.id].map((id) => company.api.post(`branches/${id}/deactivate`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400]);
    const active = await company.api.get(`${listPath(company)}?is_active=true`);
    expect(active.body.count).toBe(1);
  });
});

describe('POST branches/{id}/addresses', () => {
  it('adds an address of a type, visible or not', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company, { gstin: validGstin('27') });
    const res = await company.api.post(`branches/${branch.id}/addresses`, {
      ...PUNE,
      address_line_2: 'Shivajinagar',
      landmark: '',
      address_type: 'office',
      is_visible: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      address_type: 'office',
      address_line_2: 'Shivajinagar',
      landmark: null,
      is_visible: false,
      state: { id: 27, name: 'Maharashtra', gst_code: '27' },
    });
    const shipping = await company.api.post(`branches/${branch.id}/addresses`, {
      ...BENGALURU,
      address_type: 'shipping_address',
    });
    expect(shipping.status).toBe(201);
    expect(shipping.body.is_visible).toBe(true);
    expect((await company.api.get(`branches/${branch.id}?expand=addresses`)).body.addresses).toHaveLength(2);
    expect((await historyOf(company, 'branch', branch.id)).map((h) => h.action)).toEqual([
      'created',
      'address_added',
      'address_added',
    ]);
  });

  it("refuses a billing address outside the GSTIN's state and bad input", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const branch = await createBranch(company, { gstin: validGstin('27') });
    const elsewhere = await company.api.post(`branches/${branch.id}/addresses`, BENGALURU);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors.state_id).toEqual([GSTIN_STATE_MISMATCH]);
    const bad = await company.api.post(`branches/${branch.id}/addresses`, {
      address_line_1: '',
      city: 'Pune',
      state_id: 'x',
      pincode: '41100',
      address_type: 'home',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'address_line_1',
      'address_type',
      'pincode',
      'state_id',
    ]);
    expect((await company.api.get(`branches/${branch.id}?expand=addresses`)).body.addresses).toEqual([]);
    expect((await other.api.post(`branches/${branch.id}/addresses`, PUNE)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_branch']);
    expect((await viewer.api.post(`branches/${branch.id}/addresses`, PUNE)).status).toBe(403);
  });
});

describe('branch notification contacts', () => {
  it('adds, lists, edits and deletes the contacts of one branch', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company);
    const path = `branches/${branch.id}/notification_contacts`;
    expect((await company.api.get(path)).body).toEqual([]);
    const added = await company.api.post(path, { name: ' Asha ', email: 'asha@example.in', phone: '' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ name: 'Asha', email: 'asha@example.in', phone: null });
    const edited = await company.api.patch(`${path}/${added.body.id}`, { phone: '9876543210', email: null });
    expect(edited.body).toMatchObject({ name: 'Asha', email: null, phone: '9876543210' });
    expect((await company.api.get(path)).body).toEqual([edited.body]);
    // The company's own contacts are not the branch's, and the company routes cannot reach these.
    expect((await company.api.get(`companies/${company.companyId}`)).body.notification_contacts).toEqual([]);
    expect((await company.api.patch(`notification_contacts/${added.body.id}`, { name: 'X' })).status).toBe(
      404,
    );
    expect((await company.api.delete(`notification_contacts/${added.body.id}`)).status).toBe(404);
    // Another branch's path does not find it either.
    expect(
      (
        await company.api.patch(`branches/${company.branchId}/notification_contacts/${added.body.id}`, {
          name: 'Y',
        })
      ).status,
    ).toBe(404);
    expect((await company.api.delete(`${path}/${added.body.id}`)).status).toBe(204);
    expect((await company.api.delete(`${path}/${added.body.id}`)).status).toBe(404);
    expect((await company.api.get(path)).body).toEqual([]);
    expect((await historyOf(company, 'branch', branch.id)).map((h) => h.action)).toEqual([
      'created',
      'notification_contact_added',
      'notification_contact_updated',
      'notification_contact_deleted',
    ]);
  });

  it('checks the contact and the permissions', async () => {
    const company = await signUpCompany();
    const path = `branches/${company.branchId}/notification_contacts`;
    const bad = await company.api.post(path, { name: '', email: 'nope', phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ['Name is required.'],
      email: ['Please enter a valid email address.'],
      phone: ['Please enter a valid 10-digit phone number.'],
    });
    const outsider = await createUserWithPermissions(company, []);
    expect((await outsider.api.get(path)).status).toBe(403);
    expect((await outsider.api.post(path, { name: 'A' })).status).toBe(403);
    for (let i = 0; i < 20; i++) expect((await company.api.post(path, { name: `C${i}` })).status).toBe(201);
    const tooMany = await company.api.post(path, { name: 'C21' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe('A branch can have at most 20 notification contacts.');
  });
});

describe('branch configurations', () => {
  it('stores each type per branch, checked by its schema', async () => {
    const company = await signUpCompany();
    const branch = await createBranch(company);
    const path = `branches/${branch.id}/configurations`;
    expect((await company.api.get(path)).body).toEqual([]);
    const saved = await company.api.put(path, {
      configuration_type: 'print_configuration',
      configurations: { paper_size: 'A5', show_logo: false, footer_note: ' Thank you ' },
      is_enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      configuration_type: 'print_configuration',
      configurations: { paper_size: 'A5', show_logo: false, footer_note: 'Thank you' },
      is_enabled: true,
    });
    // PUT again replaces the settings and keeps is_enabled when it is left out.
    const again = await company.api.put(path, {
      configuration_type: 'print_configuration',
      configurations: { paper_size: 'A4' },
    });
    expect(again.body).toMatchObject({ configurations: { paper_size: 'A4' }, is_enabled: true });
    await company.api.put(path, {
      configuration_type: 'terms_and_conditions',
      configurations: { show_on_invoice: false },
    });
    expect((await company.api.get(path)).body).toHaveLength(2);
    expect((await company.api.get(`${path}?configuration_type=terms_and_conditions`)).body).toEqual([
      expect.objectContaining({ configurations: { show_on_invoice: false }, is_enabled: true }),
    ]);
    // Another branch has its own.
    expect((await company.api.get(`branches/${company.branchId}/configurations`)).body).toEqual([]);

    const wrongSize = await company.api.put(path, {
      configuration_type: 'print_configuration',
      configurations: { paper_size: 'A3' },
    });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.errors['configurations.paper_size']).toEqual(['Please choose a paper size.']);
    const zoho = await company.api.put(path, { configuration_type: 'zoho', configurations: {} });
    expect(zoho.status).toBe(400);
    expect(zoho.body.errors.configuration_type).toBeDefined();
    expect((await company.api.get(`${path}?configuration_type=zoho`)).status).toBe(400);
  });

  it('needs view_branch to read and change_branch to write', async () => {
    const company = await signUpCompany();
    const path = `branches/${company.branchId}/configurations`;
    const viewer = await createUserWithPermissions(company, ['view_branch']);
    const outsider = await createUserWithPermissions(company, []);
    expect((await viewer.api.get(path)).status).toBe(200);
    expect((await outsider.api.get(path)).status).toBe(403);
    const body = { configuration_type: 'terms_and_conditions', configurations: {} };
    expect((await viewer.api.put(path, body)).status).toBe(403);
    expect((await (await signUpCompany()).api.get(path)).status).toBe(404);
  });
});

describe('Tally voucher types and ledger mappings', () => {
  it("answers Tally's defaults until the branch names its own", async () => {
    const company = await signUpCompany();
    const path = `v1/branches/${company.branchId}/tally-voucher-types/`;
    const initial = await company.api.get(path);
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      branch: company.branchId,
      voucher_types: { sales: 'Sales', purchase: 'Purchase', credit_note: 'Credit Note' },
      ledger_mappings: { output_cgst: null, round_off: null },
      updated_at: null,
    });
    const voucherTypes = await company.api.put(
      `v1/branches/${company.branchId}/tally-voucher-types/update/`,
      {
        voucher_types: { sales: 'Sales GST', receipt: 'Receipt (Bank)' },
      },
    );
    expect(voucherTypes.status, JSON.stringify(voucherTypes.body)).toBe(200);
    expect(voucherTypes.body.voucher_types).toMatchObject({
      sales: 'Sales GST',
      receipt: 'Receipt (Bank)',
      purchase: 'Purchase',
    });
    const ledgers = await company.api.put(`v1/branches/${company.branchId}/ledger-mappings/update`, {
      ledger_mappings: {
        output_cgst: 'Output CGST 9 pc',
        output_sgst: 'Output SGST 9 pc',
        round_off: 'Round Off',
      },
    });
    expect(ledgers.body.ledger_mappings).toMatchObject({
      output_cgst: 'Output CGST 9 pc',
      round_off: 'Round Off',
      discount: null,
    });
    // The voucher types were kept by the ledger update.
    expect(ledgers.body.voucher_types.sales).toBe('Sales GST');
    // A PUT replaces the whole set: a kind left out returns to its default.
    const replaced = await company.api.put(`v1/branches/${company.branchId}/tally-voucher-types/update/`, {
      voucher_types: { purchase: 'Purchase GST', sales: '' },
    });
    expect(replaced.body.voucher_types).toMatchObject({
      sales: 'Sales',
      receipt: 'Receipt',
      purchase: 'Purchase GST',
    });
    expect((await company.api.get(path)).body).toEqual(replaced.body);
    expect((await historyOf(company, 'branch', company.branchId)).map((h) => h.action)).toEqual([
      'tally_voucher_types_updated',
      'tally_ledger_mappings_updated',
      'tally_voucher_types_updated',
    ]);
  });

  it('checks the names, the kinds and the permissions', async () => {
    const company = await signUpCompany();
    const update = `v1/branches/${company.branchId}/tally-voucher-types/update/`;
    const badName = await company.api.put(update, { voucher_types: { sales: 'Sales @ 18%' } });
    expect(badName.status).toBe(400);
    expect(badName.body.errors['voucher_types.sales']).toEqual([
      'Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()',
    ]);
    const unknownKind = await company.api.put(update, { voucher_types: { quotation: 'Quotation' } });
    expect(unknownKind.status).toBe(400);
    const long = await company.api.put(`v1/branches/${company.branchId}/ledger-mappings/update/`, {
      ledger_mappings: { sales: 'S'.repeat(65) },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors['ledger_mappings.sales']).toEqual(['Cannot exceed more than 64 characters.']);
    expect((await company.api.put(update, {})).status).toBe(400);
    const viewer = await createUserWithPermissions(company, ['view_branch']);
    const outsider = await createUserWithPermissions(company, []);
    expect((await viewer.api.get(`v1/branches/${company.branchId}/tally-voucher-types`)).status).toBe(200);
    expect((await outsider.api.get(`v1/branches/${company.branchId}/tally-voucher-types`)).status).toBe(403);
    expect((await viewer.api.put(update, { voucher_types: {} })).status).toBe(403);
    const other = await signUpCompany();
    expect((await other.api.put(update, { voucher_types: {} })).status).toBe(404);
    expect(
      (await company.api.get(`v1/branches/${company.branchId}/tally-voucher-types`)).body.updated_at,
    ).toBeNull();
  });
});
