import { z } from 'zod';
import {
  BUYER_TYPE_VALUES,
  buyerGstinProblem,
  LEDGER_ENTRY_TYPE_VALUES,
  TRANSACTION_TYPE_VALUES,
  type TransactionType,
  transactionNeedsPaymentMethod,
} from '../buyers.ts';
import {
  calendarDateSchema,
  emailSchema,
  gstinSchema,
  isBlank,
  isNumber,
  isPositiveNumber,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  numberField,
  requiredText,
  todayInIndia,
} from '../validation.ts';
import { PARTY_ADDRESS_MESSAGES, partyAddressCreate } from './addresses.ts';
import { addressInput, addressOutput, id, idInput, idParam, timestamp } from './common.ts';
import { booleanParam, csvList } from './list-query.ts';
import { MONEY_MAX, rupeesInput } from './products.ts';

export const BUYER_NAME_MAX = 200;

export const BUYER_MESSAGES = {
  not_found: 'Buyer Not Found',
  name_required: 'Buyer name is required.',
  gst_number_taken: 'A buyer with this GST number already exists.',
  payment_term_not_found: 'Payment Term Not Found',
  sales_channel_not_found: 'Sales Channel Not Found',
  sales_channel_inactive: 'This sales channel is inactive.',
  billing_required: 'Billing address is required.',
  same_as_billing_conflict: 'Leave the shipping address out when it is the same as the billing address.',
  same_as_billing_needs_billing: PARTY_ADDRESS_MESSAGES.same_as_billing_needs_billing,
  address_type_for_buyer: 'A buyer address is a billing_address or a shipping_address.',
  opening_balance_locked: 'Opening balance can only be set when the buyer is created.',
  address_type: PARTY_ADDRESS_MESSAGES.address_type,
  last_billing_address: 'A buyer needs a billing address: add another one before deleting this one.',
  money: 'Please enter a valid amount (at most 2 decimals).',
  amount_positive: 'Amount must be greater than zero.',
  payment_method_required: 'Payment method is required for a payment or a refund.',
  payment_method_not_found: 'Payment Method Not Found',
  payment_method_inactive: 'This payment method is inactive.',
  date_invalid: 'Please enter a valid date (YYYY-MM-DD).',
  date_in_future: 'The date cannot be in the future.',
  search_needs_one: 'Give a GST number, a phone number or an e-mail address to search for.',
  transaction_recorded: 'Transaction Recorded Successfully.',
} as const;

/** Optional input a form may clear: '' and null both mean "no value" (stored as null). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());

const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max));

/** An id of another record, or null to clear it; '' from a form means null. */
const optionalId = z.preprocess(
  (v) => (v !== undefined && isBlank(v) ? null : v),
  idInput.nullable().optional(),
);

/** Indian mobile numbers: 10 digits, not starting with 0 (as the database checks). */
export const buyerPhoneSchema = z
  .string({ error: MESSAGES.phone })
  .trim()
  .regex(/^[1-9]\d{9}$/, MESSAGES.phone);

/** Signed rupees with at most two decimals: an opening balance may be an advance (negative). */
export const signedRupeesInput = numberField([
  [isNumber, MESSAGES.number],
  [(v) => maxDecimals(v, 2), BUYER_MESSAGES.money],
  [(v) => Math.abs(Number(v)) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
]);

/** A transaction amount: more than zero, at most two decimals. */
export const positiveRupeesInput = numberField([
  [isNumber, MESSAGES.number],
  [isPositiveNumber, BUYER_MESSAGES.amount_positive],
  [(v) => maxDecimals(v, 2), BUYER_MESSAGES.money],
  [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
]);

export const buyerType = z.enum(BUYER_TYPE_VALUES, { error: 'Choose a valid buyer type.' });

const buyerFields = {
  name: requiredText(BUYER_MESSAGES.name_required, BUYER_NAME_MAX),
  contact_person_name: clearable(text(64)),
  email: clearable(emailSchema),
  phone: clearable(buyerPhoneSchema),
  gst_number: clearable(gstinSchema),
  buyer_type: buyerType.optional(),
  payment_term: optionalId,
  /** Rupees; null (or absent) means no limit. */
  credit_limit: clearable(rupeesInput),
  /** Sales channels the buyer may buy through; on create, absent means every active channel. */
  sales_channels: z.array(idInput).max(100).optional(),
};

type Issues = { issues: readonly { path?: readonly PropertyKey[] }[] };
const whenValid =
  (...keys: string[]) =>
  (payload: Issues) =>
    !payload.issues.some((issue) => {
      const head = issue.path?.[0];
      return head === undefined || keys.includes(String(head));
    });

/** Registered buyers need a GSTIN; unregistered ones and consumers must not have one. */
const gstinForTypeCheck = z.superRefine<{ buyer_type?: unknown; gst_number?: unknown }>(
  (value, ctx) => {
    const type = (value.buyer_type ?? 'regular') as z.infer<typeof buyerType>;
    const problem = buyerGstinProblem(type, value.gst_number as string | null | undefined);
    if (problem)
      ctx.addIssue({ code: 'custom', message: problem, path: ['gst_number'], input: value.gst_number });
  },
  { when: whenValid('buyer_type', 'gst_number') },
);

const sameAsBillingCheck = z.superRefine<{ shipping_address?: unknown; addSameAsBilling?: unknown }>(
  (value, ctx) => {
    if (value.addSameAsBilling === true && value.shipping_address !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: BUYER_MESSAGES.same_as_billing_conflict,
        path: ['shipping_address'],
        input: value.shipping_address,
      });
    }
  },
);

