import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PNG_1x1,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { fileAt, uploadFile } from '../../../test/uploads.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isSiblingNameTaken } from './categories.queries.ts';

const isSeoUrlTaken = (error: unknown) => isUniqueViolation(error, 'seo_urls_pkey');

/** Enough of a JPEG for the type sniffer: the SOI marker and an APP0 segment start. */
const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/categories`;

async function rootOf(company: SignedUpCompany) {
  const res = await company.api.get(`${listPath(company)}?limit=-1`);
  const root = res.body.results.find((c: { is_root: boolean }) => c.is_root);
  expect(root, JSON.stringify(res.body)).toBeDefined();
  return root as { id: number; name: string };
}

async function createCategory(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(`${listPath(company)}/`, input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; parent_category: number };
}

const names = (body: { results: { name: string }[] }) => body.results.map((c) => c.name);

const upload = (company: SignedUpCompany, categoryId: number, bytes: Buffer, name = 'image.png') =>
  uploadFile(company, `categories/${categoryId}/image`, bytes, name);

describe('the Root Category', () => {
  it('exists after sign-up as a normal row of the list', async () => {
    const company = await signUpCompany();
    const list = await company.api.get(listPath(company));
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({
      name: 'Root Category',
      is_root: true,
      is_active: true,
      is_included_in_menu: true,
      parent_category: null,
      image: null,
      seo_url: null,
    });
    const expanded = await company.api.get(`categories/${list.body.results[0].id}?expand=parent_category`);
    expect(expanded.body.parent_category).toBeNull();
  });

  it('cannot be edited, moved, deactivated or given an image', async () => {
    const company = await signUpCompany();
    const root = await rootOf(company);
    const other = await createCategory(company, { name: 'Electronics' });

    const rename = await company.api.patch(`categories/${root.id}`, { name: 'Everything' });
    expect(rename.status).toBe(409);
    expect(rename.body.detail).toBe('The Root Category cannot be edited.');
    const move = await company.api.patch(`categories/${root.id}`, { parent_category: other.id });
    expect(move.status).toBe(409);
    const seo = await company.api.patch(`categories/${root.id}/seo`, { meta_title: 'All' });
    expect(seo.status).toBe(409);
    const deactivate = await company.api.post(`categories/${root.id}/deactivate`);
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.detail).toBe('The Root Category cannot be deactivated.');
    const image = await upload(company, root.id, PNG_1x1);
    expect(image.status).toBe(409);
    expect(image.body.detail).toBe('The Root Category cannot have an image.');
    expect((await company.api.delete(`categories/${root.id}/image`)).status).toBe(409);

    expect((await company.api.get(`categories/${root.id}`)).body).toMatchObject({
      name: 'Root Category',
      is_active: true,
      parent_category: null,
      image: null,
      meta_title: null,
    });
  });
});

describe('POST companies/{companyId}/categories/', () => {
  it('creates under the root by default with the defaults, and nests under a chosen parent', async () => {
    const company = await signUpCompany();
    const root = await rootOf(company);
    const created = await company.api.post(`${listPath(company)}/`, {
      name: '  Electronics ',
      description: 'Phones and more',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Electronics',
      description: 'Phones and more',
      parent_category: root.id,
      is_root: false,
      is_active: true,
      is_included_in_menu: true,
      image: null,
      seo_url: null,
      meta_title: null,
      meta_description: null,
      search_keywords: null,
      also_known_name: null,
    });
    expect(created.body.sub_categories).toBeUndefined();

    const child = await company.api.post(listPath(company), {
      name: 'Mobile Phones',
      parent_category: created.body.id,
      is_included_in_menu: false,
      seo_url: `mobile-phones-${unique()}`,
      meta_title: 'Buy mobile phones wholesale',
      meta_description: 'Smartphones in bulk',
      search_keywords: 'smartphone, android',
      also_known_name: 'Cell phones',
    });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({
      name: 'Mobile Phones',
      parent_category: created.body.id,
      is_included_in_menu: false,
      meta_title: 'Buy mobile phones wholesale',
      meta_description: 'Smartphones in bulk',
      search_keywords: 'smartphone, android',
      also_known_name: 'Cell phones',
    });
    expect(child.body.seo_url).toMatch(/^mobile-phones-/);

    const history = await historyRows(company, 'category', child.body.id, ['action', 'user_id']);
    expect(history).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('checks the name with the spec messages', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toEqual(['Category name is required']);
    const blank = await company.api.post(path, { name: '   ' });
    expect(blank.body.errors.name).toEqual(['Category name is required']);
    const short = await company.api.post(path, { name: 'TV' });
    expect(short.status).toBe(400);
    expect(short.body.errors.name).toEqual(['Category name should be greater than 2 characters.']);
    const long = await company.api.post(path, { name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.errors.name).toEqual(['Last name cannot exceed more than 200 characters.']);
    expect((await company.api.post(path, { name: 'x'.repeat(200) })).status).toBe(201);
    expect((await company.api.post(path, { name: 'abc' })).status).toBe(201);
  });

  it('refuses wrong types, unknown fields and malformed values', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const wrong = await company.api.post(path, {
      name: 123,
      is_included_in_menu: 'yes',
      parent_category: 'abc',
      description: 5,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(
      expect.arrayContaining(['name', 'is_included_in_menu', 'parent_category', 'description']),
    );
    const unknown = await company.api.post(path, { name: 'Shoes', is_root: true });
    expect(unknown.status).toBe(400);
    const badUrl = await company.api.post(path, { name: 'Shoes', seo_url: 'Running Shoes' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors.seo_url).toEqual(['Only lowercase letters, digits, _ and - are allowed.']);
    const longTitle = await company.api.post(path, { name: 'Shoes', meta_title: 't'.repeat(201) });
    expect(longTitle.status).toBe(400);
    expect(longTitle.body.errors.meta_title).toEqual(['Cannot exceed more than 200 characters.']);
    const broken = await company.api.request('POST', path, '{"name":', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect((await company.api.get(path)).body.count).toBe(1);
  });

  it('allows a long meta title up to 200 characters', async () => {
    const company = await signUpCompany();
    const created = await createCategory(company, { name: 'Shoes', meta_title: 't'.repeat(120) });
    expect((await company.api.get(`categories/${created.id}`)).body.meta_title).toBe('t'.repeat(120));
  });

  it('keeps names unique among siblings, case-insensitively, but not across parents', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const shoes = await createCategory(company, { name: 'Shoes' });
    const dup = await company.api.post(path, { name: 'sHoEs' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['A category with this name already exists here.']);
    const sports = await createCategory(company, { name: 'Sports' });
    const nested = await company.api.post(path, { name: 'Shoes', parent_category: sports.id });
    expect(nested.status).toBe(201);
    const again = await company.api.post(path, { name: 'SHOES', parent_category: sports.id });
    expect(again.status).toBe(400);
    expect(again.body.errors.name).toEqual(['A category with this name already exists here.']);
    const underShoes = await company.api.post(path, { name: 'Shoes', parent_category: shoes.id });
    expect(underShoes.status).toBe(201);
  });

  it('answers concurrent duplicates with one category and clear 400s, never a 500', async () => {
    const company = await signUpCompany();
    const url = `cricket-${unique()}`;
    const byName = await Promise.all(
      Array.from({ length: 6 }, () => company.api.post(listPath(company), { name: 'Cricket' })),
    );
    expect(byName.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of byName.filter((x) => x.status === 400)) {
      expect(r.body.errors.name).toEqual(['A category with this name already exists here.']);
    }
    const bySeo = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        company.api.post(listPath(company), { name: `Bats ${i}`, seo_url: url }),
      ),
    );
    expect(bySeo.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of bySeo.filter((x) => x.status === 400)) {
      expect(r.body.errors.seo_url).toEqual(['This SEO URL is already used by another category or product.']);
    }
    // Nothing half-written: only the winners exist.
    expect((await company.api.get(listPath(company))).body.count).toBe(3);
  });

  it('needs a parent of this company that is active', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const foreign = await createCategory(other, { name: 'Foreign' });
    const path = listPath(company);
    const res = await company.api.post(path, { name: 'Shoes', parent_category: foreign.id });
    expect(res.status).toBe(400);
    expect(res.body.errors.parent_category).toEqual(['Category Not Found']);
    const missing = await company.api.post(path, { name: 'Shoes', parent_category: 99_999_999 });
    expect(missing.body.errors.parent_category).toEqual(['Category Not Found']);
    const sleeping = await createCategory(company, { name: 'Seasonal' });
    await company.api.post(`categories/${sleeping.id}/deactivate`);
    const inactive = await company.api.post(path, { name: 'Diwali', parent_category: sleeping.id });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.parent_category).toEqual([
      'This category is inactive; activate it before adding sub-categories to it.',
    ]);
    // The root by id, or null, both mean "top level".
    const root = await rootOf(company);
    const explicitRoot = await createCategory(company, { name: 'Toys', parent_category: root.id });
    const nullParent = await createCategory(company, { name: 'Books', parent_category: null });
    expect([explicitRoot.parent_category, nullParent.parent_category]).toEqual([root.id, root.id]);
  });

  it('keeps SEO addresses unique in the company, but not across companies', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const url = `footwear-${unique()}`;
    await createCategory(company, { name: 'Footwear', seo_url: url });
    const dup = await company.api.post(listPath(company), { name: 'Sandals', seo_url: url });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.seo_url).toEqual(['This SEO URL is already used by another category or product.']);
    const elsewhere = await other.api.post(listPath(other), { name: 'Footwear', seo_url: url });
    expect(elsewhere.status).toBe(201);
  });

  it('needs add_category', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_category']);
    const res = await viewer.api.post(listPath(company), { name: 'Shoes' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to perform this action.');
    const adder = await createUserWithPermissions(company, ['add_category']);
    expect((await adder.api.post(listPath(company), { name: 'Shoes' })).status).toBe(201);
  });
});

describe('GET companies/{companyId}/categories', () => {
  it('filters by status, parent and search, orders, pages and expands', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const root = await rootOf(company);
    const kitchen = await createCategory(company, { name: 'Kitchen', also_known_name: 'Cookware' });
    const garden = await createCategory(company, { name: 'Garden' });
    const pots = await createCategory(company, { name: 'Pots', parent_category: kitchen.id });
    const pans = await createCategory(company, { name: 'Pans', parent_category: kitchen.id });
    await company.api.post(`categories/${garden.id}/deactivate`);

    const all = await company.api.get(path);
    expect(all.body.count).toBe(5);
    // Default ordering -created_at: the newest first, the root (made at sign-up) last.
    expect(names(all.body)).toEqual(['Pans', 'Pots', 'Garden', 'Kitchen', 'Root Category']);

    expect(names((await company.api.get(`${path}?is_active=false`)).body)).toEqual(['Garden']);
    expect((await company.api.get(`${path}?is_active=true`)).body.count).toBe(4);
    expect(
      names((await company.api.get(`${path}?parent_category=${kitchen.id}&ordering=name`)).body),
    ).toEqual(['Pans', 'Pots']);
    expect(names((await company.api.get(`${path}?parent_category=${root.id}&ordering=-name`)).body)).toEqual([
      'Kitchen',
      'Garden',
    ]);
    expect(names((await company.api.get(`${path}?search=pot`)).body)).toEqual(['Pots']);
    expect(names((await company.api.get(`${path}?search=cookware`)).body)).toEqual(['Kitchen']);
    expect((await company.api.get(`${path}?search=%25`)).body.count).toBe(0);

    const paged = await company.api.get(`${path}?ordering=name&limit=2&offset=2`);
    expect(paged.body.count).toBe(5);
    expect(names(paged.body)).toEqual(['Pans', 'Pots']);
    expect(paged.body.next).toContain('offset=4');
    expect(paged.body.previous).toContain('offset=0');

    const expanded = await company.api.get(
      `${path}?expand=parent_category,sub_categories&ordering=name&parent_category=${root.id}`,
    );
    const kitchenRow = expanded.body.results.find((c: { id: number }) => c.id === kitchen.id);
    expect(kitchenRow.parent_category).toEqual({ id: root.id, name: 'Root Category' });
    expect(kitchenRow.sub_categories).toEqual([
      { id: pans.id, name: 'Pans', is_active: true },
      { id: pots.id, name: 'Pots', is_active: true },
    ]);
    const gardenRow = expanded.body.results.find((c: { id: number }) => c.id === garden.id);
    expect(gardenRow.sub_categories).toEqual([]);
    const plain = await company.api.get(`${path}?parent_category=${kitchen.id}`);
    expect(plain.body.results[0].parent_category).toBe(kitchen.id);
    expect(plain.body.results[0].sub_categories).toBeUndefined();
  });

  it('refuses bad query values and never shows another company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const foreign = await createCategory(other, { name: `Secret ${unique()}` });
    const path = listPath(company);
    expect((await company.api.get(`${path}?ordering=password`)).status).toBe(400);
    expect((await company.api.get(`${path}?is_active=maybe`)).status).toBe(400);
    expect((await company.api.get(`${path}?parent_category=abc`)).status).toBe(400);
    const byForeignParent = await company.api.get(`${path}?parent_category=${foreign.id}`);
    expect(byForeignParent.body.count).toBe(0);
    const all = await company.api.get(`${path}?limit=-1`);
    expect(JSON.stringify(all.body)).not.toContain(foreign.name);
    expect((await company.api.get(`companies/${other.companyId}/categories`)).status).toBe(404);
  });

  it('needs view_category', async () => {
    const company = await signUpCompany();
    const outsider = await createUserWithPermissions(company, ['view_order']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_category']);
    expect((await viewer.api.get(listPath(company))).body.count).toBe(1);
  });
});

describe('GET categories/{id}', () => {
  it('answers one category, expanded on request, and 404 for another company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const parent = await createCategory(company, { name: 'Furniture' });
    const child = await createCategory(company, { name: 'Chairs', parent_category: parent.id });
    const plain = await company.api.get(`categories/${child.id}`);
    expect(plain.body).toMatchObject({ id: child.id, name: 'Chairs', parent_category: parent.id });
    const expanded = await company.api.get(`categories/${child.id}?expand=parent_category`);
    expect(expanded.body.parent_category).toEqual({ id: parent.id, name: 'Furniture' });
    const withChildren = await company.api.get(`categories/${parent.id}?expand=sub_categories`);
    expect(withChildren.body.sub_categories).toEqual([{ id: child.id, name: 'Chairs', is_active: true }]);

    const foreign = await other.api.get(`categories/${child.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Category Not Found');
    expect(JSON.stringify(foreign.body)).not.toContain('Chairs');
    expect((await company.api.get('categories/abc')).status).toBe(400);
    expect((await company.api.get('categories/99999999')).status).toBe(404);
  });
});

