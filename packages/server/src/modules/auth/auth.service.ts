import { randomUUID } from 'node:crypto';
import type { Me, Session, SignupRequest } from '@b2b/domain/api/auth';
import { GSTIN_STATE_MISMATCH, gstinMatchesState } from '@b2b/domain/gstin';
import { ALL_PERMISSIONS } from '@b2b/domain/permissions';
import { passwordProblem } from '@b2b/domain/validation';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { assertUnderLimit, countHit, hitRateLimit, readHits } from '../../auth/rate-limit.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hashCode,
  hashToken,
  newOpaqueToken,
  newOtpCode,
  REFRESH_TOKEN_TTL_SECONDS,
  sameHash,
  signAccessToken,
} from '../../auth/tokens.ts';
import { AppError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { OneTimeCodePurpose, OneTimeCodesTable } from '../../db/schema.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { queueMail } from '../../mail/mail-jobs.ts';
import { seedChartOfAccounts } from '../accounts/accounts.service.ts';
import { insertAddress } from '../addresses/addresses.service.ts';
import { insertBranch } from '../branches/branches.service.ts';
import { createRootCategory } from '../categories/categories.service.ts';
import { insertCompany, markCompanyVerified } from '../companies/companies.service.ts';
import { recordHistory } from '../history/history.service.ts';
import { ensureStatesAndCities, getState, seedCompanyReferenceData } from '../reference/reference.service.ts';
import { createAdminRole } from '../roles/roles.service.ts';
import {
  addUserBranches,
  assertIdentityFree,
  branchesOfUser,
  findLoginIdentity,
  insertUser,
  setPasswordHash,
  touchLastLogin,
} from '../users/users.service.ts';
import { insertWarehouse } from '../warehouses/warehouses.service.ts';
import * as queries from './auth.queries.ts';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_WINDOW = 5;
const OTP_SEND_WINDOW_MS = 15 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60;

export interface AuthLimits {
  /**
   * Wrong passwords one source (IP address) may try on one account (all its identifiers together)
   * in 15 minutes before that source is refused for the account; the account's owner elsewhere is
   * not. The same count across all sources mails the owner an alert and starts slowing answers down.
   */
  loginPerUsername: number;
  /** Login attempts of one IP address on any accounts in 15 minutes. */
  loginPerIp: number;
}
export const DEFAULT_AUTH_LIMITS: AuthLimits = { loginPerUsername: 10, loginPerIp: 200 };
/** The slow-down of a login on an account under attack: doubles per failure past the limit, up to this. */
const MAX_LOGIN_DELAY_MS = 4000;
const FIRST_LOGIN_DELAY_MS = 250;

type Ctx = Pick<AppContext, 'db' | 'jobs' | 'secrets'> & { limits?: AuthLimits };

const INVALID_CREDENTIALS = 'Invalid username or password.';
const NOT_VERIFIED = 'Your company is not verified yet. Please enter the OTP sent to your email.';
const INVALID_OTP = 'Invalid OTP. Please check the code and try again.';
const EXPIRED_OTP = 'This OTP has expired. Please request a new one.';
const DEAD_OTP = 'Too many wrong attempts. Please request a new OTP.';
const TOO_MANY_OTPS = 'Too many OTP requests. Please try again after 15 minutes.';

// ---------------------------------------------------------------------------------------------
// Session

export async function me(db: Executor, userId: number): Promise<Me> {
  const row = await queries.findMe(db, userId);
  if (!row) throw new AppError('not_authenticated', 'Your session has ended. Please log in again.');
  const branches = await branchesOfUser(db, row.company_id, row.id);
  const permissions = row.is_admin
    ? [...ALL_PERMISSIONS]
    : row.role_active
      ? [...row.permissions].sort()
      : [];
  return {
    id: row.id,
    username: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    is_active: row.is_active,
    company: {
      id: row.company_id,
      name: row.company_name,
      is_verified: row.is_verified,
      is_marketing_enabled: row.is_marketing_enabled,
    },
    branches,
    role: { id: row.role_id, display_name: row.role_name },
    access_permissions: {
      navigation: row.is_admin ? 'all' : permissions.filter((p) => p.startsWith('view_')),
      permissions,
    },
  };
}

async function issueTokens(
  tx: Executor,
  ctx: Ctx,
  user: { id: number; companyId: number },
  sessionId: string,
) {
  const refreshToken = newOpaqueToken();
  await queries.insertRefreshToken(tx, {
    token_hash: hashToken(refreshToken),
    session_id: sessionId,
    company_id: user.companyId,
    expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const accessToken = signAccessToken(
    { userId: user.id, companyId: user.companyId, sessionId },
    ctx.secrets.jwt,
  );
  return { accessToken, refreshToken };
}

async function startSession(
  tx: Executor,
  ctx: Ctx,
  user: { id: number; companyId: number },
): Promise<Session> {
  const sessionId = randomUUID();
  await queries.insertSession(tx, { id: sessionId, company_id: user.companyId, user_id: user.id });
  await touchLastLogin(tx, user.id);
  const tokens = await issueTokens(tx, ctx, user, sessionId);
  return sessionResponse(tx, user.id, tokens);
}

async function sessionResponse(
  db: Executor,
  userId: number,
  tokens: { accessToken: string; refreshToken: string },
): Promise<Session> {
  const user = await me(db, userId);
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    token_type: 'Bearer',
    user,
    company: user.company,
    branches: user.branches,
  };
}

// ---------------------------------------------------------------------------------------------
// One-time codes

async function sendCode(
  tx: Executor,
  ctx: Ctx,
  user: { id: number; email: string; first_name: string },
  purpose: OneTimeCodePurpose,
  options: { throttledByCaller?: boolean } = {},
): Promise<string> {
  // Callers that answer unknown accounts too count by identifier instead (the same 429 for all).
  if (!options.throttledByCaller) {
    const { n } = await queries.countRecentCodes(tx, user.id, new Date(Date.now() - OTP_SEND_WINDOW_MS));
    if (Number(n) >= OTP_SENDS_PER_WINDOW) throw new AppError('rate_limited', TOO_MANY_OTPS);
  }
  await queries.retireCodes(tx, user.id, purpose);
  const code = newOtpCode();
  const verificationToken = newOpaqueToken();
  await queries.insertOneTimeCode(tx, {
    user_id: user.id,
    purpose,
    verification_token_hash: hashCode(ctx.secrets.jwt, verificationToken),
    code_hash: hashCode(ctx.secrets.jwt, `${purpose}:${code}`),
    expires_at: new Date(Date.now() + OTP_TTL_MS),
  });
  const what = {
    signup_verify: 'verify your company',
    login: 'log in',
    reset_password: 'reset your password',
  }[purpose];
  await queueMail(
    ctx.jobs,
    {
      to: user.email,
      subject: `Your OTP is ${code}`,
      text: `Hello ${user.first_name},\n\nUse OTP ${code} to ${what}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.`,
    },
    tx,
  );
  return verificationToken;
}

/**
 * Checks a code under a row lock. A wrong code counts an attempt and is committed even though the
 * request fails, so the fifth wrong try kills the code for good.
 */
async function checkCode(
  ctx: Ctx,
  lock: (tx: Executor) => Promise<Selectable<OneTimeCodesTable> | undefined>,
  otp: string,
) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const code = await lock(tx);
    if (!code || code.consumed_at) return { error: INVALID_OTP } as const;
    if (code.expires_at.getTime() <= Date.now()) return { error: EXPIRED_OTP } as const;
    if (code.attempts >= OTP_MAX_ATTEMPTS) return { error: DEAD_OTP } as const;
    if (!sameHash(code.code_hash, hashCode(ctx.secrets.jwt, `${code.purpose}:${otp}`))) {
      const { attempts } = await queries.countFailedAttempt(tx, code.id);
      if (attempts >= OTP_MAX_ATTEMPTS) await queries.consumeCode(tx, code.id);
      return { error: attempts >= OTP_MAX_ATTEMPTS ? DEAD_OTP : INVALID_OTP } as const;
    }
    return { code } as const;
  });
  if ('error' in outcome)
    throw new AppError('validation_error', outcome.error as string, {
      errors: { otp: [outcome.error as string] },
    });
  return outcome.code;
}

