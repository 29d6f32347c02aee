import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { isGroupedProductNameTaken } from './grouped-products.queries.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/grouped_products`;

async function createProduct(
  company: SignedUpCompany,
  values: { mrp: number; selling_price: number; opening_stock?: number; sku?: string },
) {
  const category = await company.api.post(`companies/${company.companyId}/categories`, {
    name: `Cat ${unique()}`,
  });
  const stock = values.opening_stock
    ? { warehouse: (await firstWarehouse(company)).id, opening_stock: values.opening_stock, opening_rate: 1 }
    : {};
  const res = await company.api.post(`companies/${company.companyId}/products`, {
    name: `Item ${unique()}`,
    category: category.body.id,
    mrp: values.mrp,
    selling_price: values.selling_price,
    ...(values.sku ? { sku: values.sku } : {}),
    ...stock,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; sku: string | null };
}

async function twoProducts(company: SignedUpCompany) {
  return [
    await createProduct(company, { mrp: 100, selling_price: 90 }),
    await createProduct(company, { mrp: 40.5, selling_price: 35 }),
  ] as const;
}

async function createBundle(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(listPath(company), input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; mrp: number };
}

/** The items of a bundle with one unit of each product. */
const oneOfEach = (...products: { id: number }[]) => products.map((p) => ({ product: p.id, quantity: 1 }));

const names = (body: { results: { name: string }[] }) => body.results.map((b) => b.name);

describe('POST companies/{companyId}/grouped_products', () => {
  it('creates a bundle: MRP defaults to the items’ MRPs × quantities, stock caps the bundles', async () => {
    const company = await signUpCompany();
    const soap = await createProduct(company, {
      mrp: 100,
      selling_price: 90,
      opening_stock: 10,
      sku: `S${unique()}`,
    });
    const towel = await createProduct(company, { mrp: 40.5, selling_price: 35, opening_stock: 7.5 });
    const created = await company.api.post(listPath(company), {
      name: '  Bath kit  ',
      sku: 'BATH-KIT',
      description: 'Soap and towels',
      items: [
        { product: soap.id, quantity: 1 },
        { product: towel.id, quantity: 2.5 },
      ],
      selling_price: 180.25,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Bath kit',
      sku: 'BATH-KIT',
      description: 'Soap and towels',
      // 100 × 1 + 40.50 × 2.5 = 201.25
      mrp: 201.25,
      selling_price: 180.25,
      is_active: true,
      item_count: 2,
      // 90 × 1 + 35 × 2.5
      items_selling_price: 177.5,
      // soap: 10 / 1 = 10; towel: floor(7.5 / 2.5) = 3
      available_bundles: 3,
    });
    expect(created.body.items).toEqual([
      {
        product: soap.id,
        product_name: soap.name,
        product_sku: soap.sku,
        quantity: 1,
        mrp: 100,
        selling_price: 90,
        available_stock: 10,
      },
      {
        product: towel.id,
        product_name: towel.name,
        product_sku: null,
        quantity: 2.5,
        mrp: 40.5,
        selling_price: 35,
        available_stock: 7.5,
      },
    ]);
    const row = await company.t.server.ctx.db
      .selectFrom('grouped_products')
      .select(['mrp_paise', 'selling_price_paise'])
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mrp_paise: 20125, selling_price_paise: 18025 });
    const history = await historyRows(company, 'grouped_product', created.body.id, ['action']);
    expect(history).toEqual([{ action: 'created' }]);
  });

  it('takes an explicit MRP, and answers 0 bundles when an item has no stock', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const bundle = await company.api.post(listPath(company), {
      name: 'Combo',
      sku: 'COMBO',
      items: oneOfEach(a, b),
      mrp: 500,
      selling_price: 499.99,
      is_active: false,
    });
    expect(bundle.body).toMatchObject({
      mrp: 500,
      selling_price: 499.99,
      is_active: false,
      available_bundles: 0,
    });
  });

  it('refuses bad input with field errors', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const path = listPath(company);
    const items = oneOfEach(a, b);
    const base = { name: 'Kit', sku: 'KIT', items, selling_price: 100 };

    const empty = await company.api.post(path, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['items', 'name', 'selling_price', 'sku']);

    const one = await company.api.post(path, { ...base, items: [items[0]] });
    expect(one.body.errors.items).toEqual(['A grouped product needs at least 2 products.']);
    const dup = await company.api.post(path, { ...base, items: [items[0], { product: a.id, quantity: 2 }] });
    expect(dup.body.errors.items).toEqual(['Each product can appear only once in a grouped product.']);
    const zero = await company.api.post(path, { ...base, items: [items[0], { product: b.id, quantity: 0 }] });
    expect(zero.status).toBe(400);
    expect(zero.body.errors['items.1.quantity']).toEqual(['Quantity must be more than 0.']);
    const decimals = await company.api.post(path, {
      ...base,
      items: [items[0], { product: b.id, quantity: 1.2345 }],
    });
    expect(decimals.status).toBe(400);
    expect(decimals.body.errors['items.1.quantity']).toBeDefined();
    expect((await company.api.post(path, { ...base, sku: 'bad sku!' })).body.errors.sku).toBeDefined();
    expect((await company.api.post(path, { ...base, selling_price: -1 })).status).toBe(400);
    expect((await company.api.post(path, { ...base, selling_price: 1.005 })).status).toBe(400);
    expect((await company.api.post(path, { ...base, unknown: 1 })).status).toBe(400);

    // The default MRP is 140.50; the selling price may not exceed it.
    const above = await company.api.post(path, { ...base, selling_price: 140.51 });
    expect(above.status).toBe(400);
    expect(above.body.errors.selling_price).toEqual(['Selling price cannot be more than MRP.']);
    const aboveMrp = await company.api.post(path, { ...base, mrp: 50, selling_price: 60 });
    expect(aboveMrp.body.errors.selling_price).toEqual(['Selling price cannot be more than MRP.']);

    const other = await signUpCompany();
    const [foreign] = await twoProducts(other);
    const notMine = await company.api.post(path, {
      ...base,
      items: [items[0], { product: foreign.id, quantity: 1 }],
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors['items.1.product']).toEqual(['Product Not Found']);
    await company.api.post(`products/${b.id}/delete`);
    const deleted = await company.api.post(path, base);
    expect(deleted.body.errors['items.1.product']).toEqual(['Product Not Found']);

    expect((await company.api.get(path)).body.count).toBe(0);
  });

  it('keeps live names and SKUs unique per company, case-insensitively', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const items = oneOfEach(a, b);
    const first = await createBundle(company, { name: 'Festive', sku: 'FEST-1', items, selling_price: 100 });
    const sameName = await company.api.post(listPath(company), {
      name: 'FESTIVE',
      sku: 'FEST-2',
      items,
      selling_price: 100,
    });
    expect(sameName.body.errors).toEqual({ name: ['A grouped product with this name already exists.'] });
    const sameSku = await company.api.post(listPath(company), {
      name: 'Other',
      sku: 'fest-1',
      items,
      selling_price: 100,
    });
    expect(sameSku.body.errors).toEqual({ sku: ['A grouped product with this SKU already exists.'] });

    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        company.api.post(listPath(company), { name: 'Racer', sku: `R${unique()}`, items, selling_price: 1 }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);

    await company.api.post(`grouped_products/${first.id}/delete`);
    await createBundle(company, { name: 'Festive', sku: 'FEST-1', items, selling_price: 100 });

    const other = await signUpCompany();
    const [x, y] = await twoProducts(other);
    await createBundle(other, {
      name: 'Festive',
      sku: 'FEST-1',
      items: oneOfEach(x, y),
      selling_price: 1,
    });
  });

  it('needs add_grouped_product and the caller’s own company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const input = {
      name: 'X',
      sku: 'X',
      items: oneOfEach(a, b),
      selling_price: 1,
    };
    const viewer = await createUserWithPermissions(company, ['view_grouped_product']);
    expect((await viewer.api.post(listPath(company), input)).status).toBe(403);
    expect((await company.api.post(listPath(other), input)).status).toBe(404);
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
  });
});

