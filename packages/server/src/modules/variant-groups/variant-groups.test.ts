import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/variant_groups`;

async function createGroup(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(listPath(company), {
    attribute: 'Colour',
    options: ['Red', 'Blue'],
    ...input,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function createProduct(company: SignedUpCompany, name = `Shirt ${unique()}`) {
  const category = await company.api.post(`companies/${company.companyId}/categories`, {
    name: `Cat ${unique()}`,
  });
  const res = await company.api.post(`companies/${company.companyId}/products`, {
    name,
    category: category.body.id,
    mrp: 100,
    selling_price: 90,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

describe('POST companies/{companyId}/variant_groups', () => {
  it('creates a group with attribute, options and primary attribute', async () => {
    const company = await signUpCompany();
    const res = await company.api.post(listPath(company), {
      name: ' Polo shirts ',
      description: 'Cotton polos',
      attribute: 'Colour',
      options: ['Red', 'Blue'],
      primary_attribute: 'Colour',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Polo shirts',
      description: 'Cotton polos',
      attribute: 'Colour',
      options: ['Red', 'Blue'],
      primary_attribute: 'Colour',
      is_active: true,
      products: [],
    });
    const history = await historyRows(company, 'variant_group', res.body.id, ['action']);
    expect(history).toEqual([{ action: 'created' }]);
  });

  it('refuses bad input and duplicate names', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['attribute', 'name', 'options']);
    expect(missing.body.errors.name).toEqual(['Group name is required.']);
    const empty = await company.api.post(path, { name: 'X', attribute: 'Size', options: [] });
    expect(empty.body.errors.options).toEqual(['Please add at least one option.']);
    const dupOptions = await company.api.post(path, { name: 'X', attribute: 'Size', options: ['S', 's'] });
    expect(dupOptions.body.errors.options).toEqual(['Options must be unique.']);
    expect(
      (await company.api.post(path, { name: 'X', attribute: 'Size', options: ['S'], extra: 1 })).status,
    ).toBe(400);
    await createGroup(company, { name: 'Sarees' });
    const dup = await company.api.post(path, { name: 'SAREES', attribute: 'Size', options: ['S'] });
    expect(dup.body.errors.name).toEqual(['A variant group with this name already exists.']);
    const viewer = await createUserWithPermissions(company, ['view_variant_group']);
    expect((await viewer.api.post(path, { name: 'Y', attribute: 'Size', options: ['S'] })).status).toBe(403);
  });
});

describe('GET companies/{companyId}/variant_groups', () => {
  it('searches, filters, orders and pages', async () => {
    const company = await signUpCompany();
    await createGroup(company, { name: 'Alpha' });
    const beta = await createGroup(company, { name: 'Beta' });
    await company.api.post(`variant_groups/${beta.id}/deactivate`);
    const path = listPath(company);
    const all = await company.api.get(path);
    expect(all.body.results.map((g: { name: string }) => g.name)).toEqual(['Beta', 'Alpha']);
    expect(
      (await company.api.get(`${path}?search=alp`)).body.results.map((g: { name: string }) => g.name),
    ).toEqual(['Alpha']);
    expect((await company.api.get(`${path}?is_active=true`)).body.count).toBe(1);
    expect((await company.api.get(`${path}?ordering=name&limit=1`)).body.results[0].name).toBe('Alpha');
    const viewer = await createUserWithPermissions(company, ['view_brand']);
    expect((await viewer.api.get(path)).status).toBe(403);
  });
});

describe('GET and PATCH variant_groups/{id}, activate and deactivate', () => {
  it('reads, updates and switches status', async () => {
    const company = await signUpCompany();
    const group = await createGroup(company, { name: 'Kurtas' });
    const updated = await company.api.patch(`variant_groups/${group.id}`, {
      name: 'Long kurtas',
      options: ['Red', 'Blue', 'Green'],
      primary_attribute: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Long kurtas',
      options: ['Red', 'Blue', 'Green'],
      primary_attribute: null,
    });
    expect((await company.api.get(`variant_groups/${group.id}`)).body.name).toBe('Long kurtas');
    expect((await company.api.patch(`variant_groups/${group.id}`, { options: [] })).status).toBe(400);
    expect((await company.api.post(`variant_groups/${group.id}/deactivate`)).body.is_active).toBe(false);
    expect((await company.api.post(`variant_groups/${group.id}/activate`)).body.is_active).toBe(true);
    expect((await company.api.get('variant_groups/999999999')).status).toBe(404);
  });
});

describe('POST variant_groups/{id}/products', () => {
  it('sets the variants: live products of the company, each with one of the options, in one group only', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const group = await createGroup(company, { name: 'Tees' });
    const second = await createGroup(company, { name: 'Polos' });
    const red = await createProduct(company, `Tee red ${unique()}`);
    const blue = await createProduct(company, `Tee blue ${unique()}`);
    const foreign = await createProduct(other);

    const set = await company.api.post(`variant_groups/${group.id}/products`, {
      products: [
        { product: red.id, option: 'Red' },
        { product: blue.id, option: 'Blue' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.products).toEqual(
      expect.arrayContaining([
        { product: expect.objectContaining({ id: red.id, name: red.name }), option: 'Red' },
        { product: expect.objectContaining({ id: blue.id }), option: 'Blue' },
      ]),
    );
    expect(set.body.products).toHaveLength(2);

    const bad = await company.api.post(`variant_groups/${group.id}/products`, {
      products: [
        { product: foreign.id, option: 'Red' },
        { product: red.id, option: 'Green' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'products.0.product': ['Product Not Found'],
      'products.1.option': ['Option is not one of the group’s options.'],
    });
    const twice = await company.api.post(`variant_groups/${group.id}/products`, {
      products: [
        { product: red.id, option: 'Red' },
        { product: red.id, option: 'Blue' },
      ],
    });
    expect(twice.body.errors['products.1.product']).toEqual(['A product can be listed only once.']);

    const elsewhere = await company.api.post(`variant_groups/${second.id}/products`, {
      products: [{ product: red.id, option: 'Red' }],
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors['products.0.product']).toEqual([
      'This product is already a variant in another group.',
    ]);

    // An option in use by a variant stays.
    const dropRed = await company.api.patch(`variant_groups/${group.id}`, { options: ['Blue'] });
    expect(dropRed.body.errors.options).toEqual(['An option in use by a variant cannot be removed.']);

    // A deleted product drops out of the group.
    await company.api.post(`products/${blue.id}/delete`);
    const after = await company.api.get(`variant_groups/${group.id}`);
    expect(after.body.products.map((p: { product: { id: number } }) => p.product.id)).toEqual([red.id]);

    const cleared = await company.api.post(`variant_groups/${group.id}/products`, { products: [] });
    expect(cleared.body.products).toEqual([]);
    expect(
      (
        await company.api.post(`variant_groups/${second.id}/products`, {
          products: [{ product: red.id, option: 'Red' }],
        })
      ).status,
    ).toBe(200);
    const viewer = await createUserWithPermissions(company, ['view_variant_group']);
    expect((await viewer.api.post(`variant_groups/${group.id}/products`, { products: [] })).status).toBe(403);
  });
});
