import { z } from 'zod';
import { calendarDateSchema } from '../validation.ts';

/** Request and response shapes of the Tally export routes (issue 22), shared by server and web. */

export const TALLY_MESSAGES = {
  branch: 'Choose a branch.',
  start_date: 'Enter a valid start date (YYYY-MM-DD).',
  end_date: 'Enter a valid end date (YYYY-MM-DD).',
  date_order: 'The end date cannot be before the start date.',
  range_too_long: 'Choose a date range of at most one year.',
  part: 'Choose what to export: masters or vouchers.',
  not_configured: "Tally is not configured: set TALLY_URL to your Tally's address (port 9000).",
  unreachable: 'Tally did not answer. Check that Tally is running with its HTTP server on, and try again.',
  incomplete: (count: number) =>
    `${count} ${count === 1 ? 'document needs' : 'documents need'} Tally names before the export. Fix what the check lists, then export again.`,
  posted: 'Posted to Tally.',
} as const;

/** The kinds of documents the export writes, with the voucher each becomes. */
export const TALLY_DOCUMENT_KINDS = [
  { value: 'invoice', label: 'Invoice', voucher: 'sales' },
  { value: 'credit_note', label: 'Credit Note', voucher: 'credit_note' },
  { value: 'bill', label: 'Bill', voucher: 'purchase' },
  { value: 'debit_note', label: 'Debit Note', voucher: 'debit_note' },
  { value: 'payment', label: 'Payment Received', voucher: 'receipt' },
  { value: 'payment_made', label: 'Payment Made', voucher: 'payment' },
  { value: 'inventory_adjustment', label: 'Inventory Adjustment', voucher: 'stock_journal' },
  { value: 'inventory_transfer', label: 'Inventory Transfer', voucher: 'stock_journal' },
] as const;
export type TallyDocumentKindName = (typeof TALLY_DOCUMENT_KINDS)[number]['value'];
const KIND_VALUES = TALLY_DOCUMENT_KINDS.map((k) => k.value) as [
  TallyDocumentKindName,
  ...TallyDocumentKindName[],
];
export const tallyDocumentKindLabel = (kind: string) =>
  TALLY_DOCUMENT_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** Where a missing Tally name is fixed. */
export const TALLY_FIX_TARGETS = [
  'product',
  'warehouse',
  'seller',
  'branch_tally',
  'branch_bank_accounts',
] as const;
export type TallyFixTarget = (typeof TALLY_FIX_TARGETS)[number];

const branchId = z.coerce
  .number({ error: TALLY_MESSAGES.branch })
  .int(TALLY_MESSAGES.branch)
  .positive(TALLY_MESSAGES.branch)
  .max(Number.MAX_SAFE_INTEGER, TALLY_MESSAGES.branch);

export const tallyRangeQuery = z.object({
  branch_id: branchId,
  start_date: calendarDateSchema(TALLY_MESSAGES.start_date),
  end_date: calendarDateSchema(TALLY_MESSAGES.end_date),
});
export type TallyRangeQuery = z.infer<typeof tallyRangeQuery>;

export const TALLY_EXPORT_PARTS = ['masters', 'vouchers'] as const;
export const tallyExportBody = tallyRangeQuery.extend({
  part: z.enum(TALLY_EXPORT_PARTS, { error: TALLY_MESSAGES.part }),
});
export type TallyExportBody = z.infer<typeof tallyExportBody>;

export const tallyProblemOutput = z.object({
  document_kind: z.enum(KIND_VALUES),
  document_id: z.number(),
  document_number: z.string(),
  document_date: z.string(),
  /** What is missing, as a sentence. */
  missing: z.string(),
  fix: z.object({ target: z.enum(TALLY_FIX_TARGETS), id: z.number() }),
});
export type TallyProblem = z.infer<typeof tallyProblemOutput>;

export const tallyCheckOutput = z.object({
  /** Documents in the range the export would write. */
  documents: z.number(),
  /** Documents with at least one missing name. */
  incomplete: z.number(),
  /** The problems, at most 500 (a document may have several). */
  problems: z.array(tallyProblemOutput),
  truncated: z.boolean(),
});
export type TallyCheck = z.infer<typeof tallyCheckOutput>;

export const tallyPostResultOutput = z.object({
  document_kind: z.enum(KIND_VALUES),
  document_id: z.number(),
  voucher_number: z.string(),
  action: z.enum(['Create', 'Alter', 'Cancel']),
  result: z.enum(['created', 'altered', 'cancelled', 'error']).nullable(),
  error: z.string().nullable(),
});
export type TallyPostResult = z.infer<typeof tallyPostResultOutput>;

export const tallyPostOutput = z.object({
  id: z.number(),
  branch_id: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  documents: z.number(),
  created: z.number(),
  altered: z.number(),
  cancelled: z.number(),
  errors: z.number(),
  master_errors: z.array(z.string()),
  posted_by: z.string().nullable(),
  posted_at: z.union([z.string(), z.date()]),
  results: z.array(tallyPostResultOutput),
});
export type TallyPost = z.infer<typeof tallyPostOutput>;

export const tallyStatusQuery = z.object({ branch_id: branchId });
export const tallyStatusOutput = z.object({
  /** Whether TALLY_URL is set, so vouchers can be posted straight to Tally. */
  configured: z.boolean(),
  last_post: tallyPostOutput.nullable(),
});
export type TallyStatus = z.infer<typeof tallyStatusOutput>;
