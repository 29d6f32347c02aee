import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { isCollectionNameTaken } from './product-collections.queries.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/product_collections`;

async function createProducts(company: SignedUpCompany, count: number) {
  const category = await company.api.post(`companies/${company.companyId}/categories`, {
    name: `Cat ${unique()}`,
  });
  const products: { id: number; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await company.api.post(`companies/${company.companyId}/products`, {
      name: `P${i} ${unique()}`,
      category: category.body.id,
      mrp: 100 + i,
      selling_price: 90 + i,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    products.push(res.body);
  }
  return products;
}

async function createCollection(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(listPath(company), input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function salesChannel(company: SignedUpCompany) {
  const channels = await company.api.get('admin/all_sales_channel/');
  return channels.body.results[0] as { id: number; display_name: string };
}

const names = (body: { results: { name: string }[] }) => body.results.map((b) => b.name);
const productIdsOf = async (company: SignedUpCompany, collectionId: number) =>
  (await company.api.get(`product_collections/${collectionId}/products?limit=-1`)).body.results.map(
    (p: { id: number }) => p.id,
  );

describe('POST companies/{companyId}/product_collections', () => {
  it('creates a collection for all channels or for one sales channel', async () => {
    const company = await signUpCompany();
    const channel = await salesChannel(company);
    const all = await company.api.post(listPath(company), { name: '  Summer picks  ', description: 'Hot' });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({
      name: 'Summer picks',
      description: 'Hot',
      sales_channel: null,
      sales_channel_name: null,
      is_active: true,
      product_count: 0,
    });
    const one = await createCollection(company, {
      name: 'App only',
      sales_channel: channel.id,
      is_active: false,
    });
    expect(one).toMatchObject({
      sales_channel: channel.id,
      sales_channel_name: channel.display_name,
      is_active: false,
    });
    const history = await historyRows(company, 'product_collection', all.body.id, ['action']);
    expect(history).toEqual([{ action: 'created' }]);
  });

  it('refuses bad input, duplicate names, foreign sales channels and callers without permission', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const path = listPath(company);
    expect((await company.api.post(path, {})).body.errors.name).toEqual(['Collection name is required.']);
    expect((await company.api.post(path, { name: 'x'.repeat(201) })).status).toBe(400);
    expect((await company.api.post(path, { name: 'X', product_count: 3 })).status).toBe(400);
    expect((await company.api.post(path, { name: 'X', sales_channel: 'abc' })).status).toBe(400);
    const foreignChannel = await salesChannel(other);
    const foreign = await company.api.post(path, { name: 'X', sales_channel: foreignChannel.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.sales_channel).toEqual(['Sales Channel Not Found']);
    await createCollection(company, { name: 'Monsoon' });
    const dup = await company.api.post(path, { name: 'MONSOON' });
    expect(dup.body.errors.name).toEqual(['A collection with this name already exists.']);
    const viewer = await createUserWithPermissions(company, ['view_product_collection']);
    expect((await viewer.api.post(path, { name: 'Viewer' })).status).toBe(403);
    expect((await company.api.post(listPath(other), { name: 'Intruder' })).status).toBe(404);
    expect((await company.api.get(path)).body.count).toBe(1);
    await createCollection(other, { name: 'Monsoon' });
  });
});

describe('GET companies/{companyId}/product_collections', () => {
  it('filters, orders and pages, with product counts', async () => {
    const company = await signUpCompany();
    const channel = await salesChannel(company);
    const [p1, p2] = await createProducts(company, 2);
    const a = await createCollection(company, { name: 'Alpha' });
    const b = await createCollection(company, { name: 'Beta', sales_channel: channel.id });
    await createCollection(company, { name: 'Gamma' });
    await company.api.post(`product_collections/${a.id}/products`, { products: [p1.id, p2.id] });
    await company.api.post(`product_collections/${b.id}/deactivate`);
    const path = listPath(company);
    const all = await company.api.get(path);
    expect(names(all.body)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(all.body.results[2].product_count).toBe(2);
    expect(names((await company.api.get(`${path}?ordering=name`)).body)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names((await company.api.get(`${path}?is_active=false`)).body)).toEqual(['Beta']);
    expect(names((await company.api.get(`${path}?sales_channel=${channel.id}`)).body)).toEqual(['Beta']);
    expect(names((await company.api.get(`${path}?search=alp`)).body)).toEqual(['Alpha']);
    const paged = await company.api.get(`${path}?ordering=name&limit=2&offset=2`);
    expect(paged.body).toMatchObject({ count: 3, next: null });
    expect(names(paged.body)).toEqual(['Gamma']);
    expect((await company.api.get(`${path}?ordering=product_count`)).status).toBe(400);
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(path)).status).toBe(403);
  });
});

describe('GET and PATCH product_collections/{id}', () => {
  it('reads and changes a collection', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const channel = await salesChannel(company);
    const c = await createCollection(company, { name: 'Hidden gem', description: 'Old' });
    await createCollection(company, { name: 'Taken' });
    const path = `product_collections/${c.id}`;
    expect((await company.api.get(path)).body).toMatchObject({ id: c.id, name: 'Hidden gem' });
    const foreign = await other.api.get(path);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Product Collection Not Found');
    expect(JSON.stringify(foreign.body)).not.toContain('Hidden gem');
    expect((await company.api.get('product_collections/abc')).status).toBe(400);

    const changed = await company.api.patch(path, {
      name: 'Gem',
      sales_channel: channel.id,
      description: '',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Gem', sales_channel: channel.id, description: null });
    expect((await company.api.patch(path, { sales_channel: null })).body.sales_channel).toBeNull();
    expect((await company.api.patch(path, { name: 'taken' })).body.errors.name).toEqual([
      'A collection with this name already exists.',
    ]);
    expect((await company.api.patch(path, { name: '' })).status).toBe(400);
    expect((await company.api.patch(path, { is_active: 'no' })).status).toBe(400);
    expect((await other.api.patch(path, { name: 'Mine' })).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_product_collection']);
    expect((await viewer.api.patch(path, { name: 'Viewer' })).status).toBe(403);
    expect((await company.api.get(path)).body).toMatchObject({ name: 'Gem', sales_channel: null });
  });

  it('activates and deactivates', async () => {
    const company = await signUpCompany();
    const c = await createCollection(company, { name: 'Switch' });
    expect((await company.api.post(`product_collections/${c.id}/deactivate`)).body.is_active).toBe(false);
    expect((await company.api.get(`product_collections/${c.id}`)).body.is_active).toBe(false);
    expect((await company.api.post(`product_collections/${c.id}/activate`)).body.is_active).toBe(true);
    const viewer = await createUserWithPermissions(company, ['view_product_collection']);
    expect((await viewer.api.post(`product_collections/${c.id}/deactivate`)).status).toBe(403);
  });
});

describe('product_collections/{id}/products', () => {
  it('adds products at the end, pages them in position order, removes and reorders', async () => {
    const company = await signUpCompany();
    const [p1, p2, p3, p4] = await createProducts(company, 4);
    const c = await createCollection(company, { name: 'Curated' });
    const path = `product_collections/${c.id}/products`;
    const added = await company.api.post(path, { products: [p3.id, p1.id] });
    expect(added.status).toBe(200);
    expect(added.body.product_count).toBe(2);
    // Already present products keep their place; new ones go to the end.
    expect((await company.api.post(path, { products: [p1.id, p2.id, p4.id] })).body.product_count).toBe(4);
    expect(await productIdsOf(company, c.id)).toEqual([p3.id, p1.id, p2.id, p4.id]);

    const page1 = await company.api.get(`${path}?limit=2`);
    expect(page1.body.count).toBe(4);
    expect(page1.body.results[0]).toMatchObject({ id: p3.id, name: p3.name, mrp: 102, selling_price: 92 });
    expect(page1.body.next).toContain('offset=2');

    const reordered = await company.api.patch(`${path}/order`, { products: [p4.id, p3.id, p2.id, p1.id] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(await productIdsOf(company, c.id)).toEqual([p4.id, p3.id, p2.id, p1.id]);
    const partial = await company.api.patch(`${path}/order`, { products: [p4.id, p3.id] });
    expect(partial.status).toBe(400);
    expect(partial.body.errors.products).toEqual([
      'The new order must list every product of the collection exactly once.',
    ]);
    expect(
      (await company.api.patch(`${path}/order`, { products: [p4.id, p4.id, p2.id, p1.id] })).status,
    ).toBe(400);

    const removed = await company.api.post(`product_collections/${c.id}/remove_products`, {
      products: [p3.id, p2.id],
    });
    expect(removed.body.product_count).toBe(2);
    expect(await productIdsOf(company, c.id)).toEqual([p4.id, p1.id]);

    // A deleted product leaves the collection for the API.
    await company.api.post(`products/${p4.id}/delete`);
    expect(await productIdsOf(company, c.id)).toEqual([p1.id]);
    expect((await company.api.get(`product_collections/${c.id}`)).body.product_count).toBe(1);
  });

  it('refuses foreign or unknown products, empty lists, and callers without permission', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [mine] = await createProducts(company, 1);
    const [theirs] = await createProducts(other, 1);
    const c = await createCollection(company, { name: 'Strict' });
    const path = `product_collections/${c.id}/products`;
    const foreign = await company.api.post(path, { products: [mine.id, theirs.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors['products.1']).toEqual(['Product Not Found']);
    expect((await company.api.post(path, { products: [] })).body.errors.products).toEqual([
      'Choose at least one product.',
    ]);
    expect((await company.api.post(path, { products: ['x'] })).status).toBe(400);
    expect((await company.api.post(path, {})).status).toBe(400);
    expect((await company.api.get(`product_collections/${c.id}`)).body.product_count).toBe(0);
    expect((await other.api.post(path, { products: [theirs.id] })).status).toBe(404);
    expect((await other.api.get(path)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_product_collection']);
    expect((await viewer.api.post(path, { products: [mine.id] })).status).toBe(403);
    expect((await viewer.api.get(path)).status).toBe(200);
  });
});

describe('unique key in the database', () => {
  it('is recognised by name', async () => {
    const company = await signUpCompany();
    const { db } = company.t.server.ctx;
    await db
      .insertInto('product_collections')
      .values({ company_id: company.companyId, name: 'Racer' })
      .execute();
    const error = await db
      .insertInto('product_collections')
      .values({ company_id: company.companyId, name: 'RACER' })
      .execute()
      .catch((e: unknown) => e);
    expect(isCollectionNameTaken(error)).toBe(true);
  });
});
