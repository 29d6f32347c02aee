import { ALL_PERMISSIONS } from '@b2b/domain/permissions';
import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, signUpCompany, unique } from '../../../test/factories.ts';

describe('roles', () => {
  it('lists the Company Admin role with every permission', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(
      `companies/${company.companyId}/roles?expand=company,permissions&limit=200&ordering=display_name`,
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      display_name: 'Company Admin',
      is_admin: true,
      user_count: 1,
    });
    expect(res.body.results[0].permissions).toHaveLength(ALL_PERMISSIONS.length);
    expect(res.body.results[0].company.id).toBe(company.companyId);
  });

  it('creates, edits, adds and removes permissions, deactivates', async () => {
    const company = await signUpCompany();
    const created = await company.api.post(`companies/${company.companyId}/roles`, {
      display_name: 'Sales Executive',
      description: 'Sales team',
      permissions: ['view_order', 'add_order'],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const added = await company.api.patch(`roles/${id}/add_permissions`, {
      permissions: ['view_invoice', 'view_order'],
    });
    expect(added.body.permissions).toEqual(['add_order', 'view_invoice', 'view_order']);
    const removed = await company.api.patch(`roles/${id}/remove_permissions`, { permissions: ['add_order'] });
    expect(removed.body.permissions).toEqual(['view_invoice', 'view_order']);
    const renamed = await company.api.patch(`roles/${id}`, { display_name: 'Sales Lead' });
    expect(renamed.body.display_name).toBe('Sales Lead');
    expect((await company.api.post(`roles/${id}/deactivate`)).body.is_active).toBe(false);
    expect((await company.api.post(`roles/${id}/activate`)).body.is_active).toBe(true);
  });

  it('rejects unknown permissions, duplicate names, and changes to the Company Admin role', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}/roles`;
    const bogus = await company.api.post(path, {
      display_name: `R ${unique()}`,
      permissions: ['view_everything'],
    });
    expect(bogus.status).toBe(400);
    expect(bogus.body.errors['permissions.0']).toBeDefined();
    const dup = await company.api.post(path, { display_name: 'company admin' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.display_name).toEqual(['A role with this name already exists.']);
    expect((await company.api.post(path, {})).status).toBe(400);
    const admin = (await company.api.get(path)).body.results[0];
    expect((await company.api.post(`roles/${admin.id}/deactivate`)).status).toBe(409);
    expect(
      (await company.api.patch(`roles/${admin.id}/remove_permissions`, { permissions: ['view_order'] }))
        .status,
    ).toBe(409);
    expect((await company.api.patch('roles/99999999', { description: 'x' })).status).toBe(404);
  });

  it('takes effect at once: removing view_user forbids listing users', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_user']);
    expect((await staff.api.get(`companies/${company.companyId}/users`)).status).toBe(200);
    await company.api.patch(`roles/${staff.role.id}/remove_permissions`, { permissions: ['view_user'] });
    const denied = await staff.api.get(`companies/${company.companyId}/users`);
    expect(denied.status).toBe(403);
  });

  it('an inactive role grants nothing', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_user']);
    await company.api.post(`roles/${staff.role.id}/deactivate`);
    expect((await staff.api.get(`companies/${company.companyId}/users`)).status).toBe(403);
    expect((await staff.api.get('me/')).body.access_permissions.permissions).toEqual([]);
  });
});
