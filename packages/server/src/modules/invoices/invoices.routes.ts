import { BULK_LIMIT, bulkEmailOutput, bulkIdsInput } from '@b2b/domain/api/bulk-documents';
import { detailResponse, idParam } from '@b2b/domain/api/common';
import {
  bankChargesInput,
  editInvoiceInput,
  generateInvoiceInput,
  type INVOICE_ORDERINGS,
  INVOICE_STATUSES,
  initiateEditInvoiceOutput,
  initiateInvoiceOutput,
  invoiceListQuery,
  invoiceOutput,
  invoicePreviewOutput,
  invoiceSummaryOutput,
  invoiceUpdate,
  shippingChargesPaidByCompanyInput,
  writeOffInput,
  writeOffRecordOutput,
} from '@b2b/domain/api/invoices';
import { idList, listQuery, valueList } from '@b2b/domain/api/list-query';
import { cancelInput, PAYMENT_STATUSES } from '@b2b/domain/api/sales-orders';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { todayInIndia } from '@b2b/domain/validation';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { branchScope } from '../../core/principal.ts';
import { type KeysetSort, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { type CsvValue, sendCsvStream } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { sendPdf } from '../../http/pdf-download.ts';
import { withdrawLinksAfterCommit } from '../razorpay/withdraw-links-routes.ts';
import { documentListRoutes } from '../sales-documents/document-list-routes.ts';
import {
  documentCommentRoute,
  documentHistoryRoute,
  documentPermissions,
} from '../sales-documents/document-routes.ts';
import { addComment, cancelInvoice, markReadyToShip, updateInvoice } from './change-invoice.ts';
import { editInvoice, initiateEditInvoice } from './edit-invoice.ts';
import { bulkEmailInvoices, bulkInvoicePdf } from './invoice-bulk.ts';
import type { InvoiceContext } from './invoice-context.ts';
import { generateEInvoice, invoicePdf, resendInvoice } from './invoice-delivery.ts';
import {
  cancelWriteOff,
  setBankCharges,
  setShippingChargesPaidByCompany,
  writeOffBalance,
} from './invoice-money.ts';
import { getInvoice, invoiceBatches, invoiceHistory, listInvoices, writeOffRecord } from './invoice-reads.ts';
import { presentSummary } from './invoices.present.ts';
import type { InvoiceFilter, InvoiceListRow } from './invoices.queries.ts';
import { generateInvoice, initiateInvoice, previewInvoice } from './issue-invoice.ts';

const tags = ['invoices'];
const companyParams = z.object({ companyId: idParam });
const idParams = z.object({ id: idParam });

/** API ordering field -> SQL expression over the invoices alias `i` and its type (for cursors). */
const ORDERING: Record<(typeof INVOICE_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  invoice_date: { expression: 'i.invoice_date', type: 'date' },
  created_at: { expression: 'i.created_at', type: 'timestamptz' },
  invoice_number: { expression: 'i.invoice_number', type: 'text' },
  invoice_total: { expression: 'i.total_paise', type: 'bigint' },
  // Invoices without a due date sort as due last.
  due_date: { expression: "coalesce(i.due_date, '9999-12-31'::date)", type: 'date' },
};
/** The spec: the invoice list is sorted by invoice date, newest first (ties: the newest invoice first). */
const DEFAULT_ORDERING = '-invoice_date';

/** The list's and the export's filters, checked. */
const invoiceFilterQuery = z.object({
  ...invoiceListQuery.shape,
  status__in: valueList(INVOICE_STATUSES),
  payment_status__in: valueList(PAYMENT_STATUSES),
  sales_channel__in: idList.optional(),
  sales_person__in: idList.optional(),
  seller_branch__in: idList.optional(),
  /** Only these invoices: the list's 'Export selected'. */
  id__in: idList.optional(),
  search: listQuery.shape.search,
});
type InvoiceFilterQuery = z.infer<typeof invoiceFilterQuery>;

const filterOf = (q: InvoiceFilterQuery): InvoiceFilter => ({
  search: q.search,
  statuses: q.status__in,
  paymentStatuses: q.payment_status__in,
  salesChannelIds: q.sales_channel__in,
  salesPersonIds: q.sales_person__in,
  branchIds: q.seller_branch__in,
  buyerId: q.buyer,
  orderId: q.order,
  startDate: q.start_date,
  endDate: q.end_date,
  dueBefore: q.due_date__lt,
  ids: q.id__in,
});

const EXPORT_HEADER = [
  'Invoice Number',
  'Invoice Date',
  'Due Date',
  'Status',
  'Payment Status',
  'Order Number',
  'Buyer',
  'Buyer GSTIN',
  'Seller Branch',
  'Sales Person',
  'Taxable Value',
  'CGST',
  'SGST',
  'IGST',
  'Cess',
  'Invoice Total',
  'Amount Paid',
  'Write Off',
  'Amount Due',
  'IRN',
] as const;

const rupees = (paise: number) => (Number(paise) / 100).toFixed(2);

function exportRow(row: InvoiceListRow): CsvValue[] {
  const summary = presentSummary(row);
  return [
    row.invoice_number,
    row.invoice_date,
    row.due_date,
    row.status,
    row.payment_status,
    row.order_number,
    row.buyer_company,
    row.buyer_gstin,
    row.branch_name,
    summary.sales_person
      ? `${summary.sales_person.first_name} ${summary.sales_person.last_name}`.trim()
      : null,
    rupees(row.taxable_paise),
    rupees(row.cgst_paise),
    rupees(row.sgst_paise),
    rupees(row.igst_paise),
    rupees(row.cess_paise),
    rupees(row.total_paise),
    rupees(row.amount_paid_paise),
    rupees(row.write_off_paise),
    summary.amount_due.toFixed(2),
    row.irn,
  ];
}

const invoiceContext = (ctx: AppContext): InvoiceContext => ({
  db: ctx.db,
  eInvoicingConfigured: ctx.irp !== undefined,
});

const { VIEW, CREATE, UPDATE } = documentPermissions('invoice', INVOICE_MESSAGES);
const CANCEL = { permission: 'change_invoice', forbidden: INVOICE_MESSAGES.forbidden_cancel } as const;

/**
 * GST invoices (spec 1, section 7 "Invoices"): generated from sales orders, changed by verbs
 * (cancel, ready to ship, edit, write off...) under the invoice's row lock, and downloadable as a
 * tax invoice PDF; an e-invoice is registered with the IRP when one is configured.
 */
export async function invoicesRoutes(app: Api) {
  const { db } = app.ctx;
  const ctx = invoiceContext(app.ctx);

  // -------------------------------------------------------------------------------------------
  // From an order

  app.get(
    '/admin/orders/:id/initiate_invoice',
    {
      config: CREATE,
      schema: {
        tags,
        description: 'What the order has left to invoice, line by line; 409 when it cannot be invoiced.',
        params: idParams,
        response: { 200: initiateInvoiceOutput },
      },
    },
    async (request) => initiateInvoice(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/orders/:id/preview_invoice',
    {
      config: CREATE,
      schema: {
        tags,
        description:
          'The totals generate_invoice would give these quantities now (taxable value, each tax, charges, round-off, total); writes nothing.',
        params: idParams,
        body: generateInvoiceInput,
        response: { 200: invoicePreviewOutput },
      },
    },
    async (request) =>
      previewInvoice(db, requirePrincipal(request).companyId, request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/generate_invoice',
    {
      config: CREATE,
      schema: {
        tags,
        description:
          'Invoices the given quantities of the order’s items (each at most what is left to invoice); issues the stock and debits the buyer.',
        params: idParams,
        body: generateInvoiceInput,
        response: { 201: invoiceOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await generateInvoice({
          ctx,
          actor: requirePrincipal(request),
          orderId: request.params.id,
          input: request.body,
        }),
      ),
  );

  // -------------------------------------------------------------------------------------------
  // Lists

  documentListRoutes(app, {
    documents: 'invoices',
    tags,
    config: VIEW,
    description: 'Invoices, newest invoice date first; search by invoice number, buyer or order number.',
    output: invoiceSummaryOutput,
    filters: invoiceFilterQuery,
    filterOf,
    ordering: ORDERING,
    defaultOrdering: DEFAULT_ORDERING,
    list: (companyId, filter, sort, window) => listInvoices(db, companyId, filter, sort, window),
    ofOrder: (orderId): InvoiceFilter => ({ orderId }),
  });

  app.get(
    '/admin/companies/:companyId/invoices_export',
    {
      config: VIEW,
      schema: {
        tags,
        description: 'CSV of the invoices of the list’s filters and ordering, streamed in batches.',
        params: companyParams,
        querystring: invoiceFilterQuery.extend({ ordering: listQuery.shape.ordering }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const [sort] = keysetSort(q.ordering?.split(',')[0], ORDERING, DEFAULT_ORDERING);
      const filter = { ...filterOf(q), branches: branchScope(requirePrincipal(request)) };
      const batches = invoiceBatches(db, request.params.companyId, filter, sort);
      async function* rows() {
        for await (const batch of batches) yield batch.map(exportRow);
      }
      return sendCsvStream(reply, `invoices-${todayInIndia()}.csv`, EXPORT_HEADER, rows());
    },
  );

  // -------------------------------------------------------------------------------------------
  // Bulk actions of the list (issue 18)

  app.post(
    '/admin/companies/:companyId/invoices/bulk_pdf',
    {
      config: VIEW,
      schema: {
        tags,
        description: `The selected invoices (1 to ${BULK_LIMIT}) in one PDF download, each starting on a new page, in the order given; 404 when any id is not one of the company's invoices.`,
        params: companyParams,
        body: bulkIdsInput,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await bulkInvoicePdf({
          db: app.ctx.db,
          storage: app.ctx.storage,
          actor: requirePrincipal(request),
          ids: request.body.ids,
        }),
      ),
  );

  app.post(
    '/admin/companies/:companyId/invoices/bulk_email',
    {
      // The permission of the single send (resend_notifications).
      config: UPDATE,
      schema: {
        tags,
        description: `Mails each selected invoice (1 to ${BULK_LIMIT}) to its buyer as resend_notifications does; answers how many were sent and which were skipped and why (cancelled, no buyer e-mail, the mail server refused).`,
        params: companyParams,
        body: bulkIdsInput,
        response: { 200: bulkEmailOutput },
      },
    },
    async (request) =>
      bulkEmailInvoices({
        db: app.ctx.db,
        mailer: app.ctx.mailer,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        ids: request.body.ids,
      }),
  );

  // -------------------------------------------------------------------------------------------
  // One invoice

  app.get(
    '/admin/invoices/:id',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description:
          'The invoice with its lines, totals, comments and the actions it allows now (`expand` is accepted: everything is embedded).',
        params: idParams,
        querystring: z.object({ expand: listQuery.shape.expand }),
        response: { 200: invoiceOutput },
      },
    },
    async (request) => getInvoice(ctx, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/admin/invoices/:id',
    {
      config: UPDATE,
      schema: { tags, params: idParams, body: invoiceUpdate, response: { 200: invoiceOutput } },
    },
    async (request) =>
      updateInvoice({
        ctx,
        actor: requirePrincipal(request),
        invoiceId: request.params.id,
        input: request.body,
      }),
  );

  app.get(
    '/admin/invoices/:id/pdf',
    {
      config: VIEW,
      schema: { tags, description: 'The tax invoice as a PDF download.', params: idParams },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoicePdf(db, requirePrincipal(request).companyId, request.params.id, app.ctx.storage),
      ),
  );

  documentHistoryRoute(app, {
    path: '/admin/invoices',
    tags,
    config: VIEW,
    history: (companyId, id) => invoiceHistory(db, companyId, id),
  });

  documentCommentRoute(app, {
    path: '/admin/invoices',
    tags,
    config: UPDATE,
    addComment: (actor, invoiceId, comment) => addComment({ db, actor, invoiceId, comment }),
  });

  // -------------------------------------------------------------------------------------------
  // Verbs

  app.get(
    '/admin/invoices/:id/initiate_edit_invoice',
    {
      config: UPDATE,
      schema: { tags, params: idParams, response: { 200: initiateEditInvoiceOutput } },
    },
    async (request) => initiateEditInvoice(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/invoices/:id/edit_invoice',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'New quantities of the invoice’s items, while nothing is paid, written off or e-invoiced; the number stays.',
        params: idParams,
        body: editInvoiceInput,
        response: { 200: invoiceOutput },
      },
    },
    async (request) =>
      editInvoice({
        ctx,
        actor: requirePrincipal(request),
        invoiceId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/admin/invoices/:id/cancel',
    {
      config: CANCEL,
      schema: { tags, params: idParams, body: cancelInput.optional(), response: { 200: invoiceOutput } },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const cancelled = await cancelInvoice({
        ctx,
        irp: app.ctx.irp,
        actor,
        invoiceId: request.params.id,
        reason: request.body?.reason,
      });
      // After the commit: its live Razorpay link must not take money for a cancelled invoice.
      await withdrawLinksAfterCommit(app.ctx, request, actor, { invoiceId: request.params.id });
      return cancelled;
    },
  );

  app.post(
    '/admin/invoices/:id/ready_to_ship',
    {
      config: UPDATE,
      schema: { tags, params: idParams, response: { 200: invoiceOutput } },
    },
    async (request) =>
      markReadyToShip({ ctx, actor: requirePrincipal(request), invoiceId: request.params.id }),
  );

  app.post(
    '/admin/invoices/:id/e_invoice',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Registers the invoice with the IRP and keeps its IRN, acknowledgement and signed QR code.',
        params: idParams,
        response: { 200: invoiceOutput },
      },
    },
    async (request) =>
      generateEInvoice({
        ctx,
        irp: app.ctx.irp,
        actor: requirePrincipal(request),
        invoiceId: request.params.id,
      }),
  );

  app.patch(
    '/admin/invoices/:id/resend_notifications',
    {
      config: UPDATE,
      schema: {
        tags,
        description: 'Mails the tax invoice PDF to the buyer.',
        params: idParams,
        response: { 200: detailResponse },
      },
    },
    async (request) =>
      resendInvoice({
        db,
        mailer: app.ctx.mailer,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        invoiceId: request.params.id,
      }),
  );

  // -------------------------------------------------------------------------------------------
  // Money

  app.post(
    '/admin/invoices/:id/write_off_balance',
    {
      config: UPDATE,
      schema: { tags, params: idParams, body: writeOffInput, response: { 200: invoiceOutput } },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      const invoice = await writeOffBalance({
        ctx,
        actor,
        invoiceId: request.params.id,
        input: request.body,
      });
      // After the commit: nothing is due any more, so its live Razorpay link takes no payment.
      await withdrawLinksAfterCommit(app.ctx, request, actor, { invoiceId: request.params.id });
      return invoice;
    },
  );

  app.post(
    '/admin/invoices/:id/cancel_write_off_balance',
    {
      config: UPDATE,
      schema: { tags, params: idParams, response: { 200: invoiceOutput } },
    },
    async (request) =>
      cancelWriteOff({ ctx, actor: requirePrincipal(request), invoiceId: request.params.id }),
  );

  app.get(
    '/admin/invoices/:id/write_off_record',
    {
      config: { ...VIEW, cache: true },
      schema: { tags, params: idParams, response: { 200: writeOffRecordOutput } },
    },
    async (request) => writeOffRecord(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/admin/invoices/:id/bank_charges',
    {
      config: UPDATE,
      schema: { tags, params: idParams, body: bankChargesInput, response: { 200: invoiceOutput } },
    },
    async (request) =>
      setBankCharges({
        ctx,
        actor: requirePrincipal(request),
        invoiceId: request.params.id,
        input: request.body,
      }),
  );

  app.patch(
    '/admin/invoices/:id/shipping_charges_paid_by_company',
    {
      config: UPDATE,
      schema: {
        tags,
        params: idParams,
        body: shippingChargesPaidByCompanyInput,
        response: { 200: invoiceOutput },
      },
    },
    async (request) =>
      setShippingChargesPaidByCompany({
        ctx,
        actor: requirePrincipal(request),
        invoiceId: request.params.id,
        paidByCompany: request.body.shipping_charges_paid_by_company,
      }),
  );
}
