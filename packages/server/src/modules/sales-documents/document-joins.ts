import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The join scope of a document issued against an invoice (a shipment, a sales return, a credit
 * note; a purchase return or debit note against a bill likewise): the document under its alias,
 * and the names its lists and answers join, each by `sameTenant` on the document's own column:
 * the invoice `i`, its order `o`, the buyer `b` and the seller branch `br`. Filters built with an
 * ExpressionBuilder over this scope read the same aliases in every document's queries.
 */
export type InvoiceDocumentScope<Alias extends string, Table extends keyof DB> = DB &
  Record<Alias, DB[Table]> & {
    i: DB['invoices'];
    o: DB['sales_orders'];
    b: DB['buyers'];
    br: DB['branches'];
  };

/** What every list of documents issued against an invoice filters on (each adds its own). */
export interface InvoiceDocumentFilter<Status extends string> {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string;
  invoiceId?: number;
  orderId?: number;
  buyerId?: number;
  statuses?: Status[];
  isCancelled?: boolean;
  startDate?: string;
  endDate?: string;
}

/**
 * The conditions of an InvoiceDocumentFilter on the document under `alias`: its company and
 * branches, the search (the document's own `searchText`, the invoice number, the buyer's name),
 * its invoice, order and buyer, then `own` (the document's own filters), its statuses, cancelled
 * or not, and its `dateColumn` from startDate to endDate.
 */
export function invoiceDocumentConditions<Alias extends string, Table extends keyof DB>(
  eb: ExpressionBuilder<InvoiceDocumentScope<Alias, Table>, Alias | 'i' | 'o' | 'b' | 'br'>,
  document: { alias: Alias; dateColumn: string; searchText: RawBuilder<string> },
  companyId: number,
  f: InvoiceDocumentFilter<string>,
  own: Expression<SqlBool>[],
) {
  const column = (name: string) => sql.ref(`${document.alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [eb(column('company_id'), '=', companyId)];
  if (f.branches) conditions.push(eb(column('branch_id'), 'in', scopeIds(f.branches)));
  if (f.search) {
    const pattern = containing(f.search.toLowerCase());
    conditions.push(
      eb.or([
        eb(document.searchText, 'like', pattern),
        eb(sql<string>`lower(i.invoice_number)`, 'like', pattern),
        eb(sql<string>`lower(b.name)`, 'like', pattern),
      ]),
    );
  }
  if (f.invoiceId !== undefined) conditions.push(eb(column('invoice_id'), '=', f.invoiceId));
  if (f.orderId !== undefined) conditions.push(eb(column('order_id'), '=', f.orderId));
  if (f.buyerId !== undefined) conditions.push(eb(column('buyer_id'), '=', f.buyerId));
  conditions.push(...own);
  if (f.statuses?.length) conditions.push(eb(column('status'), 'in', f.statuses));
  if (f.isCancelled !== undefined)
    conditions.push(eb(column('status'), f.isCancelled ? '=' : '<>', 'cancelled'));
  if (f.startDate) conditions.push(eb(column(document.dateColumn), '>=', f.startDate));
  if (f.endDate) conditions.push(eb(column(document.dateColumn), '<=', f.endDate));
  return eb.and(conditions);
}
