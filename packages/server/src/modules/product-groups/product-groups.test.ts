import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/product_groups`;

async function createGroup(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(listPath(company), input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; attributes: { id: number; name: string }[] };
}

const COLOUR = { name: 'Colour', type: 'select', options: ['Red', 'Blue'], is_required: true, position: 1 };

describe('POST companies/{companyId}/product_groups', () => {
  it('creates a group with its attributes, in position order', async () => {
    const company = await signUpCompany();
    const res = await company.api.post(listPath(company), {
      name: '  Apparel ',
      description: 'Shirts and trousers',
      attributes: [COLOUR, { name: 'Fabric', type: 'text' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Apparel',
      description: 'Shirts and trousers',
      is_active: true,
      attributes: [
        { name: 'Fabric', type: 'text', options: [], is_required: false, position: 0 },
        { name: 'Colour', type: 'select', options: ['Red', 'Blue'], is_required: true, position: 1 },
      ],
    });
    expect(Object.keys(res.body).sort()).toEqual(
      ['attributes', 'created_at', 'description', 'id', 'is_active', 'name', 'updated_at'].sort(),
    );
    const history = await historyRows(company, 'product_group', res.body.id, ['action', 'user_id']);
    expect(history).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('refuses bad input: missing or long name, wrong types, select without options, unknown fields', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toEqual(['Product group name is required.']);
    const long = await company.api.post(path, { name: 'g'.repeat(101) });
    expect(long.body.errors.name).toEqual(['Cannot exceed more than 100 characters.']);
    const badType = await company.api.post(path, { name: 'X', attributes: [{ name: 'Size', type: 'date' }] });
    expect(badType.status).toBe(400);
    expect(badType.body.errors['attributes.0.type']).toEqual([
      'Type must be text, number, boolean or select.',
    ]);
    const noOptions = await company.api.post(path, {
      name: 'X',
      attributes: [{ name: 'Size', type: 'select' }],
    });
    expect(noOptions.body.errors['attributes.0.options']).toEqual([
      'A select attribute needs at least one option.',
    ]);
    const textOptions = await company.api.post(path, {
      name: 'X',
      attributes: [{ name: 'Size', type: 'text', options: ['S'] }],
    });
    expect(textOptions.body.errors['attributes.0.options']).toEqual(['Only a select attribute has options.']);
    expect((await company.api.post(path, { name: 'X', is_active: false })).status).toBe(400);
    const dupAttr = await company.api.post(path, {
      name: 'X',
      attributes: [
        { name: 'Size', type: 'text' },
        { name: 'size', type: 'number' },
      ],
    });
    expect(dupAttr.status).toBe(400);
    expect(dupAttr.body.errors.attributes).toEqual([
      'An attribute with this name already exists in this group.',
    ]);
    expect((await company.api.get(path)).body.count).toBe(0);
  });

  it('keeps names unique per company, case-insensitively', async () => {
    const company = await signUpCompany();
    await createGroup(company, { name: 'Footwear' });
    const dup = await company.api.post(listPath(company), { name: 'FOOTWEAR' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['A product group with this name already exists.']);
    const other = await signUpCompany();
    expect((await other.api.post(listPath(other), { name: 'Footwear' })).status).toBe(201);
  });

  it('needs add_product_attribute, and the caller’s own company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_product_attribute']);
    expect((await viewer.api.post(listPath(company), { name: 'Toys' })).status).toBe(403);
    expect((await company.api.post(listPath(other), { name: 'Toys' })).status).toBe(404);
  });
});

describe('GET companies/{companyId}/product_groups', () => {
  it('searches, filters, orders (default newest first) and pages', async () => {
    const company = await signUpCompany();
    await createGroup(company, { name: 'Alpha 100%' });
    await createGroup(company, { name: 'Beta' });
    const gamma = await createGroup(company, { name: 'Gamma', attributes: [COLOUR] });
    await company.api.post(`product_groups/${gamma.id}/deactivate`);
    const path = listPath(company);
    const all = await company.api.get(path);
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((g: { name: string }) => g.name)).toEqual(['Gamma', 'Beta', 'Alpha 100%']);
    expect(all.body.results[0].attributes).toHaveLength(1);
    expect((await company.api.get(`${path}?ordering=name`)).body.results[0].name).toBe('Alpha 100%');
    const searched = await company.api.get(`${path}?search=${encodeURIComponent('100%')}`);
    expect(searched.body.results.map((g: { name: string }) => g.name)).toEqual(['Alpha 100%']);
    expect((await company.api.get(`${path}?search=${encodeURIComponent('_')}`)).body.count).toBe(0);
    expect((await company.api.get(`${path}?is_active=false`)).body.results[0].name).toBe('Gamma');
    const paged = await company.api.get(`${path}?limit=1&offset=1`);
    expect(paged.body.count).toBe(3);
    expect(paged.body.results.map((g: { name: string }) => g.name)).toEqual(['Beta']);
    expect((await company.api.get(`${path}?ordering=secret`)).status).toBe(400);
    expect((await company.api.get(`${path}?limit=abc`)).status).toBe(400);
  });

  it('needs view_product_attribute', async () => {
    const company = await signUpCompany();
    const other = await createUserWithPermissions(company, ['view_brand']);
    expect((await other.api.get(listPath(company))).status).toBe(403);
  });
});

describe('GET and PATCH product_groups/{id}', () => {
  it('reads and updates name and description', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Kitchen', description: 'Pots' });
    expect((await company.api.get(`product_groups/${group.id}`)).body).toMatchObject({
      name: 'Kitchen',
      description: 'Pots',
    });
    const updated = await company.api.patch(`product_groups/${group.id}`, {
      name: 'Cookware',
      description: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Cookware', description: null });
    await createGroup(company, { name: 'Garden' });
    const clash = await company.api.patch(`product_groups/${group.id}`, { name: 'garden' });
    expect(clash.body.errors.name).toEqual(['A product group with this name already exists.']);
    expect((await company.api.patch(`product_groups/${group.id}`, { name: '' })).status).toBe(400);
    expect((await company.api.patch(`product_groups/${group.id}`, { attributes: [] })).status).toBe(400);
    expect((await company.api.get('product_groups/999999999')).status).toBe(404);
    expect((await company.api.get('product_groups/abc')).status).toBe(400);
  });
});

describe('POST product_groups/{id}/activate and /deactivate', () => {
  it('switches is_active, with change_product_attribute', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Toys' });
    const off = await company.api.post(`product_groups/${group.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await company.api.post(`product_groups/${group.id}/activate`)).body.is_active).toBe(true);
    const viewer = await createUserWithPermissions(company, ['view_product_attribute']);
    expect((await viewer.api.post(`product_groups/${group.id}/deactivate`)).status).toBe(403);
    expect((await company.api.post('product_groups/999999999/activate')).status).toBe(404);
  });
});

