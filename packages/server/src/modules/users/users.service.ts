import type { UserCreate, UserOutput, UserUpdate } from '@b2b/domain/api/users';
import type { Grants } from '@b2b/domain/permissions';
import { passwordProblem } from '@b2b/domain/validation';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { AppError, conflict, notFound } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { endOtherSessions } from '../auth/end-sessions.ts';
import { assertActiveBranches } from '../branches/branch-checks.ts';
import { historyWriter } from '../history/history.service.ts';
import {
  assertAssignableRole,
  assertNotSuperior,
  grantsOfActor,
  grantsOfRole,
  lockAdminRole,
} from '../roles/roles.service.ts';
import * as queries from './users.queries.ts';

export {
  addUserBranches,
  findLoginIdentity,
  insertUser,
  setPasswordHash,
  touchLastLogin,
} from './users.queries.ts';

const recordUserHistory = historyWriter('user');

type UserRow = NonNullable<Awaited<ReturnType<typeof queries.findUser>>>;

async function present(db: Executor, companyId: number, rows: UserRow[]): Promise<UserOutput[]> {
  const branches = await queries.branchesOfUsers(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map(({ role_id, role_name, ...user }) => ({
    ...user,
    role: { id: role_id, display_name: role_name },
    branches: branches.filter((b) => b.user_id === user.id).map((b) => ({ id: b.id, name: b.name })),
  }));
}

export async function getUser(db: Executor, companyId: number, userId: number): Promise<UserOutput> {
  const row = await queries.findUser(db, companyId, userId);
  if (!row) throw notFound('User');
  const [user] = await present(db, companyId, [row]);
  return user;
}

export async function listUsers(
  db: Executor,
  companyId: number,
  filter: queries.UserFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listUsers(db, companyId, filter, sort, window);
  return { count: Number(n), results: await present(db, companyId, rows) };
}

/** E-mail and phone sign people in across all companies, so they must be unique everywhere. */
export async function assertIdentityFree(
  db: Executor,
  email: string,
  phone: string | null | undefined,
  exceptId?: number,
) {
  const clashes = await queries.findUserIdByEmailOrPhone(db, email, phone ?? null, exceptId);
  const errors: Record<string, string[]> = {};
  if (clashes.some((u) => u.email.toLowerCase() === email.toLowerCase()))
    errors.email = ['A user with this email already exists.'];
  if (phone && clashes.some((u) => u.phone === phone))
    errors.phone = ['A user with this phone number already exists.'];
  const first = Object.values(errors)[0];
  if (first) throw new AppError('validation_error', first[0], { errors });
}

/**
 * Locks a user that the actor is about to change. Nobody changes a user above themselves: taking
 * over their sign-in, or switching them back on, would reach permissions the actor lacks.
 */
export async function lockChangeableUser(tx: Executor, actor: Principal, userId: number, grants: Grants) {
  const current = await queries.lockUser(tx, actor.companyId, userId);
  if (!current) throw notFound('User');
  await assertNotAbove(tx, actor, current, grants);
  return current;
}

async function assertNotAbove(
  tx: Executor,
  actor: Principal,
  user: { id: number; role_id: number },
  grants: Grants,
) {
  if (user.id !== actor.userId)
    assertNotSuperior(grants, await grantsOfRole(tx, actor.companyId, user.role_id), 'user');
}

/** For changes kept beside the user (an address): the actor must be allowed to change the user. */
export async function assertUserChangeable(db: Database, actor: Principal, userId: number) {
  await inTransaction(db, async (tx) => {
    await lockChangeableUser(tx, actor, userId, await grantsOfActor(tx, actor));
  });
}

/**
 * A company always keeps an active Company Admin. Callers hold the admin role's lock (taken before
 * anything else), so two admins demoting each other at once cannot both succeed.
 */
async function assertAnotherActiveAdmin(tx: Executor, companyId: number, userId: number) {
  const { n } = await queries.countOtherActiveAdmins(tx, companyId, userId);
  if (Number(n) === 0) throw conflict('The company must keep at least one active Company Admin.');
}

/** Work in a branch is granted, like a permission, only by someone who works there (or an admin). */
function assertMayGrantBranches(actor: Principal, branchIds: readonly number[]) {
  for (const branchId of branchIds) assertBranchAccess(actor, branchId);
}

const OTHERS_PASSWORD =
  "You do not have permissions to set another user's password. Send them a password reset instead.";

export async function createUser(options: {
  db: Database;
  actor: Principal;
  input: UserCreate;
}): Promise<UserOutput> {
  const { db, actor, input } = options;
  const passwordHash = await hashPassword(input.password);
  const userId = await inTransaction(db, async (tx) => {
    await assertAssignableRole(tx, actor.companyId, input.role, await grantsOfActor(tx, actor));
    await assertActiveBranches(tx, actor.companyId, input.branches);
    assertMayGrantBranches(actor, input.branches);
    await assertIdentityFree(tx, input.email, input.phone);
    const { id } = await queries.insertUser(tx, {
      company_id: actor.companyId,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      phone: input.phone ?? null,
      password_hash: passwordHash,
      role_id: input.role,
    });
    await queries.addUserBranches(tx, actor.companyId, id, input.branches);
    const { password: _secret, ...logged } = input;
    await recordUserHistory(tx, actor, id, 'created', logged);
    return id;
  });
  return getUser(db, actor.companyId, userId);
}

export async function updateUser(options: {
  db: Database;
  actor: Principal;
  userId: number;
  changes: UserUpdate;
}): Promise<UserOutput> {
  const { db, actor, userId, changes } = options;
  const { password, role, current_password: currentPassword, ...plain } = changes;
  // Whoever sets a password can sign in with it: only its owner does; admins send a reset.
  if (password && userId !== actor.userId) throw new AppError('permission_denied', OTHERS_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : undefined;
  await inTransaction(db, async (tx) => {
    if (role !== undefined) await lockAdminRole(tx, actor.companyId);
    const grants = await grantsOfActor(tx, actor);
    const current = await queries.lockUser(tx, actor.companyId, userId);
    if (!current) throw notFound('User');
    if (role !== undefined && role !== current.role_id) {
      // This also keeps users from moving themselves to a bigger role.
      await assertAssignableRole(tx, actor.companyId, role, grants);
    }
    await assertNotAbove(tx, actor, current, grants);
    if (role !== undefined && role !== current.role_id) {
      const before = await grantsOfRole(tx, actor.companyId, current.role_id);
      const after = await grantsOfRole(tx, actor.companyId, role);
      if (before.isAdmin && !after.isAdmin) await assertAnotherActiveAdmin(tx, actor.companyId, userId);
    }
    if (userId === actor.userId)
      await assertOwnerPassword(tx, actor, { password, ...plain }, currentPassword);
    if (plain.email || plain.phone) {
      const existing = await queries.findUser(tx, actor.companyId, userId);
      await assertIdentityFree(tx, plain.email ?? existing?.email ?? '', plain.phone, userId);
    }
    if (password) {
      // The name and e-mail rule needs the stored person; a new password ends the other sessions.
      const existing = await queries.findUser(tx, actor.companyId, userId);
      const problem = passwordProblem(password, { ...existing, ...plain });
      if (problem) throw new AppError('validation_error', problem, { errors: { password: [problem] } });
      await endOtherSessions(tx, {
        companyId: actor.companyId,
        userId,
        keepSessionId: actor.sessionId,
        reason: 'password_changed',
      });
    }
    await queries.updateUser(tx, actor.companyId, userId, {
      ...plain,
      ...(role !== undefined ? { role_id: role } : {}),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    await recordUserHistory(tx, actor, userId, 'updated', {
      ...plain,
      ...(role !== undefined ? { role } : {}),
      ...(password ? { password: 'changed' } : {}),
    });
  });
  forgetPrincipals(actor.companyId);
  return getUser(db, actor.companyId, userId);
}

export const USER_CREDENTIAL_MESSAGES = {
  current_password_required: 'Enter your current password to change your password, e-mail or phone.',
  current_password_wrong: 'The current password is not correct.',
} as const;

/**
 * A user changing their own password or sign-in identity proves they know the current password,
 * so a session left open (or a stolen access token) cannot take the account over.
 */
async function assertOwnerPassword(
  tx: Executor,
  actor: Principal,
  changes: { password?: string | undefined; email?: string | undefined; phone?: string | null | undefined },
  currentPassword: string | undefined,
) {
  const stored = await queries.credentialsOf(tx, actor.companyId, actor.userId);
  if (!stored) throw notFound('User');
  const changesIdentity =
    (changes.email !== undefined && changes.email.toLowerCase() !== stored.email.toLowerCase()) ||
    (changes.phone !== undefined && (changes.phone ?? null) !== stored.phone);
  if (!changes.password && !changesIdentity) return;
  const refuse = (message: string) =>
    new AppError('validation_error', message, { errors: { current_password: [message] } });
  if (!currentPassword) throw refuse(USER_CREDENTIAL_MESSAGES.current_password_required);
  if (!(await verifyPassword(stored.password_hash, currentPassword)))
    throw refuse(USER_CREDENTIAL_MESSAGES.current_password_wrong);
}

export async function setUserActive(options: {
  db: Database;
  actor: Principal;
  userId: number;
  active: boolean;
}) {
  const { db, actor, userId, active } = options;
  if (userId === actor.userId && !active) throw conflict('You cannot deactivate yourself.');
  await inTransaction(db, async (tx) => {
    if (!active) await lockAdminRole(tx, actor.companyId);
    const current = await lockChangeableUser(tx, actor, userId, await grantsOfActor(tx, actor));
    if (!active && current.is_active && (await grantsOfRole(tx, actor.companyId, current.role_id)).isAdmin)
      await assertAnotherActiveAdmin(tx, actor.companyId, userId);
    await queries.updateUser(tx, actor.companyId, userId, { is_active: active });
    await recordUserHistory(tx, actor, userId, active ? 'activated' : 'deactivated');
  });
  forgetPrincipals(actor.companyId);
  return getUser(db, actor.companyId, userId);
}

export async function changeUserBranches(options: {
  db: Database;
  actor: Principal;
  userId: number;
  branchIds: number[];
  assign: boolean;
}) {
  const { db, actor, userId, branchIds, assign } = options;
  await inTransaction(db, async (tx) => {
    await lockChangeableUser(tx, actor, userId, await grantsOfActor(tx, actor));
    if (assign) {
      await assertActiveBranches(tx, actor.companyId, branchIds);
      assertMayGrantBranches(actor, branchIds);
      await queries.addUserBranches(tx, actor.companyId, userId, branchIds);
    } else {
      await queries.removeUserBranches(tx, actor.companyId, userId, branchIds);
      const { n } = await queries.countUserBranches(tx, actor.companyId, userId);
      if (Number(n) === 0) throw conflict('A user must keep at least one branch.');
    }
    await recordUserHistory(tx, actor, userId, assign ? 'branches_assigned' : 'branches_unassigned', {
      branches: branchIds,
    });
  });
  forgetPrincipals(actor.companyId);
  return getUser(db, actor.companyId, userId);
}

/** The branches a user works in, as the session and me/ show them. */
export async function branchesOfUser(db: Executor, companyId: number, userId: number) {
  const rows = await queries.branchesOfUsers(db, companyId, [userId]);
  return rows.map(({ id, name, is_active }) => ({ id, name, is_active }));
}
