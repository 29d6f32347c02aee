import type { AddressOutput } from '@b2b/domain/api/common';
import {
  alreadyAssignedMessage,
  SELLER_ADDRESS_TYPES,
  SELLER_MESSAGES,
  type SellerAddressCreate,
  type SellerAddressType,
  type SellerCreate,
  type SellerDetailOutput,
  type SellerOutput,
  type SellerProductOutput,
  type SellerUpdate,
} from '@b2b/domain/api/sellers';
import { gstinMatchesState, gstinPan } from '@b2b/domain/gstin';
import { toRupees } from '@b2b/domain/money';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, withinTransaction } from '../../db/transaction.ts';
import {
  type AddressChange,
  type AddressOwnerRules,
  addAddress,
  addOwnedAddress,
  addressesByOwner,
} from '../addresses/addresses.service.ts';
import { paymentTermOf } from '../buyers/buyers.present.ts';
import { findPaymentTerm } from '../buyers/buyers.queries.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import * as queries from './sellers.queries.ts';

const recordProductHistory = historyWriter('product');
const recordSellerHistory = historyWriter('seller');

type SellerRow = NonNullable<Awaited<ReturnType<typeof queries.findSeller>>>;

const present = ({
  payment_term_id,
  payment_term_name,
  payment_term_days,
  ...row
}: SellerRow): SellerOutput => ({
  ...row,
  email: row.email === null ? null : String(row.email),
  payment_term: paymentTermOf({ payment_term_id, payment_term_name, payment_term_days }),
});

/** A payment term named on a seller must be the company's: 400 on payment_term otherwise. */
async function assertSellerPaymentTerm(db: Executor, companyId: number, id: number | null | undefined) {
  if (id != null && !(await findPaymentTerm(db, companyId, id)))
    throw validationError('payment_term', SELLER_MESSAGES.payment_term_not_found);
}

export async function getSeller(db: Executor, companyId: number, id: number): Promise<SellerOutput> {
  const row = await queries.findSeller(db, companyId, id);
  if (!row) throw notFound('Seller');
  return present(row);
}

/** Sellers with their addresses and how many live products each has (one query each, for a page). */
async function withDetails(
  db: Executor,
  companyId: number,
  rows: SellerRow[],
): Promise<SellerDetailOutput[]> {
  const ids = rows.map((r) => r.id);
  const [addresses, counts] = await Promise.all([
    addressesByOwner(db, companyId, 'seller', ids),
    queries.productCounts(db, companyId, ids),
  ]);
  const countOf = new Map(counts.map((c) => [c.seller_id as number, Number(c.n)]));
  return rows.map((row) => ({
    ...present(row),
    addresses: addresses.get(row.id) ?? [],
    product_count: countOf.get(row.id) ?? 0,
  }));
}

export async function getSellerDetail(db: Executor, companyId: number, id: number) {
  const row = await queries.findSeller(db, companyId, id);
  if (!row) throw notFound('Seller');
  const [detail] = await withDetails(db, companyId, [row]);
  return detail;
}

export async function listSellers(
  db: Executor,
  companyId: number,
  filter: queries.SellerFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listSellers(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function listSellerDetails(
  db: Executor,
  companyId: number,
  filter: queries.SellerFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listSellers(db, companyId, filter, sort, window);
  return { count: Number(n), results: await withDetails(db, companyId, rows) };
}

/**
 * For other areas that link a record to a seller (a product's seller): the id must be a seller of
 * the company, and an inactive seller cannot be given anything new.
 */
export async function assertSellerAssignable(
  db: Executor,
  companyId: number,
  sellerId: number,
  field = 'seller',
) {
  const row = await queries.findSeller(db, companyId, sellerId);
  if (!row) throw validationError(field, SELLER_MESSAGES.not_found);
  if (!row.is_active) throw validationError(field, SELLER_MESSAGES.inactive);
  return row;
}

async function assertNamesFree(
  tx: Executor,
  companyId: number,
  values: { name?: string; gst_number?: string | null },
  exceptId?: number,
) {
  if (values.name !== undefined && (await queries.findSellerByName(tx, companyId, values.name, exceptId))) {
    throw validationError('name', SELLER_MESSAGES.name_taken);
  }
  if (
    values.gst_number &&
    (await queries.findSellerByGstNumber(tx, companyId, values.gst_number, exceptId))
  ) {
    throw validationError('gst_number', SELLER_MESSAGES.gst_number_taken);
  }
}

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isSellerNameTaken(error)) throw validationError('name', SELLER_MESSAGES.name_taken);
  if (queries.isSellerGstNumberTaken(error))
    throw validationError('gst_number', SELLER_MESSAGES.gst_number_taken);
  throw error;
}