describe('GET companies/{companyId}/grouped_products', () => {
  it('filters by status and search (name or SKU), orders and pages', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const items = oneOfEach(a, b);
    await createBundle(company, { name: 'Diwali', sku: 'DW-1', items, selling_price: 100 });
    const holi = await createBundle(company, { name: 'Holi', sku: 'HL-1', items, selling_price: 120 });
    await createBundle(company, { name: 'Eid', sku: 'ED-1', items, selling_price: 110 });
    await company.api.post(`grouped_products/${holi.id}/deactivate`);
    const path = listPath(company);

    const all = await company.api.get(path);
    expect(names(all.body)).toEqual(['Eid', 'Holi', 'Diwali']);
    expect(all.body.results[0]).toMatchObject({ sku: 'ED-1', mrp: 140.5, selling_price: 110, item_count: 2 });
    expect(all.body.results[0].items).toBeUndefined();
    expect(names((await company.api.get(`${path}?ordering=name`)).body)).toEqual(['Diwali', 'Eid', 'Holi']);
    expect(names((await company.api.get(`${path}?ordering=-selling_price`)).body)).toEqual([
      'Holi',
      'Eid',
      'Diwali',
    ]);
    expect(names((await company.api.get(`${path}?is_active=false`)).body)).toEqual(['Holi']);
    expect(names((await company.api.get(`${path}?is_active=true&ordering=name`)).body)).toEqual([
      'Diwali',
      'Eid',
    ]);
    expect(names((await company.api.get(`${path}?search=dw-`)).body)).toEqual(['Diwali']);
    expect(names((await company.api.get(`${path}?search=OL`)).body)).toEqual(['Holi']);
    const paged = await company.api.get(`${path}?ordering=name&limit=2&offset=0`);
    expect(paged.body).toMatchObject({ count: 3, previous: null });
    expect(paged.body.next).toContain('offset=2');
    expect((await company.api.get(`${path}?ordering=items`)).status).toBe(400);
    expect((await company.api.get(`${path}?is_active=maybe`)).status).toBe(400);
    expect((await company.api.get(`${path}?limit=x`)).status).toBe(400);
  });

  it('needs view_grouped_product', async () => {
    const company = await signUpCompany();
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
  });
});

