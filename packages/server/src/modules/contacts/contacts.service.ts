import type { ContactCreate, ContactOutput, ContactUpdate } from '@b2b/domain/api/contacts';
import { CONTACT_MEDIUMS, CONTACT_MESSAGES, type ContactMedium, type OptOutWay } from '@b2b/domain/contacts';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { type HistoryActor, historyPage, historyWriter } from '../history/history.service.ts';
import * as queries from './contacts.queries.ts';

export const CONTACT_ENTITY = 'contact';
/** A contact's history row, written in the transaction of the change (imports write theirs in bulk). */
export const recordContactHistory = historyWriter(CONTACT_ENTITY);

type ConsentRow = Awaited<ReturnType<typeof queries.consentsOf>>[number];

/** Every medium, in the spec's order, whether or not anything is recorded for it. */
function presentConsents(rows: readonly ConsentRow[]): ContactOutput['consents'] {
  return CONTACT_MEDIUMS.map((medium) => {
    const row = rows.find((r) => r.medium === medium);
    return {
      medium,
      consented: !!row?.consented_at && !row.opted_out_at,
      consent_source: row?.consent_source ?? null,
      consented_at: row?.consented_at ?? null,
      opted_out: !!row?.opted_out_at,
      opted_out_at: row?.opted_out_at ?? null,
      opt_out_way: row?.opt_out_way ?? null,
    };
  });
}

