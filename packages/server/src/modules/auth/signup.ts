import type { Session, SignupRequest } from '@b2b/domain/api/auth';
import { GSTIN_STATE_MISMATCH, gstinMatchesState } from '@b2b/domain/gstin';
import { hashPassword } from '../../auth/passwords.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { AppError } from '../../core/errors.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { seedChartOfAccounts } from '../accounts/accounts.service.ts';
import { insertAddress } from '../addresses/addresses.service.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { createRootCategory } from '../categories/categories.service.ts';
import { insertCompany, markCompanyVerified } from '../companies/companies.service.ts';
import { recordHistory } from '../history/history.service.ts';
import { ensureStatesAndCities, getState, seedCompanyReferenceData } from '../reference/reference.service.ts';
import { createAdminRole } from '../roles/roles.service.ts';
import {
  addUserBranches,
  assertIdentityFree,
  findLoginIdentity,
  insertUser,
} from '../users/users.service.ts';
import { insertWarehouse } from '../warehouses/warehouses.service.ts';
import * as queries from './auth.queries.ts';
import {
  type Ctx,
  FIFTEEN_MINUTES,
  INVALID_OTP,
  OTP_SENDS_PER_WINDOW,
  TOO_MANY_OTPS,
} from './auth-context.ts';
import { checkCode, sendCode } from './one-time-codes.ts';
import { afterSignIn, startSession } from './sessions.ts';

/** The company with its first branch, warehouse, Company Admin role and admin user. */
export async function createCompanyAccount(
  tx: Executor,
  input: Omit<SignupRequest, 'password'>,
  passwordHash: string,
): Promise<{ companyId: number; userId: number; branchId: number }> {
  await ensureStatesAndCities(tx);
  const state = await getState(tx, input.state_id).catch(() => {
    throw new AppError('validation_error', 'State Not Found', { errors: { state_id: ['State Not Found'] } });
  });
  // The first branch's GSTIN prints on every invoice with this state: they must agree (the
  // branch rule; the request schema checks it too, this guards callers that skip it).
  if (input.gstin && !gstinMatchesState(input.gstin, state.gst_code)) {
    throw new AppError('validation_error', GSTIN_STATE_MISMATCH, {
      errors: { gstin: [GSTIN_STATE_MISMATCH] },
    });
  }
  await assertIdentityFree(tx, input.email, input.phone);
  const company = await insertCompany(tx, {
    name: input.company_name,
    gstin: input.gstin ?? null,
    email: input.email,
    phone: input.phone,
    // Where the company came from (the sign-up page's tracking parameters), for attribution.
    utm_source: input.utm_source ?? null,
    utm_medium: input.utm_medium ?? null,
    utm_campaign: input.utm_campaign ?? null,
    utm_ad: input.utm_ad ?? null,
    utm_adgp: input.utm_adgp ?? null,
  });
  const address = {
    address_line_1: input.address_line_1,
    address_line_2: input.address_line_2 ?? null,
    city: input.city,
    state_id: input.state_id,
    pincode: input.pincode,
  };
  await insertAddress(tx, { companyId: company.id, ownerType: 'company', ownerId: company.id }, address);
  const branch = await createBranchWithWarehouse(tx, company.id, {
    name: input.branch_name,
    gstin: input.gstin ?? null,
    contact: {
      name: `${input.first_name} ${input.last_name}`.trim(),
      email: input.email,
      phone: input.phone,
    },
    address,
  });
  const role = await createAdminRole(tx, company.id);
  const user = await insertUser(tx, {
    company_id: company.id,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone,
    password_hash: passwordHash,
    role_id: role.id,
  });
  await addUserBranches(tx, company.id, user.id, [branch.id]);
  await seedCompanyReferenceData(tx, company.id);
  await seedChartOfAccounts(tx, company.id);
  await createRootCategory(tx, company.id);
  await recordHistory(tx, {
    companyId: company.id,
    entityType: 'company',
    entityId: company.id,
    action: 'signed_up',
    userId: user.id,
  });
  return { companyId: company.id, userId: user.id, branchId: branch.id };
}

/** A branch with its address and a first warehouse at the same address. */
export async function createBranchWithWarehouse(
  tx: Executor,
  companyId: number,
  branch: {
    name: string;
    gstin: string | null;
    contact: { name: string; email: string; phone: string };
    address: {
      address_line_1: string;
      address_line_2: string | null;
      city: string;
      state_id: number;
      pincode: string;
    };
  },
) {
  const row = await insertBranch(tx, {
    company_id: companyId,
    name: branch.name,
    gstin: branch.gstin,
    contact_person_name: branch.contact.name,
    contact_person_email: branch.contact.email,
    contact_person_phone: branch.contact.phone,
  });
  await insertAddress(tx, { companyId, ownerType: 'branch', ownerId: row.id }, branch.address);
  const warehouse = await insertWarehouse(tx, {
    company_id: companyId,
    branch_id: row.id,
    name: `${branch.name} Warehouse`,
  });
  await insertAddress(tx, { companyId, ownerType: 'warehouse', ownerId: warehouse.id }, branch.address);
  return row;
}

/** Sign-up: the company starts unverified until the e-mailed OTP is entered. */
export async function signup(ctx: Ctx, input: SignupRequest): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx.db, async (tx) => {
    const { userId } = await createCompanyAccount(tx, input, passwordHash);
    await sendCode(
      tx,
      ctx,
      { id: userId, email: input.email, first_name: input.first_name },
      'signup_verify',
    );
  });
  return { email: input.email };
}

/**
 * The sign-up waiting for this e-mail, or undefined: an unknown, inactive or already verified
 * account gets the same answers as a waiting one, so these routes do not tell who has an account.
 */
async function findUnverifiedSignup(db: Executor, email: string) {
  const identity = await findLoginIdentity(db, email);
  return identity?.is_active && !identity.is_verified ? identity : undefined;
}

/** Re-sends the sign-up code: 4 re-sends per e-mail in 15 minutes, counted alike for every e-mail. */
export async function resendSignupOtp(ctx: Ctx, email: string): Promise<void> {
  await hitRateLimit(ctx.db, {
    key: `signup-otp:${email.trim().toLowerCase()}`,
    limit: OTP_SENDS_PER_WINDOW - 1,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_OTPS,
  });
  await inTransaction(ctx.db, async (tx) => {
    const identity = await findUnverifiedSignup(tx, email);
    if (identity) await sendCode(tx, ctx, identity, 'signup_verify', { throttledByCaller: true });
  });
}

export async function verifySignup(ctx: Ctx, email: string, otp: string): Promise<Session> {
  const identity = await findUnverifiedSignup(ctx.db, email);
  if (!identity) throw new AppError('validation_error', INVALID_OTP, { errors: { otp: [INVALID_OTP] } });
  const code = await checkCode(ctx, (tx) => queries.lockLatestCode(tx, identity.id, 'signup_verify'), otp);
  return inTransaction(ctx.db, async (tx) => {
    await queries.consumeCode(tx, code.id);
    await markCompanyVerified(tx, identity.company_id);
    await recordHistory(tx, {
      companyId: identity.company_id,
      entityType: 'company',
      entityId: identity.company_id,
      action: 'verified',
      userId: identity.id,
    });
    return startSession(tx, ctx, { id: identity.id, companyId: identity.company_id });
  }).then(afterSignIn);
}
