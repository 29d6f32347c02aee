import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  cityListFilters,
  cityOutput,
  paymentMethodOutput,
  paymentMethodsReorder,
  paymentMethodUpdate,
  paymentTermOutput,
  salesChannelOutput,
  shippingMethodOutput,
  stateOutput,
  taxListFilters,
  taxOutput,
  taxUpdate,
  unitOutput,
} from '@b2b/domain/api/reference';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import * as queries from './reference.queries.ts';
import { reorderPaymentMethods } from './reference.service.ts';

const companyParams = z.object({ companyId: idParam });
const itemParams = z.object({ companyId: idParam, id: idParam });
const tags = ['reference'];

/** Small per-company lists answered whole, in the paged envelope the web app expects everywhere. */
function wholePage<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}

export async function referenceRoutes(app: Api) {
  const { db } = app.ctx;

  // States and cities are public: the sign-up form needs them before anyone is signed in.
  app.get(
    '/states',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: listQuery,
        response: { 200: pageOf(stateOutput) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const [{ n }, rows] = await queries.listStates(db, window, request.query.search);
      return page(request, window, n, rows);
    },
  );

  app.get(
    '/cities',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: listQuery.extend(cityListFilters.shape),
        response: { 200: pageOf(cityOutput) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const [{ n }, rows] = await queries.listCities(db, window, {
        stateId: request.query.state,
        search: request.query.search,
      });
      return page(request, window, n, rows);
    },
  );

  app.get(
    '/companies/:companyId/taxes',
    {
      config: { cache: true },
      schema: {
        tags,
        params: companyParams,
        querystring: taxListFilters,
        response: { 200: pageOf(taxOutput) },
      },
    },
    async (request) => wholePage(await queries.listTaxes(db, request.params.companyId, request.query.type)),
  );

  app.patch(
    '/companies/:companyId/taxes/:id',
    {
      config: { permission: 'change_tax' },
      schema: { tags, params: itemParams, body: taxUpdate, response: { 200: taxOutput } },
    },
    async (request) => {
      const row = await queries.updateTax(db, request.params.companyId, request.params.id, request.body);
      if (!row) throw notFound('Tax');
      return row;
    },
  );

  const simpleList = <T extends z.ZodType>(
    path: string,
    item: T,
    load: (companyId: number) => Promise<z.output<T>[]>,
  ) =>
    app.get(
      path,
      {
        config: { cache: true },
        schema: { tags, params: companyParams, querystring: listQuery, response: { 200: pageOf(item) } },
      },
      async (request) => wholePage(await load(request.params.companyId)),
    );

  simpleList('/companies/:companyId/units', unitOutput, (c) => queries.listUnits(db, c));
  simpleList('/companies/:companyId/payment_terms', paymentTermOutput, (c) =>
    queries.listPaymentTerms(db, c),
  );
  simpleList('/companies/:companyId/payment_methods', paymentMethodOutput, (c) =>
    queries.listPaymentMethods(db, c),
  );
  simpleList('/companies/:companyId/shipping_methods', shippingMethodOutput, (c) =>
    queries.listShippingMethods(db, c),
  );

  app.patch(
    '/companies/:companyId/payment_methods/:id',
    {
      config: { permission: 'change_payment_method' },
      schema: { tags, params: itemParams, body: paymentMethodUpdate, response: { 200: paymentMethodOutput } },
    },
    async (request) => {
      const row = await queries.updatePaymentMethod(
        db,
        request.params.companyId,
        request.params.id,
        request.body,
      );
      if (!row) throw notFound('Payment Method');
      return row;
    },
  );

  app.post(
    '/companies/:companyId/payment_methods/reorder',
    {
      config: { permission: 'change_payment_method' },
      schema: {
        tags,
        params: companyParams,
        body: paymentMethodsReorder,
        response: { 200: pageOf(paymentMethodOutput) },
      },
    },
    async (request) =>
      wholePage(await reorderPaymentMethods(db, request.params.companyId, request.body.positions)),
  );

  for (const [path, activeOnly] of [
    ['/admin/sales_channel', true],
    ['/admin/all_sales_channel', false],
  ] as const) {
    app.get(
      path,
      {
        config: { cache: true },
        schema: { tags, querystring: listQuery, response: { 200: pageOf(salesChannelOutput) } },
      },
      async (request) =>
        wholePage(await queries.listSalesChannels(db, requirePrincipal(request).companyId, activeOnly)),
    );
  }
}
