import { LOCALE, toPaise, toRupees } from './money.ts';
import {
  addDays,
  isNonZero,
  isNumber,
  isPositiveNumber,
  MESSAGES,
  maxDecimals,
  numberField,
  todayInIndia,
  tomorrow,
} from './validation.ts';

/**
 * Cashpoints: a loyalty credit per buyer and sales channel, in points with two decimals. A credit
 * is a lot with an expiry day (the last day it counts) and what is left of it; debits consume
 * lots earliest expiry first. All arithmetic here runs on whole hundredths so that 0.1 + 0.2
 * points is 0.3 points.
 */

/** numeric(14, 2) holds 12 integer digits; one amount stays far below that. */
export const CASHPOINT_MAX = 10_000_000;
/** The summary's "expiring" window: lots whose last day falls within the next 30 days. */
export const CASHPOINT_EXPIRING_DAYS = 30;
/** The history list's page size (spec 2 section 9). */
export const CASHPOINT_HISTORY_LIMIT = 30;

export const CASHPOINT_MESSAGES = {
  decimals: 'Cashpoint can have at most 2 decimals.',
  too_large: `Cashpoint cannot exceed ${CASHPOINT_MAX.toLocaleString(LOCALE)}.`,
  sales_channel_required: 'Sales Channel is required',
  sales_channel_not_enabled: 'This sales channel is not enabled for the buyer.',
  no_sales_channel: 'This buyer has no sales channel enabled.',
  buyer_inactive: 'Cashpoints cannot be changed for an inactive buyer.',
  credited: 'Cashpoint credited to buyer successfully.',
  debited: 'Cashpoint debited from buyer successfully.',
  credit_failed: 'Failed to credit cashpoint to buyer.',
  debit_failed: 'Failed to debit cashpoint from buyer.',
} as const;

const hundredths = (points: number) => toPaise(points);
const points = (units: number) => toRupees(units);

/** Points with Indian grouping and two decimals: '1,20,000.50'. */
export function formatCashpoints(value: number): string {
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number.isFinite(value) ? value : 0,
  );
}

export function insufficientCashpointsMessage(available: number): string {
  return `Insufficient cashpoints. Available: ${formatCashpoints(available)}`;
}

/**
 * The amount of a credit or debit, from the dialog (a string as typed) or the API (a number):
 * required, a number, not zero, positive, at most two decimals, below CASHPOINT_MAX.
 */
export const cashpointAmount = numberField(
  [
    [isNumber, MESSAGES.cashpoint_positive],
    [isNonZero, MESSAGES.cashpoint_zero],
    [isPositiveNumber, MESSAGES.cashpoint_positive],
    [(v) => maxDecimals(v, 2), CASHPOINT_MESSAGES.decimals],
    [(v) => Number(v) <= CASHPOINT_MAX, CASHPOINT_MESSAGES.too_large],
  ],
  MESSAGES.cashpoint_required,
);

/** Today's calendar day in India (YYYY-MM-DD): the day cashpoint expiry is measured against. */
export const indianToday = todayInIndia;

/** A YYYY-MM-DD day moved by whole days (one rule for the whole domain, in validation.ts). */
export { addDays };

/** The first expiry day a new credit may have: tomorrow (now plus 24 hours) in India. */
export function earliestCashpointExpiry(now: Date = new Date()): string {
  return indianToday(tomorrow(now));
}

/** A real YYYY-MM-DD calendar day (not 2025-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Whether a credit's expiry day is acceptable: a real calendar day, tomorrow or later. */
export function isCashpointExpiryAllowed(day: string, now: Date = new Date()): boolean {
  return isCalendarDay(day) && day >= earliestCashpointExpiry(now);
}

/** A credited lot: its expiry day (the last day it counts) and what is left of it. */
export interface CashpointLot {
  id: number;
  expired_on: string;
  remaining: number;
}

/** A lot counts through its expiry day and stops counting the day after. */
export const isLotExpired = (lot: Pick<CashpointLot, 'expired_on'>, today: string) => lot.expired_on < today;

/** Points still usable: what is left of the lots that have not expired. */
export function availableCashpoints(lots: readonly CashpointLot[], today: string): number {
  return points(
    lots.filter((lot) => !isLotExpired(lot, today)).reduce((sum, lot) => sum + hundredths(lot.remaining), 0),
  );
}

/** Usable points whose lots end within the next `days` days (today included). */
export function expiringCashpoints(
  lots: readonly CashpointLot[],
  today: string,
  days: number = CASHPOINT_EXPIRING_DAYS,
): number {
  const last = addDays(today, days);
  return availableCashpoints(
    lots.filter((lot) => lot.expired_on <= last),
    today,
  );
}

/** Earliest expiry first; lots ending the same day in the order they were credited. */
export function lotConsumptionOrder<T extends CashpointLot>(lots: readonly T[]): T[] {
  return [...lots].sort((a, b) =>
    a.expired_on === b.expired_on ? a.id - b.id : a.expired_on < b.expired_on ? -1 : 1,
  );
}

export interface LotTake {
  id: number;
  /** Points taken from the lot. */
  take: number;
  /** What is left of the lot afterwards. */
  remaining: number;
}

/**
 * Which lots a debit of `amount` consumes and how much of each, earliest expiry first, skipping
 * expired and empty lots. `shortfall` is what the usable lots could not cover (0 when they can);
 * a caller must refuse the debit when it is above zero.
 */
export function consumeLots(
  lots: readonly CashpointLot[],
  amount: number,
  today: string,
): { takes: LotTake[]; shortfall: number } {
  let left = hundredths(amount);
  const takes: LotTake[] = [];
  for (const lot of lotConsumptionOrder(lots)) {
    if (left <= 0) break;
    const has = hundredths(lot.remaining);
    if (has <= 0 || isLotExpired(lot, today)) continue;
    const take = Math.min(has, left);
    left -= take;
    takes.push({ id: lot.id, take: points(take), remaining: points(has - take) });
  }
  return { takes, shortfall: points(left) };
}

/** Adds point amounts exactly (to the hundredth). */
export function sumCashpoints(values: readonly number[]): number {
  return points(values.reduce((sum, value) => sum + hundredths(value), 0));
}
