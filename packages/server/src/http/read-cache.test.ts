import { describe, expect, it, vi } from 'vitest';
import { createUserWithPermissions, PASSWORD, signUpCompany } from '../../test/factories.ts';

describe('read cache', () => {
  it('answers a repeated read from the cache and never serves it after a write', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}`;
    const first = await company.api.get(path);
    const second = await company.api.get(path);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
    await company.api.patch(path, { display_name: 'Renamed' });
    const after = await company.api.get(path);
    expect(after.headers.get('x-cache')).toBeNull();
    expect(after.body.display_name).toBe('Renamed');
  });

  it('never serves yesterday’s answer after midnight in India', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}`;
    await company.api.get(path);
    expect((await company.api.get(path)).headers.get('x-cache')).toBe('hit');
    const now = Date.now();
    const tomorrow = vi.spyOn(Date, 'now').mockReturnValue(now + 24 * 60 * 60 * 1000);
    try {
      expect((await company.api.get(path)).headers.get('x-cache')).toBeNull();
    } finally {
      tomorrow.mockRestore();
    }
  });

  it('keeps answers per user', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_user']);
    await company.api.get('me/');
    expect((await company.api.get('me/')).headers.get('x-cache')).toBe('hit');
    const mine = await staff.api.get('me/');
    expect(mine.body.id).toBe(staff.user.id);
  });

  it('a sign-in by someone else (a public write) refreshes lists that show last login', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, []);
    const path = `users/${staff.user.id}`;
    const before = (await company.api.get(path)).body.last_login_at;
    await company.api.get(path);
    await new Promise((r) => setTimeout(r, 20));
    await company.anonymous.post('admin/auth/login/', { username: staff.user.email, password: PASSWORD });
    const after = await company.api.get(path);
    expect(after.headers.get('x-cache')).toBeNull();
    expect(new Date(after.body.last_login_at).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('a permission removed takes effect on the next request even with a cached answer', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_user']);
    const path = `companies/${company.companyId}/users`;
    await staff.api.get(path);
    expect((await staff.api.get(path)).headers.get('x-cache')).toBe('hit');
    await company.api.patch(`roles/${staff.role.id}/remove_permissions`, { permissions: ['view_user'] });
    expect((await staff.api.get(path)).status).toBe(403);
  });
});