describe('POST and GET product_groups/{id}/attributes', () => {
  it('adds attributes and lists them', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Phones' });
    const added = await company.api.post(`product_groups/${group.id}/attributes`, {
      name: 'Storage',
      type: 'select',
      options: ['64 GB', '128 GB'],
    });
    expect(added.status).toBe(201);
    expect(added.body.attributes).toEqual([
      expect.objectContaining({ name: 'Storage', type: 'select', options: ['64 GB', '128 GB'] }),
    ]);
    await company.api.post(`product_groups/${group.id}/attributes`, { name: 'Dual SIM', type: 'boolean' });
    const list = await company.api.get(`product_groups/${group.id}/attributes`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((a: { name: string }) => a.name)).toEqual(['Storage', 'Dual SIM']);
    const dup = await company.api.post(`product_groups/${group.id}/attributes`, {
      name: 'storage',
      type: 'text',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['An attribute with this name already exists in this group.']);
    const bad = await company.api.post(`product_groups/${group.id}/attributes`, {
      name: 'X',
      type: 'select',
      options: ['A', 'a'],
    });
    expect(bad.body.errors.options).toEqual(['Options must be unique.']);
    const negative = await company.api.post(`product_groups/${group.id}/attributes`, {
      name: 'Y',
      type: 'number',
      position: -1,
    });
    expect(negative.body.errors.position).toEqual(['Value cannot be negative.']);
    expect(
      (await company.api.post('product_groups/999999999/attributes', { name: 'Z', type: 'text' })).status,
    ).toBe(404);
  });
});

describe('PATCH attributes/{id} and POST attributes/{id}/delete', () => {
  it('updates an attribute, keeping type and options consistent, and deletes it', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, {
      name: 'Bags',
      attributes: [COLOUR, { name: 'Volume', type: 'number' }],
    });
    const [colour, volume] = group.attributes.sort((x, y) => x.name.localeCompare(y.name)) as {
      id: number;
    }[];
    const renamed = await company.api.patch(`attributes/${colour?.id}`, {
      name: 'Shade',
      options: ['Green'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Shade', type: 'select', options: ['Green'] });
    const toText = await company.api.patch(`attributes/${colour?.id}`, { type: 'text' });
    expect(toText.body).toMatchObject({ type: 'text', options: [] });
    const toSelect = await company.api.patch(`attributes/${volume?.id}`, { type: 'select' });
    expect(toSelect.status).toBe(400);
    expect(toSelect.body.errors.options).toEqual(['A select attribute needs at least one option.']);
    const optionsOnNumber = await company.api.patch(`attributes/${volume?.id}`, { options: ['1'] });
    expect(optionsOnNumber.body.errors.options).toEqual(['Only a select attribute has options.']);
    const clash = await company.api.patch(`attributes/${volume?.id}`, { name: 'SHADE' });
    expect(clash.body.errors.name).toEqual(['An attribute with this name already exists in this group.']);
    expect((await company.api.patch(`attributes/${volume?.id}`, { group: 1 })).status).toBe(400);

    const viewer = await createUserWithPermissions(company, [
      'view_product_attribute',
      'change_product_attribute',
    ]);
    expect((await viewer.api.post(`attributes/${volume?.id}/delete`)).status).toBe(403);
    const deleted = await company.api.post(`attributes/${volume?.id}/delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.detail).toBe('Product Attribute deleted successfully.');
    expect((await company.api.post(`attributes/${volume?.id}/delete`)).status).toBe(404);
    expect((await company.api.patch(`attributes/${volume?.id}`, { name: 'Z' })).status).toBe(404);
    const left = await company.api.get(`product_groups/${group.id}/attributes`);
    expect(left.body.results).toEqual([expect.objectContaining({ name: 'Shade', type: 'text' })]);
  });
});
