import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PASSWORD,
  type SignedUpCompany,
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

async function companyRole(company: SignedUpCompany, permissions: string[]) {
  const role = await company.api.post(`companies/${company.companyId}/roles`, {
    display_name: `Role ${unique()}`,
    permissions,
  });
  expect(role.status).toBe(201);
  return role.body as { id: number };
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
  it("refuses adding an address to a Company Admin's profile for a non-admin", async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_user', 'change_user']);
    const address = { address_line_1: '1 FC Road', city: 'Pune', state_id: 27, pincode: '411004' };
    const res = await clerk.api.post(`users/${company.userId}/addresses`, address);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to change a Company Admin.');
    expect((await clerk.api.post(`users/${clerk.user.id}/addresses`, address)).status).toBe(201);
  });

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

async function adminRoleOf(company: SignedUpCompany): Promise<number> {
  const roles = await company.api.get(`companies/${company.companyId}/roles?limit=-1`);
  return roles.body.results.find((r: { is_admin: boolean }) => r.is_admin).id;
}

/** A second Company Admin, signed in. */
async function secondAdmin(company: SignedUpCompany) {
  const input = newUser(await adminRoleOf(company), company.branchId);
  const created = await company.api.post(`companies/${company.companyId}/users`, input);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const login = await company.anonymous.post('admin/auth/login/', {
    username: input.email,
    password: PASSWORD,
  });
  expect(login.status).toBe(200);
  return { user: created.body, api: company.anonymous.as(login.body.access_token), session: login.body };
}

const canLogIn = async (company: SignedUpCompany, username: string, password: string) =>
  (await company.anonymous.post('admin/auth/login/', { username, password })).status === 200;

const OTHER_PASSWORD = 'Kx9#mTq2Lp!v';

describe('granting: nobody gives what they do not hold', () => {
  it("refuses a user with view_user + change_user setting a Company Admin's password or e-mail", async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_user', 'change_user']);
    const res = await clerk.api.patch(`users/${company.userId}`, { password: OTHER_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^You do not have permissions to /);
    expect(await canLogIn(company, company.email, OTHER_PASSWORD)).toBe(false);
    expect(await canLogIn(company, company.email, PASSWORD)).toBe(true);

    const email = `taken.${unique()}@example.in`;
    const mail = await clerk.api.patch(`users/${company.userId}`, { email });
    expect(mail.status).toBe(403);
    expect(mail.body.detail).toBe('You do not have permissions to change a Company Admin.');
    expect((await company.api.get(`users/${company.userId}`)).body.email).toBe(company.email.toLowerCase());
    const deactivate = await clerk.api.post(`users/${company.userId}/deactivate`);
    expect(deactivate.status).toBe(403);
    expect((await company.api.get(`users/${company.userId}`)).body.is_active).toBe(true);
  });

  it('refuses giving another user the Company Admin role or a role above the actor', async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_user', 'change_user']);
    const staff = await createUserWithPermissions(company, ['view_order']);
    const promote = await clerk.api.patch(`users/${staff.user.id}`, { role: await adminRoleOf(company) });
    expect(promote.status).toBe(403);
    expect(promote.body.detail).toBe('You do not have permissions to grant the Company Admin role.');
    expect((await company.api.get(`users/${staff.user.id}`)).body.role.id).toBe(staff.role.id);
    expect((await staff.api.get('me/')).body.access_permissions.permissions).toEqual(['view_order']);

    // staff holds view_order, which the clerk does not: the clerk may not touch them at all.
    const edit = await clerk.api.patch(`users/${staff.user.id}`, { last_name: 'Rao' });
    expect(edit.status).toBe(403);
    expect(edit.body.detail).toBe(
      'You do not have permissions to change a user who holds permissions you do not hold: View Order.',
    );

    const junior = await createUserWithPermissions(company, ['view_user']);
    const bigger = await clerk.api.patch(`users/${junior.user.id}`, { role: staff.role.id });
    expect(bigger.status).toBe(403);
    expect(bigger.body.detail).toBe(
      'You do not have permissions to grant permissions you do not hold: View Order.',
    );
    const same = await clerk.api.patch(`users/${junior.user.id}`, { role: clerk.role.id, last_name: 'Das' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ role: { id: clerk.role.id }, last_name: 'Das' });
  });

  it('refuses a user with only add_user creating a Company Admin or a user above them', async () => {
    const company = await signUpCompany();
    const hirer = await createUserWithPermissions(company, ['add_user']);
    const path = `companies/${company.companyId}/users`;
    const admin = await hirer.api.post(path, newUser(await adminRoleOf(company), company.branchId));
    expect(admin.status).toBe(403);
    expect(admin.body.detail).toBe('You do not have permissions to grant the Company Admin role.');
    const above = await hirer.api.post(
      path,
      newUser((await companyRole(company, ['view_invoice'])).id, company.branchId),
    );
    expect(above.status).toBe(403);
    expect(above.body.detail).toBe(
      'You do not have permissions to grant permissions you do not hold: View Invoice.',
    );
    const list = await company.api.get(`${path}?limit=-1`);
    expect(list.body.count).toBe(2);
    const peer = await hirer.api.post(path, newUser(hirer.role.id, company.branchId));
    expect(peer.status).toBe(201);
  });

  it('lets a user move themselves to a smaller role but not a bigger one', async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_user', 'change_user']);
    const bigger = await companyRole(company, ['view_user', 'change_user', 'delete_user']);
    const smaller = await companyRole(company, ['view_user']);
    const up = await clerk.api.patch(`users/${clerk.user.id}`, { role: bigger.id });
    expect(up.status).toBe(403);
    expect(up.body.detail).toBe(
      'You do not have permissions to grant permissions you do not hold: Delete User.',
    );
    const admin = await clerk.api.patch(`users/${clerk.user.id}`, { role: await adminRoleOf(company) });
    expect(admin.status).toBe(403);
    const down = await clerk.api.patch(`users/${clerk.user.id}`, { role: smaller.id });
    expect(down.status).toBe(200);
    expect((await clerk.api.get('me/')).body.access_permissions.permissions).toEqual(['view_user']);
  });

  it('lets a Company Admin create, promote, edit and deactivate Company Admins', async () => {
    const company = await signUpCompany();
    const other = await secondAdmin(company);
    const staff = await createUserWithPermissions(company, ['view_order']);
    const promoted = await company.api.patch(`users/${staff.user.id}`, { role: await adminRoleOf(company) });
    expect(promoted.status).toBe(200);
    expect((await staff.api.get('me/')).body.access_permissions.navigation).toBe('all');
    const email = `new.${unique()}@example.in`;
    expect((await company.api.patch(`users/${other.user.id}`, { email })).body.email).toBe(email);
    expect((await company.api.post(`users/${other.user.id}/deactivate`)).status).toBe(200);
    expect((await company.api.patch(`users/${staff.user.id}`, { role: staff.role.id })).status).toBe(200);
  });
});

