import type {
  ContactListCreate,
  ContactListFilterInput,
  ContactListOutput,
  contactListUpdate,
} from '@b2b/domain/api/contacts';
import { CONTACT_MESSAGES, type ContactListFilter, contactListRules } from '@b2b/domain/contacts';
import type { z } from 'zod';
import { notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { getBuyerGroup } from '../buyer-groups/buyer-groups.service.ts';
import * as contacts from '../contacts/contacts.service.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import * as queries from './contact-lists.queries.ts';

const LIST_ENTITY = 'contact_list';
const recordListHistory = historyWriter(LIST_ENTITY);

/** Who belongs to a list, as a contacts filter: a static list's chosen contacts, a dynamic list's rules. */
function membersFilter(
  list: Pick<queries.ContactListRow, 'id' | 'kind' | 'filters'>,
): contacts.ContactFilter {
  return list.kind === 'static'
    ? { rules: [], memberOf: list.id }
    : { rules: contactListRules(list.filters as ContactListFilter) };
}

async function present(
  db: Executor,
  companyId: number,
  row: queries.ContactListRow,
): Promise<ContactListOutput> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    filters: row.filters,
    contact_count: await contacts.countContacts(db, companyId, membersFilter(row)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function findListOrFail(db: Executor, companyId: number, id: number) {
  const row = await queries.findList(db, companyId, id);
  if (!row) throw notFound('Contact List');
  return row;
}

export async function getContactList(db: Executor, companyId: number, id: number) {
  return present(db, companyId, await findListOrFail(db, companyId, id));
}

/** The lists with their live counts (a dynamic list's count is of whoever matches now). */
export async function listContactLists(
  db: Executor,
  companyId: number,
  filter: queries.ListFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listLists(db, companyId, filter, sort, window);
  return { count: Number(n), results: await Promise.all(rows.map((row) => present(db, companyId, row))) };
}

export async function contactListHistory(db: Executor, companyId: number, id: number) {
  await findListOrFail(db, companyId, id);
  return historyPage(db, companyId, LIST_ENTITY, id);
}

/** The saved form of a filter: only its parts that are set; its buyer groups must be the company's. */
async function checkedFilter(db: Executor, companyId: number, filter: ContactListFilterInput | undefined) {
  const saved = Object.fromEntries(
    Object.entries(filter ?? {}).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  ) as ContactListFilter;
  for (const [index, groupId] of (saved.buyer_group_ids ?? []).entries()) {
    await getBuyerGroup(db, companyId, groupId).catch(() => {
      throw validationError(`filters.buyer_group_ids.${index}`, 'Choose a buyer group of your company.');
    });
  }
  return saved;
}

/** How many contacts a filter matches now: the filter builder's live count. */
export async function previewContactList(db: Executor, companyId: number, filter: ContactListFilterInput) {
  const saved = await checkedFilter(db, companyId, filter);
  return { count: await contacts.countContacts(db, companyId, { rules: contactListRules(saved) }) };
}

async function checkedContacts(db: Executor, companyId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = new Set(await contacts.existingContactIds(db, companyId, unique));
  const missing = unique.findIndex((id) => !found.has(id));
  if (missing >= 0) throw validationError(`contacts.${ids.indexOf(unique[missing])}`, 'Contact Not Found');
  return unique;
}

function nameRefusal(error: unknown): never {
  if (isUniqueViolation(error, 'contact_lists_name_key'))
    throw validationError('name', CONTACT_MESSAGES.list_name_taken);
  throw error;
}

export async function createContactList(options: {
  db: Database;
  actor: Principal;
  input: ContactListCreate;
}): Promise<ContactListOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    if (await queries.isListNameTaken(tx, companyId, input.name))
      throw validationError('name', CONTACT_MESSAGES.list_name_taken);
    const filters = input.kind === 'dynamic' ? await checkedFilter(tx, companyId, input.filters) : {};
    const members = input.kind === 'static' ? await checkedContacts(tx, companyId, input.contacts ?? []) : [];
    const { id } = await queries
      .insertList(tx, {
        company_id: companyId,
        name: input.name,
        description: input.description ?? null,
        kind: input.kind,
        filters: JSON.stringify(filters),
        created_by: actor.userId,
      })
      .catch(nameRefusal);
    await queries.addMembers(tx, companyId, id, members);
    await recordListHistory(tx, actor, id, 'created', {
      name: input.name,
      kind: input.kind,
      filters,
      contacts: members.length,
    });
    return id;
  });
  return getContactList(db, companyId, id);
}

