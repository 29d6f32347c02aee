import { sql } from 'kysely';
import type { PaymentStatus } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';

export const updateInvoiceSettlement = (
  tx: Tx,
  companyId: number,
  invoiceId: number,
  values: { amount_paid_paise: number; credited_paise: number; payment_status: PaymentStatus },
) =>
  tx
    .updateTable('invoices')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .execute();

/** The order's total and status, and what its live invoices have had settled (paid, credited, written off). */
export const orderSettlement = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .selectFrom('sales_orders as o')
    .leftJoin('invoices as i', (join) =>
      join
        .onRef('i.company_id', '=', 'o.company_id')
        .onRef('i.order_id', '=', 'o.id')
        .on('i.status', '<>', 'cancelled'),
    )
    .select([
      'o.status',
      'o.total_paise',
      sql<string>`coalesce(sum(i.amount_paid_paise + i.credited_paise + i.write_off_paise), 0)`.as(
        'settled_paise',
      ),
    ])
    .where('o.company_id', '=', companyId)
    .where('o.id', '=', orderId)
    .groupBy(['o.id', 'o.status', 'o.total_paise'])
    .executeTakeFirst();

/**
 * Money of the order's own payments that no invoice shows: pending online payments (not yet
 * received) and the unallocated advance of completed ones.
 */
export const orderPaymentMoney = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .selectFrom('payments')
    .select([
      sql<string>`coalesce(sum(amount_paise) filter (where status = 'pending'), 0)`.as('pending_paise'),
      sql<string>`coalesce(sum(unallocated_paise) filter (where status = 'completed'), 0)`.as(
        'advance_paise',
      ),
    ])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
