import type { BuyerDetailOutput, BuyerOutput, BuyerSummaryOutput } from '@b2b/domain/api/buyers';
import type { AddressOutput } from '@b2b/domain/api/common';
import { toRupees } from '@b2b/domain/money';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { notFound } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { KeysetCursor, KeysetSort } from '../../db/keyset-paging.ts';
import type { Executor } from '../../db/transaction.ts';
import { addressesByOwner } from '../addresses/addresses.service.ts';
import { lastPayment } from '../buyer-ledger/buyer-ledger.service.ts';
import { historyPage } from '../history/history.service.ts';
import { baseOf, figuresOf, paymentTermOf } from './buyers.present.ts';
import * as queries from './buyers.queries.ts';

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
