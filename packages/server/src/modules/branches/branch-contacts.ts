import { BRANCH_MESSAGES, MAX_BRANCH_CONTACTS } from '@b2b/domain/api/branches';
import { AppError, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { findBranchOrFail } from './branch-checks.ts';
import * as queries from './branches.queries.ts';
import { changeBranch } from './change-branch.ts';

export async function listBranchContacts(db: Executor, companyId: number, branchId: number) {
  await findBranchOrFail(db, companyId, branchId);
  return queries.listBranchContacts(db, companyId, branchId);
}

type ContactInput = { name: string; email?: string | null; phone?: string | null };

export const addBranchContact = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  contact: ContactInput;
}) =>
  changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'notification_contact_added',
    async (tx) => {
      const existing = await queries.listBranchContacts(tx, options.actor.companyId, options.branchId);
      if (existing.length >= MAX_BRANCH_CONTACTS) {
        throw validationError('non_field_errors', BRANCH_MESSAGES.too_many_contacts);
      }
      return queries.insertBranchContact(tx, options.actor.companyId, options.branchId, options.contact);
    },
    (contact) => ({ ...contact }),
  );

export const updateBranchContact = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  contactId: number;
  changes: Partial<ContactInput>;
}) =>
  changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'notification_contact_updated',
    async (tx) => {
      const { companyId } = options.actor;
      const nothingToChange = Object.values(options.changes).every((v) => v === undefined);
      const row = nothingToChange
        ? await queries.findBranchContact(tx, companyId, options.branchId, options.contactId)
        : await queries.updateBranchContact(
            tx,
            companyId,
            options.branchId,
            options.contactId,
            options.changes,
          );
      if (!row) throw new AppError('not_found', BRANCH_MESSAGES.contact_not_found);
      return row;
    },
    (contact) => ({ id: contact.id, ...options.changes }),
  );

export const deleteBranchContact = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  contactId: number;
}) =>
  changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'notification_contact_deleted',
    async (tx) => {
      const result = await queries.deleteBranchContact(
        tx,
        options.actor.companyId,
        options.branchId,
        options.contactId,
      );
      if (!result.numDeletedRows) throw new AppError('not_found', BRANCH_MESSAGES.contact_not_found);
    },
    () => ({ id: options.contactId }),
  );
