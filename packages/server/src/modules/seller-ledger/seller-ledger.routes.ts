import {
  SELLER_LEDGER_CSV_HEADER,
  sellerLedgerCsvRow,
  sellerLedgerOutput,
  sellerLedgerQuery,
  sellerStatementQuery,
} from '@b2b/domain/seller-ledger';
import { todayInIndia } from '@b2b/domain/validation';
import type { Api } from '../../http/api-types.ts';
import { fileSlug } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { pageOrCsv } from '../../http/page-or-csv.ts';
import { recordParams } from '../../http/path-params.ts';
import { sendPdf } from '../../http/pdf-download.ts';
import { route } from '../../http/route.ts';
import * as queries from './seller-ledger.queries.ts';
import { getSellerLedger, type SellerLedger } from './seller-ledger.service.ts';
import { renderSellerStatementPdf } from './seller-statement-pdf.ts';

const tags = ['sellers'];

type LedgerFigures = Omit<SellerLedger, 'count' | 'results' | 'openingPaise' | 'closingPaise'>;

/**
 * The seller ledger (issue 19): GET admin/sellers/{id}/ledger (a page, or `format=csv` for every
 * entry of the period) and its PDF statement. Permission view_bill on the route, view_seller
 * checked beside it in the service; branches as the bills list.
 */
export async function sellerLedgerRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /admin/sellers/:id/ledger',
    {
      permission: 'view_bill',
      tags,
      description:
        'What we owe a seller, entry by entry with a running balance: bills received (credit), bills voided, payments made and the TDS deducted on them (debit), payments voided, contra adjustments against our invoices (debit) and their cancellation. Opening balance before `start_date`, closing balance at `end_date`; `branch`; `format=csv` for every entry of the period.',
      params: recordParams,
      querystring: sellerLedgerQuery,
      response: sellerLedgerOutput,
    },
    (request, actor, reply) => {
      const { query } = request;
      const ledgerRequest = {
        sellerId: request.params.id,
        startDate: query.start_date,
        endDate: query.end_date,
        branchId: query.branch,
      };
      return pageOrCsv<SellerLedger, LedgerFigures>(request, reply, {
        asCsv: query.format === 'csv',
        query,
        load: (window) => getSellerLedger(db, actor, ledgerRequest, window),
        csv: {
          filename: (ledger) => `${fileSlug(ledger.seller.name)}-ledger-${todayInIndia()}.csv`,
          header: SELLER_LEDGER_CSV_HEADER,
          row: sellerLedgerCsvRow,
        },
        figures: (ledger) => ({
          seller: ledger.seller,
          start_date: ledger.start_date,
          end_date: ledger.end_date,
          opening_balance: ledger.opening_balance,
          total_debit: ledger.total_debit,
          total_credit: ledger.total_credit,
          closing_balance: ledger.closing_balance,
        }),
      });
    },
  );

  // A file, not JSON: the handler sends it itself (as the credit note's PDF route does).
  app.get(
    '/admin/sellers/:id/ledger/pdf',
    {
      config: { permission: 'view_bill' },
      schema: {
        tags,
        description:
          'The seller statement of a period as a PDF: our company, the seller, opening balance, entries, closing balance.',
        params: recordParams,
        querystring: sellerStatementQuery,
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const { query } = request;
      const ledger = await getSellerLedger(
        db,
        actor,
        {
          sellerId: request.params.id,
          startDate: query.start_date,
          endDate: query.end_date,
          branchId: query.branch,
        },
        null,
      );
      const company = await queries.findStatementCompany(db, actor.companyId);
      const pdf = await renderSellerStatementPdf(company, ledger);
      return sendPdf(reply, { filename: `${fileSlug(ledger.seller.name)}-statement.pdf`, pdf });
    },
  );
}
