import { sql } from 'kysely';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * THE invoice lock and read of every document that works under an invoice: the invoice's own
 * changes, its shipments, its sales returns, its credit notes and its settlement (payments, credit
 * applied, write-offs). One statement, so the row lock is taken the same way by all of them
 * (`FOR UPDATE OF i`: the invoice row only, not the order or the buyer joined for their names)
 * and every document of one invoice takes turns here: none can ship, return or credit more than
 * the invoice sold. In the lock order (db/lock-order.ts) it is a level-2 document lock: after the
 * buyer (when the path moves money) and after the invoice's order, before stock and counters.
 */

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const dayOrNull = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

const invoiceSelect = (db: Executor) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('sales_orders as o', (j) => sameTenant(j, 'o.id', 'i.order_id'))
    .innerJoin('buyers as b', (j) => sameTenant(j, 'b.id', 'i.buyer_id'))
    .innerJoin('states as st', 'st.id', 'i.place_of_supply_state_id')
    .select([
      'i.id',
      'i.order_id',
      'o.order_number',
      'i.branch_id',
      'i.buyer_id',
      'b.name as buyer_name',
      'i.invoice_number',
      day('i.invoice_date').as('invoice_date'),
      dayOrNull('i.due_date').as('due_date'),
      'i.status',
      'i.payment_status',
      'i.place_of_supply_state_id',
      'st.name as place_of_supply_name',
      'st.gst_code as place_of_supply_gst_code',
      'i.is_intra_state',
      'i.shipping_charges_paise',
      'i.other_charges_paise',
      'i.total_paise',
      'i.amount_paid_paise',
      'i.credited_paise',
      'i.write_off_paise',
      'i.expense_ledger_name',
      'i.bank_charges_paise',
      'i.is_payment_mode_emi',
      'i.shipping_charges_paid_by_company',
      'i.reference_number',
      'i.notes',
      'i.terms_and_conditions',
      'i.irn',
    ]);

/** The invoice without a lock (a form's first read, an answer), or undefined for another company's. */
export const findInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  invoiceSelect(db).where('i.company_id', '=', companyId).where('i.id', '=', invoiceId).executeTakeFirst();

/** The invoice, locked for update until the transaction ends; undefined for another company's. */
export const lockInvoice = (tx: Tx, companyId: number, invoiceId: number) =>
  invoiceSelect(tx)
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .forUpdate('i')
    .executeTakeFirst();
export type DocumentInvoice = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** The invoice's order id, unlocked: a path that locks the order locks it before the invoice. */
export const orderIdOfInvoice = async (db: Executor, companyId: number, invoiceId: number) =>
  (
    await db
      .selectFrom('invoices')
      .select('order_id')
      .where('company_id', '=', companyId)
      .where('id', '=', invoiceId)
      .executeTakeFirst()
  )?.order_id;

/** The invoice's lines with every figure a shipment, a return or a credit note needs, in invoice order. */
export const invoiceLines = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoice_items as ii')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'ii.warehouse_id'))
    .select([
      'ii.id',
      'ii.order_item_id',
      'ii.position',
      'ii.product_id',
      'ii.product_name',
      'ii.sku',
      'ii.unit',
      'ii.hsn',
      'ii.warehouse_id',
      'w.name as warehouse_name',
      'ii.quantity',
      'ii.gst_rate',
      'ii.cess_rate',
      'ii.amount_paise',
      'ii.taxable_paise',
      'ii.cgst_paise',
      'ii.sgst_paise',
      'ii.igst_paise',
      'ii.cess_paise',
    ])
    .where('ii.company_id', '=', companyId)
    .where('ii.invoice_id', '=', invoiceId)
    .orderBy('ii.position')
    .execute();
export type DocumentInvoiceLine = Awaited<ReturnType<typeof invoiceLines>>[number];

/**
 * The invoice's parties as it keeps them from when it was generated (seller, buyer, billing and
 * shipping addresses) and its date: what the documents printed under it take (a credit note, a
 * shipment's delivery note).
 */
export const invoicePartySnapshots = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices')
    .select([
      'seller',
      'buyer',
      'billing_address',
      'shipping_address',
      day('invoice_date').as('invoice_date'),
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
