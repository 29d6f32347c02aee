import { SHIPPING_MESSAGES } from '@b2b/domain/shipping-charges';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { createTaxedProduct } from '../../../test/sales-fixtures.ts';

const rulesPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/shipping_rules`;
const suggestPath = (company: SignedUpCompany) =>
  `admin/companies/${company.companyId}/shipping_charges/suggest`;

async function channelsOf(company: SignedUpCompany) {
  const res = await company.api.get('admin/all_sales_channel/');
  return res.body.results as { id: number; name: string; display_name: string }[];
}

async function createRule(company: SignedUpCompany, body: Record<string, unknown>) {
  const res = await company.api.post(rulesPath(company), { name: `Rule ${unique()}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('admin/companies/{companyId}/shipping_rules', () => {
  it('creates each kind of rule in rupees and kilograms, reads it back, edits and deletes it with history rows', async () => {
    const company = await signUpCompany();
    const [channel] = await channelsOf(company);
    const byWeight = await createRule(company, {
      sales_channel: channel.id,
      kind: 'weight_slab',
      slabs: [
        { from: 0, charge: 50 },
        { from: 2.5, charge: 120.5 },
      ],
      free_above: 5000,
    });
    expect(byWeight).toMatchObject({
      sales_channel: { id: channel.id, display_name: channel.display_name },
      kind: 'weight_slab',
      charge: null,
      slabs: [
        { from: 0, charge: 50 },
        { from: 2.5, charge: 120.5 },
      ],
      zones: [],
      free_above: 5000,
      is_active: true,
    });
    const byPincode = await createRule(company, {
      kind: 'pincode',
      charge: 150,
      zones: [{ name: 'Mumbai', prefixes: '400, 401', charge: 40 }],
    });
    expect(byPincode.zones).toEqual([{ name: 'Mumbai', prefixes: ['400', '401'], charge: 40 }]);
    expect(byPincode.sales_channel).toBeNull();
    // Stored in paise and grams, as the evaluator reads them.
    const stored = await company.t.server.ctx.db
      .selectFrom('shipping_rules')
      .select(['slabs', 'free_above_paise'])
      .where('company_id', '=', company.companyId)
      .where('id', '=', byWeight.id)
      .executeTakeFirstOrThrow();
    expect(stored.slabs).toEqual([
      { from: 0, charge_paise: 5000 },
      { from: 2500, charge_paise: 12050 },
    ]);
    expect(Number(stored.free_above_paise)).toBe(500_000);

    const edited = await company.api.patch(`admin/shipping_rules/${byPincode.id}`, {
      name: byPincode.name,
      kind: 'flat',
      charge: 99,
      is_active: false,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'flat', charge: 99, zones: [], is_active: false });
    const list = await company.api.get(rulesPath(company));
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([byWeight.id, byPincode.id]);
    const deleted = await company.api.delete(`admin/shipping_rules/${byPincode.id}`);
    expect(deleted.body).toEqual({ detail: SHIPPING_MESSAGES.deleted });
    expect((await company.api.get(`admin/shipping_rules/${byPincode.id}`)).status).toBe(404);
    const rows = await historyRows(company, 'shipping_rule', byPincode.id, ['action', 'user_id']);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);

    const other = await signUpCompany();
    expect((await other.api.get(`admin/shipping_rules/${byWeight.id}`)).status).toBe(404);
    expect((await other.api.delete(`admin/shipping_rules/${byWeight.id}`)).status).toBe(404);
    expect((await company.api.get(`admin/shipping_rules/${byWeight.id}`)).status).toBe(200);
  });

  it('refuses bad rules with a sentence per field', async () => {
    const company = await signUpCompany();
    const taken = await createRule(company, { kind: 'flat', charge: 10 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'flat' }, 'charge', SHIPPING_MESSAGES.charge_required],
      [{ kind: 'weight_slab', slabs: [] }, 'slabs', SHIPPING_MESSAGES.slabs_required],
      [
        { kind: 'order_value_slab', slabs: [{ from: 100, charge: 5 }] },
        'slabs.0.from',
        SHIPPING_MESSAGES.slabs_start,
      ],
      [
        { kind: 'pincode', zones: [{ name: 'X', prefixes: ['0400'], charge: 5 }] },
        'zones.0.prefixes',
        SHIPPING_MESSAGES.prefix,
      ],
      [{ kind: 'free_shipping' }, 'kind', SHIPPING_MESSAGES.kind],
      [{ kind: 'flat', charge: 5, name: taken.name }, 'name', SHIPPING_MESSAGES.name_taken],
      [
        { kind: 'flat', charge: 5, sales_channel: 999_999_999 },
        'sales_channel',
        SHIPPING_MESSAGES.sales_channel_not_found,
      ],
      [{ kind: 'flat', charge: -5 }, 'charge', 'Value cannot be negative.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(rulesPath(company), { name: `Rule ${unique()}`, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toBe(message);
    }
  });

  it('keeps the rules to holders of the shipping charge permissions', async () => {
    const company = await signUpCompany();
    const rule = await createRule(company, { kind: 'flat', charge: 10 });
    const viewer = await createUserWithPermissions(company, ['view_shipping_charge']);
    expect((await viewer.api.get(rulesPath(company))).body.count).toBe(1);
    expect((await viewer.api.post(rulesPath(company), { name: 'X', kind: 'flat', charge: 1 })).status).toBe(
      403,
    );
    expect((await viewer.api.delete(`admin/shipping_rules/${rule.id}`)).status).toBe(403);
    const clerk = await createUserWithPermissions(company, ['view_buyer']);
    expect((await clerk.api.get(rulesPath(company))).status).toBe(403);
    expect((await clerk.api.post(suggestPath(company), { order_value: 10 })).status).toBe(403);
  });
});

