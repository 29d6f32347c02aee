import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PASSWORD,
  signUpCompany,
  unique,
  uniquePhone,
} from '../../../test/factories.ts';

async function companyWithRole(permissions: string[] = ['view_order']) {
  const company = await signUpCompany();
  const role = await company.api.post(`companies/${company.companyId}/roles`, {
    display_name: `Sales ${unique()}`,
    permissions,
  });
  expect(role.status).toBe(201);
  return { company, roleId: role.body.id as number };
}

const newUser = (roleId: number, branchId: number, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ravi',
  last_name: 'Kumar',
  email: `ravi.${unique()}@example.in`,
  phone: uniquePhone(),
  password: PASSWORD,
  role: roleId,
  branches: [branchId],
  ...overrides,
});

describe('POST companies/{companyId}/users', () => {
  it('creates a user with a role and branches who can then log in', async () => {
    const { company, roleId } = await companyWithRole();
    const input = newUser(roleId, company.branchId);
    const created = await company.api.post(`companies/${company.companyId}/users`, input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      first_name: 'Ravi',
      email: input.email,
      is_active: true,
      role: { id: roleId },
    });
    expect(created.body.branches).toEqual([{ id: company.branchId, name: 'Pune' }]);
    expect(created.body.password).toBeUndefined();
    const login = await company.anonymous.post('admin/auth/login/', {
      username: input.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.access_permissions.navigation).toEqual(['view_order']);
  });

  it('rejects missing fields, wrong types, a weak password, foreign role and branch ids', async () => {
    const { company, roleId } = await companyWithRole();
    const other = await signUpCompany();
    const path = `companies/${company.companyId}/users`;
    const missing = await company.api.post(path, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(
      expect.arrayContaining(['first_name', 'email', 'password', 'role', 'branches']),
    );
    expect((await company.api.post(path, newUser(roleId, company.branchId, { role: 'admin' }))).status).toBe(
      400,
    );
    const weak = await company.api.post(path, newUser(roleId, company.branchId, { password: 'password' }));
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toBeDefined();
    const foreignBranch = await company.api.post(path, newUser(roleId, other.branchId));
    expect(foreignBranch.status).toBe(400);
    expect(foreignBranch.body.errors.branches).toEqual(['Branch Not Found']);
    const otherRoles = await other.api.get(`companies/${other.companyId}/roles`);
    const foreignRole = await company.api.post(
      path,
      newUser(otherRoles.body.results[0].id, company.branchId),
    );
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.errors.role).toEqual(['Role Not Found']);
    const list = await company.api.get(`${path}?limit=-1`);
    expect(list.body.count).toBe(1);
  });

  it('refuses a duplicate e-mail or phone', async () => {
    const { company, roleId } = await companyWithRole();
    const dup = await company.api.post(
      `companies/${company.companyId}/users`,
      newUser(roleId, company.branchId, { email: company.email }),
    );
    expect(dup.status).toBe(400);
    expect(dup.body.errors.email).toEqual(['A user with this email already exists.']);
  });

  it('needs add_user', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_user']);
    const res = await viewer.api.post(
      `companies/${company.companyId}/users`,
      newUser(viewer.role.id, company.branchId),
    );
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to perform this action.');
  });
});

describe('GET companies/{companyId}/users', () => {
  it('filters by status, role and search, orders and pages', async () => {
    const { company, roleId } = await companyWithRole();
    const path = `companies/${company.companyId}/users`;
    const a = await company.api.post(path, newUser(roleId, company.branchId, { first_name: 'Zara' }));
    await company.api.post(path, newUser(roleId, company.branchId, { first_name: 'Amit' }));
    await company.api.post(`users/${a.body.id}/deactivate`);

    expect((await company.api.get(`${path}`)).body.count).toBe(3);
    const inactive = await company.api.get(`${path}?is_active=false`);
    expect(inactive.body.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Zara']);
    const byRole = await company.api.get(`${path}?groups__in=${roleId}&ordering=first_name`);
    expect(byRole.body.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Amit', 'Zara']);
    const search = await company.api.get(`${path}?search=zar`);
    expect(search.body.count).toBe(1);
    const paged = await company.api.get(`${path}?limit=2&offset=0&ordering=-created_at`);
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.next).toContain('offset=2');
    expect((await company.api.get(`${path}?ordering=password_hash`)).status).toBe(400);
    expect((await company.api.get(`${path}?limit=abc`)).status).toBe(400);
    expect((await company.api.get(`${path}?groups__in=1;drop`)).status).toBe(400);
  });
});

describe('users/{id} actions', () => {
  it('edits, deactivates (ending access), reactivates, assigns and unassigns branches', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_order']);
    const id = staff.user.id;
    const edited = await company.api.patch(`users/${id}`, { first_name: 'Meera' });
    expect(edited.status).toBe(200);
    expect(edited.body.first_name).toBe('Meera');
    expect((await company.api.patch(`users/${id}`, { first_name: '' })).status).toBe(400);
    expect((await company.api.patch(`users/${id}`, { is_admin: true })).status).toBe(400);

    expect((await company.api.post(`users/${id}/deactivate`)).body.is_active).toBe(false);
    expect((await staff.api.get('me/')).status).toBe(401);
    expect(
      (await company.anonymous.post('admin/auth/login/', { username: staff.user.email, password: PASSWORD }))
        .status,
    ).toBe(401);
    expect((await company.api.post(`users/${id}/activate`)).body.is_active).toBe(true);

    const unassignLast = await company.api.post(`users/${id}/unassign_branches/`, {
      branches: [company.branchId],
    });
    expect(unassignLast.status).toBe(409);
    expect(unassignLast.body.detail).toBe('A user must keep at least one branch.');
    expect((await company.api.post(`users/${id}/branches`, { branches: [] })).status).toBe(400);
    expect((await company.api.get(`users/${id}`)).body.branches).toHaveLength(1);
  });

  it('will not let an admin deactivate themselves', async () => {
    const company = await signUpCompany();
    const res = await company.api.post(`users/${company.userId}/deactivate`);
    expect(res.status).toBe(409);
  });

  it('answers 404 for an id that does not exist', async () => {
    const company = await signUpCompany();
    const res = await company.api.get('users/987654321');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('User Not Found');
    expect((await company.api.get('users/abc')).status).toBe(400);
  });

  it('keeps a history of changes', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, []);
    await company.api.patch(`users/${staff.user.id}`, { last_name: 'Iyer' });
    const history = await company.api.get(`users/${staff.user.id}/history`);
    expect(history.body.results.map((h: { actions: { action: string } }) => h.actions.action)).toEqual([
      'updated',
      'created',
    ]);
    expect(history.body.results[0].user.first_name).toBe('Priya');
  });
});

describe('POST users/{id}/addresses', () => {
  it('adds an address to a user and validates it', async () => {
    const company = await signUpCompany();
    const res = await company.api.post(`users/${company.userId}/addresses`, {
      address_line_1: '1 FC Road',
      city: 'Pune',
      state_id: 27,
      pincode: '411004',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ city: 'Pune', state: { id: 27, name: 'Maharashtra' } });
    const bad = await company.api.post(`users/${company.userId}/addresses`, {
      address_line_1: '',
      city: 'Pune',
      state_id: 500,
      pincode: '12',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['address_line_1', 'pincode']));
    const noState = await company.api.post(`users/${company.userId}/addresses`, {
      address_line_1: 'x',
      city: 'Pune',
      state_id: 500,
      pincode: '411004',
    });
    expect(noState.status).toBe(400);
    expect(noState.body.errors.state_id).toEqual(['State Not Found']);
  });
});