/**
 * POST companies/{companyId}/buyers. The server also checks that the GSTIN's state is the billing
 * address's state, that the GSTIN is not another buyer's, and the ids (payment term, channels).
 */
export const buyerCreate = z
  .object({
    ...buyerFields,
    buyer_type: buyerType.default('regular'),
    /** Rupees the buyer owed (or, negative, had paid in advance) when taken on; posts one ledger line. */
    opening_balance: z.preprocess((v) => (isBlank(v) ? undefined : v), signedRupeesInput.optional()),
    billing_address: addressInput,
    shipping_address: addressInput.optional(),
    /** Copies the billing address as the shipping address (then send no shipping_address). */
    addSameAsBilling: z.boolean().default(false),
  })
  .strict()
  .check(gstinForTypeCheck, sameAsBillingCheck);
export type BuyerCreate = z.infer<typeof buyerCreate>;
export type BuyerCreateInput = z.input<typeof buyerCreate>;

/**
 * PATCH buyers/{id}: every field optional. billing_address / shipping_address change the buyer's
 * first address of that type (or add one) in the same transaction as the rest, so a GSTIN and its
 * billing state can change together; addSameAsBilling makes the shipping address a copy of billing.
 * The opening balance is fixed once posted (sending the stored value back is fine).
 */
export const buyerUpdate = z
  .object({
    ...buyerFields,
    name: buyerFields.name.optional(),
    opening_balance: z.preprocess((v) => (isBlank(v) ? undefined : v), signedRupeesInput.optional()),
    billing_address: addressInput.optional(),
    shipping_address: addressInput.optional(),
    addSameAsBilling: z.boolean().optional(),
  })
  .strict()
  .check(sameAsBillingCheck);
export type BuyerUpdate = z.infer<typeof buyerUpdate>;

/** POST buyers/{id}/addresses: one address; a billing one may be copied as shipping too. */
export const buyerAddressCreate = partyAddressCreate;
export type BuyerAddressCreate = z.infer<typeof buyerAddressCreate>;

export const buyerIgnoreForBi = z
  .object({ ignore_for_bi: z.boolean({ error: 'ignore_for_bi must be true or false.' }) })
  .strict();

export const buyerSalesChannelChange = z.object({ sales_channel: idInput }).strict();

// ---------------------------------------------------------------------------------------------
// Answers

const ref = z.object({ id, name: z.string() });
export const paymentTermRef = z.object({ id, name: z.string(), days: z.number() });
export const buyerSalesChannelOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string(),
  is_enabled: z.boolean(),
});

/** The buyer's own fields (every list and detail shape starts with these). Money in rupees. */
const buyerBase = {
  id,
  name: z.string(),
  contact_person_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gst_number: z.string().nullable(),
  /** From the GSTIN (characters 3 to 12) when it is PAN-based. */
  pan: z.string().nullable(),
  buyer_type: buyerType,
  credit_limit: z.number().nullable(),
  opening_balance: z.number(),
  /** Debits minus credits of the ledger; negative is an advance. */
  outstanding: z.number(),
  is_active: z.boolean(),
  is_inventory_exposed: z.boolean(),
  ignore_for_bi: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
};

