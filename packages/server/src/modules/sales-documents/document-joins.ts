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
