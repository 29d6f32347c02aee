import { createHash } from 'node:crypto';
import { MESSAGES } from '@b2b/domain/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  PASSWORD,
  signUpCompany,
  signupInput,
  unique,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';

// The shared server starts with the first test that asks for it; on a busy machine that alone
// can take most of a test's 30 s.
beforeAll(() => testServer(), 120_000);

/** The harness allows 10 failures per source and account (test/harness.ts `authLimits`). */
const SOURCE_LIMIT = 10;
const WRONG = 'Wrong-Guess@987';

let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  return `10.${(process.pid % 200) + 20}.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('login throttling per account', () => {
  it('locks out the failing source only: the right password from elsewhere still signs in', async () => {
    const company = await signUpCompany();
    const attacker = company.anonymous.as(undefined, { 'x-forwarded-for': freshIp() });
    for (let i = 0; i < SOURCE_LIMIT; i++) {
      const res = await attacker.post('admin/auth/login/', { username: company.email, password: WRONG });
      expect(res.status).toBe(401);
    }
    const blocked = await attacker.post('admin/auth/login/', { username: company.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many login attempts/);

    const owner = company.anonymous.as(undefined, { 'x-forwarded-for': freshIp() });
    const signedIn = await owner.post('admin/auth/login/', { username: company.email, password: PASSWORD });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.email).toBe(company.email);
  });

  it('counts the e-mail and the phone of one account together', async () => {
    const input = signupInput();
    const company = await signUpCompany({ email: input.email, phone: input.phone });
    const attacker = company.anonymous.as(undefined, { 'x-forwarded-for': freshIp() });
    const statuses: number[] = [];
    for (let i = 0; i < SOURCE_LIMIT + 1; i++) {
      const username = i % 2 === 0 ? input.email : input.phone;
      const res = await attacker.post('admin/auth/login/', { username, password: WRONG });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SOURCE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[SOURCE_LIMIT]).toBe(429);
  });

  it('mails the owner once per window when failures pile up from many sources', async () => {
    const company = await signUpCompany();
    const { t } = company;
    const subject = 'Several failed sign-in attempts on your account';
    const alerts = () => t.mail.messages.filter((m) => m.to === company.email && m.subject === subject);
    for (let i = 0; i < SOURCE_LIMIT + 3; i++) {
      const res = await company.anonymous
        .as(undefined, { 'x-forwarded-for': freshIp() })
        .post('admin/auth/login/', { username: company.email, password: WRONG });
      expect(res.status).toBe(401);
    }
    await waitFor(() => (alerts().length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(alerts()).toHaveLength(1);
  });

  it('counts an unknown identifier by its string, like a known one', async () => {
    const { t } = { t: await testServer() };
    const attacker = new ApiClient(t.baseUrl).as(undefined, { 'x-forwarded-for': freshIp() });
    const username = `ghost.${unique()}@example.in`;
    const statuses: number[] = [];
    for (let i = 0; i < SOURCE_LIMIT + 1; i++)
      statuses.push((await attacker.post('admin/auth/login/', { username, password: WRONG })).status);
    expect(statuses[SOURCE_LIMIT - 1]).toBe(401);
    expect(statuses[SOURCE_LIMIT]).toBe(429);
  });
});

describe('sessions end when the password changes or the user is deactivated', () => {
  it('a password reset ends every session; a change by the user keeps only the changing session', async () => {
    const company = await signUpCompany();
    const other = await company.anonymous.post('admin/auth/login/', {
      username: company.email,
      password: PASSWORD,
    });
    expect(other.status).toBe(200);
    const otherApi = company.anonymous.as(other.body.access_token);

    const changed = await company.api.patch(`users/${company.userId}`, {
      password: 'Brand-New@Lantern5',
      current_password: PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await company.api.get('me/')).status).toBe(200);
    expect((await otherApi.get('me/')).status).toBe(401);
    const refreshOther = await company.anonymous.post('auth/refresh/', {
      refresh_token: other.body.refresh_token,
    });
    expect(refreshOther.status).toBe(401);
  });

  it("a deactivated user's refresh token no longer rotates", async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_order']);
    const off = await company.api.post(`users/${staff.user.id}/deactivate`);
    expect(off.status, JSON.stringify(off.body)).toBeLessThan(300);
    const refreshed = await company.anonymous.post('auth/refresh/', {
      refresh_token: staff.session.refresh_token,
    });
    expect(refreshed.status).toBe(401);
  });
});

describe('password rules on every path', () => {
  it('refuses common passwords and the own e-mail at sign-up', async () => {
    const t = await testServer();
    const api = new ApiClient(t.baseUrl);
    for (const password of ['Password@123', 'Welcome@1']) {
      const res = await api.post('auth/signup/', signupInput({ password }));
      expect(res.status).toBe(400);
      expect(res.body.errors.password).toEqual([MESSAGES.password_common]);
    }
    const input = signupInput();
    const own = await api.post('auth/signup/', { ...input, password: `X#1${input.email}` });
    expect(own.status).toBe(400);
    expect(own.body.errors.password).toEqual([MESSAGES.password_personal]);
  });

  it('refuses a password longer than the login accepts when a user is created', async () => {
    const company = await signUpCompany();
    const roles = await company.api.get(`companies/${company.companyId}/roles?limit=1`);
    const long = `Aa1@${'z'.repeat(125)}`;
    const res = await company.api.post(`companies/${company.companyId}/users`, {
      first_name: 'Long',
      last_name: 'Secret',
      email: `long.${unique()}@example.in`,
      password: long,
      role: roles.body.results[0].id,
      branches: [company.branchId],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual([MESSAGES.password_too_long]);
  });

  it("refuses a user's own change to a password holding their e-mail or name", async () => {
    const company = await signUpCompany({ last_name: 'Venkataraman' });
    const res = await company.api.patch(`users/${company.userId}`, {
      password: 'venkataraman#River9',
      current_password: PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual([MESSAGES.password_personal]);
    const local = company.email.split('@')[0];
    const own = await company.api.patch(`users/${company.userId}`, {
      password: `Zz#9${local}`,
      current_password: PASSWORD,
    });
    expect(own.status).toBe(400);
    expect((await company.api.get('me/')).status).toBe(200);
  });

  it('refuses a reset to a password holding the name of the account owner', async () => {
    const company = await signUpCompany({ first_name: 'Meenakshi' });
    const { t } = company;
    const before = t.mail.messages.length;
    const req = await company.anonymous.post('auth/request_reset_password_otp/', { username: company.email });
    const otp = await t.mail.otpFor(company.email, { after: before });
    const validated = await company.anonymous.post('auth/validate_reset_password_otp/', {
      verification_token: req.body.verification_token,
      otp,
    });
    const res = await company.anonymous.post('auth/reset_password/', {
      reset_token: validated.body.reset_token,
      new_password: 'Meenakshi#Garden7',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.new_password).toEqual([MESSAGES.password_personal]);
  });
});

describe('one-time codes at rest', () => {
  it('are not stored as a plain sha256 of the code', async () => {
    const company = await signUpCompany();
    const { t } = company;
    const before = t.mail.messages.length;
    await company.anonymous.post('auth/request_reset_password_otp/', { username: company.email });
    const otp = await t.mail.otpFor(company.email, { after: before });
    const row = await t.server.ctx.db
      .selectFrom('one_time_codes')
      .select(['code_hash'])
      .where('user_id', '=', company.userId)
      .where('purpose', '=', 'reset_password')
      .where('consumed_at', 'is', null)
      .executeTakeFirstOrThrow();
    const unsalted = createHash('sha256').update(`reset_password:${otp}`).digest('hex');
    expect(row.code_hash).not.toBe(unsalted);
  });
});

describe('no account enumeration', () => {
  it('forgot-password answers the same, 429 included, for real and unknown accounts', async () => {
    const company = await signUpCompany();
    const ghost = `ghost.${unique()}@example.in`;
    const run = async (username: string) => {
      const out: Array<[number, string]> = [];
      for (let i = 0; i < 6; i++) {
        const res = await company.anonymous.post('auth/request_reset_password_otp/', { username });
        out.push([res.status, res.body.detail]);
      }
      return out;
    };
    const real = await run(company.email);
    const unknown = await run(ghost);
    expect(unknown).toEqual(real);
    expect(real[5][0]).toBe(429);
  });

  it('resend_otp answers unknown, verified and waiting sign-ups alike', async () => {
    const company = await signUpCompany();
    const ghost = `ghost.${unique()}@example.in`;
    const verified = await company.anonymous.post('auth/signup/resend_otp/', { email: company.email });
    const unknown = await company.anonymous.post('auth/signup/resend_otp/', { email: ghost });
    expect(unknown.status).toBe(200);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual(unknown.body);
    const limits: number[] = [];
    for (let i = 0; i < 4; i++)
      limits.push((await company.anonymous.post('auth/signup/resend_otp/', { email: ghost })).status);
    expect(limits).toEqual([200, 200, 200, 429]);
  });
});

describe('refresh token cookie', () => {
  it('login sets an HttpOnly SameSite=Strict cookie on the auth path, refresh works from it, logout clears it', async () => {
    const company = await signUpCompany();
    const login = await company.anonymous.post('admin/auth/login/', {
      username: company.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^b2b_refresh=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    // Served over plain http here: no Secure flag (the browser would drop the cookie).
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = setCookie.split(';')[0];

    // As a browser sends it: Sec-Fetch-Site is set by the browser, never by a script.
    const refreshed = await company.anonymous.post(
      'auth/refresh/',
      {},
      { cookie, 'sec-fetch-site': 'same-origin' },
    );
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.access_token).toBeTruthy();
    // A browser's refresh token stays out of reach of scripts: only the cookie carries it.
    expect(refreshed.body.refresh_token).toBeUndefined();
    const rotated = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
    expect(rotated).not.toBe(cookie);

    const secure = await company.anonymous.post(
      'admin/auth/login/',
      { username: company.email, password: PASSWORD },
      {
        'x-forwarded-proto': 'https',
      },
    );
    expect(secure.headers.get('set-cookie')).toMatch(/; Secure/);

    const out = await company.anonymous
      .as(refreshed.body.access_token)
      .post('auth/logout/', {}, { cookie: rotated });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^b2b_refresh=;.*Max-Age=0/);
    expect((await company.anonymous.post('auth/refresh/', {}, { cookie: rotated })).status).toBe(401);
  });
});
