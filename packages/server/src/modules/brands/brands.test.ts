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
import { isBrandNameTaken } from './brands.queries.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/brands`;

async function createBrand(company: SignedUpCompany, input: Record<string, unknown>) {
  const res = await company.api.post(listPath(company), input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

const names = (body: { results: { name: string }[] }) => body.results.map((b) => b.name);

const upload = (company: SignedUpCompany, brandId: number, bytes: Buffer, name = 'logo.png') =>
  uploadFile(company, `brands/${brandId}/logo`, bytes, name);

describe('POST companies/{companyId}/brands', () => {
  it('creates a brand with its defaults, or ignored for BI', async () => {
    const company = await signUpCompany();
    const created = await company.api.post(listPath(company), { name: '  Tata  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tata', logo: null, is_active: true, ignore_for_bi: false });
    expect(Object.keys(created.body).sort()).toEqual(
      ['created_at', 'id', 'ignore_for_bi', 'is_active', 'logo', 'name', 'updated_at'].sort(),
    );
    const ignored = await company.api.post(`${listPath(company)}/`, { name: 'Godrej', ignore_for_bi: true });
    expect(ignored.body.ignore_for_bi).toBe(true);
    expect((await company.api.get(`brands/${ignored.body.id}`)).body).toMatchObject({
      name: 'Godrej',
      ignore_for_bi: true,
    });
    const history = await historyRows(company, 'brand', created.body.id, ['action', 'user_id']);
    expect(history).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('checks the name: required, 1 to 100 characters, right types, no unknown fields', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toEqual(['Brand name is required.']);
    expect((await company.api.post(path, { name: '  ' })).body.errors.name).toEqual([
      'Brand name is required.',
    ]);
    const long = await company.api.post(path, { name: 'b'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.errors.name).toEqual(['Cannot exceed more than 100 characters.']);
    expect((await company.api.post(path, { name: 'b'.repeat(100) })).status).toBe(201);
    expect((await company.api.post(path, { name: 'X' })).status).toBe(201);
    const wrong = await company.api.post(path, { name: 42, ignore_for_bi: 'yes' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['ignore_for_bi', 'name']);
    expect((await company.api.post(path, { name: 'Bata', is_active: false })).status).toBe(400);
    expect((await company.api.get(path)).body.count).toBe(2);
  });

  it('keeps live names unique, case-insensitively, even under concurrent requests', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    await createBrand(company, { name: 'Amul' });
    const dup = await company.api.post(path, { name: 'AMUL' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['A brand with this name already exists.']);

    const racing = await Promise.all(
      Array.from({ length: 6 }, () => company.api.post(path, { name: 'Parle' })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of racing.filter((x) => x.status === 400)) {
      expect(r.body.errors.name).toEqual(['A brand with this name already exists.']);
    }
    expect((await company.api.get(path)).body.count).toBe(2);

    const other = await signUpCompany();
    expect((await other.api.post(listPath(other), { name: 'Amul' })).status).toBe(201);
  });

  it('needs add_brand, and the caller’s own company', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_brand']);
    const denied = await viewer.api.post(listPath(company), { name: 'Dabur' });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('You do not have permissions to perform this action.');
    expect((await company.api.post(listPath(other), { name: 'Dabur' })).status).toBe(404);
    expect((await other.api.get(listPath(other))).body.count).toBe(0);
  });
});

describe('GET companies/{companyId}/brands', () => {
  it('filters by status and search, orders and pages', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    await createBrand(company, { name: 'Havells' });
    const bajaj = await createBrand(company, { name: 'Bajaj' });
    await createBrand(company, { name: 'Crompton' });
    await createBrand(company, { name: '100% Cotton' });
    await company.api.patch(`brands/${bajaj.id}`, { is_active: false });

    expect(names((await company.api.get(path)).body)).toEqual([
      '100% Cotton',
      'Crompton',
      'Bajaj',
      'Havells',
    ]);
    expect(names((await company.api.get(`${path}?ordering=name`)).body)).toEqual([
      '100% Cotton',
      'Bajaj',
      'Crompton',
      'Havells',
    ]);
    expect(names((await company.api.get(`${path}?ordering=created_at`)).body)).toEqual([
      'Havells',
      'Bajaj',
      'Crompton',
      '100% Cotton',
    ]);
    expect(names((await company.api.get(`${path}?is_active=false`)).body)).toEqual(['Bajaj']);
    expect((await company.api.get(`${path}?is_active=true`)).body.count).toBe(3);
    expect(names((await company.api.get(`${path}?search=ROMP`)).body)).toEqual(['Crompton']);
    expect(names((await company.api.get(`${path}?search=%25`)).body)).toEqual(['100% Cotton']);
    const paged = await company.api.get(`${path}?ordering=-name&limit=3&offset=0`);
    expect(paged.body).toMatchObject({ count: 4, previous: null });
    expect(names(paged.body)).toEqual(['Havells', 'Crompton', 'Bajaj']);
    expect(paged.body.next).toContain('offset=3');
    expect((await company.api.get(`${path}?ordering=logo`)).status).toBe(400);
    expect((await company.api.get(`${path}?limit=abc`)).status).toBe(400);
  });

  it('needs view_brand', async () => {
    const company = await signUpCompany();
    const outsider = await createUserWithPermissions(company, ['view_category']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
    expect((await outsider.api.get('brands')).status).toBe(403);
  });
});

describe('GET brands', () => {
  it('lists the caller’s own brands by name, ten by default, with search', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const secret = `Secret ${unique()}`;
    await createBrand(other, { name: secret });
    for (let i = 11; i >= 0; i--) await createBrand(company, { name: `Brand ${String(i).padStart(2, '0')}` });
    const picker = await company.api.get('brands');
    expect(picker.status).toBe(200);
    expect(picker.body.count).toBe(12);
    expect(picker.body.results).toHaveLength(10);
    expect(picker.body.results[0].name).toBe('Brand 00');
    expect(picker.body.next).toContain('offset=10');
    const searched = await company.api.get('brands?search=brand 1&limit=10');
    expect(names(searched.body)).toEqual(['Brand 10', 'Brand 11']);
    const viewer = await createUserWithPermissions(company, ['view_brand']);
    const all = await viewer.api.get('brands?limit=-1');
    expect(all.body.count).toBe(12);
    expect(JSON.stringify(all.body)).not.toContain(secret);
  });
});

describe('GET brands/{id}', () => {
  it('answers one brand, and 404 for another company or a bad id', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const brand = await createBrand(company, { name: 'Titan' });
    expect((await company.api.get(`brands/${brand.id}`)).body).toMatchObject({ id: brand.id, name: 'Titan' });
    const foreign = await other.api.get(`brands/${brand.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Brand Not Found');
    expect(JSON.stringify(foreign.body)).not.toContain('Titan');
    expect((await company.api.get('brands/abc')).status).toBe(400);
  });
});

describe('PATCH brands/{id}', () => {
  it('renames and (de)activates, keeping names unique', async () => {
    const company = await signUpCompany();
    const brand = await createBrand(company, { name: 'Lakme' });
    await createBrand(company, { name: 'Nivea' });
    const renamed = await company.api.patch(`brands/${brand.id}`, { name: 'Lakmé' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Lakmé');
    expect((await company.api.patch(`brands/${brand.id}`, { name: 'LAKMÉ' })).body.name).toBe('LAKMÉ');
    const off = await company.api.patch(`brands/${brand.id}`, { is_active: false });
    expect(off.body).toMatchObject({ is_active: false, name: 'LAKMÉ' });
    const clash = await company.api.patch(`brands/${brand.id}`, { name: 'nivea' });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.name).toEqual(['A brand with this name already exists.']);
    expect((await company.api.get(`brands/${brand.id}`)).body).toMatchObject({
      name: 'LAKMÉ',
      is_active: false,
    });
  });

  it('refuses bad values and unknown fields, foreign ids, and callers without change_brand', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const brand = await createBrand(company, { name: 'Voltas' });
    const path = `brands/${brand.id}`;
    expect((await company.api.patch(path, { name: '' })).body.errors.name).toEqual([
      'Brand name is required.',
    ]);
    expect((await company.api.patch(path, { is_active: 'no' })).status).toBe(400);
    expect((await company.api.patch(path, { ignore_for_bi: true })).status).toBe(400);
    expect((await company.api.patch(path, { logo: '/etc/passwd' })).status).toBe(400);
    expect((await other.api.patch(path, { name: 'Mine now' })).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_brand', 'add_brand']);
    expect((await viewer.api.patch(path, { name: 'Blue Star' })).status).toBe(403);
    expect((await company.api.get(path)).body).toMatchObject({
      name: 'Voltas',
      logo: null,
      ignore_for_bi: false,
    });
  });
});

describe('PATCH brands/{id}/ignore_for_bi', () => {
  it('sets and clears the flag, which is required and boolean', async () => {
    const company = await signUpCompany();
    const brand = await createBrand(company, { name: 'Bisleri' });
    const path = `brands/${brand.id}/ignore_for_bi`;
    const on = await company.api.patch(path, { ignore_for_bi: true });
    expect(on.status).toBe(200);
    expect(on.body.ignore_for_bi).toBe(true);
    expect((await company.api.get(`brands/${brand.id}`)).body.ignore_for_bi).toBe(true);
    expect((await company.api.patch(path, { ignore_for_bi: false })).body.ignore_for_bi).toBe(false);
    const missing = await company.api.patch(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.ignore_for_bi).toBeDefined();
    expect((await company.api.patch(path, { ignore_for_bi: 'true' })).status).toBe(400);
    const viewer = await createUserWithPermissions(company, ['view_brand']);
    expect((await viewer.api.patch(path, { ignore_for_bi: true })).status).toBe(403);
    expect((await company.api.get(`brands/${brand.id}`)).body.ignore_for_bi).toBe(false);
  });
});

describe('POST brands/{id}/delete', () => {
  it('deletes softly: the brand is gone for the API and its name is free again', async () => {
    const company = await signUpCompany();
    const brand = await createBrand(company, { name: 'Kissan' });
    const deleted = await company.api.post(`brands/${brand.id}/delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ detail: 'Brand deleted Successfully.' });
    expect((await company.api.get(`brands/${brand.id}`)).status).toBe(404);
    expect((await company.api.patch(`brands/${brand.id}`, { name: 'Back' })).status).toBe(404);
    expect(
      (await company.api.patch(`brands/${brand.id}/ignore_for_bi`, { ignore_for_bi: true })).status,
    ).toBe(404);
    expect((await company.api.post(`brands/${brand.id}/delete`)).status).toBe(404);
    expect((await upload(company, brand.id, PNG_1x1)).status).toBe(404);
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
    expect((await company.api.get('brands')).body.count).toBe(0);

    const reused = await createBrand(company, { name: 'KISSAN' });
    expect(reused.id).not.toBe(brand.id);
    // The row stays for orders and reports that name it.
    const row = await company.t.server.ctx.db
      .selectFrom('brands')
      .select(['name', 'deleted_at'])
      .where('id', '=', brand.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Kissan');
    expect(row.deleted_at).not.toBeNull();
  });

  it('needs delete_brand', async () => {
    const company = await signUpCompany();
    const brand = await createBrand(company, { name: 'Maggi' });
    const editor = await createUserWithPermissions(company, ['view_brand', 'change_brand']);
    expect((await editor.api.post(`brands/${brand.id}/delete`)).status).toBe(403);
    const deleter = await createUserWithPermissions(company, ['delete_brand']);
    expect((await deleter.api.post(`brands/${brand.id}/delete`)).status).toBe(200);
  });
});

describe('brands/{id}/logo', () => {
  it('stores a logo by its content, serves it, and deletes it', async () => {
    const company = await signUpCompany();
    const brand = await createBrand(company, { name: 'Haldiram' });
    const uploaded = await upload(company, brand.id, PNG_1x1);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.logo).toMatch(
      new RegExp(`^/api/files/brand-logos/${company.companyId}/${brand.id}/[a-f0-9]{32}\\.png$`),
    );
    const file = await fileAt(company, uploaded.body.logo);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    expect((await company.api.get(`brands/${brand.id}`)).body.logo).toBe(uploaded.body.logo);

    const removed = await company.api.delete(`brands/${brand.id}/logo`);
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await fileAt(company, uploaded.body.logo)).status).toBe(404);
  });

  it('refuses a non-image, a JSON body, a foreign id and a caller without change_brand', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const brand = await createBrand(company, { name: 'Patanjali' });
    const fake = await upload(company, brand.id, Buffer.from('GIF89a not really'), 'logo.png');
    expect(fake.status).toBe(400);
    expect(fake.body.errors.file).toEqual(['Only PNG, JPEG or WebP images can be uploaded.']);
    expect((await company.api.post(`brands/${brand.id}/logo`, {})).status).toBe(415);
    expect((await upload(other, brand.id, PNG_1x1)).status).toBe(404);
    expect((await other.api.delete(`brands/${brand.id}/logo`)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_brand']);
    expect((await upload({ ...company, api: viewer.api }, brand.id, PNG_1x1)).status).toBe(403);
    expect((await company.api.get(`brands/${brand.id}`)).body.logo).toBeNull();
  });
});

describe('unique key in the database', () => {
  it('is recognised by name, so a request that loses a race still gets a 400', async () => {
    const company = await signUpCompany();
    const { db } = company.t.server.ctx;
    const values = { company_id: company.companyId, name: 'Racer', ignore_for_bi: false };
    await db.insertInto('brands').values(values).execute();
    const error = await db
      .insertInto('brands')
      .values({ ...values, name: 'RACER' })
      .execute()
      .catch((e: unknown) => e);
    expect(isBrandNameTaken(error)).toBe(true);
  });
});