/** The PAN inside a GSTIN and the seller's own PAN must agree when both are known. */
function assertPanMatchesGstin(gstNumber: string | null, pan: string | null) {
  if (!gstNumber || !pan) return;
  const inside = gstinPan(gstNumber);
  if (inside && inside !== pan) throw validationError('pan', SELLER_MESSAGES.pan_gstin);
}

type AddressFields = Omit<SellerAddressCreate, 'address_type' | 'addSameAsBilling'>;

/** Adds one address; an unknown state is reported on the field it came from. */
async function addSellerAddressRow(
  tx: Executor,
  companyId: number,
  sellerId: number,
  addressType: SellerAddressType,
  fields: AddressFields,
  field: string,
): Promise<AddressOutput> {
  try {
    return await addAddress(
      tx,
      { companyId, ownerType: 'seller', ownerId: sellerId },
      { ...fields, address_type: addressType },
    );
  } catch (error) {
    if (error instanceof AppError && error.errors?.state_id) {
      throw validationError(field, error.errors.state_id[0]);
    }
    throw error;
  }
}

async function billingAddressesOf(tx: Executor, companyId: number, sellerId: number) {
  const all = await addressesByOwner(tx, companyId, 'seller', [sellerId]);
  return (all.get(sellerId) ?? []).filter((a) => a.address_type === 'billing_address');
}

