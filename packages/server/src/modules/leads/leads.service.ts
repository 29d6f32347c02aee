import type { AddressOutput } from '@b2b/domain/api/common';
import {
  LEAD_MESSAGES,
  type LeadCreate,
  type LeadOutput,
  type LeadUpdate,
  type LeadVisitCreate,
  type leadAddressCreate,
} from '@b2b/domain/api/leads';
import { todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import { AppError, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { listPageCounter } from '../../db/list-count.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import {
  type AddressOwnerRules,
  addAddress,
  addOwnedAddress,
  addressesByOwner,
  addressRowsOf,
} from '../addresses/addresses.service.ts';
import { assertGstinFree, assertGstinMatchesBilling, stateOf } from '../buyers/buyer-checks.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import * as queries from './leads.queries.ts';

export const LEAD_ENTITY = 'lead';
/** A lead's history row, written in the transaction of the change. */
export const recordLeadHistory = historyWriter(LEAD_ENTITY);

/** The company-wide grant: every lead, and (re)assigning sales persons (see domain permissions.ts). */
export const ALL_LEADS = 'view_all_leads';
export const seesAllLeads = (actor: Principal) => hasPermission(actor, ALL_LEADS);

export const leadNotFound = () => new AppError('not_found', LEAD_MESSAGES.not_found);

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

export function presentLead(
  row: queries.LeadRow,
  options: { expandSalesPerson?: boolean; addresses?: AddressOutput[] } = {},
): LeadOutput {
  return {
    id: row.id,
    name: row.name,
    contact_person_name: row.contact_person_name,
    phone: row.phone,
    email: row.email,
    gst_number: row.gst_number,
    source: row.source,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_ad: row.utm_ad,
    utm_adgp: row.utm_adgp,
    sales_person: options.expandSalesPerson
      ? person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name)
      : row.sales_person_id,
    status: row.status,
    next_follow_up_date: row.next_follow_up_date,
    notes: row.notes,
    buyer: row.buyer_id,
    converted_at: row.converted_at,
    ...(options.addresses && { addresses: options.addresses }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The lead if the actor may reach it: a lead of another company, or (without view_all_leads)
 * another sales person's lead, does not exist for them.
 */
export async function leadOf(db: Executor, actor: Principal, id: number) {
  const row = await queries.findLead(db, actor.companyId, id);
  if (!row || !(seesAllLeads(actor) || row.sales_person_id === actor.userId)) throw leadNotFound();
  return row;
}

/** The same check on the locked row, inside a change's transaction. */
export async function lockLeadOf(tx: Executor, actor: Principal, id: number) {
  const row = await queries.lockLead(tx, actor.companyId, id);
  if (!row || !(seesAllLeads(actor) || row.sales_person_id === actor.userId)) throw leadNotFound();
  return row;
}

async function leadAddresses(db: Executor, companyId: number, leadId: number) {
  return (await addressesByOwner(db, companyId, 'lead', [leadId])).get(leadId) ?? [];
}

export async function getLead(db: Executor, actor: Principal, id: number): Promise<LeadOutput> {
  const row = await leadOf(db, actor, id);
  return presentLead(row, {
    expandSalesPerson: true,
    addresses: await leadAddresses(db, actor.companyId, id),
  });
}

/**
 * The list's count, kept per company and filter until the company's next change: paging through
 * 200,000 leads does not count them again on every page (bench/leads-list.mjs).
 */
const countOf = listPageCounter(queries.countLeads);

export async function listLeads(
  db: Executor,
  actor: Principal,
  filter: queries.LeadFilter,
  expand: string[],
  sort: SortKey[],
  window: PageWindow,
) {
  // Without the company-wide grant a user's list is their own leads, whatever they filter by.
  // Asking for another sales person's leads then finds none (0 is no user's id).
  const scoped =
    seesAllLeads(actor) || filter.salesPersonId === actor.userId
      ? filter
      : { ...filter, salesPersonId: filter.salesPersonId === undefined ? actor.userId : 0 };
  const results = await queries.listLeadPage(db, actor.companyId, scoped, sort, window);
  const { count, countIsEstimate } = await countOf(db, actor.companyId, scoped, results, window);
  const addresses = expand.includes('addresses')
    ? await addressesByOwner(
        db,
        actor.companyId,
        'lead',
        results.map((r) => r.id),
      )
    : undefined;
  return {
    count,
    countIsEstimate,
    results: results.map((row) =>
      presentLead(row, {
        expandSalesPerson: expand.includes('sales_person'),
        addresses: addresses && (addresses.get(row.id) ?? []),
      }),
    ),
  };
}

/** Follow-ups due today and overdue among the leads the actor works (every lead with the grant). */
export function followUpCounts(db: Executor, actor: Principal) {
  return queries.countFollowUps(
    db,
    actor.companyId,
    todayInIndia(),
    seesAllLeads(actor) ? undefined : actor.userId,
  );
}

export async function leadHistory(db: Executor, actor: Principal, id: number) {
  await leadOf(db, actor, id);
  return historyPage(db, actor.companyId, LEAD_ENTITY, id);
}

/** A sales person must be an active user of the company; only view_all_leads assigns someone else. */
async function assertSalesPerson(db: Executor, actor: Principal, userId: number) {
  if (userId !== actor.userId && !seesAllLeads(actor))
    throw new AppError('permission_denied', LEAD_MESSAGES.reassign_forbidden);
  const user = await queries.findCompanyUser(db, actor.companyId, userId);
  if (!user) throw validationError('sales_person', LEAD_MESSAGES.sales_person_not_found);
  if (!user.is_active) throw validationError('sales_person', LEAD_MESSAGES.sales_person_inactive);
}

/** Buyers' GSTIN rules, for the buyer the lead may become: not a buyer's already, in its billing state. */
async function assertLeadGstin(
  db: Executor,
  companyId: number,
  gstNumber: string | null | undefined,
  billingStates: { gst_code: string; name: string }[],
) {
  if (!gstNumber) return;
  await assertGstinFree(db, companyId, gstNumber);
  await assertGstinMatchesBilling(db, gstNumber, billingStates);
}

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_ad', 'utm_adgp'] as const;

export async function createLead(options: {
  db: Database;
  actor: Principal;
  input: LeadCreate;
}): Promise<LeadOutput> {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    const salesPerson = input.sales_person ?? actor.userId;
    await assertSalesPerson(tx, actor, salesPerson);
    const billingState = input.billing_address
      ? await stateOf(tx, input.billing_address.state_id, 'billing_address.state_id')
      : undefined;
    if (input.shipping_address)
      await stateOf(tx, input.shipping_address.state_id, 'shipping_address.state_id');
    await assertLeadGstin(tx, companyId, input.gst_number, billingState ? [billingState] : []);
    const { id } = await queries.insertLead(tx, companyId, {
      name: input.name,
      contact_person_name: input.contact_person_name ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      gst_number: input.gst_number ?? null,
      source: input.source,
      ...Object.fromEntries(UTM.map((key) => [key, input[key] ?? null])),
      sales_person_id: salesPerson,
      status: input.status,
      next_follow_up_date: input.next_follow_up_date ?? null,
      notes: input.notes ?? null,
      created_by: actor.userId,
      updated_by: actor.userId,
    });
    const owner = { companyId, ownerType: 'lead' as const, ownerId: id };
    if (input.billing_address)
      await addAddress(tx, owner, { ...input.billing_address, address_type: 'billing_address' });
    if (input.shipping_address)
      await addAddress(tx, owner, { ...input.shipping_address, address_type: 'shipping_address' });
    await recordLeadHistory(tx, actor, id, 'created', input);
    return id;
  });
  return getLead(db, actor, id);
}

export async function updateLead(options: {
  db: Database;
  actor: Principal;
  leadId: number;
  changes: LeadUpdate;
}): Promise<LeadOutput> {
  const { db, actor, leadId, changes } = options;
  await inTransaction(db, async (tx) => {
    const lead = await lockLeadOf(tx, actor, leadId);
    if (lead.status === 'converted') throw new AppError('conflict', LEAD_MESSAGES.converted_locked);
    if (changes.sales_person !== undefined && changes.sales_person !== lead.sales_person_id)
      await assertSalesPerson(tx, actor, changes.sales_person);
    if (changes.gst_number) {
      const billing = (await addressRowsOf(tx, actor.companyId, 'lead', leadId)).filter(
        (a) => a.address_type === 'billing_address',
      );
      await assertLeadGstin(
        tx,
        actor.companyId,
        changes.gst_number,
        billing.map((a) => ({ gst_code: a.gst_code, name: a.state_name })),
      );
    }
    const { sales_person, ...columns } = changes;
    const values: Record<string, unknown> = Object.fromEntries(
      Object.entries(columns).filter(([, v]) => v !== undefined),
    );
    if (sales_person !== undefined) values.sales_person_id = sales_person;
    if (Object.keys(values).length === 0) return;
    await queries.updateLead(tx, actor.companyId, leadId, { ...values, updated_by: actor.userId });
    await recordLeadHistory(tx, actor, leadId, 'updated', changes);
  });
  return getLead(db, actor, leadId);
}

/**
 * The lead's address rules, for POST admin/leads/{id}/addresses and for the shared address routes:
 * a converted lead's addresses are its buyer's now and stay as they were; every billing address
 * lies in the GSTIN's state (the buyers' rule, checked early so the conversion does not fail on it).
 * The shared routes (PATCH addresses/{id}) do not know who owns a lead, so changing a lead's
 * address there takes the company-wide grant.
 */
export const leadAddressRules: AddressOwnerRules = {
  permission: ALL_LEADS,
  assertOwnerWritable: async (db, companyId, leadId) => {
    const lead = await queries.lockLead(db, companyId, leadId);
    if (!lead) throw leadNotFound();
    if (lead.status === 'converted') throw new AppError('conflict', LEAD_MESSAGES.converted_locked);
  },
  afterChange: async (db, companyId, leadId) => {
    const lead = await queries.lockLead(db, companyId, leadId);
    const billing = (await addressRowsOf(db, companyId, 'lead', leadId)).filter(
      (a) => a.address_type === 'billing_address',
    );
    await assertGstinMatchesBilling(
      db,
      lead?.gst_number ?? null,
      billing.map((a) => ({ gst_code: a.gst_code, name: a.state_name })),
      'state_id',
    );
  },
};

export async function addLeadAddress(options: {
  db: Database;
  actor: Principal;
  leadId: number;
  input: z.infer<typeof leadAddressCreate>;
}): Promise<AddressOutput> {
  const { db, actor, leadId, input } = options;
  return inTransaction(db, async (tx) => {
    await lockLeadOf(tx, actor, leadId);
    return addOwnedAddress(tx, { actor, ownerType: 'lead', ownerId: leadId }, input);
  });
}

// ---------------------------------------------------------------------------------------------
// Visits

function presentVisit(row: queries.VisitRow) {
  return {
    id: row.id,
    lead: row.lead_id,
    visited_at: row.visited_at,
    location: row.location,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    outcome: row.outcome,
    notes: row.notes,
    next_step: row.next_step,
    next_follow_up_date: row.next_follow_up_date,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
  };
}

export async function listVisits(
  db: Executor,
  actor: Principal,
  leadId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  await leadOf(db, actor, leadId);
  const { count, results } = await queries.listVisits(db, actor.companyId, leadId, search, sort, window);
  return { count, results: results.map(presentVisit) };
}

/**
 * Logs a field visit. Its next follow-up date becomes the lead's, and a new lead that was visited
 * has been contacted: both in the visit's transaction.
 */
export async function logVisit(options: {
  db: Database;
  actor: Principal;
  leadId: number;
  input: LeadVisitCreate;
}) {
  const { db, actor, leadId, input } = options;
  const id = await inTransaction(db, async (tx) => {
    const lead = await lockLeadOf(tx, actor, leadId);
    if (lead.status === 'converted') throw new AppError('conflict', LEAD_MESSAGES.converted_locked);
    const { id } = await queries.insertVisit(tx, {
      company_id: actor.companyId,
      lead_id: leadId,
      visited_at: input.visited_at,
      location: input.location ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      outcome: input.outcome,
      notes: input.notes ?? null,
      next_step: input.next_step ?? null,
      next_follow_up_date: input.next_follow_up_date ?? null,
      created_by: actor.userId,
    });
    const leadChanges: Record<string, unknown> = {};
    if (input.next_follow_up_date) leadChanges.next_follow_up_date = input.next_follow_up_date;
    if (lead.status === 'new') leadChanges.status = 'contacted';
    await queries.updateLead(tx, actor.companyId, leadId, { ...leadChanges, updated_by: actor.userId });
    await recordLeadHistory(tx, actor, leadId, 'visit_logged', { visit_id: id, ...input, ...leadChanges });
    return id;
  });
  const row = await queries.findVisit(db, actor.companyId, id);
  if (!row) throw leadNotFound();
  return presentVisit(row);
}
