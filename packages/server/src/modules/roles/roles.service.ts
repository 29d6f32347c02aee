import type { RoleOutput } from '@b2b/domain/api/roles';
import {
  ALL_PERMISSIONS,
  COMPANY_ADMIN_ROLE,
  type Grants,
  grantRefusal,
  superiorRefusal,
} from '@b2b/domain/permissions';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './roles.queries.ts';

const recordRoleHistory = historyWriter('role');

type RoleRow = NonNullable<Awaited<ReturnType<typeof queries.findRole>>>;

/** A Company Admin role holds every permission, including ones added in later releases. */
function present(row: RoleRow): RoleOutput {
  return {
    ...row,
    permissions: row.is_admin ? [...ALL_PERMISSIONS] : [...row.permissions].sort(),
    user_count: Number(row.user_count ?? 0),
  };
}

export async function getRole(db: Executor, companyId: number, id: number): Promise<RoleOutput> {
  const row = await queries.findRole(db, companyId, id);
  if (!row) throw notFound('Role');
  return present(row);
}

export async function listRoles(
  db: Executor,
  companyId: number,
  filter: queries.RoleFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listRoles(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

async function assertNameFree(db: Executor, companyId: number, name: string, exceptId?: number) {
  if (await queries.findRoleByName(db, companyId, name, exceptId)) {
    throw validationError('display_name', 'A role with this name already exists.');
  }
}

export function createAdminRole(tx: Executor, companyId: number) {
  return queries.insertRole(tx, {
    company_id: companyId,
    display_name: COMPANY_ADMIN_ROLE,
    description: 'Full access to everything in the company.',
    permissions: [],
    is_admin: true,
  });
}

/**
 * What the actor holds right now, read inside the transaction that relies on it (the cached
 * principal may be a moment old), with their role share-locked until it commits.
 */
export async function grantsOfActor(tx: Executor, actor: Principal): Promise<Grants> {
  const row = await queries.lockGrantsOfUser(tx, actor.companyId, actor.userId);
  if (!row?.user_active) return { isAdmin: false, permissions: [] };
  return { isAdmin: row.is_admin, permissions: row.role_active ? row.permissions : [] };
}

/** 403 unless the actor holds everything `granted` gives (see grantRefusal). */
export function assertMayGrant(actor: Grants, granted: Grants) {
  const refusal = grantRefusal(actor, granted);
  if (refusal) throw new AppError('permission_denied', refusal);
}

/** 403 unless the actor holds everything the user or role they change holds (see superiorRefusal). */
export function assertNotSuperior(actor: Grants, target: Grants, kind: 'user' | 'role') {
  const refusal = superiorRefusal(actor, target, kind);
  if (refusal) throw new AppError('permission_denied', refusal);
}

/** The Company Admin role locked, so that changes which could leave no active admin take turns. */
export async function lockAdminRole(tx: Executor, companyId: number) {
  return queries.lockAdminRole(tx, companyId);
}

export async function createRole(options: {
  db: Database;
  actor: Principal;
  input: { display_name: string; description: string; permissions: string[] };
}): Promise<RoleOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    assertMayGrant(await grantsOfActor(tx, actor), { isAdmin: false, permissions: input.permissions });
    await assertNameFree(tx, actor.companyId, input.display_name);
    const row = await queries.insertRole(tx, {
      company_id: actor.companyId,
      ...input,
      permissions: [...new Set(input.permissions)],
    });
    await recordRoleHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getRole(db, actor.companyId, id);
}

async function changeRole(
  db: Database,
  actor: Principal,
  roleId: number,
  action: string,
  decide: (current: { permissions: string[]; is_admin: boolean }) => Parameters<typeof queries.updateRole>[3],
): Promise<RoleOutput> {
  await inTransaction(db, async (tx) => {
    const current = await queries.lockRole(tx, actor.companyId, roleId);
    if (!current) throw notFound('Role');
    // Nobody changes (or brings back to life) a role above their own, nor adds to a role a
    // permission they lack themselves.
    const grants = await grantsOfActor(tx, actor);
    assertNotSuperior(grants, { isAdmin: current.is_admin, permissions: current.permissions }, 'role');
    const changes = decide(current);
    const added = (changes.permissions ?? []).filter((p) => !current.permissions.includes(p));
    assertMayGrant(grants, { isAdmin: false, permissions: added });
    await queries.updateRole(tx, actor.companyId, roleId, changes);
    await recordRoleHistory(tx, actor, roleId, action, changes);
  });
  forgetPrincipals(actor.companyId);
  return getRole(db, actor.companyId, roleId);
}

function guardAdminRole(current: { is_admin: boolean }, what: string) {
  if (current.is_admin)
    throw conflict(`The Company Admin role always has every permission; its ${what} cannot be changed.`);
}

export async function updateRole(options: {
  db: Database;
  actor: Principal;
  roleId: number;
  changes: { display_name?: string; description?: string; permissions?: string[] };
}) {
  const { db, actor, roleId, changes } = options;
  if (changes.display_name) await assertNameFree(db, actor.companyId, changes.display_name, roleId);
  return changeRole(db, actor, roleId, 'updated', (current) => {
    if (current.is_admin && (changes.permissions || changes.display_name))
      guardAdminRole(current, 'name and permissions');
    return { ...changes, ...(changes.permissions ? { permissions: [...new Set(changes.permissions)] } : {}) };
  });
}

export function addPermissions(options: {
  db: Database;
  actor: Principal;
  roleId: number;
  permissions: string[];
}) {
  return changeRole(options.db, options.actor, options.roleId, 'permissions_added', (current) => {
    guardAdminRole(current, 'permissions');
    return { permissions: [...new Set([...current.permissions, ...options.permissions])] };
  });
}

export function removePermissions(options: {
  db: Database;
  actor: Principal;
  roleId: number;
  permissions: string[];
}) {
  const removed = new Set(options.permissions);
  return changeRole(options.db, options.actor, options.roleId, 'permissions_removed', (current) => {
    guardAdminRole(current, 'permissions');
    return { permissions: current.permissions.filter((p) => !removed.has(p)) };
  });
}

export function setRoleActive(options: { db: Database; actor: Principal; roleId: number; active: boolean }) {
  return changeRole(
    options.db,
    options.actor,
    options.roleId,
    options.active ? 'activated' : 'deactivated',
    (current) => {
      if (current.is_admin && !options.active) {
        throw new AppError('conflict', 'The Company Admin role cannot be deactivated.');
      }
      return { is_active: options.active };
    },
  );
}

/** For changes kept beside the role (an address): the role must not be above the actor. */
export async function assertRoleChangeable(db: Database, actor: Principal, roleId: number) {
  await inTransaction(db, async (tx) => {
    const current = await queries.lockRole(tx, actor.companyId, roleId);
    if (!current) throw notFound('Role');
    const target = { isAdmin: current.is_admin, permissions: current.permissions };
    assertNotSuperior(await grantsOfActor(tx, actor), target, 'role');
  });
}

/**
 * Used when a user is given a role: the role must exist in the company and be active, and the one
 * who gives it must hold everything it grants.
 */
export async function assertAssignableRole(db: Executor, companyId: number, roleId: number, granter: Grants) {
  const role = await queries.findRole(db, companyId, roleId);
  if (!role) throw validationError('role', 'Role Not Found');
  if (!role.is_active)
    throw validationError('role', 'This role is inactive; activate it before assigning it.');
  assertMayGrant(granter, { isAdmin: role.is_admin, permissions: role.permissions });
  return role;
}

/** What a user holds through their role (active or not), for deciding who may change them. */
export async function grantsOfRole(db: Executor, companyId: number, roleId: number): Promise<Grants> {
  const role = await queries.findRole(db, companyId, roleId);
  return { isAdmin: role?.is_admin ?? false, permissions: role?.permissions ?? [] };
}