export async function updateContactList(options: {
  db: Database;
  actor: Principal;
  listId: number;
  changes: z.output<typeof contactListUpdate>;
}): Promise<ContactListOutput> {
  const { db, actor, listId, changes } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const list = await queries.lockList(tx, companyId, listId);
    if (!list) throw notFound('Contact List');
    if (changes.filters !== undefined && list.kind === 'static')
      throw validationError('filters', CONTACT_MESSAGES.static_filters);
    if (changes.name !== undefined && (await queries.isListNameTaken(tx, companyId, changes.name, listId)))
      throw validationError('name', CONTACT_MESSAGES.list_name_taken);
    const filters =
      changes.filters !== undefined ? await checkedFilter(tx, companyId, changes.filters) : undefined;
    const values = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...('description' in changes ? { description: changes.description ?? null } : {}),
      ...(filters ? { filters: JSON.stringify(filters) } : {}),
    };
    if (Object.keys(values).length === 0) return;
    await queries.updateList(tx, companyId, listId, values).catch(nameRefusal);
    await recordListHistory(tx, actor, listId, 'updated', { ...values, ...(filters ? { filters } : {}) });
  });
  return getContactList(db, companyId, listId);
}

export async function deleteContactList(options: { db: Database; actor: Principal; listId: number }) {
  const { db, actor, listId } = options;
  await inTransaction(db, async (tx) => {
    const list = await queries.lockList(tx, actor.companyId, listId);
    if (!list) throw notFound('Contact List');
    await queries.softDeleteList(tx, actor.companyId, listId);
    await recordListHistory(tx, actor, listId, 'deleted', { name: list.name });
  });
}

/** Adds chosen contacts to a static list, or takes them out of it. */
export async function changeListMembers(options: {
  db: Database;
  actor: Principal;
  listId: number;
  contactIds: readonly number[];
  action: 'add' | 'remove';
}): Promise<ContactListOutput> {
  const { db, actor, listId, contactIds, action } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const list = await queries.lockList(tx, companyId, listId);
    if (!list) throw notFound('Contact List');
    if (list.kind === 'dynamic') throw validationError('contacts', CONTACT_MESSAGES.dynamic_members);
    const ids = await checkedContacts(tx, companyId, contactIds);
    const changed =
      action === 'add'
        ? await queries.addMembers(tx, companyId, listId, ids)
        : await queries.removeMembers(tx, companyId, listId, ids);
    if (changed > 0)
      await recordListHistory(tx, actor, listId, action === 'add' ? 'contacts_added' : 'contacts_removed', {
        contacts: ids,
      });
  });
  return getContactList(db, companyId, listId);
}

/** One page of a list's members as contacts, searched. */
export async function listMembers(
  db: Executor,
  companyId: number,
  listId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  const list = await findListOrFail(db, companyId, listId);
  return contacts.listContacts(db, companyId, { ...membersFilter(list), search }, sort, window);
}

export interface ListMember {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  whatsapp_number: string | null;
  buyer_id: number | null;
}

/**
 * The members of a list, in batches by contact id (keyset: each batch is one indexed query that
 * starts after the last id of the one before), so a campaign can walk 100,000 contacts in flat
 * memory. A dynamic list is resolved by its rules at the moment each batch is read. Throws
 * 'Contact List Not Found' for a list that is not the company's or is deleted.
 */
export async function* resolveListMembers(
  db: Executor,
  companyId: number,
  listId: number,
  options: { batchSize?: number } = {},
): AsyncGenerator<ListMember[]> {
  const batchSize = options.batchSize ?? 5000;
  const filter = membersFilter(await findListOrFail(db, companyId, listId));
  let afterId = 0;
  for (;;) {
    const batch = await contacts.contactsAfter(db, companyId, filter, afterId, batchSize);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    afterId = batch[batch.length - 1].id;
  }
}
