import { Readable } from 'node:stream';
import {
  type TallyExportBody,
  tallyCheckOutput,
  tallyExportBody,
  tallyPostOutput,
  tallyRangeQuery,
  tallyStatusOutput,
  tallyStatusQuery,
} from '@b2b/domain/api/tally';
import type { FastifyReply } from 'fastify';
import type { Api } from '../../http/api-types.ts';
import { attachmentDisposition } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { companyParams } from '../../http/path-params.ts';
import { route, routeOptions } from '../../http/route.ts';
import * as service from './tally.service.ts';

const tags = ['tally'];

/** The comment a voucher file ends with when the server failed after its first bytes. */
const STREAM_FAILED =
  '<!-- The export stopped early because of a server error; this file is incomplete. Please try again. -->\n';

/**
 * Streams the XML as it is made (chunked), one batch of documents at a time. The first chunk is
 * made before the status line goes out, so a failure at once is an ordinary error answer.
 */
async function sendXmlStream(reply: FastifyReply, filename: string, chunks: AsyncGenerator<string>) {
  const first = await chunks.next();
  async function* text() {
    try {
      for (let next = first; !next.done; next = await chunks.next()) {
        if (next.value) yield next.value;
      }
    } catch (error) {
      reply.log.error({ err: error }, 'Tally export failed after its first bytes');
      yield STREAM_FAILED;
    } finally {
      await chunks.return(undefined);
    }
  }
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', attachmentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(Readable.from(text(), { objectMode: false }));
}

/**
 * The Tally export (issue 22). The check is a read; the export is a POST because a voucher file
 * records what it hands over (the next file alters those vouchers rather than creating them again);
 * posting to a running Tally needs add_tally_export.
 */
export async function tallyRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /admin/companies/:companyId/tally/check',
    {
      permission: 'view_tally_export',
      tags,
      description:
        "Lists the branch's documents of the date range whose party, item, godown or ledger has no Tally name, with what to fix; the export refuses while any is listed.",
      params: companyParams,
      querystring: tallyRangeQuery,
      response: tallyCheckOutput,
    },
    (request, actor) => service.checkTally({ db, actor, query: request.query }),
  );

  route(
    app,
    'GET /admin/companies/:companyId/tally/status',
    {
      permission: 'view_tally_export',
      tags,
      description:
        "Whether Tally is configured (TALLY_URL), and the branch's last post with Tally's answer per document.",
      params: companyParams,
      querystring: tallyStatusQuery,
      response: tallyStatusOutput,
    },
    (request, actor) =>
      service.tallyStatus({ db, actor, tally: app.ctx.tally, branchId: request.query.branch_id }),
  );

  // A file download: the handler sends the stream itself.
  app.post(
    '/admin/companies/:companyId/tally/export',
    routeOptions({
      permission: 'view_tally_export',
      tags,
      description:
        'Streams Tally XML for the branch and date range: part=masters (ledgers, stock items, godowns, units) or part=vouchers (sales, credit notes, purchases, receipts, payments, stock journals of inventory adjustments and transfers; Create the first time, Alter after, Cancel for a cancelled document). Vouchers are refused (409) while the check lists a document.',
      params: companyParams,
      body: tallyExportBody,
    }),
    async (request, reply) => {
      const body = request.body as TallyExportBody;
      const file = await service.exportTally({ db, actor: requirePrincipal(request), body });
      return sendXmlStream(reply, file.filename, file.chunks);
    },
  );

  route(
    app,
    'POST /admin/companies/:companyId/tally/post',
    {
      permission: 'add_tally_export',
      tags,
      description:
        "Sends the range's masters and vouchers to the running Tally (TALLY_URL) and records Tally's answer per document. 409 when Tally is not configured or a document lacks a Tally name; 503 when Tally does not answer.",
      params: companyParams,
      body: tallyRangeQuery,
      response: tallyPostOutput,
    },
    (request, actor) => service.postToTally({ db, actor, tally: app.ctx.tally, body: request.body }),
  );
}
