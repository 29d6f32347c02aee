import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';

// Every column of sales_lines (migration 0052) as text, so two reads compare exactly.
const COLUMNS = sql.raw(
  `company_id, document_type, document_id, line_id, order_id, day::text AS day, branch_id, buyer_id,
   product_id, warehouse_id, sales_channel_id, sales_person_id, city, quantity::text AS quantity,
   taxable_paise::text AS taxable_paise, tax_paise::text AS tax_paise, cost_paise::text AS cost_paise`,
);

/**
 * A company's rows of sales_lines, the table its triggers keep, beside the rows its one definition
 * (the view sales_lines_from_documents) gives from the documents: equal when the triggers kept up.
 */
export async function salesLinesBesideDefinition(db: Database, companyId: number) {
  const read = (source: 'sales_lines' | 'sales_lines_from_documents') =>
    sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM ${sql.table(source)}
      WHERE company_id = ${companyId} ORDER BY document_type, line_id`.execute(db);
  const [table, definition] = await Promise.all([read('sales_lines'), read('sales_lines_from_documents')]);
  return { table: table.rows, definition: definition.rows };
}
