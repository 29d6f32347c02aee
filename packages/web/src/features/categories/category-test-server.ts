import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import type { Category } from './categories.api';

let nextId = 100;

/** A category row as the server answers it, with overrides. */
export function makeCategory(overrides: Partial<Category> & Pick<Category, 'id' | 'name'>): Category {
  return {
    description: null,
    image: null,
    is_active: true,
    is_included_in_menu: true,
    is_root: false,
    parent_category: 1,
    seo_url: null,
    meta_title: null,
    meta_description: null,
    search_keywords: null,
    also_known_name: null,
    created_at: '2025-04-01T10:00:00Z',
    updated_at: '2025-04-01T10:00:00Z',
    ...overrides,
  };
}

export const ROOT_CATEGORY = makeCategory({
  id: 1,
  name: 'Root Category',
  is_root: true,
  parent_category: null,
});

/**
 * A fake of the category routes over an in-memory list for company 10 (the test user's):
 * listing, create, update, (de)activate and the SEO section. `fail` answers chosen calls.
 */
export function categoryServer(
  initial: Category[],
  fail: (call: ApiCall) => { status: number; body: unknown } | undefined = () => undefined,
) {
  let rows = initial.map((category) => ({ ...category }));
  const api = fakeApi((call) => {
    const failure = fail(call);
    if (failure) return failure;
    if (call.method === 'GET' && call.path === 'companies/10/categories') return { body: paged(rows) };
    if (call.method === 'POST' && call.path === 'companies/10/categories/') {
      const body = call.body as Partial<Category>;
      const created = makeCategory({
        id: nextId++,
        name: String(body.name),
        description: (body.description as string | undefined) ?? null,
        parent_category: (body.parent_category as number | undefined) ?? 1,
      });
      rows = [...rows, created];
      return { status: 201, body: created };
    }
    const match = /^categories\/(\d+)(?:\/(activate|deactivate|seo|image))?$/.exec(call.path);
    if (!match) return undefined;
    const id = Number(match[1]);
    const change = (changes: Partial<Category>) => {
      rows = rows.map((row) => (row.id === id ? { ...row, ...changes } : row));
      return { body: rows.find((row) => row.id === id) };
    };
    if (call.method === 'POST' && match[2] === 'image')
      return change({ image: `/api/files/category-${id}.png` });
    if (call.method === 'DELETE' && match[2] === 'image') return change({ image: null });
    if (call.method === 'POST' && match[2] === 'activate') return change({ is_active: true });
    if (call.method === 'POST' && match[2] === 'deactivate') return change({ is_active: false });
    if (call.method === 'PATCH') {
      const body = { ...(call.body as Partial<Category>) };
      if (!match[2] && body.parent_category === null) body.parent_category = 1;
      return change(body);
    }
    return undefined;
  });
  return { ...api, rows: () => rows };
}