export async function createSeller(options: {
  db: Executor;
  actor: Principal;
  input: SellerCreate;
}): Promise<SellerDetailOutput> {
  const { db, actor, input } = options;
  const { billing_address, shipping_address, addSameAsBilling, ...fields } = input;
  const values: queries.SellerValues = {
    name: fields.name,
    contact_person_name: fields.contact_person_name ?? null,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    gst_number: fields.gst_number ?? null,
    pan: fields.pan ?? null,
    tally_ledger_name: fields.tally_ledger_name ?? null,
    payment_term_id: fields.payment_term ?? null,
  };
  // Given a transaction (an import of sellers), it runs inside it.
  const id = await withinTransaction(db, async (tx) => {
    await assertNamesFree(tx, actor.companyId, values);
    await assertSellerPaymentTerm(tx, actor.companyId, fields.payment_term);
    const row = await queries
      .insertSeller(tx, { ...values, company_id: actor.companyId, created_by: actor.userId })
      .catch(explainUniqueViolation);
    await addSellerAddressRow(
      tx,
      actor.companyId,
      row.id,
      'billing_address',
      billing_address,
      'billing_address.state_id',
    );
    const shipping = addSameAsBilling ? billing_address : shipping_address;
    if (shipping) {
      await addSellerAddressRow(
        tx,
        actor.companyId,
        row.id,
        'shipping_address',
        shipping,
        'shipping_address.state_id',
      );
    }
    await recordSellerHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getSellerDetail(db, actor.companyId, id);
}

export async function updateSeller(options: {
  db: Executor;
  actor: Principal;
  sellerId: number;
  changes: SellerUpdate;
}): Promise<SellerDetailOutput> {
  const { db, actor, sellerId } = options;
  const { payment_term: paymentTerm, ...changes } = options.changes;
  await withinTransaction(db, async (tx) => {
    const current = await queries.lockSeller(tx, actor.companyId, sellerId);
    if (!current) throw notFound('Seller');
    if (paymentTerm !== undefined) await assertSellerPaymentTerm(tx, actor.companyId, paymentTerm);
    await assertNamesFree(tx, actor.companyId, changes, sellerId);
    const gstNumber = changes.gst_number === undefined ? current.gst_number : changes.gst_number;
    const pan = changes.pan === undefined ? current.pan : changes.pan;
    if (changes.gst_number) {
      // A GSTIN is issued per state: every billing address must lie in the new number's state.
      const billing = await billingAddressesOf(tx, actor.companyId, sellerId);
      if (billing.some((a) => !gstinMatchesState(changes.gst_number as string, a.state.gst_code))) {
        throw validationError('gst_number', SELLER_MESSAGES.gstin_state);
      }
    }
    if (changes.gst_number !== undefined || changes.pan !== undefined) assertPanMatchesGstin(gstNumber, pan);
    await queries
      .updateSeller(tx, actor.companyId, sellerId, {
        ...changes,
        ...(paymentTerm !== undefined ? { payment_term_id: paymentTerm } : {}),
      })
      .catch(explainUniqueViolation);
    await recordSellerHistory(tx, actor, sellerId, 'updated', options.changes);
  });
  return getSellerDetail(db, actor.companyId, sellerId);
}

/** Adds an address; a billing address with addSameAsBilling adds the same address for shipping too. */
export async function addSellerAddress(options: {
  db: Database;
  actor: Principal;
  sellerId: number;
  input: SellerAddressCreate;
}): Promise<AddressOutput[]> {
  const { db, actor, sellerId, input } = options;
  const { addSameAsBilling, ...address } = input;
  return inTransaction(db, async (tx) => {
    const seller = await queries.lockSeller(tx, actor.companyId, sellerId);
    if (!seller) throw notFound('Seller');
    const owner = { actor, ownerType: 'seller' as const, ownerId: sellerId };
    const created = [await addOwnedAddress(tx, owner, address)];
    if (addSameAsBilling) {
      created.push(await addOwnedAddress(tx, owner, { ...address, address_type: 'shipping_address' }));
    }
    return created;
  });
}

/**
 * What must hold for a seller's addresses after any change through the shared address routes
 * (and after adding one): only billing and shipping addresses, at least one billing address, and
 * every billing address in the state of the seller's GSTIN (a GSTIN is issued per state). The
 * seller row is locked, so a GSTIN change running at the same time is seen.
 */
async function assertSellerAddressesValid(
  tx: Executor,
  companyId: number,
  sellerId: number,
  change: AddressChange,
) {
  const seller = await queries.lockSeller(tx, companyId, sellerId);
  if (!seller) throw notFound('Seller');
  const all = (await addressesByOwner(tx, companyId, 'seller', [sellerId])).get(sellerId) ?? [];
  if (all.some((a) => !(SELLER_ADDRESS_TYPES as readonly string[]).includes(a.address_type))) {
    throw validationError('address_type', SELLER_MESSAGES.address_type);
  }
  const billing = all.filter((a) => a.address_type === 'billing_address');
  if (billing.length === 0) {
    throw validationError(
      change.action === 'deleted' ? 'address' : 'address_type',
      SELLER_MESSAGES.last_billing_address,
    );
  }
  const gstNumber = seller.gst_number;
  if (gstNumber && billing.some((a) => !gstinMatchesState(gstNumber, a.state.gst_code))) {
    throw validationError('state_id', SELLER_MESSAGES.gstin_state);
  }
}

/** The seller's rules for the shared address routes; registered by sellersRoutes. */
export const sellerAddressRules: AddressOwnerRules = {
  permission: 'change_seller',
  afterChange: assertSellerAddressesValid,
};

export async function setSellerActive(options: {
  db: Database;
  actor: Principal;
  sellerId: number;
  active: boolean;
}): Promise<SellerDetailOutput> {
  const { db, actor, sellerId, active } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockSeller(tx, actor.companyId, sellerId);
    if (!current) throw notFound('Seller');
    if (current.is_active === active) return;
    await queries.updateSeller(tx, actor.companyId, sellerId, { is_active: active });
    await recordSellerHistory(tx, actor, sellerId, active ? 'activated' : 'deactivated');
  });
  return getSellerDetail(db, actor.companyId, sellerId);
}

