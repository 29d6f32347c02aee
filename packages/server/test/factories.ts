import { computeGstinCheckChar } from '@b2b/domain/gstin';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { BuyersTable } from '../src/db/schema.ts';
import { ApiClient } from './api-client.ts';
import { type TestServer, testServer } from './harness.ts';

let sequence = 0;
/** Unique per test run and worker, so tests never collide on unique keys. */
export const unique = () => `${process.pid}${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A 10-digit Indian mobile number not starting with 0, unique within this run. */
export function uniquePhone(): string {
  sequence += 1;
  return `9${String((process.pid * 7919 + Date.now() + sequence * 104729) % 1_000_000_000).padStart(9, '0')}`;
}

export function validGstin(stateCode = '27'): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = sequence++;
  const pan = `AA${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}P${String(1000 + (n % 9000))}F`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + computeGstinCheckChar(first14);
}

export const PASSWORD = 'Quiet-Harbour@42';

export function signupInput(overrides: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    company_name: `Acme ${tag}`,
    first_name: 'Priya',
    last_name: 'Sharma',
    email: `owner.${tag}@example.in`,
    phone: uniquePhone(),
    password: PASSWORD,
    gstin: validGstin('27'),
    branch_name: 'Pune',
    state_id: 27,
    city: 'Pune',
    address_line_1: '12 MG Road',
    pincode: '411001',
    ...overrides,
  };
}

export interface SignedUpCompany {
  t: TestServer;
  api: ApiClient;
  anonymous: ApiClient;
  companyId: number;
  userId: number;
  branchId: number;
  email: string;
  session: any;
}

/** Signs a company up, reads the OTP from the SMTP capture, verifies, and returns the admin's client. */
export async function signUpCompany(overrides: Record<string, unknown> = {}): Promise<SignedUpCompany> {
  const t = await testServer();
  const anonymous = new ApiClient(t.baseUrl);
  const input = signupInput(overrides);
  const before = t.mail.messages.length;
  const created = await anonymous.post('auth/signup/', input);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const otp = await t.mail.otpFor(input.email, { after: before });
  const verified = await anonymous.post('auth/signup/verify/', { email: input.email, otp });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const session = verified.body;
  return {
    t,
    api: anonymous.as(session.access_token),
    anonymous,
    companyId: session.company.id,
    userId: session.user.id,
    branchId: session.branches[0].id,
    email: input.email,
    session,
  };
}

/** A role with exactly these permissions and a user holding it, signed in. */
export async function createUserWithPermissions(company: SignedUpCompany, permissions: string[]) {
  const role = await company.api.post(`companies/${company.companyId}/roles`, {
    display_name: `Role ${unique()}`,
    description: 'test role',
    permissions,
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const email = `staff.${unique()}@example.in`;
  const user = await company.api.post(`companies/${company.companyId}/users`, {
    first_name: 'Staff',
    last_name: 'Member',
    email,
    phone: uniquePhone(),
    password: PASSWORD,
    role: role.body.id,
    branches: [company.branchId],
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const login = await company.anonymous.post('admin/auth/login/', { username: email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return {
    api: company.anonymous.as(login.body.access_token),
    user: user.body,
    role: role.body,
    session: login.body,
  };
}

type BuyerColumns = Partial<Omit<Insertable<BuyersTable>, 'company_id'>>;

/**
 * A buyer row written straight into the database (for areas that need buyers without going
 * through the buyers API), with the named sales channels of the company enabled for it.
 */
export async function insertBuyer(
  companyId: number,
  overrides: BuyerColumns & { sales_channels?: string[] } = {},
) {
  const { db } = (await testServer()).server.ctx;
  const { sales_channels: channelNames = [], ...columns } = overrides;
  const buyer = await db
    .insertInto('buyers')
    .values({ company_id: companyId, name: `Buyer ${unique()}`, ...columns })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (channelNames.length > 0) {
    const channels = await db
      .selectFrom('sales_channels')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('name', 'in', channelNames)
      .execute();
    expect(channels.map((c) => c.name).sort()).toEqual([...channelNames].sort());
    await db
      .insertInto('buyer_sales_channels')
      .values(channels.map((c) => ({ company_id: companyId, buyer_id: buyer.id, sales_channel_id: c.id })))
      .execute();
  }
  return buyer;
}

/** A 1x1 PNG: the smallest image the upload routes take. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** POST companies/{id}/logo with `bytes` as a multipart file, as the browser sends it. */
export async function uploadCompanyLogo(
  company: SignedUpCompany,
  bytes: Buffer = PNG_1x1,
  name = 'logo.png',
) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${company.t.baseUrl}/companies/${company.companyId}/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${company.api.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