describe('PATCH users/{id} password', () => {
  it("refuses another user's password even from a Company Admin, and keeps one's own", async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_order']);
    const res = await company.api.patch(`users/${staff.user.id}`, { password: OTHER_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      "You do not have permissions to set another user's password. Send them a password reset instead.",
    );
    expect(await canLogIn(company, staff.user.email, PASSWORD)).toBe(true);
    const own = await company.api.patch(`users/${company.userId}`, {
      password: OTHER_PASSWORD,
      current_password: PASSWORD,
    });
    expect(own.status).toBe(200);
    expect(await canLogIn(company, company.email, OTHER_PASSWORD)).toBe(true);
  });

  it('asks for the current password before one changes their own password, e-mail or phone', async () => {
    const company = await signUpCompany();
    const path = `users/${company.userId}`;
    const missing = await company.api.patch(path, { password: OTHER_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.current_password).toEqual([
      'Enter your current password to change your password, e-mail or phone.',
    ]);
    const wrong = await company.api.patch(path, {
      password: OTHER_PASSWORD,
      current_password: OTHER_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.current_password).toEqual(['The current password is not correct.']);
    const email = `moved-${company.email}`;
    expect((await company.api.patch(path, { email })).status).toBe(400);
    expect(await canLogIn(company, company.email, PASSWORD)).toBe(true);
    // Other details need no password; the same e-mail is no change of identity.
    expect((await company.api.patch(path, { first_name: 'Renamed', email: company.email })).status).toBe(200);
    const moved = await company.api.patch(path, { email, current_password: PASSWORD });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await canLogIn(company, email, PASSWORD)).toBe(true);
  });
});

describe('the last active Company Admin', () => {
  it('cannot be demoted; with a second admin it can', async () => {
    const company = await signUpCompany();
    const staffRole = await companyRole(company, ['view_order']);
    const alone = await company.api.patch(`users/${company.userId}`, { role: staffRole.id });
    expect(alone.status).toBe(409);
    expect(alone.body.detail).toBe('The company must keep at least one active Company Admin.');
    expect((await company.api.get('me/')).body.access_permissions.navigation).toBe('all');

    const other = await secondAdmin(company);
    await company.api.post(`users/${other.user.id}/deactivate`);
    // The other admin is inactive, so this one is still the last active one.
    expect((await company.api.patch(`users/${company.userId}`, { role: staffRole.id })).status).toBe(409);
    await company.api.post(`users/${other.user.id}/activate`);
    const demoted = await company.api.patch(`users/${company.userId}`, { role: staffRole.id });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role.id).toBe(staffRole.id);
    const self = await other.api.patch(`users/${other.user.id}`, { role: staffRole.id });
    expect(self.status).toBe(409);
    expect((await other.api.post(`users/${other.user.id}/deactivate`)).status).toBe(409);
  });
});

