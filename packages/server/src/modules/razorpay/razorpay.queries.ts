import { sql } from 'kysely';
import type { RazorpayLinkStatus } from '../../db/schema/razorpay.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { amountDue } from '../payments/payments.queries.ts';

/** The SQL of Razorpay (issue 26): the company's account and its invoices' payment links. */

export const findAccount = (db: Executor, companyId: number) =>
  db.selectFrom('razorpay_accounts').selectAll().where('company_id', '=', companyId).executeTakeFirst();

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export const lockAccount = (tx: Tx, companyId: number) =>
  tx
    .selectFrom('razorpay_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

export const saveAccount = (
  tx: Tx,
  row: {
    companyId: number;
    keyId: string;
    sealedKeySecret: string;
    sealedWebhookSecret: string;
    userId: number | null;
  },
) =>
  tx
    .insertInto('razorpay_accounts')
    .values({
      company_id: row.companyId,
      key_id: row.keyId,
      sealed_key_secret: row.sealedKeySecret,
      sealed_webhook_secret: row.sealedWebhookSecret,
      connected_by: row.userId,
    })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        key_id: row.keyId,
        sealed_key_secret: row.sealedKeySecret,
        sealed_webhook_secret: row.sealedWebhookSecret,
        connected_by: row.userId,
        connected_at: new Date(),
        updated_at: new Date(),
        last_checked_at: null,
        last_check_ok: null,
        last_check_message: null,
      }),
    )
    .execute();

export const deleteAccount = (tx: Tx, companyId: number) =>
  tx.deleteFrom('razorpay_accounts').where('company_id', '=', companyId).execute();

export const recordCheck = (db: Executor, companyId: number, ok: boolean, message: string) =>
  db
    .updateTable('razorpay_accounts')
    .set({ last_checked_at: new Date(), last_check_ok: ok, last_check_message: message.slice(0, 500) })
    .where('company_id', '=', companyId)
    .execute();

/** The invoice as a payment link needs it: number, status, buyer and what is due now. */
export const invoiceToPay = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'i.company_id').onRef('b.id', '=', 'i.buyer_id'),
    )
    .select([
      'i.id',
      'i.invoice_number',
      'i.status',
      'i.buyer_id',
      'i.branch_id',
      'i.order_id',
      'b.name as buyer_name',
      'b.email as buyer_email',
      'b.phone as buyer_phone',
      amountDue.as('due_paise'),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();

const linkColumns = [
  'id',
  'invoice_id',
  'razorpay_link_id',
  'short_url',
  'amount_paise',
  'status',
  'razorpay_payment_id',
  'payment_id',
  'created_at',
  'paid_at',
] as const;

/** The invoice's newest link. */
export const latestLink = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('razorpay_payment_links')
    .select(linkColumns)
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export type LinkRow = NonNullable<Awaited<ReturnType<typeof latestLink>>>;

export const insertLink = (
  tx: Tx,
  row: {
    companyId: number;
    invoiceId: number;
    razorpayLinkId: string;
    shortUrl: string;
    amountPaise: number;
    userId: number | null;
  },
) =>
  tx
    .insertInto('razorpay_payment_links')
    .values({
      company_id: row.companyId,
      invoice_id: row.invoiceId,
      razorpay_link_id: row.razorpayLinkId,
      short_url: row.shortUrl,
      amount_paise: row.amountPaise,
      created_by: row.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Links that are no longer for what is due: they stay, marked cancelled, for the history. */
export const setLinkStatus = (tx: Tx, companyId: number, linkId: number, status: RazorpayLinkStatus) =>
  tx
    .updateTable('razorpay_payment_links')
    .set({ status })
    .where('company_id', '=', companyId)
    .where('id', '=', linkId)
    .execute();

export const findLinkByRazorpayId = (db: Executor, companyId: number, razorpayLinkId: string) =>
  db
    .selectFrom('razorpay_payment_links')
    .select(linkColumns)
    .where('company_id', '=', companyId)
    .where('razorpay_link_id', '=', razorpayLinkId)
    .executeTakeFirst();

export const lockLinkById = (tx: Tx, companyId: number, linkId: number) =>
  tx
    .selectFrom('razorpay_payment_links')
    .select(linkColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', linkId)
    .forUpdate()
    .executeTakeFirst();

export const markLinkPaid = (
  tx: Tx,
  companyId: number,
  linkId: number,
  paid: { razorpayPaymentId: string; paymentId: number },
) =>
  tx
    .updateTable('razorpay_payment_links')
    .set({
      status: 'paid',
      razorpay_payment_id: paid.razorpayPaymentId,
      payment_id: paid.paymentId,
      paid_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', linkId)
    .execute();

/** Which invoices a sweep of stale links looks at: one invoice, a buyer's, or an order's. */
export type LinkScope = { invoiceId: number } | { buyerId: number } | { orderId: number };

/**
 * Live links (created, partially paid) whose invoice no longer wants them: cancelled, or nothing
 * due any more (paid, credited or written off by other means).
 */
export function staleLiveLinks(db: Executor, companyId: number, scope: LinkScope) {
  let query = db
    .selectFrom('razorpay_payment_links as l')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'l.company_id').onRef('i.id', '=', 'l.invoice_id'),
    )
    .select(['l.id', 'l.invoice_id', 'l.razorpay_link_id', 'i.status as invoice_status'])
    .where('l.company_id', '=', companyId)
    .where('l.status', 'in', ['created', 'partially_paid'])
    .where(sql<boolean>`(i.status = 'cancelled' or ${amountDue} <= 0)`);
  if ('invoiceId' in scope) query = query.where('i.id', '=', scope.invoiceId);
  else if ('buyerId' in scope) query = query.where('i.buyer_id', '=', scope.buyerId);
  else query = query.where('i.order_id', '=', scope.orderId);
  return query.orderBy('l.id').execute();
}

/** Marks a link cancelled if it is still live (a webhook may have marked it paid meanwhile). */
export const cancelLiveLink = (tx: Tx, companyId: number, linkId: number) =>
  tx
    .updateTable('razorpay_payment_links')
    .set({ status: 'cancelled' })
    .where('company_id', '=', companyId)
    .where('id', '=', linkId)
    .where('status', 'in', ['created', 'partially_paid'])
    .returning('id')
    .executeTakeFirst();
