/**
 * Batches and expiry (the company's batch configuration): a batch is a lot of a product with its
 * number and manufacturing and expiry dates. Goods leave first-expiry-first-out: the batch that
 * expires first goes first, then batches without an expiry date, then stock not in any batch.
 */
import { z } from 'zod';
import { roundQuantity } from './products.ts';
import { calendarDateSchema, daysBetween, todayInIndia } from './validation.ts';

export const BATCH_NUMBER_MAX = 50;

export const BATCH_MESSAGES = {
  batch_number_required: 'Batch number is required.',
  batch_number_max: `Batch number can have at most ${BATCH_NUMBER_MAX} characters.`,
  manufactured_on_invalid: 'Please enter a valid manufacturing date (YYYY-MM-DD).',
  manufactured_on_future: 'The manufacturing date cannot be in the future.',
  expires_on_invalid: 'Please enter a valid expiry date (YYYY-MM-DD).',
  expires_before_manufacture: 'The expiry date cannot be before the manufacturing date.',
  dates_without_batch: 'Enter a batch number for these dates.',
} as const;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** The batch fields of a line that brings stock in (all optional unless batches are mandatory). */
export const batchFieldsInput = {
  batch_number: z.preprocess(
    blankToUndefined,
    z.string().trim().max(BATCH_NUMBER_MAX, BATCH_MESSAGES.batch_number_max).optional(),
  ),
  manufactured_on: z.preprocess(
    blankToUndefined,
    calendarDateSchema(BATCH_MESSAGES.manufactured_on_invalid).optional(),
  ),
  expires_on: z.preprocess(
    blankToUndefined,
    calendarDateSchema(BATCH_MESSAGES.expires_on_invalid).optional(),
  ),
};

export interface BatchFields {
  batch_number?: string | undefined;
  manufactured_on?: string | undefined;
  expires_on?: string | undefined;
}

/** What is wrong with a line's batch fields, as [field, message] pairs (none when fine). */
export function batchFieldProblems(
  fields: BatchFields,
  today: string = todayInIndia(),
): [keyof BatchFields, string][] {
  const problems: [keyof BatchFields, string][] = [];
  const hasDates = fields.manufactured_on !== undefined || fields.expires_on !== undefined;
  if (hasDates && fields.batch_number === undefined) {
    problems.push(['batch_number', BATCH_MESSAGES.dates_without_batch]);
  }
  if (fields.manufactured_on !== undefined && fields.manufactured_on > today) {
    problems.push(['manufactured_on', BATCH_MESSAGES.manufactured_on_future]);
  }
  if (
    fields.manufactured_on !== undefined &&
    fields.expires_on !== undefined &&
    fields.expires_on < fields.manufactured_on
  ) {
    problems.push(['expires_on', BATCH_MESSAGES.expires_before_manufacture]);
  }
  return problems;
}

export type BatchStatus = 'expired' | 'expiring_soon' | 'ok' | 'no_expiry';

/** Whole days from `today` to the expiry day (0 on the day itself, negative once past). */
export const daysToExpiry = (expiresOn: string, today: string = todayInIndia()): number =>
  daysBetween(today, expiresOn);

/** A batch is expired from the day after its expiry date; expiring soon within the alert days. */
export function batchStatus(
  expiresOn: string | null,
  alertDays: number,
  today: string = todayInIndia(),
): BatchStatus {
  if (expiresOn === null) return 'no_expiry';
  const days = daysToExpiry(expiresOn, today);
  if (days < 0) return 'expired';
  return days <= alertDays ? 'expiring_soon' : 'ok';
}

export const isExpired = (expiresOn: string | null, today: string = todayInIndia()) =>
  expiresOn !== null && expiresOn < today;

/** A batch's stock in one warehouse, as the allocation sees it. */
export interface BatchOnHand {
  batchId: number;
  expiresOn: string | null;
  quantity: number;
}

/** One part of a movement: the batch it comes from (null: stock in no batch) and how much. */
export interface BatchTake {
  batchId: number | null;
  quantity: number;
}

/** First expiry first out: earliest expiry date first, undated batches next, then by batch id. */
export function fefoOrder<T extends { batchId: number; expiresOn: string | null }>(
  batches: readonly T[],
): T[] {
  return [...batches].sort((a, b) => {
    if (a.expiresOn !== b.expiresOn) {
      if (a.expiresOn === null) return 1;
      if (b.expiresOn === null) return -1;
      return a.expiresOn < b.expiresOn ? -1 : 1;
    }
    return a.batchId - b.batchId;
  });
}

/**
 * Which stock `quantity` (> 0) going out takes: batches first-expiry-first-out, then the stock in
 * no batch (`unbatched`). With `skipExpired` (goods sold or sent on), expired batches are left for
 * a write-off. Whatever the batches and the unbatched stock cannot cover comes back as `short`;
 * the caller decides whether that is a back-order (unbatched, below zero) or a refusal.
 */
export function takeFirstExpiryFirst(
  batches: readonly BatchOnHand[],
  unbatched: number,
  quantity: number,
  options: { skipExpired: boolean; today?: string },
): { takes: BatchTake[]; short: number } {
  const today = options.today ?? todayInIndia();
  const takes: BatchTake[] = [];
  let left = roundQuantity(quantity);
  for (const batch of fefoOrder(batches)) {
    if (left <= 0) break;
    if (batch.quantity <= 0) continue;
    if (options.skipExpired && isExpired(batch.expiresOn, today)) continue;
    const take = Math.min(batch.quantity, left);
    takes.push({ batchId: batch.batchId, quantity: take });
    left = roundQuantity(left - take);
  }
  const fromUnbatched = Math.min(Math.max(unbatched, 0), left);
  if (fromUnbatched > 0) {
    takes.push({ batchId: null, quantity: fromUnbatched });
    left = roundQuantity(left - fromUnbatched);
  }
  return { takes, short: left };
}

/**
 * How a quantity coming back (a transfer received at its destination, or returned to its source)
 * splits over the batches still in transit: earliest expiry first, stock in no batch last.
 */
export function splitOverInTransit(
  inTransit: readonly { batchId: number | null; expiresOn: string | null; quantity: number }[],
  quantity: number,
): BatchTake[] {
  const batched = fefoOrder(inTransit.filter((b): b is typeof b & { batchId: number } => b.batchId !== null));
  const unbatched = inTransit.filter((b) => b.batchId === null);
  const takes: BatchTake[] = [];
  let left = roundQuantity(quantity);
  for (const part of [...batched, ...unbatched]) {
    if (left <= 0) break;
    const take = Math.min(part.quantity, left);
    if (take <= 0) continue;
    takes.push({ batchId: part.batchId, quantity: take });
    left = roundQuantity(left - take);
  }
  // More than is in transit by batch (should not happen: receipts are checked against the line).
  if (left > 0) takes.push({ batchId: null, quantity: left });
  return takes;
}