describe('POST users/{id}/reset_password', () => {
  it('mails the user, ends every session and the old password, and leaves history', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_order']);
    const { t } = company;
    const before = t.mail.messages.length;
    const res = await company.api.post(`users/${staff.user.id}/reset_password`);
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe(`A password reset has been sent to ${staff.user.email}.`);

    const me = await staff.api.get('me/');
    expect(me.status).toBe(401);
    expect(me.body.detail).toBe('Your session has ended. Please log in again.');
    const refreshed = await company.anonymous.post('auth/refresh/', {
      refresh_token: staff.session.refresh_token,
    });
    expect(refreshed.status).toBe(401);
    expect(await canLogIn(company, staff.user.email, PASSWORD)).toBe(false);
    await expect
      .poll(() => t.mail.messages.slice(before).filter((m) => m.to === staff.user.email.toLowerCase()).length)
      .toBe(1);
    const notice = t.mail.messages.slice(before).find((m) => m.to === staff.user.email.toLowerCase());
    expect(notice?.subject).toBe('Reset your password');

    // The user sets a new password through the ordinary forgot-password flow.
    const mark = t.mail.messages.length;
    const req = await company.anonymous.post('auth/request_reset_password_otp/', {
      username: staff.user.email,
    });
    const otp = await t.mail.otpFor(staff.user.email, { after: mark });
    const validated = await company.anonymous.post('auth/validate_reset_password_otp/', {
      verification_token: req.body.verification_token,
      otp,
    });
    await company.anonymous.post('auth/reset_password/', {
      reset_token: validated.body.reset_token,
      new_password: OTHER_PASSWORD,
    });
    expect(await canLogIn(company, staff.user.email, OTHER_PASSWORD)).toBe(true);

    const history = await company.api.get(`users/${staff.user.id}/history`);
    expect(history.body.results[0].actions.action).toBe('password_reset');
    // The admin's own session is untouched.
    expect((await company.api.get('me/')).status).toBe(200);
  });

  it('needs change_user, and a Company Admin to reset a Company Admin', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_user']);
    expect((await viewer.api.post(`users/${company.userId}/reset_password`)).status).toBe(403);
    const clerk = await createUserWithPermissions(company, ['view_user', 'change_user']);
    const res = await clerk.api.post(`users/${company.userId}/reset_password`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to change a Company Admin.');
    expect((await company.api.get('me/')).status).toBe(200);
    expect((await company.api.post('users/987654321/reset_password')).status).toBe(404);
  });
});

describe('branch access is granted only by those who have it', () => {
  it('refuses assigning a branch the actor does not work in, to others or to themselves', async () => {
    const company = await signUpCompany();
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const other = branch.body.id as number;
    const clerk = await createUserWithPermissions(company, ['view_user', 'change_user', 'add_user']);
    const self = await clerk.api.post(`users/${clerk.user.id}/branches`, { branches: [other] });
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe('You do not have permissions to act on this branch.');
    expect((await company.api.get(`users/${clerk.user.id}`)).body.branches).toHaveLength(1);
    const created = await clerk.api.post(
      `companies/${company.companyId}/users`,
      newUser(clerk.role.id, company.branchId, { branches: [company.branchId, other] }),
    );
    expect(created.status).toBe(403);
    const mine = await clerk.api.post(
      `companies/${company.companyId}/users`,
      newUser(clerk.role.id, company.branchId),
    );
    expect(mine.status).toBe(201);
    // A Company Admin works in every branch.
    expect((await company.api.post(`users/${clerk.user.id}/branches`, { branches: [other] })).status).toBe(
      200,
    );
  });
});