/** GET companies/{companyId}/buyers: one row of the list; `expand=addresses,sales_channels` embeds those. */
export const buyerListItem = z.object({
  ...buyerBase,
  payment_term: id.nullable(),
  addresses: z.array(addressOutput).optional(),
  sales_channels: z.array(buyerSalesChannelOutput).optional(),
});
export type BuyerListItem = z.infer<typeof buyerListItem>;

export const creditFiguresOutput = z.object({
  outstanding: z.number(),
  credit_limit: z.number().nullable(),
  /** What is owed (an advance uses none). */
  credit_used: z.number(),
  /** Limit minus credit used, never below zero; null when the buyer has no limit. */
  credit_available: z.number().nullable(),
});

/** GET companies/{companyId}/buyer_details (v1): light details, the figures and the billing address. */
export const buyerDetailsV1Item = z.object({
  ...buyerBase,
  payment_term: paymentTermRef.nullable(),
  billing_address: addressOutput.nullable(),
  summary: creditFiguresOutput,
});

/** GET v2/companies/{companyId}/buyer_details: v1 plus every address, the sales channels and groups. */
export const buyerDetailsV2Item = buyerDetailsV1Item.extend({
  addresses: z.array(addressOutput),
  sales_channels: z.array(buyerSalesChannelOutput),
  buyer_groups: z.array(ref),
});

/** GET buyers/{id} (v1): the buyer with its references as ids. */
export const buyerOutput = z.object({
  ...buyerBase,
  company: id,
  payment_term: id.nullable(),
  /** Ids of the enabled sales channels. */
  sales_channels: z.array(id),
  buyer_groups: z.array(id),
  addresses: z.array(id),
});
export type BuyerOutput = z.infer<typeof buyerOutput>;

/**
 * GET v2/buyers/{id}, and the answer of every write on a buyer: references expanded, every
 * address, the sales channels with their enabled state, and the credit figures.
 */
export const buyerDetailOutput = z.object({
  ...buyerBase,
  company: id,
  payment_term: paymentTermRef.nullable(),
  sales_channels: z.array(buyerSalesChannelOutput),
  buyer_groups: z.array(ref),
  addresses: z.array(addressOutput),
  summary: creditFiguresOutput,
});
export type BuyerDetailOutput = z.infer<typeof buyerDetailOutput>;

/**
 * GET buyers/{id}/summary. Orders are not counted here yet: orders arrive with the orders issue,
 * and a count of zero would be a claim, not a figure.
 */
export const buyerSummaryOutput = creditFiguresOutput.extend({
  buyer: id,
  opening_balance: z.number(),
  /** companies.apply_credit_limit_restriction: whether the limit blocks new orders. */
  credit_limit_restriction_applied: z.boolean(),
  credit_limit_exceeded: z.boolean(),
  last_payment: z
    .object({
      id,
      date: z.string(),
      amount: z.number(),
      payment_method: ref.nullable(),
      reference_number: z.string().nullable(),
    })
    .nullable(),
  /** Sum of the buyer's cashpoint balances over every sales channel (points, two decimals). */
  cashpoints_available: z.number(),
});
export type BuyerSummaryOutput = z.infer<typeof buyerSummaryOutput>;

export const BUYER_ORDERINGS = ['name', 'created_at', 'updated_at', 'outstanding'] as const;

const buyerTypes = z
  .string()
  .max(200)
  .transform((v) => csvList(v))
  .pipe(z.array(z.enum(BUYER_TYPE_VALUES, { error: 'Choose a valid buyer type.' })));

/** The filters of every buyer list (buyers, buyer_details v1 and v2). */
export const buyerListFilters = z.object({
  buyer_type: buyerType.optional(),
  buyer_type__in: buyerTypes.optional(),
  sales_channel: idParam.optional(),
  gst_number: z.string().trim().max(15).optional(),
  is_active: booleanParam.optional(),
  buyer_group: idParam.optional(),
});
export const BUYER_DEFAULT_ORDERING = '-created_at';

// ---------------------------------------------------------------------------------------------
// Ledger transactions

const dateInput = calendarDateSchema(BUYER_MESSAGES.date_invalid);

/** Today in India; the calendar day a transaction date may not pass. */
export { todayInIndia };

const paymentMethodCheck = z.superRefine<{ transaction_type?: unknown; payment_method?: unknown }>(
  (value, ctx) => {
    if (
      transactionNeedsPaymentMethod(value.transaction_type as TransactionType) &&
      (value.payment_method === null || value.payment_method === undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: BUYER_MESSAGES.payment_method_required,
        path: ['payment_method'],
        input: value.payment_method,
      });
    }
  },
  { when: whenValid('transaction_type', 'payment_method') },
);