// ---------------------------------------------------------------------------------------------
// Sign-up and verification

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

/** Signing in writes last_login_at, which user lists show: retire the company's cached reads after commit. */
function afterSignIn(session: Session): Session {
  forgetPrincipals(session.company.id);
  return session;
}

// ---------------------------------------------------------------------------------------------
// Login

/**
 * Who a login names: the account behind an e-mail or phone (so both count together), or the
 * identifier itself when no account has it (unknown names are counted the same way).
 */
const accountKey = (identity: { id: number } | undefined, username: string) =>
  identity ? `user:${identity.id}` : `name:${username.trim().toLowerCase()}`;

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again in 15 minutes.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Guessing is slowed without locking the owner out: a source (IP address) that failed too often on
 * an account is refused for it, every source's answer slows down once the account's failures pass
 * the limit, and the owner is mailed once per window. The right password from a source that has
 * not been failing still signs in.
 */
async function throttleLogin(ctx: Ctx, account: string, ip: string) {
  const limits = ctx.limits ?? DEFAULT_AUTH_LIMITS;
  await hitRateLimit(ctx.db, {
    key: `login:ip:${ip}`,
    limit: limits.loginPerIp,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_LOGINS,
  });
  await assertUnderLimit(ctx.db, {
    key: `login:fail:${ip}:${account}`,
    limit: limits.loginPerUsername,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_LOGINS,
  });
}