describe('GET grouped_products/{id}', () => {
  it('answers one bundle, 404 for another company, 400 for a bad id', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const bundle = await createBundle(company, {
      name: 'Secret kit',
      sku: 'SK',
      items: [
        { product: a.id, quantity: 3 },
        { product: b.id, quantity: 1 },
      ],
      selling_price: 300,
    });
    const got = await company.api.get(`grouped_products/${bundle.id}`);
    expect(got.body).toMatchObject({
      id: bundle.id,
      name: 'Secret kit',
      mrp: 340.5,
      items_selling_price: 305,
    });
    const foreign = await other.api.get(`grouped_products/${bundle.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Grouped Product Not Found');
    expect(JSON.stringify(foreign.body)).not.toContain('Secret kit');
    expect((await company.api.get('grouped_products/abc')).status).toBe(400);
  });
});

describe('PATCH grouped_products/{id}', () => {
  it('changes fields, replaces items and recomputes the default MRP', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const c = await createProduct(company, { mrp: 10, selling_price: 9, opening_stock: 4 });
    const bundle = await createBundle(company, {
      name: 'Starter',
      sku: 'ST',
      items: oneOfEach(a, b),
      selling_price: 100,
    });
    const path = `grouped_products/${bundle.id}`;
    const renamed = await company.api.patch(path, {
      name: 'Starter pack',
      description: 'New',
      selling_price: 120,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Starter pack',
      description: 'New',
      selling_price: 120,
      mrp: 140.5,
    });
    const cleared = await company.api.patch(path, { description: '' });
    expect(cleared.body.description).toBeNull();

    // Selling price 120 is above the new default MRP of 10 × 2 + 40.50 = 60.50.
    const tooDear = await company.api.patch(path, {
      items: [
        { product: c.id, quantity: 2 },
        { product: b.id, quantity: 1 },
      ],
    });
    expect(tooDear.status).toBe(400);
    expect(tooDear.body.errors.selling_price).toEqual(['Selling price cannot be more than MRP.']);
    const replaced = await company.api.patch(path, {
      items: [
        { product: c.id, quantity: 2 },
        { product: b.id, quantity: 1 },
      ],
      selling_price: 55,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      mrp: 60.5,
      selling_price: 55,
      item_count: 2,
      available_bundles: 0,
    });
    expect(replaced.body.items.map((i: { product: number }) => i.product)).toEqual([c.id, b.id]);

    const explicit = await company.api.patch(path, { mrp: 70 });
    expect(explicit.body.mrp).toBe(70);
    const below = await company.api.patch(path, { mrp: 50 });
    expect(below.body.errors.selling_price).toEqual(['Selling price cannot be more than MRP.']);
    expect((await company.api.get(path)).body).toMatchObject({ mrp: 70, selling_price: 55 });
  });

  it('refuses bad values, clashes, foreign ids and callers without change_grouped_product', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const items = oneOfEach(a, b);
    const bundle = await createBundle(company, { name: 'One', sku: 'ONE', items, selling_price: 1 });
    await createBundle(company, { name: 'Two', sku: 'TWO', items, selling_price: 1 });
    const path = `grouped_products/${bundle.id}`;
    expect((await company.api.patch(path, { name: '' })).body.errors.name).toEqual([
      'Grouped product name is required.',
    ]);
    expect((await company.api.patch(path, { name: 'two' })).body.errors.name).toEqual([
      'A grouped product with this name already exists.',
    ]);
    expect((await company.api.patch(path, { sku: 'Two' })).body.errors.sku).toEqual([
      'A grouped product with this SKU already exists.',
    ]);
    expect((await company.api.patch(path, { items: [items[0]] })).status).toBe(400);
    expect((await company.api.patch(path, { mrp_paise: 1 })).status).toBe(400);
    expect((await other.api.patch(path, { name: 'Mine' })).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_grouped_product', 'add_grouped_product']);
    expect((await viewer.api.patch(path, { name: 'Viewer' })).status).toBe(403);
    expect((await company.api.get(path)).body).toMatchObject({ name: 'One', sku: 'ONE' });
  });
});

describe('POST grouped_products/{id}/activate and /deactivate', () => {
  it('switches the bundle off and on', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const bundle = await createBundle(company, {
      name: 'Toggle',
      sku: 'TG',
      items: oneOfEach(a, b),
      selling_price: 1,
    });
    const off = await company.api.post(`grouped_products/${bundle.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await company.api.get(`grouped_products/${bundle.id}`)).body.is_active).toBe(false);
    expect((await company.api.post(`grouped_products/${bundle.id}/activate`)).body.is_active).toBe(true);
    const viewer = await createUserWithPermissions(company, ['view_grouped_product']);
    expect((await viewer.api.post(`grouped_products/${bundle.id}/deactivate`)).status).toBe(403);
  });
});

