import { z } from 'zod';
import {
  GST_RETURN_TYPES,
  GSTR3B_DOCUMENT_KINDS,
  GSTR3B_HEADS,
  GSTR3B_MESSAGES,
  TAX_HEADS,
  TAX_PERIOD_PATTERN,
} from '../gst/gstr3b.ts';
import { gstinSchema } from '../validation.ts';
import { id, timestamp } from './common.ts';
import { listQuery } from './list-query.ts';

/** Request and response shapes of GSTR-3B and the filed periods (issue 22). Money in rupees. */

const money = z.number();
export const taxPeriod = z.string().regex(TAX_PERIOD_PATTERN, GSTR3B_MESSAGES.period);

export const gstr3bQuery = z.object({ gstin: gstinSchema, period: taxPeriod });

export const taxFiguresOutput = z.object({
  taxable_value: money,
  igst: money,
  cgst: money,
  sgst: money,
  cess: money,
});

export const filedPeriodOutput = z.object({
  id,
  gstin: z.string(),
  period: z.string(),
  return_type: z.enum(GST_RETURN_TYPES),
  filed_at: timestamp,
  filed_by: z.object({ id, name: z.string() }).nullable(),
});
export type FiledPeriodOutput = z.infer<typeof filedPeriodOutput>;

export const gstr3bOutput = z.object({
  gstin: z.string(),
  period: z.string(),
  branches: z.array(z.object({ id, name: z.string() })),
  outward: z.object({
    '3.1a': taxFiguresOutput,
    '3.1b': taxFiguresOutput,
    '3.1c': taxFiguresOutput,
    '3.1d': taxFiguresOutput,
    '3.1e': taxFiguresOutput,
  }),
  unregistered_inter_state: z.array(
    taxFiguresOutput.extend({ state_code: z.string(), state_name: z.string() }),
  ),
  itc: z.object({
    reverse_charge: taxFiguresOutput,
    all_other: taxFiguresOutput,
    available: taxFiguresOutput,
    reversed: taxFiguresOutput,
    net: taxFiguresOutput,
  }),
  /** Table 5: values of exempt, nil-rated and non-GST inward supplies (bills less debit notes). */
  inward_exempt: z.object({
    nil_exempt: z.object({ inter_state: money, intra_state: money }),
    non_gst: z.object({ inter_state: money, intra_state: money }),
  }),
  payment: z.array(
    z.object({
      head: z.enum(TAX_HEADS),
      payable: money,
      paid_by_itc: z.object({ igst: money, cgst: money, sgst: money, cess: money }),
      paid_in_cash: money,
      reverse_charge: money,
      carried_forward: money,
    }),
  ),
  filed: z.array(filedPeriodOutput),
});
export type Gstr3bOutput = z.infer<typeof gstr3bOutput>;

export const gstr3bDocumentsQuery = listQuery.extend({
  gstin: gstinSchema,
  period: taxPeriod,
  head: z.enum(GSTR3B_HEADS, { error: `Choose one of ${GSTR3B_HEADS.join(', ')}.` }),
});

export const gstr3bDocumentOutput = taxFiguresOutput.extend({
  kind: z.enum(GSTR3B_DOCUMENT_KINDS),
  id,
  number: z.string(),
  date: z.string(),
  party: z.string(),
  party_gstin: z.string().nullable(),
  head: z.enum(GSTR3B_HEADS),
});
export type Gstr3bDocumentOutput = z.infer<typeof gstr3bDocumentOutput>;

export const gstinsOutput = z.object({
  results: z.array(z.object({ gstin: z.string(), branches: z.array(z.object({ id, name: z.string() })) })),
});

export const filedPeriodCreate = z.object({
  gstin: gstinSchema,
  period: taxPeriod,
  return_type: z.enum(GST_RETURN_TYPES, { error: 'Choose GSTR-1 or GSTR-3B.' }),
});
export type FiledPeriodCreate = z.infer<typeof filedPeriodCreate>;

export const filedPeriodsQuery = listQuery.extend({
  gstin: gstinSchema.optional(),
  period: taxPeriod.optional(),
  return_type: z.enum(GST_RETURN_TYPES).optional(),
});