function present(row: queries.ContactRow, consents: readonly ConsentRow[]): ContactOutput {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    whatsapp_number: row.whatsapp_number,
    city: row.city,
    state: row.state_id !== null ? { id: row.state_id, name: row.state_name ?? '' } : null,
    tags: row.tags,
    buyer: row.buyer_id !== null ? { id: row.buyer_id, name: row.buyer_name ?? '' } : null,
    source: row.source,
    consents: presentConsents(consents.filter((c) => c.contact_id === row.id)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getContact(db: Executor, companyId: number, id: number): Promise<ContactOutput> {
  const row = await queries.findContact(db, companyId, id);
  if (!row) throw notFound('Contact');
  return present(row, await queries.consentsOf(db, companyId, [id]));
}

export async function listContacts(
  db: Executor,
  companyId: number,
  filter: queries.ContactFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [count, rows] = await queries.listContacts(db, companyId, filter, sort, window);
  const consents = await queries.consentsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return { count, results: rows.map((row) => present(row, consents)) };
}

export const contactFacets = (db: Executor, companyId: number) => queries.contactFacets(db, companyId);

export type { ContactFilter } from './contacts.queries.ts';
export const countContacts = (db: Executor, companyId: number, filter: queries.ContactFilter) =>
  queries.countContacts(db, companyId, filter);
export const contactsAfter = queries.contactsAfter;
export const existingContactIds = queries.existingContactIds;

export async function contactHistory(db: Executor, companyId: number, id: number) {
  await getContact(db, companyId, id);
  return historyPage(db, companyId, CONTACT_ENTITY, id);
}

/** Another live contact with the same phone, or (a contact without one) the same e-mail, is refused. */
async function assertUnique(
  tx: Executor,
  companyId: number,
  values: { phone: string | null; email: string | null },
  exceptId?: number,
) {
  if (values.phone && (await queries.contactWithPhone(tx, companyId, values.phone, exceptId)))
    throw validationError('phone', CONTACT_MESSAGES.phone_taken);
  if (
    !values.phone &&
    values.email &&
    (await queries.phonelessContactWithEmail(tx, companyId, values.email, exceptId))
  )
    throw validationError('email', CONTACT_MESSAGES.email_taken);
}

/** The unique keys guard a race between two creates; the loser gets the same sentence. */
function uniqueRefusal(error: unknown): never {
  if (isUniqueViolation(error, 'contacts_phone_key'))
    throw validationError('phone', CONTACT_MESSAGES.phone_taken);
  if (isUniqueViolation(error, 'contacts_email_key'))
    throw validationError('email', CONTACT_MESSAGES.email_taken);
  throw error;
}

/** Applies the form's consent ticks: a new tick is a consent by hand, an untick an opt-out by hand. */
async function applyConsents(
  tx: Tx,
  actor: HistoryActor,
  contactId: number,
  consents: Partial<Record<ContactMedium, boolean>> | undefined,
) {
  if (!consents) return;
  const current = presentConsents(await queries.consentsOf(tx, actor.companyId, [contactId]));
  for (const medium of CONTACT_MEDIUMS) {
    const wanted = consents[medium];
    if (wanted === undefined) continue;
    const now = current.find((c) => c.medium === medium);
    if (wanted && !now?.consented) {
      await queries.giveConsent(tx, actor.companyId, contactId, medium, 'by_hand');
      await recordContactHistory(tx, actor, contactId, 'consent_given', { medium, source: 'by_hand' });
    } else if (!wanted && now?.consented) {
      await queries.optOut(tx, actor.companyId, contactId, medium, 'by_hand');
      await recordContactHistory(tx, actor, contactId, 'opted_out', { medium, way: 'by_hand' });
    }
  }
}

export async function createContact(options: {
  db: Database;
  actor: Principal;
  input: ContactCreate;
}): Promise<ContactOutput> {
  const { db, actor, input } = options;
  const { consents, ...fields } = input;
  const values = {
    name: fields.name,
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    whatsapp_number: fields.whatsapp_number ?? null,
    city: fields.city ?? null,
    state_id: fields.state_id ?? null,
    tags: fields.tags ?? [],
  };
  const id = await inTransaction(db, async (tx) => {
    await assertUnique(tx, actor.companyId, values);
    const { id } = await queries
      .insertContact(tx, actor.companyId, { ...values, source: 'manual', created_by: actor.userId })
      .catch(uniqueRefusal);
    await recordContactHistory(tx, actor, id, 'created', values);
    await applyConsents(tx, actor, id, consents);
    return id;
  }).catch(stateRefusal);
  return getContact(db, actor.companyId, id);
}

/** A state id that is no state: the foreign key refuses it; the user gets a sentence. */
function stateRefusal(error: unknown): never {
  if (typeof error === 'object' && error !== null && (error as { code?: string }).code === '23503')
    throw validationError('state_id', 'Choose a valid state.');
  throw error;
}

/** The fields of a buyer's contact that follow the buyer (triggers of migration 0068). */
const BUYER_FIELDS = ['name', 'phone', 'email', 'city', 'state_id'] as const;

export async function updateContact(options: {
  db: Database;
  actor: Principal;
  contactId: number;
  changes: ContactUpdate;
}): Promise<ContactOutput> {
  const { db, actor, contactId, changes } = options;
  const { consents, ...fields } = changes;
  await inTransaction(db, async (tx) => {
    const before = await queries.lockContact(tx, actor.companyId, contactId);
    if (!before) throw notFound('Contact');
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      const old = before[key as keyof typeof before];
      const same = Array.isArray(value)
        ? JSON.stringify(value) === JSON.stringify(old)
        : (value ?? null) === (old ?? null);
      if (!same) changed[key] = value ?? (key === 'tags' ? [] : null);
    }
    if (before.buyer_id !== null && BUYER_FIELDS.some((key) => key in changed))
      throw new AppError('validation_error', CONTACT_MESSAGES.buyer_fields, {
        errors: Object.fromEntries(
          BUYER_FIELDS.filter((k) => k in changed).map((k) => [k, [CONTACT_MESSAGES.buyer_fields]]),
        ),
      });
    const after = {
      phone: 'phone' in changed ? (changed.phone as string | null) : before.phone,
      email: 'email' in changed ? (changed.email as string | null) : before.email,
    };
    if (!after.phone && !after.email && before.buyer_id === null)
      throw validationError('phone', CONTACT_MESSAGES.reach);
    if ('phone' in changed || 'email' in changed) await assertUnique(tx, actor.companyId, after, contactId);
    if (Object.keys(changed).length > 0) {
      await queries
        .updateContact(tx, actor.companyId, contactId, changed as queries.ContactValues)
        .catch(uniqueRefusal);
      await recordContactHistory(tx, actor, contactId, 'updated', changed);
    }
    await applyConsents(tx, actor, contactId, consents);
  }).catch(stateRefusal);
  return getContact(db, actor.companyId, contactId);
}

/** Deletes a contact added by hand or imported (it leaves its static lists); a buyer's contact follows the buyer. */
export async function deleteContact(options: { db: Database; actor: Principal; contactId: number }) {
  const { db, actor, contactId } = options;
  await inTransaction(db, async (tx) => {
    const contact = await queries.lockContact(tx, actor.companyId, contactId);
    if (!contact) throw notFound('Contact');
    if (contact.buyer_id !== null) throw new AppError('conflict', CONTACT_MESSAGES.buyer_delete);
    await queries.softDeleteContact(tx, actor.companyId, contactId);
    await queries.removeFromAllLists(tx, actor.companyId, contactId);
    await recordContactHistory(tx, actor, contactId, 'deleted', { name: contact.name });
  });
}

/**
 * Records that a contact opted out of a medium: by hand here, and later by the unsubscribe link
 * and STOP replies (campaigns call this). Opting out twice keeps the first time.
 */
export async function optOutContact(options: {
  db: Database;
  actor: HistoryActor;
  contactId: number;
  medium: ContactMedium;
  way: OptOutWay;
}): Promise<void> {
  const { db, actor, contactId, medium, way } = options;
  await inTransaction(db, async (tx) => {
    const contact = await queries.lockContact(tx, actor.companyId, contactId);
    if (!contact) throw notFound('Contact');
    const [row] = await queries
      .consentsOf(tx, actor.companyId, [contactId])
      .then((rows) => rows.filter((r) => r.medium === medium));
    if (row?.opted_out_at) return;
    await queries.optOut(tx, actor.companyId, contactId, medium, way);
    await recordContactHistory(tx, actor, contactId, 'opted_out', { medium, way });
  });
}
