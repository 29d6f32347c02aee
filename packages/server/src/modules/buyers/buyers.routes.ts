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
import { csvList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { hasPermission } from '../../core/principal.ts';
import { cursorParam, type KeysetSort, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
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
const buyerParams = z.object({ id: idParam });
const companyParams = z.object({ companyId: idParam });
const companyBuyerParams = z.object({ companyId: idParam, id: idParam });

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

const sortOf = (q: BuyerListQuery) => keysetSort(q.ordering, ORDERING, BUYER_DEFAULT_ORDERING);

export async function buyersRoutes(app: Api) {
  const { db } = app.ctx;
  // PATCH addresses/{id} and POST addresses/{id}/delete run the buyer's address rules.
  registerAddressOwnerRules('buyer', buyerAddressRules);

  app.post(
    '/companies/:companyId/buyers',
    {
      config: { permission: 'add_buyer' },
      schema: { tags, params: companyParams, body: buyerCreate, response: { 201: buyerDetailOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createBuyer({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/companies/:companyId/buyers',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: {
        tags,
        description: 'The buyers; `expand=addresses,sales_channels` embeds those.',
        params: companyParams,
        querystring: buyerListQuery,
        response: { 200: pageOf(buyerListItem) },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = sortOf(q);
      return offsetOrKeysetPage(request, q, sort, (window) =>
        listBuyers(db, request.params.companyId, filterOf(q), sort, window, csvList(q.expand)),
      );
    },
  );

  // v1: light details (payment term, billing address, credit figures);
  // v2: v1 plus every address, the sales channels and the buyer groups.
  app.get(
    '/companies/:companyId/buyer_details',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: {
        tags,
        params: companyParams,
        querystring: buyerListQuery,
        response: { 200: pageOf(buyerDetailsV1Item) },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = sortOf(q);
      return offsetOrKeysetPage(request, q, sort, (window) =>
        listBuyerDetails(db, request.params.companyId, filterOf(q), sort, window),
      );
    },
  );

  app.get(
    '/v2/companies/:companyId/buyer_details',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: {
        tags,
        params: companyParams,
        querystring: buyerListQuery,
        response: { 200: pageOf(buyerDetailsV2Item) },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = sortOf(q);
      return offsetOrKeysetPage(request, q, sort, (window) =>
        listBuyerDetailsV2(db, request.params.companyId, filterOf(q), sort, window),
      );
    },
  );

  app.get(
    '/buyers/:id',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: { tags, params: buyerParams, response: { 200: buyerOutput } },
    },
    async (request) => getBuyer(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/v2/buyers/:id',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: { tags, params: buyerParams, response: { 200: buyerDetailOutput } },
    },
    async (request) => getBuyerDetail(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/buyers/:id',
    {
      config: { permission: 'change_buyer' },
      schema: { tags, params: buyerParams, body: buyerUpdate, response: { 200: buyerDetailOutput } },
    },
    async (request) =>
      updateBuyer({
        db,
        actor: requirePrincipal(request),
        buyerId: request.params.id,
        changes: request.body,
      }),
  );

  for (const [action, flag, value] of [
    ['activate', 'is_active', true],
    ['deactivate', 'is_active', false],
    ['expose_inventory', 'is_inventory_exposed', true],
    ['hide_inventory', 'is_inventory_exposed', false],
  ] as const) {
    app.post(
      `/buyers/:id/${action}`,
      {
        config: { permission: 'change_buyer' },
        schema: { tags, params: buyerParams, response: { 200: buyerDetailOutput } },
      },
      async (request) =>
        setBuyerFlag({
          db,
          actor: requirePrincipal(request),
          buyerId: request.params.id,
          flag,
          value,
        }),
    );
  }

  app.patch(
    '/buyers/:id/ignore_for_bi',
    {
      config: { permission: 'change_buyer' },
      schema: { tags, params: buyerParams, body: buyerIgnoreForBi, response: { 200: buyerDetailOutput } },
    },
    async (request) =>
      setBuyerFlag({
        db,
        actor: requirePrincipal(request),
        buyerId: request.params.id,
        flag: 'ignore_for_bi',
        value: request.body.ignore_for_bi,
      }),
  );

  app.post(
    '/buyers/:id/addresses',
    {
      config: { permission: 'change_buyer' },
      schema: { tags, params: buyerParams, body: buyerAddressCreate, response: { 201: addressOutput } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addBuyerAddress({
          db,
          actor: requirePrincipal(request),
          buyerId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/buyers/:id/summary',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: { tags, params: buyerParams, response: { 200: buyerSummaryOutput } },
    },
    async (request) => buyerSummary(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/buyers/:id/history',
    {
      config: { cache: true, permission: 'view_buyer' },
      schema: { tags, params: buyerParams, response: { 200: buyerHistoryOutput } },
    },
    async (request) => buyerHistory(db, requirePrincipal(request).companyId, request.params.id),
  );

  for (const [action, enabled] of [
    ['enable-sales-channel', true],
    ['disable-sales-channel', false],
  ] as const) {
    app.post(
      `/v2/companies/:companyId/buyers/:id/${action}`,
      {
        config: { permission: 'change_buyer' },
        schema: {
          tags,
          params: companyBuyerParams,
          body: buyerSalesChannelChange,
          response: { 200: buyerDetailOutput },
        },
      },
      async (request) =>
        setBuyerSalesChannel({
          db,
          actor: requirePrincipal(request),
          buyerId: request.params.id,
          salesChannelId: request.body.sales_channel,
          enabled,
        }),
    );
  }

  // The create forms of buyers and sellers ask whether the party already exists. The route needs
  // either view permission; each kind of party is searched only when the caller may view it.
  app.post(
    '/companies/search',
    {
      schema: {
        tags: ['companies', ...tags],
        body: partySearchInput,
        response: { 200: pageOf(partySearchResult) },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
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
