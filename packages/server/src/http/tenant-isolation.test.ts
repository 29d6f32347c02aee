import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../test/factories.ts';

/**
 * For every route that names an id, company A's admin asks for company B's id and must get 404
 * and none of B's data. A new route with a new kind of id fails here until it is listed below,
 * so nobody adds a route without thinking about tenants.
 */
async function idsOf(company: SignedUpCompany) {
  const c = company.companyId;
  const staff = await createUserWithPermissions(company, ['view_order']);
  const config = await company.api.post('company_configurations', {
    configuration_type: 'zoho',
    configurations: { secret: `B-${c}` },
  });
  const tax = (await company.api.get(`companies/${c}/taxes`)).body.results[0];
  const method = (await company.api.get(`companies/${c}/payment_methods`)).body.results[0];
  const contact = await company.api.post(`companies/${c}/notification_contacts`, { name: `B-${c}` });
  const category = await company.api.post(`companies/${c}/categories`, { name: `B-${c}` });
  const brand = await company.api.post(`companies/${c}/brands`, { name: `B-${c}` });
  const product = await company.api.post(`companies/${c}/products`, {
    name: `B-${c}`,
    category: category.body.id,
    mrp: 100,
    selling_price: 90,
  });
  const product2 = await company.api.post(`companies/${c}/products`, {
    name: `B2-${c}`,
    category: category.body.id,
    mrp: 50,
    selling_price: 40,
  });
  const groupedProduct = await company.api.post(`companies/${c}/grouped_products`, {
    name: `B-${c}`,
    sku: `B-${c}`,
    items: [
      { product: product.body.id, quantity: 1 },
      { product: product2.body.id, quantity: 2 },
    ],
    selling_price: 150,
  });
  const collection = await company.api.post(`companies/${c}/product_collections`, { name: `B-${c}` });
  await company.api.post(`product_collections/${collection.body.id}/products`, {
    products: [product.body.id],
  });
  const productUpload = async (kind: 'images' | 'files', bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${company.t.baseUrl}/products/${product.body.id}/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.api.token}` },
      body: form,
    });
    return ((await res.json()) as { id: number }).id;
  };
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const productGroup = await company.api.post(`companies/${c}/product_groups`, {
    name: `B-${c}`,
    attributes: [{ name: `B-${c}`, type: 'text' }],
  });
  const variantGroup = await company.api.post(`companies/${c}/variant_groups`, {
    name: `B-${c}`,
    attribute: 'Colour',
    options: ['Red'],
  });
  const imageId = await productUpload('images', png, 'b.png');
  const fileId = await productUpload('files', Buffer.from('%PDF-1.4\n%%EOF\n'), 'b.pdf');
  return {
    companyId: c,
    userId: staff.user.id,
    roleId: staff.role.id,
    configId: config.body.id,
    taxId: tax.id,
    methodId: method.id,
    contactId: contact.body.id,
    categoryId: category.body.id,
    brandId: brand.body.id,
    productId: product.body.id,
    groupedProductId: groupedProduct.body.id,
    collectionId: collection.body.id,
    productGroupId: productGroup.body.id,
    attributeId: productGroup.body.attributes[0].id,
    variantGroupId: variantGroup.body.id,
    imageId,
    fileId,
  };
}

type Ids = Awaited<ReturnType<typeof idsOf>>;

/** Which of B's ids goes into `:id` for a route, by the route's first path segment. */
function idFor(url: string, ids: Ids): number {
  if (url.includes('/taxes/:id')) return ids.taxId;
  if (url.includes('/payment_methods/:id')) return ids.methodId;
  const resource = url.replace(/^\/api\//, '').split('/')[0];
  const byResource: Record<string, number> = {
    users: ids.userId,
    roles: ids.roleId,
    company_configurations: ids.configId,
    notification_contacts: ids.contactId,
    categories: ids.categoryId,
    brands: ids.brandId,
    products: ids.productId,
    grouped_products: ids.groupedProductId,
    product_collections: ids.collectionId,
    product_groups: ids.productGroupId,
    attributes: ids.attributeId,
    variant_groups: ids.variantGroupId,
  };
  const id = byResource[resource];
  if (!id) throw new Error(`tenant-isolation test: say which id to use for ${url}`);
  return id;
}

/** A body each write route accepts, so it reaches the lookup rather than failing validation. */
const BODIES: Record<string, unknown> = {
  'POST /api/users/:id/branches': { branches: [1] },
  'POST /api/users/:id/unassign_branches': { branches: [1] },
  'PATCH /api/roles/:id/add_permissions': { permissions: ['view_order'] },
  'PATCH /api/roles/:id/remove_permissions': { permissions: ['view_order'] },
  'POST /api/companies/:companyId/users': {
    first_name: 'X',
    email: 'x.tenant@example.in',
    password: 'Secret@123',
    role: 1,
    branches: [1],
  },
  'POST /api/companies/:companyId/roles': { display_name: 'Intruder role' },
  'POST /api/users/:id/addresses': { address_line_1: 'x', city: 'Pune', state_id: 27, pincode: '411001' },
  'POST /api/roles/:id/addresses': { address_line_1: 'x', city: 'Pune', state_id: 27, pincode: '411001' },
  'POST /api/companies/:companyId/notification_contacts': { name: 'Intruder' },
  'POST /api/companies/:companyId/payment_methods/reorder': { positions: [{ id: 1, position: 1 }] },
  'POST /api/admin/companies/:companyId/terms-and-conditions': { terms: 'x' },
  'PATCH /api/admin/companies/:companyId/terms-and-conditions': { terms: 'x' },
  'POST /api/companies/:companyId/categories': { name: 'Intruder category' },
  'PATCH /api/categories/:id': { name: 'Intruder category' },
  'PATCH /api/categories/:id/seo': { meta_title: 'Intruder' },
  'POST /api/companies/:companyId/brands': { name: 'Intruder brand' },
  'PATCH /api/brands/:id': { name: 'Intruder brand' },
  'PATCH /api/brands/:id/ignore_for_bi': { ignore_for_bi: true },
  'POST /api/companies/:companyId/products': {
    name: 'Intruder product',
    category: 1,
    mrp: 1,
    selling_price: 1,
  },
  'PATCH /api/products/:id': { name: 'Intruder product' },
  'POST /api/companies/:companyId/grouped_products': {
    name: 'Intruder bundle',
    sku: 'INTRUDER',
    items: [
      { product: 1, quantity: 1 },
      { product: 2, quantity: 1 },
    ],
    selling_price: 1,
  },
  'PATCH /api/grouped_products/:id': { name: 'Intruder bundle' },
  'POST /api/companies/:companyId/product_collections': { name: 'Intruder collection' },
  'PATCH /api/product_collections/:id': { name: 'Intruder collection' },
  'POST /api/product_collections/:id/products': { products: [1] },
  'POST /api/product_collections/:id/remove_products': { products: [1] },
  'PATCH /api/product_collections/:id/products/order': { products: [1] },
  'POST /api/companies/:companyId/product_groups': { name: 'Intruder group' },
  'PATCH /api/product_groups/:id': { name: 'Intruder group' },
  'POST /api/product_groups/:id/attributes': { name: 'Intruder', type: 'text' },
  'PATCH /api/attributes/:id': { name: 'Intruder' },
  'POST /api/companies/:companyId/variant_groups': { name: 'Intruder', attribute: 'Size', options: ['S'] },
  'PATCH /api/variant_groups/:id': { name: 'Intruder group' },
  'POST /api/variant_groups/:id/products': { products: [] },
};

describe('tenant isolation', () => {
  it("every route answers 404 for another company's ids and leaks nothing", async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    const bIds = await idsOf(b);
    const routes = a.t.server.app.routeTable.filter((r) => !r.public && r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.url
        .replace(':companyId', String(bIds.companyId))
        .replace(':id', route.url.includes(':id') ? String(idFor(route.url, bIds)) : '')
        .replace(':imageId', String(bIds.imageId))
        .replace(':fileId', String(bIds.fileId))
        .replace(/^\/api\//, '');
      const body = BODIES[`${route.method} ${route.url}`] ?? (route.method === 'GET' ? undefined : {});
      const res = await a.api.request(route.method, path, body);
      const text = JSON.stringify(res.body ?? '');
      if (res.status !== 404 || text.includes(b.email) || text.includes(`B-${bIds.companyId}`)) {
        failures.push(`${route.method} ${route.url} -> ${res.status} ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await b.api.get(`grouped_products/${bIds.groupedProductId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      item_count: 2,
    });
    expect((await b.api.get(`product_collections/${bIds.collectionId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      product_count: 1,
    });
    // B's data is untouched by A's attempts.
    expect((await b.api.get(`users/${bIds.userId}`)).body.is_active).toBe(true);
    expect((await b.api.get(`roles/${bIds.roleId}`)).body.permissions).toEqual(['view_order']);
    const bCompany = (await b.api.get(`companies/${bIds.companyId}`)).body;
    expect(bCompany.notification_contacts).toEqual([
      expect.objectContaining({ id: bIds.contactId, name: `B-${bIds.companyId}` }),
    ]);
    expect((await b.api.get(`categories/${bIds.categoryId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      image: null,
    });
    expect((await b.api.get(`brands/${bIds.brandId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      ignore_for_bi: false,
    });
    expect((await b.api.get(`product_groups/${bIds.productGroupId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      attributes: [expect.objectContaining({ id: bIds.attributeId, name: `B-${bIds.companyId}` })],
    });
    expect((await b.api.get(`variant_groups/${bIds.variantGroupId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      options: ['Red'],
    });
    expect((await b.api.get(`products/${bIds.productId}`)).body).toMatchObject({
      name: `B-${bIds.companyId}`,
      is_active: true,
      images: [expect.objectContaining({ id: bIds.imageId })],
      files: [expect.objectContaining({ id: bIds.fileId })],
    });
  });

  it('lists never include another company', async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    const users = await a.api.get(`companies/${a.companyId}/users?limit=-1`);
    expect(JSON.stringify(users.body)).not.toContain(b.email);
    const channels = await a.api.get('admin/all_sales_channel/');
    const bChannels = await b.api.get('admin/all_sales_channel/');
    const aIds = new Set(channels.body.results.map((c: { id: number }) => c.id));
    expect(bChannels.body.results.some((c: { id: number }) => aIds.has(c.id))).toBe(false);
  });
});
