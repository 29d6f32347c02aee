import { randomBytes } from 'node:crypto';
import { buyerCreate } from '@b2b/domain/api/buyers';
import {
  LEAD_MESSAGES,
  type leadConvert,
  type leadInventoryExposureCreate,
  type leadTransactionCreate,
} from '@b2b/domain/api/leads';
import { toPaise, toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import { AppError, validationError } from '../../core/errors.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { addressRowsOf } from '../addresses/addresses.service.ts';
import { createBuyer } from '../buyers/create-buyer.ts';
import * as queries from './leads.queries.ts';
import { getLead, leadNotFound, leadOf, lockLeadOf, recordLeadHistory } from './leads.service.ts';

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

// ---------------------------------------------------------------------------------------------
// Conversion

const addressFields = (row: Awaited<ReturnType<typeof addressRowsOf>>[number]) => ({
  address_line_1: row.address_line_1,
  address_line_2: row.address_line_2 ?? undefined,
  landmark: row.landmark ?? undefined,
  city: row.city,
  state_id: row.state_id,
  pincode: row.pincode,
});

/**
 * Converts the lead into a buyer through the buyers' own createBuyer, in one transaction with the
 * lead's change: the buyer gets the lead's name, contact person, phone, e-mail, GSTIN and its first
 * billing and shipping addresses (the buyers' rules apply: GSTIN state, GSTIN not taken), the
 * buyer's marketing contact follows by the buyers' trigger, and the lead becomes converted and
 * links to the buyer. The lead row is locked first, so two conversions cannot both pass; a
 * converted lead answers 409. Creating a buyer takes add_buyer besides the lead's change_lead.
 */
export async function convertLead(options: {
  db: Database;
  actor: Principal;
  leadId: number;
  input: z.infer<typeof leadConvert>;
}) {
  const { db, actor, leadId, input } = options;
  if (!hasPermission(actor, 'add_buyer'))
    throw new AppError('permission_denied', 'You do not have permissions to create a buyer.');
  const buyer = await inTransaction(db, async (tx) => {
    const locked = await lockLeadOf(tx, actor, leadId);
    if (locked.status === 'converted') throw new AppError('conflict', LEAD_MESSAGES.already_converted);
    // A follow-up of an existing buyer (a lapsed buyer to call back) is a buyer already.
    if (locked.existing_buyer_id !== null)
      throw new AppError(
        'conflict',
        'This lead follows up an existing buyer: take its orders on that buyer.',
      );
    const lead = await leadOf(tx, actor, leadId);
    const addresses = await addressRowsOf(tx, actor.companyId, 'lead', leadId);
    const billing = addresses.find((a) => a.address_type === 'billing_address');
    const shipping = addresses.find((a) => a.address_type === 'shipping_address');
    if (!billing) throw new AppError('conflict', LEAD_MESSAGES.convert_needs_billing);
    const parsed = buyerCreate.safeParse({
      name: lead.name,
      contact_person_name: lead.contact_person_name,
      phone: lead.phone,
      email: lead.email,
      gst_number: lead.gst_number,
      buyer_type: input.buyer_type ?? (lead.gst_number ? 'regular' : 'unregistered'),
      billing_address: addressFields(billing),
      ...(shipping && { shipping_address: addressFields(shipping) }),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw validationError(String(issue?.path[0] ?? 'buyer_type'), issue?.message ?? 'Invalid lead.');
    }
    const created = await createBuyer({ db: tx, actor, input: parsed.data });
    await queries.updateLead(tx, actor.companyId, leadId, {
      status: 'converted',
      buyer_id: created.id,
      converted_at: new Date(),
      updated_by: actor.userId,
    });
    await recordLeadHistory(tx, actor, leadId, 'converted', { buyer_id: created.id });
    return { id: created.id, name: created.name };
  });
  return { detail: LEAD_MESSAGES.activated, lead: await getLead(db, actor, leadId), buyer };
}

// ---------------------------------------------------------------------------------------------
// Sample orders and payments

function presentTransaction(row: queries.TransactionRow) {
  return {
    id: row.id,
    lead: row.lead_id,
    kind: row.kind,
    amount: toRupees(Number(row.amount_paise)),
    date: row.transaction_date as string,
    notes: row.notes,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
  };
}

export async function listLeadTransactions(db: Executor, actor: Principal, leadId: number) {
  await leadOf(db, actor, leadId);
  const rows = await queries.transactionsOf(db, actor.companyId, leadId);
  return { count: rows.length, next: null, previous: null, results: rows.map(presentTransaction) };
}

export async function recordLeadTransaction(options: {
  db: Database;
  actor: Principal;
  leadId: number;
  input: z.infer<typeof leadTransactionCreate>;
}) {
  const { db, actor, leadId, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await lockLeadOf(tx, actor, leadId);
    const { id } = await queries.insertTransaction(tx, {
      company_id: actor.companyId,
      lead_id: leadId,
      kind: input.kind,
      amount_paise: toPaise(Number(input.amount)),
      transaction_date: input.date,
      notes: input.notes ?? null,
      created_by: actor.userId,
    });
    await recordLeadHistory(tx, actor, leadId, 'transaction_recorded', { transaction_id: id, ...input });
    return id;
  });
  const [row] = await queries.transactionsOf(db, actor.companyId, leadId, id);
  if (!row) throw leadNotFound();
  return { detail: LEAD_MESSAGES.transaction_recorded, transaction: presentTransaction(row) };
}

// ---------------------------------------------------------------------------------------------
// Exposed inventory

/** The public page's path under /api. */
export const leadInventoryPath = (token: string) => `lead-inventory/${token}`;

/** Whether a link that ends on `expiresOn` (an Indian day) has ended. */
const isExpired = (expiresOn: string, today = todayInIndia()) => expiresOn < today;

export async function listExposures(db: Executor, actor: Principal, leadId: number) {
  await leadOf(db, actor, leadId);
  const rows = await queries.exposuresOf(db, actor.companyId, leadId);
  const products = await queries.productsOfExposures(
    db,
    actor.companyId,
    rows.map((r) => r.id),
  );
  const results = rows.map((row) => ({
    id: row.id,
    lead: row.lead_id,
    token: row.token,
    url: leadInventoryPath(row.token),
    expires_on: row.expires_on as string,
    is_expired: isExpired(row.expires_on as string),
    products: products.filter((p) => p.exposure_id === row.id).map((p) => ({ id: p.id, name: p.name })),
    created_at: row.created_at,
  }));
  return { count: results.length, next: null, previous: null, results };
}

/**
 * Shares the chosen products with the lead by a link that needs no sign-in: 32 random bytes, so
 * it cannot be guessed; it answers through its expiry day (India) and 410 after.
 */
export async function exposeInventory(options: {
  db: Database;
  actor: Principal;
  leadId: number;
  input: z.infer<typeof leadInventoryExposureCreate>;
}) {
  const { db, actor, leadId, input } = options;
  if (input.expires_on < todayInIndia()) throw validationError('expires_on', LEAD_MESSAGES.expiry_past);
  const productIds = [...new Set(input.products)];
  const id = await inTransaction(db, async (tx) => {
    const lead = await lockLeadOf(tx, actor, leadId);
    if (lead.status === 'converted') throw new AppError('conflict', LEAD_MESSAGES.converted_locked);
    const found = await queries.productsByIds(tx, actor.companyId, productIds);
    if (found.length !== productIds.length)
      throw validationError('products', LEAD_MESSAGES.product_not_found);
    const token = randomBytes(32).toString('base64url');
    const { id } = await queries.insertExposure(tx, {
      company_id: actor.companyId,
      lead_id: leadId,
      token,
      expires_on: input.expires_on,
      created_by: actor.userId,
    });
    await queries.insertExposureProducts(tx, actor.companyId, id, productIds);
    await recordLeadHistory(tx, actor, leadId, 'inventory_exposed', {
      exposure_id: id,
      products: productIds,
      expires_on: input.expires_on,
    });
    return id;
  });
  const exposure = (await listExposures(db, actor, leadId)).results.find((e) => e.id === id);
  if (!exposure) throw leadNotFound();
  return { detail: LEAD_MESSAGES.inventory_exposed, exposure };
}

/** What the holder of a link sees: the company's and lead's names and the exposed products only. */
export async function sharedInventory(db: Executor, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token))
    throw new AppError('not_found', LEAD_MESSAGES.inventory_link_not_found);
  const exposure = await queries.findExposureByToken(db, token);
  if (!exposure) throw new AppError('not_found', LEAD_MESSAGES.inventory_link_not_found);
  if (isExpired(exposure.expires_on as string))
    throw new AppError('gone', LEAD_MESSAGES.inventory_link_expired);
  const products = await queries.exposedProducts(db, exposure.company_id, exposure.id);
  return {
    company: exposure.company_name,
    lead: exposure.lead_name,
    expires_on: exposure.expires_on as string,
    products: products.map((p) => ({
      name: p.name,
      sku: p.sku,
      stock: Number(p.stock),
      unit: p.unit,
      price: toRupees(Number(p.selling_price_paise)),
      mrp: toRupees(Number(p.mrp_paise)),
    })),
  };
}
