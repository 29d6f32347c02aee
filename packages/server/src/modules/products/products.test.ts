import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PNG_1x1,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { fileAt, uploadFile } from '../../../test/uploads.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { insertWarehouse } from '../warehouses/warehouses.service.ts';

/** Enough of a JPEG for the type sniffer; each call gives different bytes (files are named by content). */
const jpeg = (n: number) =>
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, n & 0xff, n >> 8]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

// ---------------------------------------------------------------------------------------------
// Factories

const productsPath = (company: SignedUpCompany) => `companies/${company.companyId}/products`;

async function createCategory(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const res = await company.api.post(`companies/${company.companyId}/categories`, {
    name: `Category ${unique()}`,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function createBrand(company: SignedUpCompany, name = `Brand ${unique()}`) {
  const res = await company.api.post(`companies/${company.companyId}/brands`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** The warehouse made at sign-up with the first branch. */
async function warehouseOf(company: SignedUpCompany) {
  return company.t.server.ctx.db
    .selectFrom('warehouses')
    .select(['id', 'name', 'branch_id'])
    .where('company_id', '=', company.companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** Warehouses have no API yet (the parties-and-places issue): tests add them through the database. */
async function addWarehouse(company: SignedUpCompany, options: { branchId?: number; active?: boolean } = {}) {
  const db = company.t.server.ctx.db;
  const branchId =
    options.branchId ??
    (await insertBranch(db, { company_id: company.companyId, name: `Branch ${unique()}` })).id;
  const warehouse = await insertWarehouse(db, {
    company_id: company.companyId,
    branch_id: branchId,
    name: `WH ${unique()}`,
  });
  if (options.active === false) {
    await db.updateTable('warehouses').set({ is_active: false }).where('id', '=', warehouse.id).execute();
  }
  return { ...warehouse, branch_id: branchId };
}

const taxesOf = async (company: SignedUpCompany) =>
  (await company.api.get(`companies/${company.companyId}/taxes`)).body.results as {
    id: number;
    type: string;
    rate: number;
    display_name: string;
  }[];

async function createProduct(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const category = overrides.category === undefined ? (await createCategory(company)).id : undefined;
  const res = await company.api.post(productsPath(company), {
    name: `Product ${unique()}`,
    mrp: 100,
    selling_price: 90,
    ...(category ? { category } : {}),
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const upload = (
  company: SignedUpCompany,
  productId: number,
  kind: 'images' | 'files',
  bytes: Buffer,
  name = 'upload.bin',
) => uploadFile(company, `products/${productId}/${kind}`, bytes, name);

const ledgerOf = (company: SignedUpCompany, productId: number) =>
  company.t.server.ctx.db
    .selectFrom('stock_ledger')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();

const names = (body: { results: { name: string }[] }) => body.results.map((p) => p.name);

// ---------------------------------------------------------------------------------------------

describe('POST companies/{companyId}/products', () => {
  it('creates a product with every field and reads it back exactly', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company, { name: 'Fasteners' });
    const brand = await createBrand(company, `Tata ${unique()}`);
    const gst18 = (await taxesOf(company)).find((t) => t.type === 'gst' && t.rate === 18);
    const units = (await company.api.get(`companies/${company.companyId}/units`)).body.results;
    const unit = units.find((u: { code: string }) => u.code === 'PCS') ?? units[0];
    const channel = (await company.api.get('admin/all_sales_channel/')).body.results[0];
    const warehouse = await warehouseOf(company);
    const variant = await createProduct(company, { name: `Variant ${unique()}`, sku: `VAR-${unique()}` });
    const accessory = await createProduct(company, { name: `Accessory ${unique()}` });
    const sku = `BOLT-${unique()}`;
    const seoUrl = `steel-bolt-${unique()}`;
    const input = {
      name: `Steel Hex Bolt M8 ${unique()}`,
      display_name: 'Hex Bolt M8 (pack of 100)',
      sku,
      attributes: [
        { key: 'Material', value: 'Stainless steel' },
        { key: 'Thread', value: 'M8' },
      ],
      sales_channel: channel.id,
      category: category.id,
      brand: brand.id,
      unit: unit.id,
      upc: '012345678905',
      weight: 1.255,
      mrp: 1234.56,
      selling_price: 1100.1,
      cost_price: 799.99,
      tax: gst18?.id,
      hsn: '73181500',
      buyer_group: null,
      seller: null,
      expose_inventory: false,
      max_quantity_per_transaction: 12.5,
      margin: 12.75,
      max_bidding_percentage: 7.5,
      priority: 3,
      warehouse: warehouse.id,
      opening_stock: 150.125,
      opening_rate: 640.05,
      reorder_point: 20,
      is_visible_to_buyer: false,
      allow_back_ordering: true,
      is_active: true,
      tags: ['hardware', 'bolts'],
      short_description: 'M8 bolts',
      description: '<p>Zinc plated <b>hex</b> bolts.</p>',
      item_box: '100 bolts, 1 spanner',
      highlights: ['Rust proof', 'ISO 4017'],
      video_url: 'https://www.youtube.com/watch?v=abc123',
      features: [
        {
          title: 'Rust proof',
          description: 'Zinc plating',
          images: ['https://cdn.example.in/f1.png', '/api/files/product-images/1/2/abc.png'],
        },
        { title: 'Strong', description: null, images: [] },
      ],
      specifications: [{ name: 'Length', detail: '40 mm' }],
      related_products: {
        variants: [variant.id],
        frequently_bought_together: [accessory.id, variant.id],
        similar: [],
        sponsored: [],
        accessories: [accessory.id],
      },
      tally_product_name: 'Hex Bolt M8 (100)',
      seo_url: seoUrl,
      meta_title: 'Buy stainless steel hex bolts M8 wholesale online',
      meta_description: 'Hex bolts in bulk',
    };
    const created = await company.api.post(productsPath(company), input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const expected = {
      ...input,
      id: created.body.id,
      sales_channel: { id: channel.id, name: channel.name, display_name: channel.display_name },
      category: { id: category.id, name: 'Fasteners' },
      brand: { id: brand.id, name: brand.name },
      unit: { id: unit.id, name: unit.name, code: unit.code },
      tax: { id: gst18?.id, display_name: gst18?.display_name, rate: 18 },
      cess_tax: null,
      gst_treatment: 'taxable',
      tracks_serial_numbers: false,
      warehouse: { id: warehouse.id, name: warehouse.name },
      related_products: {
        variants: [{ id: variant.id, name: variant.name, sku: variant.sku }],
        frequently_bought_together: [
          { id: accessory.id, name: accessory.name, sku: null },
          { id: variant.id, name: variant.name, sku: variant.sku },
        ],
        similar: [],
        sponsored: [],
        accessories: [{ id: accessory.id, name: accessory.name, sku: null }],
      },
      images: [],
      files: [],
      stock: {
        in_stock: true,
        stock_by_branches: [
          {
            id: company.branchId,
            name: 'Pune',
            stock_by_warehouses: [
              { id: warehouse.id, name: warehouse.name, available_stock: 150.125, df_quantity: 0 },
            ],
          },
        ],
      },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    };
    expect(created.body).toEqual(expected);
    const read = await company.api.get(`products/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expected);

    // Money is stored as exact paise.
    const row = await company.t.server.ctx.db
      .selectFrom('products')
      .select(['mrp_paise', 'selling_price_paise', 'cost_price_paise', 'opening_rate_paise'])
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      mrp_paise: 123456,
      selling_price_paise: 110010,
      cost_price_paise: 79999,
      opening_rate_paise: 64005,
    });
  });

  it('creates with only the required fields and the defaults', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const res = await company.api.post(productsPath(company), {
      name: '  Plain Widget ',
      category: category.id,
      mrp: '250',
      selling_price: 250,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Plain Widget',
      display_name: null,
      sku: null,
      attributes: [],
      sales_channel: null,
      brand: null,
      unit: null,
      upc: null,
      weight: null,
      mrp: 250,
      selling_price: 250,
      cost_price: null,
      tax: null,
      hsn: null,
      buyer_group: null,
      seller: null,
      expose_inventory: true,
      max_quantity_per_transaction: 0,
      margin: null,
      max_bidding_percentage: null,
      priority: 0,
      warehouse: null,
      opening_stock: 0,
      opening_rate: null,
      reorder_point: 0,
      is_visible_to_buyer: true,
      allow_back_ordering: false,
      is_active: true,
      tags: [],
      highlights: [],
      features: [],
      specifications: [],
      related_products: {
        variants: [],
        frequently_bought_together: [],
        similar: [],
        sponsored: [],
        accessories: [],
      },
      seo_url: null,
      stock: { in_stock: false, stock_by_branches: [] },
    });
    expect(await ledgerOf(company, res.body.id)).toEqual([]);
    const history = await company.api.get(`products/${res.body.id}/history`);
    expect(history.body.results.map((h: any) => h.actions.action)).toEqual(['created']);
    expect(history.body.results[0].user).toMatchObject({ id: company.userId, first_name: 'Priya' });
  });

  it('keeps names and SKUs unique among live products, case-insensitively', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const first = await createProduct(company, {
      name: 'Copper Wire 2mm',
      sku: 'CW-2MM',
      category: category.id,
    });
    const sameName = await company.api.post(productsPath(company), {
      name: 'copper wire 2MM',
      category: category.id,
      mrp: 1,
      selling_price: 1,
    });
    expect(sameName.status).toBe(400);
    expect(sameName.body.errors).toEqual({ name: ['A product with this name already exists.'] });
    const sameSku = await company.api.post(productsPath(company), {
      name: 'Copper Wire 3mm',
      sku: 'cw-2mm',
      category: category.id,
      mrp: 1,
      selling_price: 1,
    });
    expect(sameSku.status).toBe(400);
    expect(sameSku.body.errors).toEqual({ sku: ['A product with this SKU already exists.'] });
    // Another company may use both.
    const other = await signUpCompany();
    await createProduct(other, { name: 'Copper Wire 2mm', sku: 'CW-2MM' });
    // Renaming onto another product is refused too; keeping one's own name is fine.
    const second = await createProduct(company, { name: 'Copper Wire 4mm', category: category.id });
    const rename = await company.api.patch(`products/${second.id}`, { name: 'COPPER WIRE 2mm' });
    expect(rename.status).toBe(400);
    expect(rename.body.errors.name).toEqual(['A product with this name already exists.']);
    expect(
      (await company.api.patch(`products/${first.id}`, { name: 'Copper Wire 2mm', sku: 'CW-2MM' })).status,
    ).toBe(200);
  });

  it('answers concurrent duplicates with one product and a clear 400, never a 500', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const body = (name: string, sku: string) => ({
      name,
      sku,
      category: category.id,
      mrp: 10,
      selling_price: 10,
    });
    const byName = await Promise.all([
      company.api.post(productsPath(company), body('Race Product', 'RACE-A')),
      company.api.post(productsPath(company), body('race product', 'RACE-B')),
    ]);
    expect(byName.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(byName.find((r) => r.status === 400)?.body.errors).toEqual({
      name: ['A product with this name already exists.'],
    });
    const bySku = await Promise.all([
      company.api.post(productsPath(company), body('Race One', 'RACE-SKU')),
      company.api.post(productsPath(company), body('Race Two', 'race-sku')),
    ]);
    expect(bySku.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(bySku.find((r) => r.status === 400)?.body.errors).toEqual({
      sku: ['A product with this SKU already exists.'],
    });
    const list = await company.api.get(`${productsPath(company)}?search=race&limit=-1`);
    expect(list.body.count).toBe(2);
  });

  it('refuses a selling price above the MRP, by even one paisa', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const res = await company.api.post(productsPath(company), {
      name: 'Pricey',
      category: category.id,
      mrp: 100,
      selling_price: 100.01,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ selling_price: ['Selling price cannot be more than MRP.'] });
    const equal = await company.api.post(productsPath(company), {
      name: 'Pricey',
      category: category.id,
      mrp: 100,
      selling_price: 100,
    });
    expect(equal.status).toBe(201);
  });

  it('lets a brand-new company file its first product under the category the picker offers', async () => {
    const company = await signUpCompany();
    // The product form's category picker is built from this very list call (categoryTreeQuery).
    const offered = await company.api.get(`companies/${company.companyId}/categories?limit=-1`);
    expect(offered.status).toBe(200);
    const choices = offered.body.results.filter((c: { is_active: boolean }) => c.is_active);
    expect(choices.map((c: { name: string }) => c.name)).toEqual(['Root Category']);

    const res = await company.api.post(productsPath(company), {
      name: `First ${unique()}`,
      category: choices[0].id,
      mrp: 120,
      selling_price: 100,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.category).toMatchObject({ id: choices[0].id, name: 'Root Category' });
    const listed = await company.api.get(`${productsPath(company)}?limit=-1`);
    expect(listed.body.results.map((p: { id: number }) => p.id)).toEqual([res.body.id]);
  });

  it('needs an active category of the company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const inactive = await createCategory(company);
    await company.api.post(`categories/${inactive.id}/deactivate`);
    const foreign = await createCategory(other);
    const attempt = (category: unknown) =>
      company.api.post(productsPath(company), { name: `P ${unique()}`, category, mrp: 1, selling_price: 1 });

    const inactiveRes = await attempt(inactive.id);
    expect(inactiveRes.status).toBe(400);
    expect(inactiveRes.body.errors).toEqual({
      category: ['This category is inactive; products cannot be added to it.'],
    });
    const foreignRes = await attempt(foreign.id);
    expect(foreignRes.status).toBe(400);
    expect(foreignRes.body.errors).toEqual({ category: ['Category Not Found'] });
    const missing = await company.api.post(productsPath(company), {
      name: 'No category',
      mrp: 1,
      selling_price: 1,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.category).toBeDefined();
    expect((await company.api.get(`${productsPath(company)}?limit=-1`)).body.count).toBe(0);
  });

  it('stores the seller and buyer group of a product, and refuses inactive ones', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
      name: `Seller ${unique()}`,
      billing_address: {
        address_line_1: '1 Market Road',
        city: 'Mumbai',
        state_id: 27,
        pincode: '400001',
      },
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(201);
    const group = await company.api.post(`companies/${company.companyId}/buyer_groups`, {
      name: `Group ${unique()}`,
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);

    const product = await createProduct(company, {
      category: category.id,
      seller: seller.body.id,
      buyer_group: group.body.id,
    });
    expect(product.seller).toEqual({ id: seller.body.id, name: seller.body.name });
    expect(product.buyer_group).toEqual({ id: group.body.id, name: group.body.name });
    const listed = await company.api.get(`${productsPath(company)}?buyer_group=${group.body.id}&limit=-1`);
    expect(listed.body.results.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const cleared = await company.api.patch(`products/${product.id}`, { seller: null, buyer_group: null });
    expect(cleared.body.seller).toBeNull();
    expect(cleared.body.buyer_group).toBeNull();

    await company.api.post(`sellers/${seller.body.id}/deactivate`);
    await company.api.post(`buyer_groups/${group.body.id}/deactivate`);
    const refused = await company.api.patch(`products/${product.id}`, { buyer_group: group.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ buyer_group: ['This buyer group is inactive.'] });
    const refusedSeller = await company.api.patch(`products/${product.id}`, { seller: seller.body.id });
    expect(refusedSeller.body.errors).toEqual({
      seller: ['This seller is inactive; activate it before assigning products.'],
    });
  });

  it('refuses ids of another company, deleted brands, cess taxes, inactive warehouses, buyer groups and sellers', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const category = await createCategory(company);
    const foreignBrand = await createBrand(other);
    const deletedBrand = await createBrand(company);
    await company.api.post(`brands/${deletedBrand.id}/delete`);
    const foreignTax = (await taxesOf(other))[0];
    const cess = (await taxesOf(company)).find((t) => t.type === 'cess');
    const gst = (await taxesOf(company)).find((t) => t.type === 'gst');
    const foreignWarehouse = await warehouseOf(other);
    const inactiveWarehouse = await addWarehouse(company, { branchId: company.branchId, active: false });
    const foreignUnit = (await other.api.get(`companies/${other.companyId}/units`)).body.results[0];
    const foreignChannel = (await other.api.get('admin/all_sales_channel/')).body.results[0];
    const foreignProduct = await createProduct(other);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ brand: foreignBrand.id }, 'brand', 'Brand Not Found'],
      [{ brand: deletedBrand.id }, 'brand', 'Brand Not Found'],
      [{ tax: foreignTax.id }, 'tax', 'Tax Not Found'],
      [{ tax: cess?.id }, 'tax', 'Choose a GST tax; cess is not a product tax.'],
      [{ cess_tax: gst?.id }, 'cess_tax', 'Choose a cess tax.'],
      [{ cess_tax: foreignTax.id }, 'cess_tax', 'Tax Not Found'],
      [{ unit: foreignUnit.id }, 'unit', 'Unit Not Found'],
      [{ sales_channel: foreignChannel.id }, 'sales_channel', 'Sales Channel Not Found'],
      [{ warehouse: foreignWarehouse.id }, 'warehouse', 'Warehouse Not Found'],
      [
        { warehouse: inactiveWarehouse.id, opening_stock: 5 },
        'warehouse',
        `Warehouse ${inactiveWarehouse.name} is inactive.`,
      ],
      [{ buyer_group: 1 }, 'buyer_group', 'Buyer Group Not Found'],
      [{ seller: 1 }, 'seller', 'Seller Not Found'],
      [
        { related_products: { similar: [foreignProduct.id] } },
        'related_products.similar',
        'Product Not Found',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await company.api.post(productsPath(company), {
        name: `P ${unique()}`,
        category: category.id,
        mrp: 1,
        selling_price: 1,
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors, JSON.stringify(fields)).toEqual({ [field]: [message] });
    }
    expect((await company.api.get(`${productsPath(company)}?limit=-1`)).body.count).toBe(0);
  });

  it('posts the opening stock as exactly one ledger row of the chosen warehouse', async () => {
    const company = await signUpCompany();
    const warehouse = await warehouseOf(company);
    const product = await createProduct(company, {
      warehouse: warehouse.id,
      opening_stock: 40.5,
      opening_rate: 12.34,
    });
    const ledger = await ledgerOf(company, product.id);
    expect(ledger).toEqual([
      expect.objectContaining({
        warehouse_id: warehouse.id,
        quantity: 40.5,
        balance_after: 40.5,
        rate_paise: 1234,
        reason: 'opening_stock',
        document_type: 'product',
        document_id: product.id,
        user_id: company.userId,
      }),
    ]);
    expect(product.stock).toEqual({
      in_stock: true,
      stock_by_branches: [
        {
          id: company.branchId,
          name: 'Pune',
          stock_by_warehouses: [
            { id: warehouse.id, name: warehouse.name, available_stock: 40.5, df_quantity: 0 },
          ],
        },
      ],
    });
    const listed = await company.api.get(
      `${productsPath(company)}?search=${encodeURIComponent(product.name)}`,
    );
    expect(listed.body.results[0]).toMatchObject({ available_stock: 40.5, in_stock: true });
  });

  it('needs a warehouse for opening stock, and writes nothing when refused', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const res = await company.api.post(productsPath(company), {
      name: 'Stocked',
      category: category.id,
      mrp: 1,
      selling_price: 1,
      opening_stock: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ warehouse: ['Choose the warehouse that receives the opening stock.'] });
    const ledger = await company.t.server.ctx.db
      .selectFrom('stock_ledger')
      .select('id')
      .where('company_id', '=', company.companyId)
      .execute();
    expect(ledger).toEqual([]);
  });

  it('keeps SEO addresses unique across categories and products', async () => {
    const company = await signUpCompany();
    const url = `shared-${unique()}`;
    await createCategory(company, { seo_url: url });
    const category = await createCategory(company);
    const res = await company.api.post(productsPath(company), {
      name: 'Seo clash',
      category: category.id,
      mrp: 1,
      selling_price: 1,
      seo_url: url,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      seo_url: ['This SEO URL is already used by another category or product.'],
    });
    const product = await createProduct(company, { seo_url: `${url}-p` });
    const categoryClash = await company.api.post(`companies/${company.companyId}/categories`, {
      name: 'Clashing category',
      seo_url: `${url}-p`,
    });
    expect(categoryClash.status).toBe(400);
    expect(product.seo_url).toBe(`${url}-p`);
  });

  it('refuses malformed values with the validation messages', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const base = { name: 'Bad', category: category.id, mrp: 10, selling_price: 5 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'Product name is required.'],
      [{ sku: 'has space' }, 'sku', 'SKU can only contain (a-zA-Z0-9) and hyphen(-),underscore(_)'],
      [{ upc: '12345678901' }, 'upc', 'UPC must be exactly 12 digits.'],
      [{ hsn: '73181' }, 'hsn', 'HSN code must be 4, 6 or 8 digits.'],
      [{ margin: 100.5 }, 'margin', 'Please enter a percentage between 0 and 100 with up to 2 decimals.'],
      [
        { max_bidding_percentage: 1.234 },
        'max_bidding_percentage',
        'Please enter a percentage between 0 and 100 with up to 2 decimals.',
      ],
      [{ mrp: 10.005 }, 'mrp', 'Please enter a valid amount (not negative, at most 2 decimals).'],
      [{ cost_price: -1 }, 'cost_price', 'Value cannot be negative.'],
      [{ selling_price: 'ten' }, 'selling_price', 'Please enter a valid number.'],
      [{ weight: 1.2345 }, 'weight', 'Please enter a valid quantity (not negative, at most 3 decimals).'],
      [{ priority: 1.5 }, 'priority', 'Please enter a whole number.'],
      [{ video_url: 'not a url' }, 'video_url', 'Please enter a valid url.'],
      [
        { tally_product_name: 'Bolt #8' },
        'tally_product_name',
        'Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()',
      ],
      [{ seo_url: 'Has Caps' }, 'seo_url', 'Only lowercase letters, digits, _ and - are allowed.'],
      [
        { features: [{ title: 'x', images: ['javascript:alert(1)'] }] },
        'features.0.images.0',
        'Please enter a valid url.',
      ],
      [{ category: 'abc' }, 'category', 'A valid id is required.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await company.api.post(productsPath(company), { ...base, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toEqual([message]);
    }
    const unknown = await company.api.post(productsPath(company), { ...base, colour: 'red' });
    expect(unknown.status).toBe(400);
    const wrongTypes = await company.api.post(productsPath(company), {
      ...base,
      tags: 'a,b',
      is_active: 'yes',
    });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['is_active', 'tags']);
    expect((await company.api.get(`${productsPath(company)}?limit=-1`)).body.count).toBe(0);
  });

  it('needs add_product, and the caller’s own company', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    const viewer = await createUserWithPermissions(company, ['view_product']);
    const body = { name: 'Forbidden', category: category.id, mrp: 1, selling_price: 1 };
    const res = await viewer.api.post(productsPath(company), body);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to perform this action.');
    const other = await signUpCompany();
    expect((await other.api.post(productsPath(company), body)).status).toBe(404);
    const adder = await createUserWithPermissions(company, ['add_product']);
    expect((await adder.api.post(productsPath(company), body)).status).toBe(201);
  });
});

describe('GET companies/{companyId}/products', () => {
  async function catalog() {
    const company = await signUpCompany();
    const tools = await createCategory(company, { name: 'Tools' });
    const paints = await createCategory(company, { name: 'Paints' });
    const bosch = await createBrand(company, `Bosch ${unique()}`);
    const asian = await createBrand(company, `Asian ${unique()}`);
    const channels = (await company.api.get('admin/all_sales_channel/')).body.results;
    const warehouse = await warehouseOf(company);
    const drill = await createProduct(company, {
      name: 'Impact Drill 13mm',
      sku: 'DRL-13',
      category: tools.id,
      brand: bosch.id,
      mrp: 5000,
      selling_price: 4499.5,
      priority: 2,
      sales_channel: channels[0].id,
      warehouse: warehouse.id,
      opening_stock: 7,
    });
    const grinder = await createProduct(company, {
      name: 'Angle Grinder',
      sku: 'GRN-100',
      category: tools.id,
      brand: bosch.id,
      mrp: 3000,
      selling_price: 2800,
      priority: 1,
    });
    const emulsion = await createProduct(company, {
      name: 'Royale Emulsion 50%_off',
      sku: 'PNT-EM-20L',
      category: paints.id,
      brand: asian.id,
      mrp: 9000,
      selling_price: 8000,
      priority: 1,
      sales_channel: channels[1].id,
      warehouse: warehouse.id,
      opening_stock: 2.5,
    });
    await company.api.post(`products/${grinder.id}/deactivate`);
    return { company, tools, paints, bosch, asian, channels, drill, grinder, emulsion };
  }

  it('answers summaries with category, brand, first image and stock', async () => {
    const { company, tools, bosch, drill } = await catalog();
    const image = await upload(company, drill.id, 'images', PNG_1x1, 'drill.png');
    await upload(company, drill.id, 'images', jpeg(1), 'second.jpg');
    const res = await company.api.get(productsPath(company));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(names(res.body)).toEqual(['Royale Emulsion 50%_off', 'Angle Grinder', 'Impact Drill 13mm']);
    expect(res.body.results[2]).toEqual({
      id: drill.id,
      name: 'Impact Drill 13mm',
      display_name: null,
      sku: 'DRL-13',
      image: image.body.url,
      category: { id: tools.id, name: 'Tools' },
      brand: { id: bosch.id, name: bosch.name },
      mrp: 5000,
      selling_price: 4499.5,
      is_active: true,
      available_stock: 7,
      in_stock: true,
      priority: 2,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.results[1]).toMatchObject({
      image: null,
      available_stock: 0,
      in_stock: false,
      is_active: false,
    });
  });

  it('filters by category, brand, status, stock, sales channel and buyer group', async () => {
    const { company, tools, paints, bosch, asian, channels } = await catalog();
    const list = async (query: string) => {
      const res = await company.api.get(`${productsPath(company)}?${query}&ordering=name`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return names(res.body);
    };
    expect(await list(`category__in=${tools.id}`)).toEqual(['Angle Grinder', 'Impact Drill 13mm']);
    expect(await list(`category__in=${tools.id},${paints.id}`)).toHaveLength(3);
    expect(await list(`brand__in=${asian.id}`)).toEqual(['Royale Emulsion 50%_off']);
    expect(await list(`brand__in=${bosch.id}&is_active=true`)).toEqual(['Impact Drill 13mm']);
    expect(await list('is_active=false')).toEqual(['Angle Grinder']);
    expect(await list('in_stock=true')).toEqual(['Impact Drill 13mm', 'Royale Emulsion 50%_off']);
    expect(await list('in_stock=false')).toEqual(['Angle Grinder']);
    expect(await list(`sales_channel__in=${channels[1].id}`)).toEqual(['Royale Emulsion 50%_off']);
    // Buyer groups do not exist yet: no product belongs to one.
    expect(await list('buyer_group=1')).toEqual([]);
    expect((await company.api.get(`${productsPath(company)}?category__in=a`)).status).toBe(400);
    expect((await company.api.get(`${productsPath(company)}?in_stock=maybe`)).status).toBe(400);
  });

  it('searches names and SKUs, case-insensitively, word by word, with literal wildcards', async () => {
    const { company } = await catalog();
    const search = async (term: string) =>
      names(
        (await company.api.get(`${productsPath(company)}?ordering=name&search=${encodeURIComponent(term)}`))
          .body,
      );
    expect(await search('drill')).toEqual(['Impact Drill 13mm']);
    expect(await search('GRN-1')).toEqual(['Angle Grinder']);
    expect(await search('pnt-em')).toEqual(['Royale Emulsion 50%_off']);
    expect(await search('13mm impact')).toEqual(['Impact Drill 13mm']);
    expect(await search('50%_')).toEqual(['Royale Emulsion 50%_off']);
    expect(await search('%')).toEqual(['Royale Emulsion 50%_off']);
    expect(await search('an')).toEqual(['Angle Grinder']);
    expect(await search('nothing-like-this')).toEqual([]);
  });

  it('orders by each allowed field, newest first by default, and refuses others', async () => {
    const { company } = await catalog();
    const order = async (ordering: string) =>
      names((await company.api.get(`${productsPath(company)}?ordering=${ordering}`)).body);
    expect(await order('name')).toEqual(['Angle Grinder', 'Impact Drill 13mm', 'Royale Emulsion 50%_off']);
    expect(await order('-name')).toEqual(['Royale Emulsion 50%_off', 'Impact Drill 13mm', 'Angle Grinder']);
    expect(await order('selling_price')).toEqual([
      'Angle Grinder',
      'Impact Drill 13mm',
      'Royale Emulsion 50%_off',
    ]);
    expect(await order('-selling_price')).toEqual([
      'Royale Emulsion 50%_off',
      'Impact Drill 13mm',
      'Angle Grinder',
    ]);
    // Lower is higher; equal priorities keep the newest first (the id tie-break follows the last key).
    expect(await order('priority,-created_at')).toEqual([
      'Royale Emulsion 50%_off',
      'Angle Grinder',
      'Impact Drill 13mm',
    ]);
    expect(await order('created_at')).toEqual([
      'Impact Drill 13mm',
      'Angle Grinder',
      'Royale Emulsion 50%_off',
    ]);
    expect(await order('-updated_at')).toHaveLength(3);
    const bad = await company.api.get(`${productsPath(company)}?ordering=cost_price`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.ordering).toBeDefined();
  });

  it('pages by offset and by cursor, both ways', async () => {
    const company = await signUpCompany();
    const category = await createCategory(company);
    for (let i = 0; i < 7; i++) {
      await createProduct(company, { name: `Paged ${String(i).padStart(2, '0')}`, category: category.id });
    }
    const first = await company.api.get(`${productsPath(company)}?limit=3&ordering=name`);
    expect(first.body.count).toBe(7);
    expect(names(first.body)).toEqual(['Paged 00', 'Paged 01', 'Paged 02']);
    expect(first.body.previous).toBeNull();
    const second = await company.api.get(first.body.next.replace(/^\/api\//, ''));
    expect(names(second.body)).toEqual(['Paged 03', 'Paged 04', 'Paged 05']);
    const last = await company.api.get(`${productsPath(company)}?limit=3&offset=6&ordering=name`);
    expect(names(last.body)).toEqual(['Paged 06']);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toContain('offset=3');

    // Keyset: start with an empty cursor, follow next to the end, then previous back to the start.
    for (const ordering of ['name', '-created_at', 'priority', '-selling_price']) {
      const seen: string[] = [];
      let res = await company.api.get(`${productsPath(company)}?limit=3&cursor=&ordering=${ordering}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.previous).toBeNull();
      const pages = [names(res.body)];
      seen.push(...names(res.body));
      while (res.body.next) {
        res = await company.api.get(res.body.next.replace(/^\/api\//, ''));
        expect(res.body.count).toBe(7);
        pages.push(names(res.body));
        seen.push(...names(res.body));
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      const backwards = [names(res.body)];
      while (res.body.previous) {
        res = await company.api.get(res.body.previous.replace(/^\/api\//, ''));
        backwards.unshift(names(res.body));
      }
      expect(backwards).toEqual(pages);
    }
    const all = await company.api.get(`${productsPath(company)}?limit=3&cursor=&ordering=name`);
    const page2 = await company.api.get(all.body.next.replace(/^\/api\//, ''));
    expect(names(page2.body)).toEqual(['Paged 03', 'Paged 04', 'Paged 05']);

    for (const cursor of [
      'garbage',
      Buffer.from('{"v":"x","i":1,"o":"p.created_at","d":"next"}').toString('base64url'),
    ]) {
      const bad = await company.api.get(`${productsPath(company)}?cursor=${cursor}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors.cursor).toBeDefined();
    }
    // A cursor made for one ordering is refused for another.
    const byName = new URL(all.body.next, 'http://x').searchParams.get('cursor');
    expect(
      (await company.api.get(`${productsPath(company)}?cursor=${byName}&ordering=-created_at`)).status,
    ).toBe(400);
    expect((await company.api.get(`${productsPath(company)}?cursor=&ordering=name,priority`)).status).toBe(
      400,
    );
  });

  it('counts afresh after every change, though counts are kept while paging', async () => {
    const { company, tools } = await catalog();
    const count = async (query: string) =>
      (await company.api.get(`${productsPath(company)}?${query}&_=${unique()}`)).body.count;
    expect(await count('limit=1')).toBe(3);
    expect(await count('limit=1&in_stock=true')).toBe(2);
    const added = await createProduct(company, { category: tools.id });
    expect(await count('limit=1')).toBe(4);
    expect(await count('limit=1&in_stock=false')).toBe(2);
    await company.api.post(`products/${added.id}/delete`);
    expect(await count('limit=1&offset=1')).toBe(3);
    expect(await count(`limit=1&category__in=${tools.id}`)).toBe(2);
  });

  it('needs view_product and never shows another company', async () => {
    const { company } = await catalog();
    const other = await signUpCompany();
    await createProduct(other, { name: 'Other company product' });
    const staff = await createUserWithPermissions(company, ['view_order']);
    expect((await staff.api.get(productsPath(company))).status).toBe(403);
    expect((await other.api.get(productsPath(company))).status).toBe(404);
    const mine = await company.api.get(`${productsPath(company)}?limit=-1`);
    expect(names(mine.body)).not.toContain('Other company product');
  });
});

describe('GET categories/{id}/products', () => {
  it('lists the products of one category with search and ordering', async () => {
    const company = await signUpCompany();
    const a = await createCategory(company);
    const b = await createCategory(company);
    await createProduct(company, { name: 'Alpha saw', category: a.id });
    await createProduct(company, { name: 'Beta saw', category: a.id });
    await createProduct(company, { name: 'Gamma saw', category: b.id });
    const res = await company.api.get(`categories/${a.id}/products?ordering=name`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(names(res.body)).toEqual(['Alpha saw', 'Beta saw']);
    expect(res.body.results[0].category).toEqual({ id: a.id, name: a.name });
    expect(names((await company.api.get(`categories/${a.id}/products?search=beta`)).body)).toEqual([
      'Beta saw',
    ]);
    expect(
      names((await company.api.get(`categories/${a.id}/products?limit=1&offset=1&ordering=-name`)).body),
    ).toEqual(['Alpha saw']);
  });

  it('answers 404 for another company’s category and 403 without view_product', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const foreign = await createCategory(other);
    await createProduct(other, { category: foreign.id });
    const res = await company.api.get(`categories/${foreign.id}/products`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Category Not Found');
    const mine = await createCategory(company);
    const staff = await createUserWithPermissions(company, ['view_category']);
    expect((await staff.api.get(`categories/${mine.id}/products`)).status).toBe(403);
  });
});

describe('GET products/{id}', () => {
  it('answers 404 for another company, a deleted product and a bad id; 403 without view_product', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const foreign = await createProduct(other);
    const res = await company.api.get(`products/${foreign.id}`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Product Not Found');
    expect((await company.api.get('products/abc')).status).toBe(400);
    const mine = await createProduct(company);
    await company.api.post(`products/${mine.id}/delete`);
    expect((await company.api.get(`products/${mine.id}`)).status).toBe(404);
    const staff = await createUserWithPermissions(company, ['view_category']);
    expect((await staff.api.get(`products/${mine.id}`)).status).toBe(403);
  });
});

describe('PATCH products/{id}', () => {
  it('changes the fields given, clears with null, replaces related lists and leaves the rest', async () => {
    const company = await signUpCompany();
    const brand = await createBrand(company);
    const other = await createCategory(company, { name: 'Moved here' });
    const related = await createProduct(company, { name: 'Related one' });
    const product = await createProduct(company, {
      name: 'Before',
      brand: brand.id,
      sku: 'BEFORE-1',
      tags: ['a'],
      related_products: { similar: [related.id], accessories: [related.id] },
      cost_price: 50,
    });
    const res = await company.api.patch(`products/${product.id}`, {
      name: 'After',
      brand: null,
      sku: '',
      category: other.id,
      mrp: 80,
      selling_price: 79.99,
      cost_price: null,
      tags: ['b', 'c'],
      related_products: { similar: [] },
      priority: 9,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'After',
      brand: null,
      sku: null,
      category: { id: other.id, name: 'Moved here' },
      mrp: 80,
      selling_price: 79.99,
      cost_price: null,
      tags: ['b', 'c'],
      priority: 9,
      related_products: { similar: [], accessories: [{ id: related.id, name: 'Related one', sku: null }] },
    });
    const history = await company.api.get(`products/${product.id}/history`);
    expect(history.body.results.map((h: any) => h.actions.action)).toEqual(['updated', 'created']);
    expect(history.body.results[0].actions.changes).toMatchObject({ name: 'After', priority: 9 });
  });

  it('stores the description as cleaned rich text on create and on edit, and records it so', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company, {
      description:
        '<h2 style="text-align: center; color: red">Mixer</h2><p onclick="steal()">Quiet<script>alert(1)</script></p>',
      short_description: 'Plain <b>text</b>',
    });
    expect(product.description).toBe('<h2 style="text-align:center">Mixer</h2><p>Quiet</p>');
    // The short description is plain text, kept as typed.
    expect(product.short_description).toBe('Plain <b>text</b>');

    const res = await company.api.patch(`products/${product.id}`, {
      description: '<p>Safe <a href="javascript:alert(1)">link</a></p><img src="x" onerror="alert(1)">',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.description).toBe('<p>Safe <a rel="noopener noreferrer nofollow">link</a></p>');
    expect((await company.api.get(`products/${product.id}`)).body.description).toBe(res.body.description);
    const history = await company.api.get(`products/${product.id}/history`);
    expect(JSON.stringify(history.body)).not.toMatch(/<script|onerror|onclick|javascript:/);

    // Nothing left to show is no description.
    const emptied = await company.api.patch(`products/${product.id}`, { description: '<script>x</script>' });
    expect(emptied.body.description).toBeNull();
  });

  it('checks the selling price against the stored MRP, and the category and references like create', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company, { mrp: 100, selling_price: 90 });
    const tooHigh = await company.api.patch(`products/${product.id}`, { selling_price: 100.5 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors).toEqual({ selling_price: ['Selling price cannot be more than MRP.'] });
    const mrpBelow = await company.api.patch(`products/${product.id}`, { mrp: 89.99 });
    expect(mrpBelow.status).toBe(400);
    expect(mrpBelow.body.errors).toEqual({ selling_price: ['Selling price cannot be more than MRP.'] });
    const inactive = await createCategory(company);
    await company.api.post(`categories/${inactive.id}/deactivate`);
    const move = await company.api.patch(`products/${product.id}`, { category: inactive.id });
    expect(move.body.errors).toEqual({
      category: ['This category is inactive; products cannot be added to it.'],
    });
    expect((await company.api.patch(`products/${product.id}`, { seller: 4 })).body.errors).toEqual({
      seller: ['Seller Not Found'],
    });
    expect(
      (await company.api.patch(`products/${product.id}`, { related_products: { variants: [product.id] } }))
        .body.errors,
    ).toEqual({
      'related_products.variants': ['A product cannot be related to itself.'],
    });
    // A product whose category was deactivated afterwards can still be edited.
    const category = product.category.id;
    await company.api.post(`categories/${category}/deactivate`);
    const edit = await company.api.patch(`products/${product.id}`, {
      display_name: 'Still editable',
      category,
    });
    expect(edit.status).toBe(200);
    expect((await company.api.get(`products/${product.id}`)).body).toMatchObject({
      mrp: 100,
      selling_price: 90,
      display_name: 'Still editable',
    });
  });

  it('refuses to change the opening stock, its rate or its warehouse after creation', async () => {
    const company = await signUpCompany();
    const warehouse = await warehouseOf(company);
    const second = await addWarehouse(company, { branchId: company.branchId });
    const product = await createProduct(company, {
      warehouse: warehouse.id,
      opening_stock: 10,
      opening_rate: 5,
    });
    for (const [body, field] of [
      [{ opening_stock: 11 }, 'opening_stock'],
      [{ opening_rate: 6 }, 'opening_rate'],
      [{ warehouse: second.id }, 'warehouse'],
      [{ warehouse: null }, 'warehouse'],
    ] as const) {
      const res = await company.api.patch(`products/${product.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual({
        [field]: ['Opening stock can only be set when the product is created.'],
      });
    }
    // The form sending the stored values back is fine.
    const same = await company.api.patch(`products/${product.id}`, {
      opening_stock: 10,
      opening_rate: 5,
      warehouse: warehouse.id,
      name: 'Renamed with stock',
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await ledgerOf(company, product.id)).toHaveLength(1);
    // Without opening stock the warehouse is only the product's default and may change.
    const plain = await createProduct(company);
    const moved = await company.api.patch(`products/${plain.id}`, { warehouse: second.id });
    expect(moved.status).toBe(200);
    expect(moved.body.warehouse).toEqual({ id: second.id, name: second.name });
    expect((await company.api.patch(`products/${plain.id}`, { opening_stock: 5 })).status).toBe(400);
  });

  it('needs change_product and answers 404 for another company', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const viewer = await createUserWithPermissions(company, ['view_product', 'add_product']);
    expect((await viewer.api.patch(`products/${product.id}`, { name: 'Nope' })).status).toBe(403);
    const other = await signUpCompany();
    expect((await other.api.patch(`products/${product.id}`, { name: 'Nope' })).status).toBe(404);
    expect((await company.api.get(`products/${product.id}`)).body.name).toBe(product.name);
  });
});

describe('POST products/{id}/activate and /deactivate', () => {
  it('toggles the status and records it', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const off = await company.api.post(`products/${product.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    const on = await company.api.post(`products/${product.id}/activate`);
    expect(on.body.is_active).toBe(true);
    const history = await company.api.get(`products/${product.id}/history`);
    expect(history.body.results.map((h: any) => h.actions.action)).toEqual([
      'activated',
      'deactivated',
      'created',
    ]);
    const viewer = await createUserWithPermissions(company, ['view_product']);
    expect((await viewer.api.post(`products/${product.id}/deactivate`)).status).toBe(403);
  });
});

describe('POST products/{id}/delete', () => {
  it('deletes softly: Not Found afterwards, gone from lists, name, SKU and SEO address free again', async () => {
    const company = await signUpCompany();
    const seo = `gone-${unique()}`;
    const product = await createProduct(company, { name: 'Gone Soon', sku: 'GONE-1', seo_url: seo });
    const related = await createProduct(company, { related_products: { similar: [product.id] } });
    const viewer = await createUserWithPermissions(company, ['view_product', 'change_product']);
    expect((await viewer.api.post(`products/${product.id}/delete`)).status).toBe(403);

    const res = await company.api.post(`products/${product.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Product deleted successfully.' });
    expect((await company.api.get(`products/${product.id}`)).status).toBe(404);
    expect((await company.api.post(`products/${product.id}/delete`)).status).toBe(404);
    expect((await company.api.patch(`products/${product.id}`, { name: 'x' })).status).toBe(404);
    expect(names((await company.api.get(`${productsPath(company)}?limit=-1`)).body)).not.toContain(
      'Gone Soon',
    );
    expect((await company.api.get(`products/${related.id}`)).body.related_products.similar).toEqual([]);
    const again = await createProduct(company, { name: 'gone soon', sku: 'gone-1', seo_url: seo });
    expect(again.seo_url).toBe(seo);
    // The row stays for the orders and invoices that name it.
    const row = await company.t.server.ctx.db
      .selectFrom('products')
      .select(['name', 'deleted_at'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Gone Soon');
    expect(row.deleted_at).not.toBeNull();
  });
});

describe('GET products/{id}/history', () => {
  it('answers newest first with the user, and 404 for another company', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    await company.api.patch(`products/${product.id}`, { priority: 1 });
    const res = await company.api.get(`products/${product.id}/history`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results[0]).toMatchObject({
      actions: { action: 'updated', changes: { priority: 1 } },
      user: { id: company.userId, first_name: 'Priya', last_name: 'Sharma' },
    });
    const other = await signUpCompany();
    expect((await other.api.get(`products/${product.id}/history`)).status).toBe(404);
  });
});

describe('POST products/{id}/images and DELETE products/{id}/images/{imageId}', () => {
  it('adds up to ten images in order, serves them, and deletes one', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const first = await upload(company, product.id, 'images', PNG_1x1, 'front.png');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^\/api\/files\/product-images\/.+\.png$/),
      position: 0,
    });
    const served = await fileAt(company, first.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    for (let i = 1; i < 10; i++) {
      const res = await upload(company, product.id, 'images', jpeg(i), `${i}.jpg`);
      expect(res.status).toBe(201);
      expect(res.body.position).toBe(i);
    }
    const eleventh = await upload(company, product.id, 'images', jpeg(11), '11.jpg');
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.detail).toBe('A product can have at most 10 images.');
    const detail = await company.api.get(`products/${product.id}`);
    expect(detail.body.images).toHaveLength(10);
    expect(detail.body.images[0]).toEqual(first.body);

    const removed = await company.api.delete(`products/${product.id}/images/${first.body.id}`);
    expect(removed.status).toBe(204);
    expect((await fileAt(company, first.body.url)).status).toBe(404);
    const after = await company.api.get(`products/${product.id}`);
    expect(after.body.images.map((i: any) => i.id)).not.toContain(first.body.id);
    expect((await company.api.delete(`products/${product.id}/images/${first.body.id}`)).status).toBe(404);
    const list = await company.api.get(`${productsPath(company)}?search=${encodeURIComponent(product.name)}`);
    expect(list.body.results[0].image).toBe(after.body.images[0].url);
    const history = await company.api.get(`products/${product.id}/history`);
    expect(history.body.results[0].actions.action).toBe('image_deleted');
  });

  it('keeps a picture uploaded twice until both images are deleted', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const a = await upload(company, product.id, 'images', PNG_1x1);
    const b = await upload(company, product.id, 'images', PNG_1x1);
    expect(a.body.url).toBe(b.body.url);
    await company.api.delete(`products/${product.id}/images/${a.body.id}`);
    expect((await fileAt(company, b.body.url)).status).toBe(200);
    await company.api.delete(`products/${product.id}/images/${b.body.id}`);
    expect((await fileAt(company, b.body.url)).status).toBe(404);
  });

  it('refuses a non-image, a JSON body, another company’s product and a caller without change_product', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const text = await upload(company, product.id, 'images', Buffer.from('just text'), 'x.png');
    expect(text.status).toBe(400);
    expect(text.body.errors.file).toEqual(['Only PNG, JPEG or WebP images can be uploaded.']);
    expect((await company.api.post(`products/${product.id}/images`, { file: 'x' })).status).toBe(415);
    const other = await signUpCompany();
    expect((await upload(other, product.id, 'images', PNG_1x1)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_product']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_1x1)]), 'a.png');
    const res = await fetch(`${company.t.baseUrl}/products/${product.id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer.api.token}` },
      body: form,
    });
    expect(res.status).toBe(403);
    expect((await company.api.get(`products/${product.id}`)).body.images).toEqual([]);
  });
});

describe('POST products/{id}/files and DELETE products/{id}/files/{fileId}', () => {
  it('stores a PDF under its name, serves it as application/pdf, and deletes it', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const res = await upload(company, product.id, 'files', PDF, '../Spec Sheet.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^\/api\/files\/product-files\/.+\.pdf$/),
      file_name: 'Spec Sheet.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    const served = await fileAt(company, res.body.url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await company.api.get(`products/${product.id}`)).body.files).toEqual([res.body]);
    expect((await company.api.delete(`products/${product.id}/files/${res.body.id}`)).status).toBe(204);
    expect((await fileAt(company, res.body.url)).status).toBe(404);
    expect((await company.api.get(`products/${product.id}`)).body.files).toEqual([]);
    expect((await company.api.delete(`products/${product.id}/files/${res.body.id}`)).status).toBe(404);
  });

  it('accepts a large PDF up to 10 MB and refuses larger files and non-PDFs', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    const big = Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024, 0x20)]);
    const ok = await upload(company, product.id, 'files', big, 'catalogue.pdf');
    expect(ok.status).toBe(201);
    expect(ok.body.size_bytes).toBe(big.length);
    const tooBig = await upload(
      company,
      product.id,
      'files',
      Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
      'x.pdf',
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe('The file is larger than 10 MB.');
    const png = await upload(company, product.id, 'files', PNG_1x1, 'fake.pdf');
    expect(png.status).toBe(400);
    expect(png.body.errors.file).toEqual(['Only PDF files can be uploaded.']);
    const viewer = await createUserWithPermissions(company, ['view_product']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    const forbidden = await fetch(`${company.t.baseUrl}/products/${product.id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer.api.token}` },
      body: form,
    });
    expect(forbidden.status).toBe(403);
    expect((await company.api.get(`products/${product.id}`)).body.files).toHaveLength(1);
  });
});