const notInFutureCheck = z.superRefine<{ date?: unknown }>(
  (value, ctx) => {
    if (typeof value.date === 'string' && value.date > todayInIndia()) {
      ctx.addIssue({
        code: 'custom',
        message: BUYER_MESSAGES.date_in_future,
        path: ['date'],
        input: value.date,
      });
    }
  },
  { when: whenValid('date') },
);

/** POST admin/companies/{companyId}/transactions: one hand-recorded line of a buyer's ledger. */
export const transactionCreate = z
  .object({
    buyer: idInput,
    transaction_type: z.enum(TRANSACTION_TYPE_VALUES, {
      error: 'Transaction type must be payment, debit_adjustment, credit_adjustment or refund.',
    }),
    amount: positiveRupeesInput,
    /** The day the money moved (YYYY-MM-DD, India); today when absent. */
    date: z.preprocess((v) => (isBlank(v) ? undefined : v), dateInput.optional()),
    payment_method: optionalId,
    reference_number: clearable(text(100)),
    notes: clearable(text(1000)),
    branch: optionalId,
  })
  .strict()
  .check(paymentMethodCheck, notInFutureCheck);
export type TransactionCreate = z.infer<typeof transactionCreate>;
export type TransactionCreateInput = z.input<typeof transactionCreate>;

export const ledgerEntryType = z.enum(LEDGER_ENTRY_TYPE_VALUES, { error: 'Unknown entry type.' });

export const transactionOutput = z.object({
  id,
  buyer: ref,
  date: z.string(),
  entry_type: ledgerEntryType,
  /** Rupees the line added to what the buyer owes (0 on a credit line). */
  debit: z.number(),
  /** Rupees the line took off (0 on a debit line). */
  credit: z.number(),
  /** The buyer's outstanding right after this line. */
  balance_after: z.number(),
  payment_method: ref.nullable(),
  branch: ref.nullable(),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  document_type: z.string().nullable(),
  document_id: id.nullable(),
  created_by: ref.nullable(),
  created_at: timestamp,
});
export type TransactionOutput = z.infer<typeof transactionOutput>;

export const TRANSACTION_ORDERINGS = ['created_at', 'date', 'amount'] as const;

/** A calendar day: Date.parse would take 2026-02-30 as 2 March, this refuses it. */
const ledgerDay = calendarDateSchema('Expected a date as YYYY-MM-DD.');

const entryTypes = z
  .string()
  .max(200)
  .transform((v) => csvList(v))
  .pipe(z.array(z.enum(LEDGER_ENTRY_TYPE_VALUES, { error: 'Unknown entry type.' })));

/** The filters of the buyer ledger (admin/companies/{id}/transactions). */
export const transactionListFilters = z.object({
  buyer: idParam.optional(),
  entry_type: ledgerEntryType.optional(),
  entry_type__in: entryTypes.optional(),
  start_date: ledgerDay.optional(),
  end_date: ledgerDay.optional(),
  payment_method: idParam.optional(),
  branch: idParam.optional(),
});

/** The created transaction, with the buyer's outstanding after it. */
export const transactionCreated = transactionOutput.extend({ outstanding: z.number() });

// ---------------------------------------------------------------------------------------------
// POST companies/search: does a buyer or seller with this GSTIN, phone or e-mail already exist?

export const partySearchInput = z
  .object({
    gst_number: clearable(z.string().trim().toUpperCase().max(15, maxLengthMessage(15))),
    phone: clearable(z.string().trim().max(15, maxLengthMessage(15))),
    email: clearable(z.string().trim().max(254, maxLengthMessage(254))),
  })
  .strict()
  .refine((v) => Boolean(v.gst_number || v.phone || v.email), {
    message: BUYER_MESSAGES.search_needs_one,
    path: ['non_field_errors'],
  });

export const partySearchResult = z.object({
  type: z.enum(['buyer', 'seller']),
  id,
  name: z.string(),
  gst_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  /** Which of the given values this party has: gst_number, phone, email. */
  matched_on: z.array(z.enum(['gst_number', 'phone', 'email'])),
});
export type PartySearchResult = z.infer<typeof partySearchResult>;

/** GET buyers/{id}/history/: newest first, with who did it. */
export const buyerHistoryOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(
    z.object({
      id,
      created_at: timestamp,
      actions: z.object({ action: z.string(), changes: z.unknown() }),
      user: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
    }),
  ),
});