async function slowDownLogin(ctx: Ctx, account: string) {
  const limits = ctx.limits ?? DEFAULT_AUTH_LIMITS;
  const failures = await readHits(ctx.db, `login:fail:${account}`, FIFTEEN_MINUTES);
  const over = failures - limits.loginPerUsername;
  if (over >= 0) await sleep(Math.min(FIRST_LOGIN_DELAY_MS * 2 ** over, MAX_LOGIN_DELAY_MS));
}

async function countLoginFailure(
  ctx: Ctx,
  account: string,
  ip: string,
  identity: { email: string; first_name: string } | undefined,
) {
  const limits = ctx.limits ?? DEFAULT_AUTH_LIMITS;
  await countHit(ctx.db, `login:fail:${ip}:${account}`, FIFTEEN_MINUTES);
  const failures = await countHit(ctx.db, `login:fail:${account}`, FIFTEEN_MINUTES);
  // Exactly one request sees the count reach the limit in a window: one alert per window.
  if (identity && failures === limits.loginPerUsername) {
    await queueMail(ctx.jobs, {
      to: identity.email,
      subject: 'Several failed sign-in attempts on your account',
      text: `Hello ${identity.first_name},\n\nThere were ${failures} failed attempts to sign in to your account in the last 15 minutes. Sign-ins from the addresses that failed are paused for a while; you can still sign in as usual.\n\nIf this was not you, someone may be guessing your password: change it to one you use nowhere else.`,
    });
  }
}

function assertCanSignIn(identity: { is_active: boolean; is_verified: boolean; email: string }) {
  if (!identity.is_active)
    throw new AppError('invalid_credentials', 'Your account is inactive. Please contact your Company Admin.');
  if (!identity.is_verified)
    throw new AppError('company_not_verified', NOT_VERIFIED, { extra: { email: identity.email } });
}

