import { GSTIN_STATE_MISMATCH } from '@b2b/domain/gstin';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  PASSWORD,
  signUpCompany,
  signupInput,
  unique,
  uniquePhone,
  validGstin,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { hashToken } from '../../auth/tokens.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from './sessions.ts';

// The shared server starts with the first test that asks for it; on a busy machine that alone
// can take most of a test's 30 s.
beforeAll(() => testServer(), 120_000);

async function anonymous() {
  const t = await testServer();
  return { t, api: new ApiClient(t.baseUrl) };
}

describe('POST auth/signup/', () => {
  it('creates an unverified company whose admin cannot log in until the OTP is entered', async () => {
    const { t, api } = await anonymous();
    const input = signupInput();
    const created = await api.post('auth/signup/', input);
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(input.email);

    const login = await api.post('admin/auth/login/', { username: input.email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe(1013);
    expect(login.body.email).toBe(input.email);

    const otp = await t.mail.otpFor(input.email);
    const wrong = await api.post('auth/signup/verify/', {
      email: input.email,
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.otp[0]).toMatch(/Invalid OTP/);

    const verified = await api.post('auth/signup/verify/', { email: input.email, otp });
    expect(verified.status).toBe(200);
    expect(verified.body.token_type).toBe('Bearer');
    expect(verified.body.expires_in).toBe(900);
    expect(verified.body.company).toMatchObject({ name: input.company_name, is_verified: true });
    expect(verified.body.user.role.display_name).toBe('Company Admin');
    expect(verified.body.user.access_permissions.navigation).toBe('all');
    expect(verified.body.branches).toHaveLength(1);
    expect(verified.body.branches[0].name).toBe('Pune');

    const relogin = await api.post('admin/auth/login/', { username: input.phone, password: PASSWORD });
    expect(relogin.status).toBe(200);
  });

  it('rejects bad input field by field with the spec wording', async () => {
    const { api } = await anonymous();
    const bad = await api.post('auth/signup/', {
      ...signupInput(),
      email: 'not-an-email',
      password: 'weak',
      gstin: '27AAPFU0939F1ZX',
      pincode: '01234',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address.']);
    expect(bad.body.errors.gstin).toEqual(['Please enter a valid GSTIN']);
    expect(bad.body.errors.password).toBeDefined();
    expect(bad.body.errors.pincode).toBeDefined();

    const missing = await api.post('auth/signup/', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(
      expect.arrayContaining(['company_name', 'email', 'password', 'phone', 'state_id']),
    );

    const wrongTypes = await api.post('auth/signup/', {
      ...signupInput(),
      state_id: 'Maharashtra',
      phone: 12345,
    });
    expect(wrongTypes.status).toBe(400);

    const notJson = await api.request('POST', 'auth/signup/', '{"broken', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
  });

  it('refuses an e-mail or phone that is already taken and writes nothing', async () => {
    const company = await signUpCompany();
    const { api } = await anonymous();
    const again = await api.post('auth/signup/', signupInput({ email: company.email.toUpperCase() }));
    expect(again.status).toBe(400);
    expect(again.body.errors.email).toEqual(['A user with this email already exists.']);
  });

  it("refuses a GSTIN of another state than the branch, in the branch form's words, and writes nothing", async () => {
    const { api } = await anonymous();
    // A Karnataka GSTIN for a Pune branch would print 'GSTIN 29... State: Maharashtra' on invoices.
    const input = signupInput({ gstin: validGstin('29'), state_id: 27 });
    const res = await api.post('auth/signup/', input);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ gstin: [GSTIN_STATE_MISMATCH] });
    const login = await api.post('admin/auth/login/', { username: input.email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.code).not.toBe(1013);

    const karnataka = await api.post('auth/signup/', signupInput({ gstin: validGstin('29'), state_id: 29 }));
    expect(karnataka.status, JSON.stringify(karnataka.body)).toBe(201);
  });

  it('refuses an unknown state', async () => {
    const { api } = await anonymous();
    const res = await api.post('auth/signup/', signupInput({ state_id: 99999 }));
    expect(res.status).toBe(400);
    expect(res.body.errors.state_id).toEqual(['State Not Found']);
  });
});

describe('POST auth/signup/resend_otp/', () => {
  it('sends a new code that replaces the old one, and stops after five sends in 15 minutes', async () => {
    const { t, api } = await anonymous();
    const input = signupInput();
    await api.post('auth/signup/', input);
    const first = await t.mail.otpFor(input.email);
    let before = t.mail.messages.length;
    const resent = await api.post('auth/signup/resend_otp/', { email: input.email });
    expect(resent.status).toBe(200);
    const second = await t.mail.otpFor(input.email, { after: before });
    if (first !== second) {
      const old = await api.post('auth/signup/verify/', { email: input.email, otp: first });
      expect(old.status).toBe(400);
    }
    for (let i = 0; i < 3; i++)
      expect((await api.post('auth/signup/resend_otp/', { email: input.email })).status).toBe(200);
    const limited = await api.post('auth/signup/resend_otp/', { email: input.email });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/Too many OTP requests/);
    before = t.mail.messages.length;
    expect(before).toBeGreaterThan(0);
  });
});

describe('POST admin/auth/login/', () => {
  it('answers 1006 for a wrong password or unknown user, with the same message', async () => {
    const company = await signUpCompany();
    const wrong = await company.anonymous.post('admin/auth/login/', {
      username: company.email,
      password: 'Wrong@1234',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(1006);
    const unknown = await company.anonymous.post('admin/auth/login/', {
      username: `nobody.${unique()}@example.in`,
      password: 'Wrong@1234',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe(1006);
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it('validates the username as an e-mail or a 10-digit number not starting with 0', async () => {
    const { api } = await anonymous();
    const res = await api.post('admin/auth/login/', { username: '0123456789', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toBeDefined();
  });

  it('limits failures per source and account (429), not the account for everyone', async () => {
    const company = await signUpCompany();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await company.anonymous
        .as(undefined, { 'x-forwarded-for': '10.1.0.1' })
        .post('admin/auth/login/', { username: company.email, password: 'Wrong@1234' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // From another address the owner still signs in (see auth-security.test.ts).
    const other = await company.anonymous
      .as(undefined, { 'x-forwarded-for': '10.1.0.2' })
      .post('admin/auth/login/', { username: company.email, password: PASSWORD });
    expect(other.status).toBe(200);
  });
});

describe('OTP login', () => {
  it('logs in with the mailed code, and kills a code after five wrong tries', async () => {
    const company = await signUpCompany();
    const { t } = company;
    let before = t.mail.messages.length;
    const requested = await company.anonymous.post('admin/auth/request_login_otp/', {
      username: company.email,
      provider: 'email',
    });
    expect(requested.status).toBe(200);
    const otp = await t.mail.otpFor(company.email, { after: before });
    const session = await company.anonymous.post('auth/validate_login_otp/', {
      verification_token: requested.body.verification_token,
      otp,
    });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(company.email);
    const reused = await company.anonymous.post('auth/validate_login_otp/', {
      verification_token: requested.body.verification_token,
      otp,
    });
    expect(reused.status).toBe(400);

    before = t.mail.messages.length;
    const again = await company.anonymous.post('admin/auth/request_login_otp/', { username: company.email });
    const good = await t.mail.otpFor(company.email, { after: before });
    const bad = good === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await company.anonymous.post('auth/validate_login_otp/', {
        verification_token: again.body.verification_token,
        otp: bad,
      });
      expect(res.status).toBe(400);
    }
    const late = await company.anonymous.post('auth/validate_login_otp/', {
      verification_token: again.body.verification_token,
      otp: good,
    });
    expect(late.status).toBe(400);
    expect(late.body.detail).toMatch(/Too many wrong attempts|Invalid OTP/);
  });

  it('answers an unknown username like a known one, with a token that never validates', async () => {
    const { api } = await anonymous();
    const res = await api.post('admin/auth/request_login_otp/', { username: `ghost.${unique()}@example.in` });
    expect(res.status).toBe(200);
    const check = await api.post('auth/validate_login_otp/', {
      verification_token: res.body.verification_token,
      otp: '123456',
    });
    expect(check.status).toBe(400);
  });
});

describe('password reset', () => {
  it('resets with the mailed code and ends existing sessions', async () => {
    const company = await signUpCompany();
    const { t } = company;
    const before = t.mail.messages.length;
    const req = await company.anonymous.post('auth/request_reset_password_otp/', { username: company.email });
    expect(req.status).toBe(200);
    const otp = await t.mail.otpFor(company.email, { after: before });
    const validated = await company.anonymous.post('auth/validate_reset_password_otp/', {
      verification_token: req.body.verification_token,
      otp,
    });
    expect(validated.status).toBe(200);
    const weak = await company.anonymous.post('auth/reset_password/', {
      reset_token: validated.body.reset_token,
      new_password: 'short',
    });
    expect(weak.status).toBe(400);
    const reset = await company.anonymous.post('auth/reset_password/', {
      reset_token: validated.body.reset_token,
      new_password: 'NewSecret@456',
    });
    expect(reset.status).toBe(200);
    const twice = await company.anonymous.post('auth/reset_password/', {
      reset_token: validated.body.reset_token,
      new_password: 'Other@4567',
    });
    expect(twice.status).toBe(400);

    expect((await company.api.get('me/')).status).toBe(401);
    expect(
      (await company.anonymous.post('admin/auth/login/', { username: company.email, password: PASSWORD }))
        .status,
    ).toBe(401);
    expect(
      (
        await company.anonymous.post('admin/auth/login/', {
          username: company.email,
          password: 'NewSecret@456',
        })
      ).status,
    ).toBe(200);
  });
});

describe('tokens: refresh, reuse, logout', () => {
  it('rotates the refresh token; reusing a rotated one revokes the whole family', async () => {
    const company = await signUpCompany();
    const first = company.session.refresh_token;
    const rotated = await company.anonymous.post('auth/refresh/', { refresh_token: first });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first);
    const newApi = company.anonymous.as(rotated.body.access_token);
    expect((await newApi.get('me/')).status).toBe(200);

    // A replay after the grace window (the test moves the rotation back in time) is a thief's.
    await company.t.server.ctx.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where('rotated_at', 'is not', null)
      .where('token_hash', '=', hashToken(first))
      .execute();
    const replay = await company.anonymous.post('auth/refresh/', { refresh_token: first });
    expect(replay.status).toBe(401);
    // The thief's replay ended the family: the legitimate newest token is dead too.
    const afterReplay = await company.anonymous.post('auth/refresh/', {
      refresh_token: rotated.body.refresh_token,
    });
    expect(afterReplay.status).toBe(401);
    expect((await newApi.get('me/')).status).toBe(401);
  });

  it('lets a rotated token refresh again for a few seconds: two tabs, or a reload mid-refresh', async () => {
    const company = await signUpCompany();
    const first = company.session.refresh_token;
    const [a, b] = await Promise.all([
      company.anonymous.post('auth/refresh/', { refresh_token: first }),
      company.anonymous.post('auth/refresh/', { refresh_token: first }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both tabs go on working with their own new tokens.
    for (const tab of [a, b]) {
      expect((await company.anonymous.as(tab.body.access_token).get('me/')).status).toBe(200);
      expect(
        (await company.anonymous.post('auth/refresh/', { refresh_token: tab.body.refresh_token })).status,
      ).toBe(200);
    }
  });

  it('logout revokes the access and refresh tokens', async () => {
    const company = await signUpCompany();
    expect(
      (await company.api.post('auth/logout/', { refresh_token: company.session.refresh_token })).status,
    ).toBe(204);
    expect((await company.api.get('me/')).status).toBe(401);
    expect(
      (await company.anonymous.post('auth/refresh/', { refresh_token: company.session.refresh_token }))
        .status,
    ).toBe(401);
  });

  it('refuses a tampered or missing token', async () => {
    const company = await signUpCompany();
    const [h, p, s] = company.session.access_token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), cid: 1 }),
    ).toString('base64url');
    expect((await company.anonymous.as(`${h}.${forged}.${s}`).get('me/')).status).toBe(401);
    const none = await company.anonymous.get('me/');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('not_authenticated');
  });
});

describe('GET me/', () => {
  it('returns the user with company and branches', async () => {
    const company = await signUpCompany();
    const res = await company.api.get('me/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: company.userId,
      email: company.email,
      company: { id: company.companyId, is_verified: true },
    });
    expect(res.body.branches.map((b: { id: number }) => b.id)).toEqual([company.branchId]);
    expect(res.body.password_hash).toBeUndefined();
  });
});

describe('unknown API paths', () => {
  it('answer 404 route_not_found', async () => {
    const { api } = await anonymous();
    const res = await api.get('no/such/route');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('route_not_found');
  });
});

export { uniquePhone };
