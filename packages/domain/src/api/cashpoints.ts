import { z } from 'zod';
import {
  CASHPOINT_HISTORY_LIMIT,
  cashpointAmount,
  isCalendarDay,
  isCashpointExpiryAllowed,
} from '../cashpoints.ts';
import { MESSAGES } from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';

export const CASHPOINT_TRANSACTION_TYPE_VALUES = ['credited', 'debited', 'redeemed', 'expired'] as const;

const INVALID_DAY = 'Please enter a valid date (YYYY-MM-DD).';

/**
 * The last day a credit counts: a YYYY-MM-DD day, tomorrow or later in India. Checked against the
 * clock at each request, not when the server started.
 */
const expiryDay = z
  .string({ error: MESSAGES.expiry_date_required })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: MESSAGES.expiry_date_required, input: value });
    else if (!isCalendarDay(value)) {
      ctx.addIssue({ code: 'custom', message: INVALID_DAY, input: value });
    } else if (!isCashpointExpiryAllowed(value)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.expiry_date_min, input: value });
    }
  });

/** The buyer's sales channel (id); may be left out when the buyer has exactly one. */
const salesChannel = idInput.optional();

export const cashpointCreditInput = z
  .object({ amount: cashpointAmount, expired_on: expiryDay, sales_channel: salesChannel })
  .strict();
export type CashpointCreditInput = z.infer<typeof cashpointCreditInput>;

export const cashpointDebitInput = z
  .object({ amount: cashpointAmount, sales_channel: salesChannel })
  .strict();
export type CashpointDebitInput = z.infer<typeof cashpointDebitInput>;

/** The history and the summary filter by the channel's name ('web_store'), not its id. */
export const cashpointChannelFilters = z.object({
  sales_channel: z.string().trim().min(1).max(100).optional(),
});

const salesChannelOutput = z.object({ id, name: z.string(), display_name: z.string() });

export const cashpointEntryOutput = z.object({
  id,
  transaction_type: z.enum(CASHPOINT_TRANSACTION_TYPE_VALUES),
  amount: z.number(),
  /** Credits: the last day the points count. Expiries: the day the lot ended. Otherwise null. */
  expired_on: z.string().nullable(),
  /** The order a redemption paid for, when there is one. */
  order: id.nullable(),
  order_number: z.string().nullable(),
  sales_channel: salesChannelOutput,
  created_at: timestamp,
});
export type CashpointEntryOutput = z.infer<typeof cashpointEntryOutput>;

export const cashpointSummaryOutput = z.object({
  /** Usable points: what is left of credits that have not expired. */
  total_cashpoints: z.number(),
  /** Usable points whose credits end within the next 30 days. */
  expiring_cash_points: z.number(),
  /** Points spent on orders. */
  redeemed_cashpoints: z.number(),
});
export type CashpointSummaryOutput = z.infer<typeof cashpointSummaryOutput>;

/** What a credit or debit answers: the entry written and the summary after it. */
export const cashpointChangeOutput = z.object({
  detail: z.string(),
  entry: cashpointEntryOutput,
  summary: cashpointSummaryOutput,
});
export type CashpointChangeOutput = z.infer<typeof cashpointChangeOutput>;

export const CASHPOINT_HISTORY_DEFAULT = { ordering: '-created_at', limit: CASHPOINT_HISTORY_LIMIT } as const;