export async function login(
  ctx: Ctx,
  input: { username: string; password: string; ip: string },
): Promise<Session> {
  const identity = await findLoginIdentity(ctx.db, input.username);
  const account = accountKey(identity, input.username);
  await throttleLogin(ctx, account, input.ip);
  await slowDownLogin(ctx, account);
  const valid = await verifyPassword(identity?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!identity || !valid) {
    await countLoginFailure(ctx, account, input.ip, identity);
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  assertCanSignIn(identity);
  return inTransaction(ctx.db, (tx) =>
    startSession(tx, ctx, { id: identity.id, companyId: identity.company_id }),
  ).then(afterSignIn);
}

/**
 * Sends a login or reset code. An unknown username gets the same answer with a token that can
 * never validate, so the endpoint does not reveal who has an account.
 */
async function requestCode(ctx: Ctx, username: string, ip: string, purpose: 'login' | 'reset_password') {
  await hitRateLimit(ctx.db, {
    key: `otp:ip:${ip}`,
    limit: (ctx.limits ?? DEFAULT_AUTH_LIMITS).loginPerIp,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_OTPS,
  });
  const identity = await findLoginIdentity(ctx.db, username);
  // Counted per account (or per unknown identifier) before anything differs between the two.
  await hitRateLimit(ctx.db, {
    key: `otp:${accountKey(identity, username)}`,
    limit: OTP_SENDS_PER_WINDOW,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_OTPS,
  });
  if (!identity?.is_active) return newOpaqueToken();
  if (purpose === 'login') assertCanSignIn(identity);
  return inTransaction(ctx.db, (tx) => sendCode(tx, ctx, identity, purpose, { throttledByCaller: true }));
}

export const requestLoginOtp = (ctx: Ctx, username: string, ip: string) =>
  requestCode(ctx, username, ip, 'login');

export async function validateLoginOtp(ctx: Ctx, verificationToken: string, otp: string): Promise<Session> {
  const code = await checkCode(
    ctx,
    (tx) => queries.lockCodeByToken(tx, hashCode(ctx.secrets.jwt, verificationToken)),
    otp,
  );
  if (code.purpose !== 'login')
    throw new AppError('validation_error', INVALID_OTP, { errors: { otp: [INVALID_OTP] } });
  return inTransaction(ctx.db, async (tx) => {
    await queries.consumeCode(tx, code.id);
    const identity = await queries.findMe(tx, code.user_id);
    if (!identity) throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
    return startSession(tx, ctx, { id: identity.id, companyId: identity.company_id });
  }).then(afterSignIn);
}

// ---------------------------------------------------------------------------------------------
// Password reset

export const requestPasswordReset = (ctx: Ctx, username: string, ip: string) =>
  requestCode(ctx, username, ip, 'reset_password');

export async function validateResetOtp(ctx: Ctx, verificationToken: string, otp: string): Promise<string> {
  const code = await checkCode(
    ctx,
    (tx) => queries.lockCodeByToken(tx, hashCode(ctx.secrets.jwt, verificationToken)),
    otp,
  );
  if (code.purpose !== 'reset_password')
    throw new AppError('validation_error', INVALID_OTP, { errors: { otp: [INVALID_OTP] } });
  const resetToken = newOpaqueToken();
  await queries.markCodeVerified(ctx.db, code.id, hashCode(ctx.secrets.jwt, resetToken));
  return resetToken;
}

/** A new password ends every session of the user: whoever knew the old one is signed out. */
export async function resetPassword(ctx: Ctx, resetToken: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const companyId = await inTransaction(ctx.db, async (tx) => {
    const code = await queries.lockCodeByResetToken(tx, hashCode(ctx.secrets.jwt, resetToken));
    const invalid = 'This reset link has expired. Please request a new OTP.';
    if (!code || code.consumed_at || !code.verified_at || code.expires_at.getTime() <= Date.now()) {
      throw new AppError('validation_error', invalid, { errors: { reset_token: [invalid] } });
    }
    const user = await queries.findMe(tx, code.user_id);
    const problem = user && passwordProblem(newPassword, user);
    if (problem) throw new AppError('validation_error', problem, { errors: { new_password: [problem] } });
    await queries.consumeCode(tx, code.id);
    await setPasswordHash(tx, code.user_id, passwordHash);
    if (user) await queries.revokeSessionsOfUser(tx, user.company_id, user.id, 'password_reset');
    return user?.company_id;
  });
  if (companyId) forgetPrincipals(companyId);
}

// ---------------------------------------------------------------------------------------------
// Refresh and logout

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * Rotates a refresh token. A token that was already rotated is being replayed: someone holds a
 * stolen copy, so the whole session family is revoked and both holders must sign in again.
 */
export async function refresh(ctx: Ctx, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw new AppError('not_authenticated', SESSION_ENDED);
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const token = await queries.lockRefreshToken(tx, hashToken(refreshToken));
    if (!token || token.revoked_at) return { ended: true } as const;
    if (!token.user_active) {
      await queries.revokeSession(tx, token.session_id, 'user_inactive');
      return { ended: true, companyId: token.company_id } as const;
    }
    if (token.rotated_at) {
      await queries.revokeSession(tx, token.session_id, 'refresh_token_reuse');
      return { ended: true, companyId: token.company_id } as const;
    }
    if (token.expires_at.getTime() <= Date.now()) return { ended: true } as const;
    await queries.markRefreshTokenRotated(tx, token.token_hash);
    const tokens = await issueTokens(
      tx,
      ctx,
      { id: token.user_id, companyId: token.company_id },
      token.session_id,
    );
    return { session: await sessionResponse(tx, token.user_id, tokens) } as const;
  });
  if (outcome.session) return outcome.session;
  if ('companyId' in outcome && outcome.companyId) forgetPrincipals(outcome.companyId);
  throw new AppError('not_authenticated', SESSION_ENDED);
}

export async function logout(ctx: Ctx, principal: Principal): Promise<void> {
  await queries.revokeSession(ctx.db, principal.sessionId, 'logout');
  forgetPrincipals(principal.companyId);
}
