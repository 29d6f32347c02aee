import { Readable } from 'node:stream';
import {
  gstReturnGstinsOutput,
  gstr1CsvQuery,
  gstr1Query,
  gstr1SummaryOutput,
} from '@b2b/domain/api/gst-returns';
import type { Api } from '../../http/api-types.ts';
import { attachmentDisposition, sendCsvStream } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './gstr1.service.ts';

const tags = ['gst-returns'];

const permission = 'view_gst_return';

/**
 * GSTR-1 (issue 22): the GSTINs a return can be prepared for, the return's summary with the
 * documents that need fixing, and its downloads (the portal JSON, a CSV per section). Reads only.
 */
export async function gstr1Routes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /admin/companies/:companyId/gst_returns/gstins',
    {
      permission,
      tags,
      description: "The GSTINs of the company's branches the caller may see, each with its branches.",
      params: companyParams,
      response: gstReturnGstinsOutput,
    },
    (_request, actor) => service.listGstins(db, actor),
  );

  route(
    app,
    'GET /admin/companies/:companyId/gst_returns/gstr1',
    {
      permission,
      tags,
      description:
        'GSTR-1 of a GSTIN for a month (period=YYYY-MM) or a calendar quarter (YYYY-Qn): each section with its count, taxable value and tax, and the documents with problems (missing GSTIN, short HSN, place of supply, a rate that is no GST rate). 404 for a GSTIN that is not one of your branches.',
      params: companyParams,
      querystring: gstr1Query,
      response: gstr1SummaryOutput,
    },
    (request, actor) =>
      service.gstr1Summary({ db, actor, gstin: request.query.gstin, period: request.query.period }),
  );

  app.get(
    '/admin/companies/:companyId/gst_returns/gstr1/json',
    {
      config: { permission },
      schema: {
        tags,
        description: 'GSTR-1 as the JSON file the GST offline tool / portal accepts (a download).',
        params: companyParams,
        querystring: gstr1Query,
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const { gstin, period } = request.query;
      const { fileName, chunks } = await service.streamGstr1Json({ db, actor, gstin, period });
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/admin/companies/:companyId/gst_returns/gstr1/csv',
    {
      config: { permission },
      schema: {
        tags,
        description:
          'One section of GSTR-1 as a CSV file (section=b2b, b2cl, b2cs, cdnr, cdnur, exp, nil, hsn, doc_issue).',
        params: companyParams,
        querystring: gstr1CsvQuery,
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const { gstin, period, section } = request.query;
      const csv = await service.streamGstr1Csv({ db, actor, gstin, period, section });
      return sendCsvStream(reply, csv.fileName, csv.header, csv.rows);
    },
  );
}