export async function sellerHistory(db: Executor, companyId: number, sellerId: number) {
  await getSeller(db, companyId, sellerId);
  return historyPage(db, companyId, 'seller', sellerId);
}

type ProductRow = Awaited<ReturnType<typeof queries.listSellerProducts>>[1][number];

const presentProduct = (row: ProductRow): SellerProductOutput => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  mrp: toRupees(row.mrp_paise),
  selling_price: toRupees(row.selling_price_paise),
  available_stock: Number(row.available_stock),
  is_active: row.is_active,
  seller: row.seller_id === null ? null : { id: row.seller_id, name: row.seller_name as string },
});

/** A seller's products (`window` null: all, for the CSV extract), or with `unassigned` those of no seller. */
export async function listSellerProducts(
  db: Executor,
  companyId: number,
  sellerId: number,
  options: { search?: string; unassigned?: boolean },
  sort: SortKey[],
  window: PageWindow | null,
) {
  const seller = await getSeller(db, companyId, sellerId);
  const [{ n }, rows] = await queries.listSellerProducts(
    db,
    companyId,
    { sellerId: options.unassigned ? null : sellerId, search: options.search },
    sort,
    window,
  );
  return { seller, count: Number(n), results: rows.map(presentProduct) };
}

/**
 * Gives products to a seller. Products of another seller are refused unless `reassign` is set;
 * an inactive seller gets nothing. The seller and the products are locked, so a deactivation or
 * another assignment running at the same time waits for this one.
 */
export async function assignProductsToSeller(options: {
  db: Database;
  actor: Principal;
  sellerId: number;
  productIds: number[];
  reassign: boolean;
}) {
  const { db, actor, sellerId, reassign } = options;
  const productIds = [...new Set(options.productIds)].sort((a, b) => a - b);
  return inTransaction(db, async (tx) => {
    const seller = await queries.lockSeller(tx, actor.companyId, sellerId);
    if (!seller) throw notFound('Seller');
    if (!seller.is_active) throw conflict(SELLER_MESSAGES.inactive);
    const products = await queries.lockProducts(tx, actor.companyId, productIds);
    if (products.length !== productIds.length) {
      throw validationError('products', SELLER_MESSAGES.product_not_found);
    }
    const elsewhere = products.filter((p) => p.seller_id !== null && p.seller_id !== sellerId);
    if (elsewhere.length > 0 && !reassign) {
      throw conflict(alreadyAssignedMessage(elsewhere.map((p) => p.name)));
    }
    const moving = products.filter((p) => p.seller_id !== sellerId);
    if (moving.length > 0) {
      await queries.setProductsSeller(
        tx,
        actor.companyId,
        moving.map((p) => p.id),
        sellerId,
      );
      for (const product of moving) {
        await recordProductHistory(tx, actor, product.id, 'seller_assigned', {
          seller: sellerId,
          previous_seller: product.seller_id,
        });
      }
      await recordSellerHistory(tx, actor, sellerId, reassign ? 'products_reassigned' : 'products_assigned', {
        products: moving.map((p) => p.id),
      });
    }
    return {
      detail: reassign ? SELLER_MESSAGES.reassigned : SELLER_MESSAGES.assigned,
      count: moving.length,
    };
  });
}
