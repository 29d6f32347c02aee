import {
  BUYER_MESSAGES,
  type BuyerAddressCreate,
  type BuyerCreate,
  type BuyerDetailOutput,
  type BuyerOutput,
  type BuyerSummaryOutput,
  type BuyerUpdate,
  type PartySearchResult,
} from '@b2b/domain/api/buyers';
import type { AddressOutput } from '@b2b/domain/api/common';
import {
  type BuyerType,
  buyerGstinProblem,
  gstinBillingStateProblem,
  openingBalanceAmounts,
} from '@b2b/domain/buyers';
import { checkCreditLimit, creditFigures, creditLimitExceededMessage } from '@b2b/domain/credit-limit';
import { gstinPan, gstinStateCode } from '@b2b/domain/gstin';
import { toPaise, toRupees } from '@b2b/domain/money';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { KeysetCursor, KeysetSort } from '../../db/keyset-paging.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { updateAddress as updateAddressRow } from '../addresses/addresses.queries.ts';
import {
  type AddressOwnerRules,
  addAddress,
  addOwnedAddress,
  addressesByOwner,
} from '../addresses/addresses.service.ts';
import { lastPayment, postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import { findState } from '../reference/reference.queries.ts';
import * as queries from './buyers.queries.ts';

type AddressInput = BuyerCreate['billing_address'];

const moneyOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

// ---------------------------------------------------------------------------------------------
// Reading

/** The fields every buyer shape starts with (rupees at the edge). */
function baseOf(row: queries.BuyerRow | queries.BuyerPageRow) {
  return {
    id: row.id,
    name: row.name,
    contact_person_name: row.contact_person_name,
    email: row.email,
    phone: row.phone,
    gst_number: row.gst_number,
    pan: row.pan,
    buyer_type: row.buyer_type,
    credit_limit: moneyOrNull(row.credit_limit_paise),
    opening_balance: toRupees(row.opening_balance_paise),
    outstanding: toRupees(row.outstanding_paise),
    is_active: row.is_active,
    is_inventory_exposed: row.is_inventory_exposed,
    ignore_for_bi: row.ignore_for_bi,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function paymentTermOf(row: {
  payment_term_id: number | null;
  payment_term_name: string | null;
  payment_term_days: number | null;
}) {
  return row.payment_term_id === null
    ? null
    : { id: row.payment_term_id, name: row.payment_term_name ?? '', days: row.payment_term_days ?? 0 };
}

function figuresOf(row: { outstanding_paise: number; credit_limit_paise: number | null }) {
  const { creditUsedPaise, creditAvailablePaise } = creditFigures(
    row.outstanding_paise,
    row.credit_limit_paise,
  );
  return {
    outstanding: toRupees(row.outstanding_paise),
    credit_limit: moneyOrNull(row.credit_limit_paise),
    credit_used: toRupees(creditUsedPaise),
    credit_available: moneyOrNull(creditAvailablePaise),
  };
}

function groupBy<T extends { buyer_id: number }, R>(rows: T[], map: (row: T) => R): Map<number, R[]> {
  const byBuyer = new Map<number, R[]>();
  for (const row of rows) {
    const list = byBuyer.get(row.buyer_id) ?? [];
    list.push(map(row));
    byBuyer.set(row.buyer_id, list);
  }
  return byBuyer;
}

/** Addresses, sales channels and groups of a page of buyers: three queries, whatever the page size. */
async function relationsOf(
  db: Executor,
  companyId: number,
  ids: number[],
  wanted: { addresses?: boolean; salesChannels?: boolean; groups?: boolean },
) {
  const [addresses, channels, groups] = await Promise.all([
    wanted.addresses ? addressesByOwner(db, companyId, 'buyer', ids) : new Map<number, AddressOutput[]>(),
    wanted.salesChannels ? queries.salesChannelsOfBuyers(db, companyId, ids) : [],
    wanted.groups ? queries.groupsOfBuyers(db, companyId, ids) : [],
  ]);
  return {
    addresses,
    salesChannels: groupBy(channels, ({ buyer_id: _, ...channel }) => channel),
    groups: groupBy(groups, ({ buyer_id: _, ...group }) => group),
  };
}

export async function getBuyerRow(db: Executor, companyId: number, id: number) {
  const row = await queries.findBuyer(db, companyId, id);
  if (!row) throw notFound('Buyer');
  return row;
}

/** GET buyers/{id}: references as ids. */
export async function getBuyer(db: Executor, companyId: number, id: number): Promise<BuyerOutput> {
  const row = await getBuyerRow(db, companyId, id);
  const related = await relationsOf(db, companyId, [id], {
    addresses: true,
    salesChannels: true,
    groups: true,
  });
  return {
    ...baseOf(row),
    company: row.company_id,
    payment_term: row.payment_term_id,
    sales_channels: (related.salesChannels.get(id) ?? []).filter((c) => c.is_enabled).map((c) => c.id),
    buyer_groups: (related.groups.get(id) ?? []).map((g) => g.id),
    addresses: (related.addresses.get(id) ?? []).map((a) => a.id),
  };
}

/** GET v2/buyers/{id} and the answer of every write: everything expanded. */
export async function getBuyerDetail(
  db: Executor,
  companyId: number,
  id: number,
): Promise<BuyerDetailOutput> {
  const row = await getBuyerRow(db, companyId, id);
  const related = await relationsOf(db, companyId, [id], {
    addresses: true,
    salesChannels: true,
    groups: true,
  });
  return {
    ...baseOf(row),
    company: row.company_id,
    payment_term: paymentTermOf(row),
    sales_channels: related.salesChannels.get(id) ?? [],
    buyer_groups: related.groups.get(id) ?? [],
    addresses: related.addresses.get(id) ?? [],
    summary: figuresOf(row),
  };
}

/**
 * Counts per company and filter, kept until the company's next change (core/company-epoch.ts):
 * paging through a list counts once, not on every page (as products.service does). The epoch is
 * read before counting, so a count that overlaps a write is filed under the old epoch.
 */
const counts = new BoundedCache<number>(5_000);
const countKey = (companyId: number, filter: queries.BuyerFilter) =>
  `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;

async function countOf(db: Executor, companyId: number, filter: queries.BuyerFilter): Promise<number> {
  const key = countKey(companyId, filter);
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  const { n } = await queries.countBuyers(db, companyId, filter);
  counts.set(key, Number(n));
  return Number(n);
}

type ListWindow = PageWindow & { cursor?: KeysetCursor };

/**
 * Above this many matches a search pages by walking the list's index: with matches that common,
 * the first page's rows come early. Up to it (and while the number is not yet known), the page is
 * cut from all the matches, found through the trigram index and counted in the same pass: the cost
 * follows the matches, and a rare word never walks the whole list looking for them.
 */
const WALK_ABOVE = 5_000;

/** One page of buyer rows in list order, and the count of the filter. */
async function loadPage(
  db: Executor,
  companyId: number,
  filter: queries.BuyerFilter,
  sort: KeysetSort[],
  window: ListWindow,
) {
  if (filter.search?.trim() && !window.cursor) {
    const key = countKey(companyId, filter);
    const known = counts.get(key);
    if (known === undefined || known <= WALK_ABOVE) {
      const rows = await queries.listBuyerPage(db, companyId, filter, sort, window, { withTotal: true });
      const count =
        rows.length > 0
          ? Number(rows[0].total)
          : window.offset === 0
            ? 0
            : await countOf(db, companyId, filter);
      counts.set(key, count);
      return { count, rows };
    }
  }
  const rows = await queries.listBuyerPage(db, companyId, filter, sort, window);
  // A first page that is not full holds every match.
  const count =
    !window.cursor && window.offset === 0 && rows.length < window.limit
      ? rows.length
      : await countOf(db, companyId, filter);
  return { count, rows: window.cursor?.direction === 'previous' ? rows.reverse() : rows };
}

/** GET companies/{companyId}/buyers: `expand` may add addresses and sales_channels. */
export async function listBuyers(
  db: Executor,
  companyId: number,
  filter: queries.BuyerFilter,
  sort: KeysetSort[],
  window: ListWindow,
  expand: string[],
) {
  const { count, rows } = await loadPage(db, companyId, filter, sort, window);
  const wanted = {
    addresses: expand.includes('addresses'),
    salesChannels: expand.includes('sales_channels'),
  };
  const related = await relationsOf(
    db,
    companyId,
    rows.map((r) => r.id),
    wanted,
  );
  const results = rows.map((row) => ({
    ...baseOf(row),
    payment_term: row.payment_term_id,
    ...(wanted.addresses ? { addresses: related.addresses.get(row.id) ?? [] } : {}),
    ...(wanted.salesChannels ? { sales_channels: related.salesChannels.get(row.id) ?? [] } : {}),
    sort_value: row.sort_value,
  }));
  return { count, results };
}

/**
 * buyer_details v1 (light: payment term, billing address, credit figures); `full` (v2) adds every
 * address, the sales channels and the groups.
 */
async function detailsPage(
  db: Executor,
  companyId: number,
  filter: queries.BuyerFilter,
  sort: KeysetSort[],
  window: ListWindow,
  full: boolean,
) {
  const { count, rows } = await loadPage(db, companyId, filter, sort, window);
  const related = await relationsOf(
    db,
    companyId,
    rows.map((r) => r.id),
    { addresses: true, salesChannels: full, groups: full },
  );
  const results = rows.map((row) => {
    const addresses = related.addresses.get(row.id) ?? [];
    return {
      row,
      v1: {
        ...baseOf(row),
        payment_term: paymentTermOf(row),
        billing_address: addresses.find((a) => a.address_type === 'billing_address') ?? null,
        summary: figuresOf(row),
        sort_value: row.sort_value,
      },
      addresses,
    };
  });
  return { count, results, related };
}

export async function listBuyerDetails(
  db: Executor,
  companyId: number,
  filter: queries.BuyerFilter,
  sort: KeysetSort[],
  window: ListWindow,
) {
  const { count, results } = await detailsPage(db, companyId, filter, sort, window, false);
  return { count, results: results.map((r) => r.v1) };
}

export async function listBuyerDetailsV2(
  db: Executor,
  companyId: number,
  filter: queries.BuyerFilter,
  sort: KeysetSort[],
  window: ListWindow,
) {
  const { count, results, related } = await detailsPage(db, companyId, filter, sort, window, true);
  return {
    count,
    results: results.map(({ row, v1, addresses }) => ({
      ...v1,
      addresses,
      sales_channels: related.salesChannels.get(row.id) ?? [],
      buyer_groups: related.groups.get(row.id) ?? [],
    })),
  };
}

/** GET buyers/{id}/summary: one statement for the figures, one for the last payment. */
export async function buyerSummary(db: Executor, companyId: number, id: number): Promise<BuyerSummaryOutput> {
  const [row, payment] = await Promise.all([
    queries.summaryOf(db, companyId, id),
    lastPayment(db, companyId, id),
  ]);
  if (!row) throw notFound('Buyer');
  const figures = figuresOf(row);
  return {
    buyer: row.id,
    ...figures,
    opening_balance: toRupees(row.opening_balance_paise),
    credit_limit_restriction_applied: row.apply_credit_limit_restriction,
    credit_limit_exceeded: row.credit_limit_paise !== null && row.outstanding_paise > row.credit_limit_paise,
    last_payment: payment,
    cashpoints_available: Number(row.cashpoints_available ?? 0),
  };
}

export async function buyerHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.buyerExists(db, companyId, id))) throw notFound('Buyer');
  return historyPage(db, companyId, 'buyer', id);
}

// ---------------------------------------------------------------------------------------------
// The credit limit (called by the orders issue before an order adds to what a buyer owes)

/**
 * Refuses (400 on `buyer`, the amounts in ₹) when the company applies the credit limit
 * restriction, the buyer has a limit, and outstanding + additional would pass it. Inside a
 * transaction the buyer row is locked first, so two orders cannot both pass on the same headroom;
 * call it before posting the order's amount to the ledger in that same transaction.
 */
export async function assertWithinCreditLimit(
  db: Executor,
  companyId: number,
  buyerId: number,
  additionalPaise: number,
): Promise<void> {
  const state = await queries.creditState(db, companyId, buyerId, db.isTransaction);
  if (!state) throw notFound('Buyer');
  assertCreditHeadroom(state, additionalPaise);
}

/**
 * The same rule on figures the caller has read: a transaction that posts nothing to the buyer's
 * ledger (an order) reads them as committed, without the lock, which would only queue every order
 * of the buyer behind the others without changing what any of them sees.
 */
export function assertCreditHeadroom(
  state: {
    apply_credit_limit_restriction: boolean;
    credit_limit_paise: number | null;
    outstanding_paise: number;
  },
  additionalPaise: number,
): void {
  const decision = checkCreditLimit({
    restrictionApplied: state.apply_credit_limit_restriction,
    creditLimitPaise: state.credit_limit_paise,
    outstandingPaise: state.outstanding_paise,
    additionalPaise,
  });
  if (!decision.allowed) throw conflict(creditLimitExceededMessage(decision), 'buyer');
}

// ---------------------------------------------------------------------------------------------
// Checks

async function stateOf(db: Executor, stateId: number, field: string) {
  const state = await findState(db, stateId);
  if (!state) throw validationError(field, 'State Not Found');
  return state;
}

/** Every billing address of the buyer must lie in the state its GSTIN was issued for. */
async function assertGstinMatchesBilling(
  db: Executor,
  gstNumber: string | null,
  billingStates: { gst_code: string; name: string }[],
  field = 'gst_number',
) {
  if (!gstNumber) return;
  const code = gstinStateCode(gstNumber);
  const gstinState = code ? await findState(db, Number(code)) : undefined;
  for (const state of billingStates) {
    const problem = gstinBillingStateProblem(gstNumber, state, gstinState);
    if (problem) throw validationError(field, problem);
  }
}

async function assertGstinFree(db: Executor, companyId: number, gstNumber: string | null, exceptId?: number) {
  if (gstNumber && (await queries.findBuyerByGstin(db, companyId, gstNumber, exceptId))) {
    throw validationError('gst_number', BUYER_MESSAGES.gst_number_taken);
  }
}

async function assertPaymentTerm(db: Executor, companyId: number, id: number | null | undefined) {
  if (id != null && !(await queries.findPaymentTerm(db, companyId, id))) {
    throw validationError('payment_term', BUYER_MESSAGES.payment_term_not_found);
  }
}

/** Every id must be a sales channel of the company; enabling needs an active one. */
async function assertSalesChannels(db: Executor, companyId: number, ids: number[], field = 'sales_channels') {
  const unique = [...new Set(ids)];
  const rows = await queries.salesChannelsByIds(db, companyId, unique);
  if (rows.length !== unique.length) throw validationError(field, BUYER_MESSAGES.sales_channel_not_found);
  if (rows.some((c) => !c.is_active)) throw validationError(field, BUYER_MESSAGES.sales_channel_inactive);
  return unique;
}

function explainUniqueViolation(error: unknown): never {
  if (queries.isGstinTaken(error)) throw validationError('gst_number', BUYER_MESSAGES.gst_number_taken);
  throw error;
}

/**
 * The buyer's address rules, run by the shared address routes (PATCH addresses/{id}, POST
 * addresses/{id}/delete) and by POST buyers/{id}/addresses inside the change's transaction, on the
 * addresses as they will be committed: a buyer keeps at least one billing address, its addresses
 * are billing or shipping ones, and every billing address lies in the GSTIN's state.
 */
export async function assertBuyerAddressRules(
  db: Executor,
  companyId: number,
  buyerId: number,
  options: { requireBilling: boolean },
) {
  const buyer = await queries.findBuyer(db, companyId, buyerId);
  if (!buyer) throw notFound('Buyer');
  const addresses = (await addressesByOwner(db, companyId, 'buyer', [buyerId])).get(buyerId) ?? [];
  if (addresses.some((a) => a.address_type !== 'billing_address' && a.address_type !== 'shipping_address')) {
    throw validationError('address_type', BUYER_MESSAGES.address_type_for_buyer);
  }
  const billing = addresses.filter((a) => a.address_type === 'billing_address');
  if (options.requireBilling && billing.length === 0) {
    throw validationError('address_type', BUYER_MESSAGES.last_billing_address);
  }
  await assertGstinMatchesBilling(
    db,
    buyer.gst_number,
    billing.map((a) => a.state),
    'state_id',
  );
}

export const buyerAddressRules: AddressOwnerRules = {
  permission: 'change_buyer',
  afterChange: (db, companyId, buyerId) =>
    assertBuyerAddressRules(db, companyId, buyerId, { requireBilling: true }),
};

// ---------------------------------------------------------------------------------------------
// Writing

const addressValues = (input: AddressInput, addressType: 'billing_address' | 'shipping_address') => ({
  address_line_1: input.address_line_1,
  address_line_2: input.address_line_2,
  landmark: input.landmark,
  city: input.city,
  state_id: input.state_id,
  pincode: input.pincode,
  address_type: addressType,
});

/**
 * Creates the buyer with its addresses and sales channels and, when it has one, posts its
 * opening balance to the ledger in the same transaction: the buyer never exists without the
 * balance it was taken on with.
 */
export async function createBuyer(options: {
  db: Database;
  actor: Principal;
  input: BuyerCreate;
}): Promise<BuyerDetailOutput> {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const gstNumber = input.gst_number ?? null;
  const id = await inTransaction(db, async (tx) => {
    const problem = buyerGstinProblem(input.buyer_type, gstNumber);
    if (problem) throw validationError('gst_number', problem);
    const billingState = await stateOf(tx, input.billing_address.state_id, 'billing_address.state_id');
    if (input.shipping_address)
      await stateOf(tx, input.shipping_address.state_id, 'shipping_address.state_id');
    await assertGstinMatchesBilling(tx, gstNumber, [billingState]);
    await assertGstinFree(tx, companyId, gstNumber);
    await assertPaymentTerm(tx, companyId, input.payment_term);
    const channels =
      input.sales_channels === undefined
        ? await queries.activeSalesChannelIds(tx, companyId)
        : await assertSalesChannels(tx, companyId, input.sales_channels);
    const openingBalancePaise = toPaise(input.opening_balance ?? 0);
    const { id } = await queries
      .insertBuyer(tx, companyId, {
        name: input.name,
        contact_person_name: input.contact_person_name ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        gst_number: gstNumber,
        pan: gstNumber ? gstinPan(gstNumber) : null,
        buyer_type: input.buyer_type,
        payment_term_id: input.payment_term ?? null,
        credit_limit_paise: input.credit_limit == null ? null : toPaise(input.credit_limit),
        opening_balance_paise: openingBalancePaise,
        created_by: actor.userId,
      })
      .catch(explainUniqueViolation);
    const owner = { companyId, ownerType: 'buyer' as const, ownerId: id };
    await addAddress(tx, owner, addressValues(input.billing_address, 'billing_address'));
    const shipping = input.addSameAsBilling ? input.billing_address : input.shipping_address;
    if (shipping) await addAddress(tx, owner, addressValues(shipping, 'shipping_address'));
    await queries.replaceBuyerSalesChannels(tx, companyId, id, channels);
    // A zero opening balance posts nothing: the ledger starts empty and the outstanding at zero.
    if (openingBalancePaise !== 0) {
      await postBuyerLedgerEntry(tx, {
        companyId,
        buyerId: id,
        type: 'opening_balance',
        ...openingBalanceAmounts(openingBalancePaise),
        notes: 'Opening balance',
        userId: actor.userId,
      });
    }
    await recordHistory(tx, {
      companyId,
      entityType: 'buyer',
      entityId: id,
      action: 'created',
      userId: actor.userId,
      changes: input,
    });
    return id;
  });
  return getBuyerDetail(db, companyId, id);
}

/** The buyer's first address of a type is changed in place, or added when it has none. */
async function saveFirstAddress(
  tx: Tx,
  companyId: number,
  buyerId: number,
  current: AddressOutput[],
  addressType: 'billing_address' | 'shipping_address',
  input: AddressInput,
) {
  const existing = current.find((a) => a.address_type === addressType);
  if (!existing) {
    await addAddress(
      tx,
      { companyId, ownerType: 'buyer', ownerId: buyerId },
      addressValues(input, addressType),
    );
    return;
  }
  await updateAddressRow(tx, companyId, existing.id, {
    ...addressValues(input, addressType),
    address_line_2: input.address_line_2 ?? null,
    landmark: input.landmark ?? null,
  });
}

/** Any field, same rules, applied together; the opening balance is fixed once posted. */
export async function updateBuyer(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  changes: BuyerUpdate;
}): Promise<BuyerDetailOutput> {
  const { db, actor, buyerId, changes } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockBuyer(tx, companyId, buyerId);
    if (!current) throw notFound('Buyer');
    if (
      changes.opening_balance !== undefined &&
      toPaise(changes.opening_balance) !== current.opening_balance_paise
    ) {
      throw validationError('opening_balance', BUYER_MESSAGES.opening_balance_locked);
    }
    const buyerType: BuyerType = changes.buyer_type ?? current.buyer_type;
    const gstNumber = changes.gst_number !== undefined ? changes.gst_number : current.gst_number;
    const problem = buyerGstinProblem(buyerType, gstNumber);
    if (problem) throw validationError('gst_number', problem);
    if (changes.billing_address)
      await stateOf(tx, changes.billing_address.state_id, 'billing_address.state_id');
    if (changes.shipping_address) {
      await stateOf(tx, changes.shipping_address.state_id, 'shipping_address.state_id');
    }
    if (gstNumber !== current.gst_number) await assertGstinFree(tx, companyId, gstNumber, buyerId);
    if (changes.payment_term !== current.payment_term_id)
      await assertPaymentTerm(tx, companyId, changes.payment_term);
    const channels =
      changes.sales_channels === undefined
        ? undefined
        : await assertSalesChannels(tx, companyId, changes.sales_channels);

    // Addresses first, then the GSTIN is checked against the billing addresses as they now are.
    const addresses = (await addressesByOwner(tx, companyId, 'buyer', [buyerId])).get(buyerId) ?? [];
    if (changes.billing_address) {
      await saveFirstAddress(tx, companyId, buyerId, addresses, 'billing_address', changes.billing_address);
    }
    const shipping = changes.addSameAsBilling
      ? (changes.billing_address ??
        addressInputOf(addresses.find((a) => a.address_type === 'billing_address')))
      : changes.shipping_address;
    if (shipping) await saveFirstAddress(tx, companyId, buyerId, addresses, 'shipping_address', shipping);

    await queries
      .updateBuyer(tx, companyId, buyerId, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.contact_person_name !== undefined
          ? { contact_person_name: changes.contact_person_name }
          : {}),
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
        ...(changes.gst_number !== undefined
          ? { gst_number: gstNumber, pan: gstNumber ? gstinPan(gstNumber) : null }
          : {}),
        ...(changes.buyer_type !== undefined ? { buyer_type: changes.buyer_type } : {}),
        ...(changes.payment_term !== undefined ? { payment_term_id: changes.payment_term } : {}),
        ...(changes.credit_limit !== undefined
          ? { credit_limit_paise: changes.credit_limit === null ? null : toPaise(changes.credit_limit) }
          : {}),
      })
      .catch(explainUniqueViolation);
    if (channels) await queries.replaceBuyerSalesChannels(tx, companyId, buyerId, channels);
    // Buyers imported without an address can still be edited; the address routes insist on one.
    await assertBuyerAddressRules(tx, companyId, buyerId, { requireBilling: false }).catch(
      (error: unknown) => {
        // Here the GSTIN is what the user is most likely changing: report it on that field.
        if (error instanceof AppError && error.errors?.state_id) {
          throw validationError(
            changes.billing_address ? 'billing_address.state_id' : 'gst_number',
            error.message,
          );
        }
        throw error;
      },
    );
    await recordHistory(tx, {
      companyId,
      entityType: 'buyer',
      entityId: buyerId,
      action: 'updated',
      userId: actor.userId,
      changes,
    });
  });
  return getBuyerDetail(db, companyId, buyerId);
}

const addressInputOf = (address: AddressOutput | undefined): AddressInput | undefined =>
  address && {
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 ?? undefined,
    landmark: address.landmark ?? undefined,
    city: address.city,
    state_id: address.state.id,
    pincode: address.pincode,
  };

type BuyerFlag = 'is_active' | 'is_inventory_exposed' | 'ignore_for_bi';
const FLAG_ACTIONS: Record<BuyerFlag, [on: string, off: string]> = {
  is_active: ['activated', 'deactivated'],
  is_inventory_exposed: ['inventory_exposed', 'inventory_hidden'],
  ignore_for_bi: ['ignored_for_bi', 'not_ignored_for_bi'],
};

/** Activate/deactivate, expose/hide inventory, ignore for BI or not: one switch, one history row. */
export async function setBuyerFlag(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  flag: BuyerFlag;
  value: boolean;
}): Promise<BuyerDetailOutput> {
  const { db, actor, buyerId, flag, value } = options;
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockBuyer(tx, actor.companyId, buyerId))) throw notFound('Buyer');
    await queries.updateBuyer(tx, actor.companyId, buyerId, { [flag]: value });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'buyer',
      entityId: buyerId,
      action: FLAG_ACTIONS[flag][value ? 0 : 1],
      userId: actor.userId,
    });
  });
  return getBuyerDetail(db, actor.companyId, buyerId);
}

/**
 * POST buyers/{id}/addresses: through the shared address service, so the buyer's address rules
 * (registered with it) run on the result. A billing address may be copied as shipping too.
 */
export async function addBuyerAddress(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  input: BuyerAddressCreate;
}): Promise<AddressOutput> {
  const { db, actor, buyerId, input } = options;
  return inTransaction(db, async (tx) => {
    if (!(await queries.lockBuyer(tx, actor.companyId, buyerId))) throw notFound('Buyer');
    const { addSameAsBilling, ...address } = input;
    await stateOf(tx, address.state_id, 'state_id');
    const owner = { actor, ownerType: 'buyer' as const, ownerId: buyerId };
    const created = await addOwnedAddress(tx, owner, address);
    if (addSameAsBilling) await addOwnedAddress(tx, owner, { ...address, address_type: 'shipping_address' });
    await queries.updateBuyer(tx, actor.companyId, buyerId, {});
    return created;
  });
}

/** Enables or disables one sales channel for the buyer (v2 enable-/disable-sales-channel). */
export async function setBuyerSalesChannel(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  salesChannelId: number;
  enabled: boolean;
}): Promise<BuyerDetailOutput> {
  const { db, actor, buyerId, salesChannelId, enabled } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockBuyer(tx, companyId, buyerId))) throw notFound('Buyer');
    const [channel] = await queries.salesChannelsByIds(tx, companyId, [salesChannelId]);
    if (!channel) throw validationError('sales_channel', BUYER_MESSAGES.sales_channel_not_found);
    // Disabling an inactive channel is fine (it tidies up); enabling one is not.
    if (enabled && !channel.is_active)
      throw validationError('sales_channel', BUYER_MESSAGES.sales_channel_inactive);
    await queries.setBuyerSalesChannel(tx, companyId, buyerId, salesChannelId, enabled);
    await queries.updateBuyer(tx, companyId, buyerId, {});
    await recordHistory(tx, {
      companyId,
      entityType: 'buyer',
      entityId: buyerId,
      action: enabled ? 'sales_channel_enabled' : 'sales_channel_disabled',
      userId: actor.userId,
      changes: { sales_channel: salesChannelId, name: channel.name },
    });
  });
  return getBuyerDetail(db, companyId, buyerId);
}

// ---------------------------------------------------------------------------------------------
// POST companies/search

/**
 * Exact matches among the company's buyers and sellers (as far as the caller may see each), so a
 * create form can warn that the party already exists.
 */
export async function searchParties(
  db: Executor,
  actor: Principal,
  keys: { gst_number?: string | null; phone?: string | null; email?: string | null },
  visible: { buyers: boolean; sellers: boolean },
): Promise<PartySearchResult[]> {
  const wanted = { gstNumber: keys.gst_number ?? null, phone: keys.phone ?? null, email: keys.email ?? null };
  const [buyers, sellers] = await Promise.all([
    visible.buyers ? queries.buyersMatching(db, actor.companyId, wanted) : [],
    visible.sellers ? queries.sellersMatching(db, actor.companyId, wanted) : [],
  ]);
  const matchedOn = (row: { gst_number: string | null; phone: string | null; email: string | null }) => {
    const fields: PartySearchResult['matched_on'] = [];
    if (wanted.gstNumber && row.gst_number === wanted.gstNumber) fields.push('gst_number');
    if (wanted.phone && row.phone === wanted.phone) fields.push('phone');
    if (wanted.email && row.email?.toLowerCase() === wanted.email.toLowerCase()) fields.push('email');
    return fields;
  };
  return [
    ...buyers.map((row) => ({ type: 'buyer' as const, ...row, matched_on: matchedOn(row) })),
    ...sellers.map((row) => ({ type: 'seller' as const, ...row, matched_on: matchedOn(row) })),
  ];
}