describe('PATCH categories/{id}', () => {
  it('renames, edits the description, includes in and excludes from the menu', async () => {
    const company = await signUpCompany();
    const created = await createCategory(company, { name: 'Stationary', description: 'Pens' });
    const renamed = await company.api.patch(`categories/${created.id}`, { name: 'Stationery' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Stationery', description: 'Pens' });
    const cleared = await company.api.patch(`categories/${created.id}`, { description: null });
    expect(cleared.body.description).toBeNull();
    const excluded = await company.api.patch(`categories/${created.id}`, { is_included_in_menu: false });
    expect(excluded.body.is_included_in_menu).toBe(false);
    expect((await company.api.get(`categories/${created.id}`)).body.is_included_in_menu).toBe(false);
    const included = await company.api.patch(`categories/${created.id}`, { is_included_in_menu: true });
    expect(included.body.is_included_in_menu).toBe(true);
    // Renaming to its own name in another case is not a clash with itself.
    expect((await company.api.patch(`categories/${created.id}`, { name: 'STATIONERY' })).body.name).toBe(
      'STATIONERY',
    );
  });

  it('stores the description as cleaned rich text on create and on edit', async () => {
    const company = await signUpCompany();
    const created = await createCategory(company, {
      name: `Lamps ${unique()}`,
      description: '<p style="text-align: right; position: fixed">Bright<script>alert(1)</script></p>',
    });
    expect((created as { description?: string }).description).toBe('<p style="text-align:right">Bright</p>');
    const res = await company.api.patch(`categories/${created.id}`, {
      description: '<h1>Lamps</h1><script>document.cookie</script><p><u>Warm</u> light</p>',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.description).toBe('<h1>Lamps</h1><p><u>Warm</u> light</p>');
    expect((await company.api.get(`categories/${created.id}`)).body.description).toBe(res.body.description);
  });

  it('moves a category, but never under itself or its own sub-categories', async () => {
    const company = await signUpCompany();
    const root = await rootOf(company);
    const a = await createCategory(company, { name: 'Alpha' });
    const b = await createCategory(company, { name: 'Beta', parent_category: a.id });
    const c = await createCategory(company, { name: 'Gamma', parent_category: b.id });
    const other = await createCategory(company, { name: 'Delta' });

    const moved = await company.api.patch(`categories/${b.id}`, { parent_category: other.id });
    expect(moved.body.parent_category).toBe(other.id);
    expect((await company.api.get(`categories/${c.id}`)).body.parent_category).toBe(b.id);

    const cycle = ['A category cannot be moved under itself or one of its sub-categories.'];
    const underItself = await company.api.patch(`categories/${a.id}`, { parent_category: a.id });
    expect(underItself.status).toBe(400);
    expect(underItself.body.errors.parent_category).toEqual(cycle);
    const underChild = await company.api.patch(`categories/${other.id}`, { parent_category: b.id });
    expect(underChild.body.errors.parent_category).toEqual(cycle);
    const underGrandchild = await company.api.patch(`categories/${other.id}`, { parent_category: c.id });
    expect(underGrandchild.status).toBe(400);
    expect(underGrandchild.body.errors.parent_category).toEqual(cycle);
    expect((await company.api.get(`categories/${other.id}`)).body.parent_category).toBe(root.id);

    const toTop = await company.api.patch(`categories/${b.id}`, { parent_category: null });
    expect(toTop.body.parent_category).toBe(root.id);
    const history = await historyRows(company, 'category', b.id, ['action']);
    expect(history.map((h) => h.action)).toEqual(['created', 'moved', 'moved']);
  });

  it('refuses a move to an inactive or foreign parent, or next to a namesake', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const foreign = await createCategory(other, { name: 'Foreign' });
    const shoes = await createCategory(company, { name: 'Shoes' });
    const sports = await createCategory(company, { name: 'Sports' });
    await createCategory(company, { name: 'Shoes', parent_category: sports.id });
    const sleeping = await createCategory(company, { name: 'Sleeping' });
    await company.api.post(`categories/${sleeping.id}/deactivate`);

    const toForeign = await company.api.patch(`categories/${shoes.id}`, { parent_category: foreign.id });
    expect(toForeign.status).toBe(400);
    expect(toForeign.body.errors.parent_category).toEqual(['Category Not Found']);
    const toInactive = await company.api.patch(`categories/${shoes.id}`, { parent_category: sleeping.id });
    expect(toInactive.status).toBe(400);
    expect(toInactive.body.errors.parent_category).toHaveLength(1);
    const clash = await company.api.patch(`categories/${shoes.id}`, { parent_category: sports.id });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.name).toEqual(['A category with this name already exists here.']);
    const rename = await company.api.patch(`categories/${sports.id}`, { name: 'shoes' });
    expect(rename.status).toBe(400);
    expect(rename.body.errors.name).toEqual(['A category with this name already exists here.']);
    expect((await company.api.get(`categories/${shoes.id}`)).body).toMatchObject({ name: 'Shoes' });
  });

  it('refuses unknown fields, bad values and foreign ids, and needs change_category', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const created = await createCategory(company, { name: 'Garden' });
    const path = `categories/${created.id}`;
    expect((await company.api.patch(path, { seo_url: 'garden' })).status).toBe(400);
    expect((await company.api.patch(path, { is_active: false })).status).toBe(400);
    expect((await company.api.patch(path, { name: 'ab' })).body.errors.name).toEqual([
      'Category name should be greater than 2 characters.',
    ]);
    expect((await company.api.patch(path, { is_included_in_menu: 'no' })).status).toBe(400);
    const foreign = await other.api.patch(path, { name: 'Taken over' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Category Not Found');
    const viewer = await createUserWithPermissions(company, ['view_category', 'add_category']);
    expect((await viewer.api.patch(path, { name: 'Lawn' })).status).toBe(403);
    expect((await company.api.get(path)).body.name).toBe('Garden');
  });
});

describe('PATCH categories/{id}/seo', () => {
  it('sets, changes and clears the SEO fields; a freed address can be used again', async () => {
    const company = await signUpCompany();
    const first = await createCategory(company, { name: 'Lamps' });
    const second = await createCategory(company, { name: 'Lights' });
    const url = `lamps-${unique()}`;
    const set = await company.api.patch(`categories/${first.id}/seo`, {
      seo_url: url,
      meta_title: 'Lamps for every room',
      meta_description: 'Table and floor lamps',
      search_keywords: 'lamp, light',
      also_known_name: 'Lights',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      seo_url: url,
      meta_title: 'Lamps for every room',
      meta_description: 'Table and floor lamps',
      search_keywords: 'lamp, light',
      also_known_name: 'Lights',
      name: 'Lamps',
    });
    // Saving the same address again is not a clash with itself.
    expect((await company.api.patch(`categories/${first.id}/seo`, { seo_url: url })).status).toBe(200);
    const taken = await company.api.patch(`categories/${second.id}/seo`, { seo_url: url });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.seo_url).toEqual([
      'This SEO URL is already used by another category or product.',
    ]);
    const changed = await company.api.patch(`categories/${first.id}/seo`, { seo_url: `${url}-new` });
    expect(changed.body.seo_url).toBe(`${url}-new`);
    expect(changed.body.meta_title).toBe('Lamps for every room');
    expect((await company.api.patch(`categories/${second.id}/seo`, { seo_url: url })).body.seo_url).toBe(url);
    const cleared = await company.api.patch(`categories/${first.id}/seo`, { seo_url: '', meta_title: null });
    expect(cleared.body).toMatchObject({ seo_url: null, meta_title: null, also_known_name: 'Lights' });
  });

  it('checks the values and needs change_category', async () => {
    const company = await signUpCompany();
    const created = await createCategory(company, { name: 'Lamps' });
    const path = `categories/${created.id}/seo`;
    expect((await company.api.patch(path, { seo_url: 'has space' })).body.errors.seo_url).toEqual([
      'Only lowercase letters, digits, _ and - are allowed.',
    ]);
    expect((await company.api.patch(path, { meta_title: 'm'.repeat(61) })).status).toBe(200);
    expect((await company.api.patch(path, { meta_title: 'm'.repeat(201) })).status).toBe(400);
    expect((await company.api.patch(path, { name: 'Other' })).status).toBe(400);
    const viewer = await createUserWithPermissions(company, ['view_category']);
    expect((await viewer.api.patch(path, { meta_title: 'x' })).status).toBe(403);
    expect((await company.api.get(`categories/${created.id}`)).body.meta_title).toBe('m'.repeat(61));
  });
});

describe('POST categories/{id}/activate and /deactivate', () => {
  it('toggles is_active and needs change_category', async () => {
    const company = await signUpCompany();
    const created = await createCategory(company, { name: 'Seasonal' });
    const off = await company.api.post(`categories/${created.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await company.api.get(`categories/${created.id}`)).body.is_active).toBe(false);
    const on = await company.api.post(`categories/${created.id}/activate`);
    expect(on.body.is_active).toBe(true);
    const viewer = await createUserWithPermissions(company, ['view_category']);
    expect((await viewer.api.post(`categories/${created.id}/deactivate`)).status).toBe(403);
    expect((await company.api.post('categories/99999999/activate')).status).toBe(404);
  });
});

describe('categories/{id}/image', () => {
  it('stores an image by its content, serves it, replaces and deletes it', async () => {
    const company = await signUpCompany();
    const created = await createCategory(company, { name: 'Clocks' });
    const uploaded = await upload(company, created.id, PNG_1x1);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.image).toMatch(
      new RegExp(`^/api/files/category-images/${company.companyId}/${created.id}/[a-f0-9]{32}\\.png$`),
    );
    const file = await fileAt(company, uploaded.body.image);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    expect((await company.api.get(`categories/${created.id}`)).body.image).toBe(uploaded.body.image);

    const replaced = await upload(company, created.id, JPEG_HEADER, 'photo.jpg');
    expect(replaced.status).toBe(200);
    expect(replaced.body.image).toMatch(/\.jpg$/);
    expect((await fileAt(company, uploaded.body.image)).status).toBe(404);
    expect((await fileAt(company, replaced.body.image)).headers.get('content-type')).toBe('image/jpeg');

    const removed = await company.api.delete(`categories/${created.id}/image`);
    expect(removed.status).toBe(200);
    expect(removed.body.image).toBeNull();
    expect((await fileAt(company, replaced.body.image)).status).toBe(404);
  });

  it('keeps the picture of another category that uses the same file', async () => {
    const company = await signUpCompany();
    const one = await createCategory(company, { name: 'Watches' });
    const two = await createCategory(company, { name: 'Clocks' });
    const a = await upload(company, one.id, PNG_1x1);
    const b = await upload(company, two.id, PNG_1x1);
    expect(a.body.image).not.toBe(b.body.image);
    await company.api.delete(`categories/${one.id}/image`);
    expect((await fileAt(company, b.body.image)).status).toBe(200);
  });

  it('refuses a non-image, a JSON body, a foreign id and a caller without change_category', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const created = await createCategory(company, { name: 'Clocks' });
    const fake = await upload(company, created.id, Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(fake.status).toBe(400);
    expect(fake.body.errors.file).toEqual(['Only PNG, JPEG or WebP images can be uploaded.']);
    expect((await company.api.post(`categories/${created.id}/image`, {})).status).toBe(415);
    const foreign = await upload(other, created.id, PNG_1x1);
    expect(foreign.status).toBe(404);
    expect((await other.api.delete(`categories/${created.id}/image`)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_category']);
    const denied = await upload({ ...company, api: viewer.api }, created.id, PNG_1x1);
    expect(denied.status).toBe(403);
    expect((await company.api.get(`categories/${created.id}`)).body.image).toBeNull();
  });
});

describe('unique keys in the database', () => {
  it('are recognised by name, so a request that loses a race still gets a 400', async () => {
    const company = await signUpCompany();
    const { db } = company.t.server.ctx;
    const root = await rootOf(company);
    const values = { company_id: company.companyId, parent_id: root.id, name: 'Racing' };
    await db.insertInto('categories').values(values).execute();
    const nameError = await db
      .insertInto('categories')
      .values({ ...values, name: 'RACING' })
      .execute()
      .catch((e: unknown) => e);
    expect(isSiblingNameTaken(nameError)).toBe(true);
    expect(isSeoUrlTaken(nameError)).toBe(false);
    const url = { company_id: company.companyId, url: `race-${unique()}`, owner_type: 'category' as const };
    await db
      .insertInto('seo_urls')
      .values({ ...url, owner_id: root.id })
      .execute();
    const urlError = await db
      .insertInto('seo_urls')
      .values({ ...url, owner_id: root.id + 1 })
      .execute()
      .catch((e: unknown) => e);
    expect(isSeoUrlTaken(urlError)).toBe(true);
  });
});
