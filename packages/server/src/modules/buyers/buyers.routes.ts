import {
  BUYER_DEFAULT_ORDERING,
  type BUYER_ORDERINGS,
  buyerAddressCreate,
  buyerCreate,
  buyerDetailOutput,
  buyerDetailsV1Item,
  buyerDetailsV2Item,
  buyerHistoryOutput,
  buyerIgnoreForBi,
  buyerListFilters,
  buyerListItem,
  buyerOutput,
  buyerSalesChannelChange,
  buyerSummaryOutput,
  buyerUpdate,
  partySearchInput,
  partySearchResult,
} from '@b2b/domain/api/buyers';
import { addressOutput, idParam } from '@b2b/domain/api/common';
import { BUYER_CSV_COLUMNS, listCsvFormat } from '@b2b/domain/api/list-csv';
import { csvList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { todayInIndia } from '@b2b/domain/validation';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { hasPermission } from '../../core/principal.ts';
import { cursorParam, type KeysetSort, type KeysetWindow, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { sendListCsv } from '../../http/list-csv.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
import { recordParams as buyerParams, companyParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import { buyerAddressRules } from './buyer-checks.ts';
import {
  buyerHistory,
  buyerSummary,
  getBuyer,
  getBuyerDetail,
  listBuyerDetails,
  listBuyerDetailsV2,
  listBuyers,
} from './buyer-reads.ts';
import type { BuyerFilter } from './buyers.queries.ts';
import { addBuyerAddress, setBuyerFlag, setBuyerSalesChannel, updateBuyer } from './change-buyer.ts';
import { createBuyer } from './create-buyer.ts';
import { searchParties } from './search-parties.ts';

const tags = ['buyers'];
const companyBuyerParams = companyParams.extend({ id: idParam });

/** API ordering field -> SQL expression over the buyers alias `b` and its value type (for cursors). */
const ORDERING: Record<(typeof BUYER_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  name: { expression: 'lower(b.name)', type: 'text' },
  created_at: { expression: 'b.created_at', type: 'timestamptz' },
  updated_at: { expression: 'b.updated_at', type: 'timestamptz' },
  outstanding: { expression: 'b.outstanding_paise', type: 'bigint' },
};

/**
 * Filters of every buyer list. Keyset paging: send `cursor=` (empty) for the first page, then
 * follow `next` and `previous` (cursor tokens); deep pages cost what the first does.
 */
const buyerListQuery = listQuery.extend({ cursor: cursorParam }).extend(buyerListFilters.shape);
type BuyerListQuery = z.infer<typeof buyerListQuery>;

function filterOf(q: BuyerListQuery): BuyerFilter {
  const types = [...(q.buyer_type ? [q.buyer_type] : []), ...(q.buyer_type__in ?? [])];
  return {
    search: q.search,
    buyerTypes: types.length ? types : undefined,
    salesChannelId: q.sales_channel,
    gstNumber: q.gst_number || undefined,
    isActive: q.is_active,
    buyerGroupId: q.buyer_group,
  };
}

/** A page of buyers in the query's filter and order: offset pages, or keyset pages with `cursor`. */
function buyerPage<T extends { id: number; sort_value: string }>(
  request: FastifyRequest & { query: BuyerListQuery },
  load: (
    filter: BuyerFilter,
    sort: KeysetSort[],
    window: KeysetWindow,
  ) => Promise<{ count: number; results: T[] }>,
) {
  const q = request.query;
  const sort = keysetSort(q.ordering, ORDERING, BUYER_DEFAULT_ORDERING);
  return offsetOrKeysetPage(request, q, sort, (window) => load(filterOf(q), sort, window));
}

export async function buyersRoutes(app: Api) {
  const { db } = app.ctx;
  // PATCH addresses/{id} and POST addresses/{id}/delete run the buyer's address rules.
  registerAddressOwnerRules('buyer', buyerAddressRules);
  const view = { permission: 'view_buyer', tags };
  const change = { permission: 'change_buyer', tags, params: buyerParams };
  const buyer = { ...change, response: buyerDetailOutput };

  route(
    app,
    'POST /companies/:companyId/buyers',
    { ...buyer, permission: 'add_buyer', params: companyParams, body: buyerCreate, status: 201 },
    (request, actor) => createBuyer({ db, actor, input: request.body }),
  );

  const list = { ...view, cache: true, params: companyParams, querystring: buyerListQuery };
  route(
    app,
    'GET /companies/:companyId/buyers',
    {
      ...list,
      querystring: buyerListQuery.extend(listCsvFormat.shape),
      description: 'The buyers; `expand=addresses,sales_channels` embeds those; `format=csv` all as a file.',
      response: pageOf(buyerListItem),
    },
    (request, _actor, reply) => {
      const q = request.query;
      if (q.format === 'csv') {
        const sort = keysetSort(q.ordering, ORDERING, BUYER_DEFAULT_ORDERING);
        return sendListCsv(reply, `buyers-${todayInIndia()}.csv`, BUYER_CSV_COLUMNS, (window) =>
          listBuyers(db, request.params.companyId, filterOf(q), sort, window, []),
        );
      }
      return buyerPage(request, (filter, sort, window) =>
        listBuyers(db, request.params.companyId, filter, sort, window, csvList(q.expand)),
      );
    },
  );

  // v1: light details (payment term, billing address, credit figures);
  // v2: v1 plus every address, the sales channels and the buyer groups.
  route(
    app,
    'GET /companies/:companyId/buyer_details',
    { ...list, response: pageOf(buyerDetailsV1Item) },
    (request) =>
      buyerPage(request, (filter, sort, window) =>
        listBuyerDetails(db, request.params.companyId, filter, sort, window),
      ),
  );
  route(
    app,
    'GET /v2/companies/:companyId/buyer_details',
    { ...list, response: pageOf(buyerDetailsV2Item) },
    (request) =>
      buyerPage(request, (filter, sort, window) =>
        listBuyerDetailsV2(db, request.params.companyId, filter, sort, window),
      ),
  );

  recordRead(app, '/buyers/:id', { ...view, response: buyerOutput }, getBuyer);
  recordRead(app, '/v2/buyers/:id', { ...view, response: buyerDetailOutput }, getBuyerDetail);

  route(app, 'PATCH /buyers/:id', { ...buyer, body: buyerUpdate }, (request, actor) =>
    updateBuyer({ db, actor, buyerId: request.params.id, changes: request.body }),
  );

  for (const [action, flag, value] of [
    ['activate', 'is_active', true],
    ['deactivate', 'is_active', false],
    ['expose_inventory', 'is_inventory_exposed', true],
    ['hide_inventory', 'is_inventory_exposed', false],
  ] as const) {
    route(app, `POST /buyers/:id/${action}`, buyer, (request, actor) =>
      setBuyerFlag({ db, actor, buyerId: request.params.id, flag, value }),
    );
  }

  route(app, 'PATCH /buyers/:id/ignore_for_bi', { ...buyer, body: buyerIgnoreForBi }, (request, actor) =>
    setBuyerFlag({
      db,
      actor,
      buyerId: request.params.id,
      flag: 'ignore_for_bi',
      value: request.body.ignore_for_bi,
    }),
  );

  route(
    app,
    'POST /buyers/:id/addresses',
    { ...change, body: buyerAddressCreate, response: addressOutput, status: 201 },
    (request, actor) => addBuyerAddress({ db, actor, buyerId: request.params.id, input: request.body }),
  );

  recordRead(app, '/buyers/:id/summary', { ...view, response: buyerSummaryOutput }, buyerSummary);
  recordRead(app, '/buyers/:id/history', { ...view, response: buyerHistoryOutput }, buyerHistory);

  for (const [action, enabled] of [
    ['enable-sales-channel', true],
    ['disable-sales-channel', false],
  ] as const) {
    route(
      app,
      `POST /v2/companies/:companyId/buyers/:id/${action}`,
      { ...buyer, params: companyBuyerParams, body: buyerSalesChannelChange },
      (request, actor) => {
        const salesChannelId = request.body.sales_channel;
        return setBuyerSalesChannel({ db, actor, buyerId: request.params.id, salesChannelId, enabled });
      },
    );
  }

  // The create forms of buyers and sellers ask whether the party already exists. The route needs
  // either view permission; each kind of party is searched only when the caller may view it.
  route(
    app,
    'POST /companies/search',
    { tags: ['companies', ...tags], body: partySearchInput, response: pageOf(partySearchResult) },
    async (request, actor) => {
      const visible = {
        buyers: hasPermission(actor, 'view_buyer'),
        sellers: hasPermission(actor, 'view_seller'),
      };
      if (!visible.buyers && !visible.sellers) {
        throw new AppError('permission_denied', 'You do not have permissions to perform this action.');
      }
      const results = await searchParties(db, actor, request.body, visible);
      return { count: results.length, next: null, previous: null, results };
    },
  );
}
