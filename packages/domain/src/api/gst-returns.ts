import { z } from 'zod';
import {
  GSTR1_CSV_SECTIONS,
  GSTR1_PERIOD_MESSAGE,
  GSTR1_PERIOD_PATTERN,
  GSTR1_SECTIONS,
} from '../gst/gstr1.ts';

/** Request and response shapes of the GST returns routes (issue 22), shared by server and web. */

export const GST_RETURN_MESSAGES = {
  gstin: 'Choose a GSTIN of one of your branches.',
  period: GSTR1_PERIOD_MESSAGE,
  section: `Choose a section: ${GSTR1_CSV_SECTIONS.join(', ')}.`,
} as const;

/** GET .../gst_returns/gstins: the registrations the caller may prepare returns for. */
export const gstReturnGstinOutput = z.object({
  gstin: z.string(),
  state_code: z.string(),
  branches: z.array(z.object({ id: z.number(), name: z.string() })),
});
export const gstReturnGstinsOutput = z.object({ results: z.array(gstReturnGstinOutput) });
export type GstReturnGstin = z.infer<typeof gstReturnGstinOutput>;

export const gstr1Query = z.object({
  gstin: z
    .string({ error: GST_RETURN_MESSAGES.gstin })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{15}$/, GST_RETURN_MESSAGES.gstin),
  period: z
    .string({ error: GST_RETURN_MESSAGES.period })
    .trim()
    .regex(GSTR1_PERIOD_PATTERN, GST_RETURN_MESSAGES.period),
});
export type Gstr1Query = z.infer<typeof gstr1Query>;

export const gstr1CsvQuery = gstr1Query.extend({
  section: z.enum(GSTR1_CSV_SECTIONS, { error: GST_RETURN_MESSAGES.section }),
});

const money = z.number();

export const gstr1SectionOutput = z.object({
  section: z.enum(GSTR1_SECTIONS),
  label: z.string(),
  count: z.number(),
  taxable_value: money,
  igst: money,
  cgst: money,
  sgst: money,
  cess: money,
});
export type Gstr1SectionOutput = z.infer<typeof gstr1SectionOutput>;

export const gstr1ProblemOutput = z.object({
  document_kind: z.enum(['invoice', 'credit_note']),
  document_id: z.number(),
  document_number: z.string(),
  problem: z.string(),
  /** What to open to fix it: the document, its buyer or its product. */
  fix: z.object({ kind: z.enum(['invoice', 'credit_note', 'buyer', 'product']), id: z.number() }),
});
export type Gstr1ProblemOutput = z.infer<typeof gstr1ProblemOutput>;

/** GET .../gst_returns/gstr1: the return's sections in sums, and the documents with problems. */
export const gstr1SummaryOutput = z.object({
  gstin: z.string(),
  period: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  fp: z.string(),
  /** The HSN digits required, from last financial year's aggregate turnover of the company. */
  hsn_digits: z.number(),
  last_year_turnover: money,
  document_count: z.number(),
  sections: z.array(gstr1SectionOutput),
  problems: z.array(gstr1ProblemOutput),
  /** Every problem counted; at most 500 are listed. */
  problem_count: z.number(),
});
export type Gstr1SummaryOutput = z.infer<typeof gstr1SummaryOutput>;