describe('POST admin/companies/{companyId}/shipping_charges/suggest', () => {
  it('suggests the charge of the first rule that applies, weighing lines by their products', async () => {
    const company = await signUpCompany();
    const [website, other] = await channelsOf(company);
    const heavy = await createTaxedProduct(company, { fields: { weight: 1.25 } });
    await createRule(company, {
      name: `Website by weight ${unique()}`,
      sales_channel: website.id,
      kind: 'weight_slab',
      slabs: [
        { from: 0, charge: 60 },
        { from: 2, charge: 140 },
      ],
      free_above: 10000,
    });
    await createRule(company, {
      name: `Metro ${unique()}`,
      kind: 'pincode',
      zones: [{ name: 'Pune', prefixes: ['411'], charge: 30 }],
      position: 1,
    });
    await createRule(company, { name: `Everywhere ${unique()}`, kind: 'flat', charge: 200, position: 2 });
    await createRule(company, { name: `Off ${unique()}`, kind: 'flat', charge: 1, is_active: false });
    const suggest = (body: Record<string, unknown>) => company.api.post(suggestPath(company), body);

    // 2 x 1.25 kg = 2.5 kg on the website: the 2 kg slab.
    const byWeight = await suggest({
      sales_channel: website.id,
      order_value: 2360,
      lines: [{ product: heavy.id, quantity: 2 }],
    });
    expect(byWeight.status, JSON.stringify(byWeight.body)).toBe(200);
    expect(byWeight.body).toMatchObject({ shipping_charge: 140, weight: 2.5, reason: 'Weight from 2 kg.' });
    // A line's own weight wins over its product's.
    expect(
      (
        await suggest({
          sales_channel: website.id,
          order_value: 10,
          lines: [{ product: heavy.id, quantity: 1, weight: 0.5 }],
        })
      ).body.shipping_charge,
    ).toBe(60);
    // Free above ₹10,000 on the website.
    expect((await suggest({ sales_channel: website.id, order_value: 10000 })).body.shipping_charge).toBe(0);
    // Another channel: the pincode rule for a Pune pincode, else the flat rule.
    expect(
      (await suggest({ sales_channel: other.id, order_value: 500, pincode: '411004' })).body,
    ).toMatchObject({
      shipping_charge: 30,
      reason: 'Pincode zone Pune.',
    });
    const flat = await suggest({ sales_channel: other.id, order_value: 500, pincode: '110001' });
    expect(flat.body.shipping_charge).toBe(200);
    expect(flat.body.rule.name).toMatch(/^Everywhere/);
    // Bad input is a 400 with a sentence.
    const bad = await suggest({ order_value: 'lots', pincode: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pincode).toEqual(['Please enter a valid 6 digit pincode.']);

    // A sales person who writes quotations gets suggestions without seeing the rules.
    const seller = await createUserWithPermissions(company, ['add_quotation', 'view_quotation']);
    const theirs = await seller.api.post(suggestPath(company), { sales_channel: other.id, order_value: 1 });
    expect(theirs.body.shipping_charge).toBe(200);
  });
});
