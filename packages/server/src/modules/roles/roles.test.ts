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

describe('roles: nobody grants what they do not hold', () => {
  it('refuses a user with only change_role adding permissions to their own role', async () => {
    const company = await signUpCompany();
    const editor = await createUserWithPermissions(company, ['change_role']);
    const res = await editor.api.patch(`roles/${editor.role.id}/add_permissions`, {
      permissions: ['view_invoice', 'change_user', 'delete_product'],
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      'You do not have permissions to grant permissions you do not hold: Edit User, Delete Product, View Invoice.',
    );
    const replace = await editor.api.patch(`roles/${editor.role.id}`, {
      permissions: ['change_role', 'view_invoice'],
    });
    expect(replace.status).toBe(403);
    expect((await editor.api.get('me/')).body.access_permissions.permissions).toEqual(['change_role']);
    const history = await company.api.get(`roles/${editor.role.id}`);
    expect(history.body.permissions).toEqual(['change_role']);
    // What they hold they may keep or give back.
    const same = await editor.api.patch(`roles/${editor.role.id}`, { description: 'editors' });
    expect(same.status).toBe(200);
  });

  it('refuses creating a role with permissions the actor does not hold', async () => {
    const company = await signUpCompany();
    const maker = await createUserWithPermissions(company, ['add_role', 'view_order']);
    const path = `companies/${company.companyId}/roles`;
    const res = await maker.api.post(path, {
      display_name: `R ${unique()}`,
      permissions: ['view_order', 'add_user'],
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      'You do not have permissions to grant permissions you do not hold: Add User.',
    );
    const ok = await maker.api.post(path, { display_name: `R ${unique()}`, permissions: ['view_order'] });
    expect(ok.status).toBe(201);
    expect(ok.body.permissions).toEqual(['view_order']);
  });

  it('refuses activating, deactivating or editing a role above the actor, and the Company Admin role', async () => {
    const company = await signUpCompany();
    const editor = await createUserWithPermissions(company, ['change_role', 'view_role']);
    const big = await company.api.post(`companies/${company.companyId}/roles`, {
      display_name: `Big ${unique()}`,
      permissions: ['view_role', 'delete_invoice'],
    });
    await company.api.post(`roles/${big.body.id}/deactivate`);
    const activate = await editor.api.post(`roles/${big.body.id}/activate`);
    expect(activate.status).toBe(403);
    expect(activate.body.detail).toBe(
      'You do not have permissions to change a role that holds permissions you do not hold: Delete Invoice.',
    );
    expect((await company.api.get(`roles/${big.body.id}`)).body.is_active).toBe(false);
    await company.api.post(`roles/${big.body.id}/activate`);
    const deactivate = await editor.api.post(`roles/${big.body.id}/deactivate`);
    expect(deactivate.status).toBe(403);
    expect(deactivate.body.detail).toBe(
      'You do not have permissions to change a role that holds permissions you do not hold: Delete Invoice.',
    );
    const remove = await editor.api.patch(`roles/${big.body.id}/remove_permissions`, {
      permissions: ['delete_invoice'],
    });
    expect(remove.status).toBe(403);
    const admin = (
      await company.api.get(`companies/${company.companyId}/roles?is_active=true&limit=-1`)
    ).body.results.find((r: { is_admin: boolean }) => r.is_admin);
    const adminEdit = await editor.api.patch(`roles/${admin.id}`, { description: 'mine now' });
    expect(adminEdit.status).toBe(403);
    expect(adminEdit.body.detail).toBe('You do not have permissions to change the Company Admin role.');
    expect((await editor.api.post(`roles/${admin.id}/deactivate`)).status).toBe(403);

    const small = await company.api.post(`companies/${company.companyId}/roles`, {
      display_name: `Small ${unique()}`,
      permissions: ['view_role'],
    });
    expect((await editor.api.post(`roles/${small.body.id}/deactivate`)).status).toBe(200);
    expect((await editor.api.post(`roles/${small.body.id}/activate`)).status).toBe(200);
    const address = { address_line_1: '1 FC Road', city: 'Pune', state_id: 27, pincode: '411004' };
    expect((await editor.api.post(`roles/${admin.id}/addresses`, address)).status).toBe(403);
    expect((await editor.api.post(`roles/${small.body.id}/addresses`, address)).status).toBe(201);
    const grow = await editor.api.patch(`roles/${small.body.id}/add_permissions`, {
      permissions: ['change_role'],
    });
    expect(grow.status).toBe(200);
    expect(grow.body.permissions).toEqual(['change_role', 'view_role']);
  });
});