describe('POST grouped_products/{id}/delete', () => {
  it('deletes softly, and needs delete_grouped_product', async () => {
    const company = await signUpCompany();
    const [a, b] = await twoProducts(company);
    const bundle = await createBundle(company, {
      name: 'Gone',
      sku: 'GONE',
      items: oneOfEach(a, b),
      selling_price: 1,
    });
    const editor = await createUserWithPermissions(company, [
      'view_grouped_product',
      'change_grouped_product',
    ]);
    expect((await editor.api.post(`grouped_products/${bundle.id}/delete`)).status).toBe(403);
    const deleted = await company.api.post(`grouped_products/${bundle.id}/delete`);
    expect(deleted.body).toEqual({ detail: 'Grouped product deleted successfully.' });
    expect((await company.api.get(`grouped_products/${bundle.id}`)).status).toBe(404);
    expect((await company.api.patch(`grouped_products/${bundle.id}`, { name: 'Back' })).status).toBe(404);
    expect((await company.api.post(`grouped_products/${bundle.id}/activate`)).status).toBe(404);
    expect((await company.api.post(`grouped_products/${bundle.id}/delete`)).status).toBe(404);
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
    const row = await company.t.server.ctx.db
      .selectFrom('grouped_products')
      .select('deleted_at')
      .where('id', '=', bundle.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});

describe('unique key in the database', () => {
  it('is recognised by name', async () => {
    const company = await signUpCompany();
    const { db } = company.t.server.ctx;
    const values = {
      company_id: company.companyId,
      name: 'Racer',
      sku: 'R1',
      mrp_paise: 1,
      selling_price_paise: 1,
    };
    await db.insertInto('grouped_products').values(values).execute();
    const error = await db
      .insertInto('grouped_products')
      .values({ ...values, name: 'RACER', sku: 'R2' })
      .execute()
      .catch((e: unknown) => e);
    expect(isGroupedProductNameTaken(error)).toBe(true);
  });
});
