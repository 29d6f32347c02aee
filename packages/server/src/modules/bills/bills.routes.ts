import { idParam } from '@b2b/domain/api/common';
import { valueList } from '@b2b/domain/api/list-query';
import { commentInput, commentOutput } from '@b2b/domain/api/sales-orders';
import {
  BILL_CSV_COLUMNS,
  BILL_STATUS_VALUES,
  billInput,
  billListQuery,
  billOutput,
  billSummaryOutput,
} from '@b2b/domain/bills';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { documentListRoutes } from '../sales-documents/document-list-routes.ts';
import { documentHistoryRoute } from '../sales-documents/document-routes.ts';
import { readAttachmentUpload } from './attachment-upload.ts';
import { addBillAttachment, deleteBillAttachment } from './bill-attachments.ts';
import { addBillComment, billComments } from './bill-comments.ts';
import * as reads from './bill-reads.ts';
import { BILL_ORDERING, type BillFilter } from './bills.queries.ts';
import * as service from './bills.service.ts';
import { lastRatesRoute } from './last-rates.routes.ts';

const tags = ['bills'];
const VIEW = 'view_bill';

/**
 * Bills (purchase invoices from sellers, issue 19): the list (with `format=csv`), entering a bill,
 * its edit while a draft, receiving its goods and voiding it. Every change runs under the bill's
 * row lock and leaves a history row (bills.service.ts says the lock order).
 */
export async function billsRoutes(app: Api) {
  const { db } = app.ctx;

  documentListRoutes(app, {
    documents: 'bills',
    tags,
    config: { permission: VIEW },
    description:
      'Bills, newest bill date first; search by bill number or seller name; filters seller, branch, status__in, payment_status, start_date and end_date (bill date), due_before.',
    output: billSummaryOutput,
    filters: billListQuery.extend({ status__in: valueList(BILL_STATUS_VALUES) }),
    filterOf: (query): BillFilter => ({
      search: query.search,
      sellerId: query.seller,
      branchId: query.branch,
      statuses: query.status__in,
      paymentStatus: query.payment_status,
      startDate: query.start_date,
      endDate: query.end_date,
      dueBefore: query.due_before,
    }),
    ordering: BILL_ORDERING,
    defaultOrdering: '-bill_date',
    list: (companyId, filter, sort, window) => reads.listBills(db, companyId, filter, sort, window),
    csv: { filename: 'bills', columns: BILL_CSV_COLUMNS },
  });

  app.post(
    '/admin/companies/:companyId/bills',
    {
      config: { permission: 'add_bill' },
      schema: {
        tags,
        description:
          'Enters a bill as a draft, or received at once (goods into the warehouse) when the company receives bills automatically. Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: billInput,
        response: { 201: billOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.createBill({ db: executor, actor, input: request.body }),
      }));
    },
  );

  route(
    app,
    'GET /admin/bills/:id',
    { permission: VIEW, cache: true, tags, params: recordParams, response: billOutput },
    async (request, actor) => reads.getBill(db, actor.companyId, request.params.id, actor),
  );

  route(
    app,
    'PATCH /admin/bills/:id',
    {
      permission: 'change_bill',
      tags,
      description: 'Edits a draft bill: the whole bill again, its items replaced.',
      params: recordParams,
      body: billInput,
      response: billOutput,
    },
    async (request, actor) => service.editBill({ db, actor, id: request.params.id, input: request.body }),
  );

  route(
    app,
    'POST /admin/bills/:id/receive',
    {
      permission: 'change_bill',
      tags,
      description: "Receives a draft bill: its goods come into the bill's warehouse at the bill's cost.",
      params: recordParams,
      response: billOutput,
    },
    async (request, actor) => service.receiveBill({ db, actor, id: request.params.id }),
  );

  route(
    app,
    'POST /admin/bills/:id/void',
    {
      permission: 'change_bill',
      tags,
      description:
        'Voids a draft or unpaid bill; a received bill’s goods leave the warehouse again (409 when they are no longer there).',
      params: recordParams,
      response: billOutput,
    },
    async (request, actor) => service.voidBill({ db, actor, id: request.params.id }),
  );

  lastRatesRoute(app);

  documentHistoryRoute(app, {
    path: '/admin/bills',
    tags,
    config: { permission: VIEW },
    history: (companyId, id) => reads.billHistory(db, companyId, id),
  });

  route(
    app,
    'GET /admin/bills/:id/comments',
    { permission: VIEW, cache: true, tags, params: recordParams, response: z.array(commentOutput) },
    async (request, actor) => billComments(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/bills/:id/comments',
    {
      permission: 'change_bill',
      tags,
      description: 'Adds a comment to the bill (kept in its history too).',
      params: recordParams,
      body: commentInput,
      status: 201,
      response: commentOutput,
    },
    async (request, actor) =>
      addBillComment({ db, actor, id: request.params.id, comment: request.body.comment }),
  );

  route(
    app,
    'POST /admin/bills/:id/attachments',
    {
      permission: 'change_bill',
      tags,
      description:
        'Attaches a file to the bill (multipart field `file`: a PDF, PNG, JPEG or WebP of at most 5 MB).',
      params: recordParams,
      consumes: ['multipart/form-data'],
      status: 201,
      response: z.object({ id: idParam, name: z.string(), url: z.string() }),
    },
    async (request, actor) => {
      // A foreign id is refused before the upload is read or stored.
      await reads.getBill(db, actor.companyId, request.params.id, actor);
      const file = await readAttachmentUpload(request);
      // Read per request: a test may swap the server's storage (app.ctx.storage).
      return addBillAttachment({ db, storage: app.ctx.storage, actor, billId: request.params.id, file });
    },
  );

  route(
    app,
    'DELETE /admin/bills/:id/attachments/:fileId',
    { permission: 'change_bill', tags, params: recordParams.extend({ fileId: idParam }) },
    async (request, actor) =>
      deleteBillAttachment({
        db,
        storage: app.ctx.storage,
        actor,
        billId: request.params.id,
        attachmentId: request.params.fileId,
      }),
  );
}
