import { z } from 'zod';
import { id } from './common.ts';

/** The answer to a bulk file that was applied. */
export const bulkInventoryResultOutput = z.object({
  /** Rows of the file that were applied. */
  rows_applied: z.number().int(),
  /** Stock movements posted (a set-stock row whose level is already right posts none). */
  movements: z.number().int(),
  /** The adjustment documents made (bulk adjustment only: one per reason in the file). */
  adjustments: z.array(z.object({ id, number: z.string(), reason: z.string() })),
});
export type BulkInventoryResult = z.infer<typeof bulkInventoryResultOutput>;

/** `?error_report=csv`: a refused file answers with the error report as a CSV download. */
export const bulkInventoryQuery = z.object({ error_report: z.enum(['csv', 'json']).optional() });

/** The 400 body of a refused file: `errors` per row (row 1 is the header; 0 is the whole file). */
export interface BulkInventoryErrorBody {
  detail: string;
  code: 'validation_error';
  row_errors: { row: number; column: string; message: string }[];
}
