import { idParam } from '@b2b/domain/api/common';
import { listCsvFormat, PAYMENT_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { csvList, idList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  allocateInput,
  allocationListOutput,
  applyBuyerCreditOutput,
  markAsPaidInput,
  openInvoicesOutput,
  orderPaymentCreate,
  type PAYMENT_ORDERINGS,
  paymentCreate,
  paymentDetailOutput,
  paymentListFilters,
  paymentOutput,
  receivablesPage,
  receivablesQuery,
  updatePaymentStatusInput,
} from '@b2b/domain/api/payments';
import {
  PAYMENT_MESSAGES,
  PAYMENT_RECORD_STATUS_VALUES,
  type PaymentRecordStatus,
} from '@b2b/domain/payments';
import { todayInIndia } from '@b2b/domain/validation';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { sendListCsv } from '../../http/list-csv.ts';
import { page } from '../../http/page-links.ts';
import { paymentGatewayFor } from '../razorpay/razorpay.service.ts';
import { withdrawLinksAfterCommit } from '../razorpay/withdraw-links-routes.ts';
import { allocatePayment } from './allocate-payment.ts';
import { applyBuyerCreditToInvoice } from './buyer-credit.ts';
import { cancelPayment } from './cancel-payment.ts';
import {
  appliedPayments,
  assertOrder,
  getPayment,
  listPayments,
  openInvoices,
  orderAllocations,
} from './payment-reads.ts';
import { recheckPaymentStatus, updateOrderPaymentStatus } from './payment-status.ts';
import { CHANGE, companyParams, idParams, RECORD, tags, VIEW } from './payments.route-config.ts';
import { paymentsToBeReceived } from './receivables.ts';
import { createPayment, markOrderAsPaid, recordOrderPayment } from './record-payment.ts';

const PAYMENT_ORDERING: Record<(typeof PAYMENT_ORDERINGS)[number], string> = {
  payment_date: 'p.payment_date',
  created_at: 'p.created_at',
  amount: 'p.amount_paise',
  payment_number: 'p.payment_number',
};

const statusList = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const values = csvList(value);
    const unknown = values.find((v) => !(PAYMENT_RECORD_STATUS_VALUES as string[]).includes(v));
    if (unknown) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown value '${unknown}'. Allowed: ${PAYMENT_RECORD_STATUS_VALUES.join(', ')}.`,
      });
      return z.NEVER;
    }
    return values as PaymentRecordStatus[];
  });

const paymentQuery = listQuery
  .extend({
    ...paymentListFilters.shape,
    status__in: statusList.optional(),
    payment_method__in: idList.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: PAYMENT_MESSAGES.date_range,
    path: ['end_date'],
  });

/** Payments received, order payments, applied payments and payments to be received (refunds: refunds.routes.ts). */
export async function paymentsRoutes(app: Api) {
  const { ctx } = app;
  const { db } = ctx;

  // -------------------------------------------------------------------------------------------
  // Payments received

  app.get(
    '/admin/companies/:companyId/payments',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'Payments received, newest first; search by payment number, reference or buyer.',
        params: companyParams,
        querystring: paymentQuery.extend(listCsvFormat.shape),
        response: { 200: pageOf(paymentOutput) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const sort = parseOrdering(q.ordering, PAYMENT_ORDERING, '-payment_date,-created_at');
      const filter = {
        branches: branchScope(requirePrincipal(request)),
        buyerId: q.buyer,
        orderId: q.order,
        statuses: q.status__in,
        paymentMethodIds: q.payment_method__in,
        startDate: q.start_date,
        endDate: q.end_date,
        hasUnallocated: q.has_unallocated === undefined ? undefined : q.has_unallocated === 'true',
        search: q.search,
      };
      const companyId = request.params.companyId;
      if (q.format === 'csv') {
        return sendListCsv(reply, `payments-${todayInIndia()}.csv`, PAYMENT_CSV_COLUMNS, (window) =>
          listPayments(db, companyId, filter, sort, window),
        );
      }
      const window = pageWindow(q);
      const { count, results } = await listPayments(db, companyId, filter, sort, window);
      return page(request, window, count, results);
    },
  );

  app.post(
    '/admin/companies/:companyId/payments',
    {
      config: RECORD,
      schema: {
        tags,
        description:
          'Records a payment of a buyer against invoices: the chosen `allocations`, or oldest first when left out; the rest stays as buyer credit. Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: paymentCreate,
        response: { 201: paymentDetailOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const answer = await idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await createPayment({ db: executor, actor, input: request.body }),
      }));
      // After the commit: a Razorpay link left live on an invoice this paid in full is withdrawn.
      // idempotently has sent the answer already, so the payer never waits on Razorpay.
      await withdrawLinksAfterCommit(ctx, request, actor, { buyerId: request.body.buyer });
      return answer;
    },
  );

  app.get(
    '/admin/payments/:id',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: paymentDetailOutput } },
    },
    async (request) => getPayment(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/payments/:id/allocate',
    {
      config: CHANGE,
      schema: {
        tags,
        description:
          'Allocates the payment’s unallocated balance to the buyer’s open invoices (oldest first unless chosen).',
        params: idParams,
        body: allocateInput,
        response: { 200: paymentDetailOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const payment = await allocatePayment({ db, actor, paymentId: request.params.id, input: request.body });
      await withdrawLinksAfterCommit(ctx, request, actor, { buyerId: payment.buyer.id });
      return payment;
    },
  );

  app.get(
    '/admin/companies/:companyId/buyers/:id/open_invoices',
    {
      config: VIEW,
      schema: {
        tags,
        description:
          'The buyer’s invoices with something due, oldest first, and the buyer’s unallocated credit.',
        params: companyParams.extend({ id: idParam }),
        response: { 200: openInvoicesOutput },
      },
    },
    async (request) =>
      openInvoices(db, request.params.companyId, request.params.id, branchScope(requirePrincipal(request))),
  );

  // -------------------------------------------------------------------------------------------
  // Order payments

  app.get(
    '/admin/orders/:id/order_payments',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'Payments recorded against the order (pending online ones too), newest first.',
        params: idParams,
        querystring: listQuery,
        response: { 200: pageOf(paymentOutput) },
      },
    },
    async (request) => {
      const { companyId } = requirePrincipal(request);
      await assertOrder(db, companyId, request.params.id);
      const window = pageWindow(request.query);
      const sort = parseOrdering(request.query.ordering, PAYMENT_ORDERING, '-created_at');
      const { count, results } = await listPayments(
        db,
        companyId,
        { orderId: request.params.id },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    '/admin/orders/:id/payments',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description:
          'Money applied to the order’s invoices: every allocation, from any payment, newest first.',
        params: idParams,
        response: { 200: allocationListOutput },
      },
    },
    async (request) => {
      const results = await orderAllocations(db, requirePrincipal(request).companyId, request.params.id);
      return { count: results.length, results };
    },
  );

  app.post(
    '/admin/orders/:id/record_payments',
    {
      config: RECORD,
      schema: {
        tags,
        description:
          'Money received for the order: allocated to its open invoices oldest first; the rest is kept as an advance on the order (buyer credit). Send an `Idempotency-Key` header to make retries safe.',
        params: idParams,
        body: orderPaymentCreate,
        response: { 201: paymentDetailOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const answer = await idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await recordOrderPayment({
          db: executor,
          actor,
          orderId: request.params.id,
          input: request.body,
        }),
      }));
      await withdrawLinksAfterCommit(ctx, request, actor, { orderId: request.params.id });
      return answer;
    },
  );

  app.patch(
    '/admin/orders/:id/mark_as_paid',
    {
      config: RECORD,
      schema: {
        tags,
        description:
          'Records a payment of exactly what is due on the order’s live invoices (409 when nothing is due).',
        params: idParams,
        body: markAsPaidInput.optional(),
        response: { 200: paymentDetailOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const payment = await markOrderAsPaid({
        db,
        actor,
        orderId: request.params.id,
        input: request.body ?? {},
      });
      await withdrawLinksAfterCommit(ctx, request, actor, { orderId: request.params.id });
      return payment;
    },
  );

  app.post(
    '/admin/orders/:id/update_payment_status',
    {
      config: CHANGE,
      schema: {
        tags,
        description:
          '`initiated`: the buyer started an online payment; a pending payment is recorded and the order becomes pending. `completed` / `failed` with `payment`: the gateway’s answer for that pending payment (completed takes the money in, failed cancels it).',
        params: idParams,
        body: updatePaymentStatusInput,
        response: { 200: paymentDetailOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const payment = await updateOrderPaymentStatus({
        db,
        actor,
        orderId: request.params.id,
        input: request.body,
      });
      // A completed online payment may have paid the order's invoices in full.
      if (payment.status === 'completed')
        await withdrawLinksAfterCommit(ctx, request, actor, { orderId: request.params.id });
      return payment;
    },
  );

  app.patch(
    '/admin/order_payments/:id/cancel',
    {
      config: CHANGE,
      schema: {
        tags,
        description:
          'Cancels a payment: its allocations are reversed and the buyer is debited back (409 when cancelled or refunded).',
        params: idParams,
        response: { 200: paymentDetailOutput },
      },
    },
    async (request) => cancelPayment({ db, actor: requirePrincipal(request), paymentId: request.params.id }),
  );

  app.post(
    '/admin/order_payments/:id/recheck_payment_status',
    {
      config: CHANGE,
      schema: {
        tags,
        description:
          'Asks the payment gateway about a pending online payment (409 when no gateway is configured).',
        params: idParams,
        response: { 200: paymentDetailOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const payment = await recheckPaymentStatus({
        db,
        // The company's own Razorpay account when connected, else the server's gateway.
        gateway: await paymentGatewayFor(ctx, actor.companyId),
        actor,
        paymentId: request.params.id,
      });
      if (payment.status === 'completed')
        await withdrawLinksAfterCommit(ctx, request, actor, { buyerId: payment.buyer.id });
      return payment;
    },
  );

  app.get(
    '/admin/invoices/:id/applied_payments',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'Payments applied to the invoice, newest first (cancelled ones carry cancelled_at).',
        params: idParams,
        response: { 200: allocationListOutput },
      },
    },
    async (request) => {
      const results = await appliedPayments(db, requirePrincipal(request).companyId, request.params.id);
      return { count: results.length, results };
    },
  );

  app.post(
    '/admin/invoices/:id/apply_buyer_credit',
    {
      config: RECORD,
      schema: {
        tags,
        description:
          "Puts the buyer's unused credit (unallocated money of completed payments, the invoice's own order's first, then oldest first) on the invoice; 409 when the buyer has no credit or nothing is due.",
        params: idParams,
        response: { 200: applyBuyerCreditOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const applied = await applyBuyerCreditToInvoice({ db, actor, invoiceId: request.params.id });
      await withdrawLinksAfterCommit(ctx, request, actor, { invoiceId: request.params.id });
      return applied;
    },
  );

  // -------------------------------------------------------------------------------------------
  // Payments to be received

  app.get(
    '/admin/companies/:companyId/payments_to_be_received',
    {
      config: { permission: 'view_payment_to_be_received', cache: true },
      schema: {
        tags,
        description:
          'Buyers with money due (open invoices, and for a user of every branch the opening balance and account lines: the buyer’s Outstanding), most overdue first, with ageing buckets (not due, 0-30, 31-60, 61-90, 90+ days overdue) and their open invoices; search by buyer name; ordering by max_days_overdue, amount_due, overdue, oldest_due_date or buyer_name (default -max_days_overdue,-amount_due); paged by the database, totals over every buyer of the filter.',
        params: companyParams,
        querystring: listQuery.extend(receivablesQuery.shape),
        response: { 200: receivablesPage },
      },
    },
    async (request) => {
      const q = request.query;
      const window = pageWindow(q);
      const result = await paymentsToBeReceived(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          buyerId: q.buyer,
          search: q.search,
          overdueOnly: q.overdue_only === 'true',
        },
        q.ordering,
        window,
      );
      const paged = page(request, window, result.count, result.results);
      return { ...paged, totals: result.totals };
    },
  );
}
