import type {
  CashpointChangeOutput,
  CashpointCreditInput,
  CashpointDebitInput,
  CashpointEntryOutput,
  CashpointSummaryOutput,
} from '@b2b/domain/api/cashpoints';
import {
  addDays,
  CASHPOINT_EXPIRING_DAYS,
  CASHPOINT_MESSAGES,
  consumeLots,
  indianToday,
  insufficientCashpointsMessage,
  sumCashpoints,
} from '@b2b/domain/cashpoints';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import type { BalanceKey } from './cashpoints.queries.ts';
import * as queries from './cashpoints.queries.ts';

const recordBuyerHistory = historyWriter('buyer');

const present = (row: queries.EntryRow): CashpointEntryOutput => ({
  id: row.id,
  transaction_type: row.transaction_type,
  amount: Number(row.amount),
  expired_on: row.expired_on,
  order: row.order_id,
  // Orders arrive with their own issue; until then no entry can point at one.
  order_number: null,
  sales_channel: {
    id: row.sales_channel_id,
    name: row.sales_channel_name,
    display_name: row.sales_channel_display_name,
  },
  created_at: row.created_at,
});

async function assertBuyer(db: Executor, companyId: number, buyerId: number) {
  const buyer = await queries.findBuyer(db, companyId, buyerId);
  if (!buyer) throw notFound('Buyer');
  return buyer;
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function cashpointSummary(
  db: Executor,
  companyId: number,
  buyerId: number,
  salesChannelName?: string,
  today: string = indianToday(),
): Promise<CashpointSummaryOutput> {
  await assertBuyer(db, companyId, buyerId);
  return summaryOf(db, companyId, buyerId, today, salesChannelName);
}

async function summaryOf(
  db: Executor,
  companyId: number,
  buyerId: number,
  today: string,
  salesChannelName?: string,
): Promise<CashpointSummaryOutput> {
  const row = await queries.summaryOf(
    db,
    companyId,
    buyerId,
    { today, lastExpiringDay: addDays(today, CASHPOINT_EXPIRING_DAYS) },
    salesChannelName,
  );
  return {
    total_cashpoints: Number(row.total),
    expiring_cash_points: Number(row.expiring),
    redeemed_cashpoints: Number(row.redeemed),
  };
}

export async function cashpointHistory(
  db: Executor,
  companyId: number,
  buyerId: number,
  salesChannelName: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  await assertBuyer(db, companyId, buyerId);
  const [{ n }, rows] = await queries.listHistory(db, companyId, buyerId, salesChannelName, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

// ---------------------------------------------------------------------------------------------
// Changing

/**
 * The channel the points belong to: one of the buyer's enabled channels. A buyer with exactly one
 * channel may leave it out (the dialog shows no drop-down then).
 */
async function resolveSalesChannel(tx: Executor, companyId: number, buyerId: number, requested?: number) {
  const channels = await queries.enabledSalesChannels(tx, companyId, buyerId);
  if (channels.length === 0) throw validationError('sales_channel', CASHPOINT_MESSAGES.no_sales_channel);
  if (requested === undefined) {
    if (channels.length === 1) return channels[0];
    throw validationError('sales_channel', CASHPOINT_MESSAGES.sales_channel_required);
  }
  const channel = channels.find((c) => c.id === requested);
  if (!channel) throw validationError('sales_channel', CASHPOINT_MESSAGES.sales_channel_not_enabled);
  return channel;
}

async function assertActiveBuyer(tx: Executor, companyId: number, buyerId: number) {
  const buyer = await assertBuyer(tx, companyId, buyerId);
  if (!buyer.is_active) throw new AppError('bad_request', CASHPOINT_MESSAGES.buyer_inactive);
}

/**
 * Ends the lots of one locked balance whose last day is before `today`: an 'expired' entry per
 * lot (dated with the lot's expiry), the lot emptied, the balance lowered. The caller holds the
 * balance lock. Returns the points expired.
 */
async function expireLockedLots(tx: Tx, key: BalanceKey, today: string): Promise<number> {
  const stale = (await queries.openLots(tx, key)).filter((lot) => (lot.expired_on ?? '') < today);
  for (const lot of stale) {
    await queries.insertEntry(tx, key, {
      transaction_type: 'expired',
      amount: Number(lot.remaining),
      expired_on: lot.expired_on,
      created_by: null,
    });
    await queries.setLotRemaining(tx, key.companyId, lot.id, 0);
  }
  const expired = sumCashpoints(stale.map((lot) => Number(lot.remaining)));
  if (expired > 0) await queries.addToBalance(tx, key, -expired);
  return expired;
}

async function lockedBalance(tx: Tx, key: BalanceKey) {
  await queries.ensureBalance(tx, key);
  await queries.lockBalance(tx, key);
}

export async function creditCashpoints(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  input: CashpointCreditInput;
}): Promise<CashpointChangeOutput> {
  const { db, actor, buyerId, input } = options;
  const today = indianToday();
  const entry = await inTransaction(db, async (tx) => {
    await assertActiveBuyer(tx, actor.companyId, buyerId);
    const channel = await resolveSalesChannel(tx, actor.companyId, buyerId, input.sales_channel);
    const key = { companyId: actor.companyId, buyerId, salesChannelId: channel.id };
    await lockedBalance(tx, key);
    await expireLockedLots(tx, key, today);
    const { id } = await queries.insertEntry(tx, key, {
      transaction_type: 'credited',
      amount: input.amount,
      expired_on: input.expired_on,
      remaining: input.amount,
      created_by: actor.userId,
    });
    await queries.addToBalance(tx, key, input.amount);
    await recordBuyerHistory(tx, actor, buyerId, 'cashpoints_credited', {
      amount: input.amount,
      expired_on: input.expired_on,
      sales_channel: channel.name,
    });
    return queries.findEntry(tx, actor.companyId, buyerId, id);
  });
  return {
    detail: CASHPOINT_MESSAGES.credited,
    entry: present(entry),
    summary: await summaryOf(db, actor.companyId, buyerId, today),
  };
}

/**
 * The channel a credit made by the system goes to (a referral reward): `preferred` (the order's
 * channel) when it is enabled for the buyer, else the buyer's first enabled channel; null when
 * the buyer has none (then no points can be given).
 */
export async function salesChannelForCredit(
  tx: Executor,
  companyId: number,
  buyerId: number,
  preferred?: number | null,
): Promise<number | null> {
  const channels = await queries.enabledSalesChannels(tx, companyId, buyerId);
  return (channels.find((c) => c.id === preferred) ?? channels[0])?.id ?? null;
}

/**
 * A credit inside the caller's transaction (a referral reward given with the order that earned
 * it): the balance is locked (a leaf lock: see db/lock-order.ts), stale lots expire, the lot is
 * written with its order and a buyer history row names the reason. Answers the entry's id.
 */
export async function creditCashpointsInTransaction(
  tx: Tx,
  actor: { companyId: number; userId: number | null },
  credit: {
    buyerId: number;
    salesChannelId: number;
    amount: number;
    expiredOn: string;
    orderId?: number | null;
    reason: Record<string, unknown>;
  },
): Promise<number> {
  const key = { companyId: actor.companyId, buyerId: credit.buyerId, salesChannelId: credit.salesChannelId };
  await lockedBalance(tx, key);
  await expireLockedLots(tx, key, indianToday());
  const { id } = await queries.insertEntry(tx, key, {
    transaction_type: 'credited',
    amount: credit.amount,
    expired_on: credit.expiredOn,
    remaining: credit.amount,
    order_id: credit.orderId ?? null,
    created_by: actor.userId,
  });
  await queries.addToBalance(tx, key, credit.amount);
  await recordBuyerHistory(tx, actor, credit.buyerId, 'cashpoints_credited', {
    amount: credit.amount,
    expired_on: credit.expiredOn,
    sales_channel: credit.salesChannelId,
    ...credit.reason,
  });
  return id;
}

/**
 * Takes back up to `amount` points credited for an order that is cancelled (a cashpoints offer's
 * reward), inside the caller's transaction: what the buyer still has of the balance, earliest
 * expiry first, as a 'debited' entry. Points already spent stay spent; answers what was taken back.
 */
export async function reverseCashpointsInTransaction(
  tx: Tx,
  actor: { companyId: number; userId: number | null },
  reversal: {
    buyerId: number;
    salesChannelId: number;
    amount: number;
    orderId: number;
    reason: Record<string, unknown>;
  },
): Promise<number> {
  const key = {
    companyId: actor.companyId,
    buyerId: reversal.buyerId,
    salesChannelId: reversal.salesChannelId,
  };
  const today = indianToday();
  await lockedBalance(tx, key);
  await expireLockedLots(tx, key, today);
  const available = sumCashpoints((await queries.openLots(tx, key)).map((lot) => Number(lot.remaining)));
  const amount = Math.min(reversal.amount, available);
  if (amount <= 0) return 0;
  await spendCashpoints(tx, key, {
    amount,
    type: 'debited',
    orderId: reversal.orderId,
    userId: actor.userId,
    today,
  });
  await recordBuyerHistory(tx, actor, reversal.buyerId, 'cashpoints_debited', { amount, ...reversal.reason });
  return amount;
}

/**
 * Spends points of one balance, earliest expiry first, inside the caller's transaction: the
 * balance is locked, lots past their last day are expired first (the nightly job may not have
 * run yet), and a shortfall refuses the whole amount. Debits by hand and redemptions on orders
 * go through here, so the balance can never go below zero.
 */
export async function spendCashpoints(
  tx: Tx,
  key: BalanceKey,
  spend: {
    amount: number;
    type: 'debited' | 'redeemed';
    orderId?: number | null;
    userId: number | null;
    today?: string;
  },
): Promise<number> {
  const today = spend.today ?? indianToday();
  await lockedBalance(tx, key);
  await expireLockedLots(tx, key, today);
  const lots = (await queries.openLots(tx, key)).map((lot) => ({
    id: lot.id,
    expired_on: lot.expired_on ?? '',
    remaining: Number(lot.remaining),
  }));
  const { takes, shortfall } = consumeLots(lots, spend.amount, today);
  if (shortfall > 0) {
    const available = sumCashpoints(takes.map((t) => t.take));
    throw conflict(insufficientCashpointsMessage(available), 'amount');
  }
  for (const take of takes) await queries.setLotRemaining(tx, key.companyId, take.id, take.remaining);
  const { id } = await queries.insertEntry(tx, key, {
    transaction_type: spend.type,
    amount: spend.amount,
    order_id: spend.orderId ?? null,
    created_by: spend.userId,
  });
  await queries.addToBalance(tx, key, -spend.amount);
  return id;
}

export async function debitCashpoints(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  input: CashpointDebitInput;
}): Promise<CashpointChangeOutput> {
  const { db, actor, buyerId, input } = options;
  const today = indianToday();
  const entry = await inTransaction(db, async (tx) => {
    await assertActiveBuyer(tx, actor.companyId, buyerId);
    const channel = await resolveSalesChannel(tx, actor.companyId, buyerId, input.sales_channel);
    const key = { companyId: actor.companyId, buyerId, salesChannelId: channel.id };
    const id = await spendCashpoints(tx, key, {
      amount: input.amount,
      type: 'debited',
      userId: actor.userId,
      today,
    });
    await recordBuyerHistory(tx, actor, buyerId, 'cashpoints_debited', {
      amount: input.amount,
      sales_channel: channel.name,
    });
    return queries.findEntry(tx, actor.companyId, buyerId, id);
  });
  return {
    detail: CASHPOINT_MESSAGES.debited,
    entry: present(entry),
    summary: await summaryOf(db, actor.companyId, buyerId, today),
  };
}

// ---------------------------------------------------------------------------------------------
// Expiry (the nightly job)

/**
 * Expires every lot whose last day is before `today` (India), one transaction per buyer and
 * channel so one buyer's failure or lock never holds up the rest; each company whose points
 * changed has its cached reads dropped. `companyId` narrows the run (tests, one-off repairs).
 */
export async function expireCashpoints(options: {
  db: Database;
  today?: string;
  companyId?: number;
}): Promise<{ balances: number; points: number }> {
  const { db, companyId } = options;
  const today = options.today ?? indianToday();
  const work = await queries.balancesWithStaleLots(db, today, companyId);
  let balances = 0;
  const expired: number[] = [];
  const changed = new Set<number>();
  for (const row of work) {
    const key = { companyId: row.company_id, buyerId: row.buyer_id, salesChannelId: row.sales_channel_id };
    const points = await inTransaction(db, async (tx) => {
      await queries.lockBalance(tx, key);
      return expireLockedLots(tx, key, today);
    });
    if (points > 0) {
      balances += 1;
      expired.push(points);
      changed.add(key.companyId);
    }
  }
  for (const id of changed) companyChanged(id);
  return { balances, points: sumCashpoints(expired) };
}
