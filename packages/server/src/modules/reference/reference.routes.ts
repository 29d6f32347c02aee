import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  cityListFilters,
  cityOutput,
  paymentTermOutput,
  shippingMethodOutput,
  stateOutput,
  unitCreate,
  unitOutput,
} from '@b2b/domain/api/reference';
import { z } from 'zod';
import { pageWindow, wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { page } from '../../http/page-links.ts';
import { route } from '../../http/route.ts';
import * as queries from './reference.queries.ts';
import { createUnit } from './reference.service.ts';

const companyParams = z.object({ companyId: idParam });
const tags = ['reference'];

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
  route(
    app,
    'POST /admin/companies/:companyId/units',
    {
      permission: 'add_unit',
      tags,
      description:
        "A company's own unit of quantity: name, a short code unique in the company, and the GST UQC it is reported as.",
      params: companyParams,
      body: unitCreate,
      response: unitOutput,
      status: 201,
    },
    (request, actor) => createUnit({ db, actor, input: request.body }),
  );
  simpleList('/companies/:companyId/payment_terms', paymentTermOutput, (c) =>
    queries.listPaymentTerms(db, c),
  );
  simpleList('/companies/:companyId/shipping_methods', shippingMethodOutput, (c) =>
    queries.listShippingMethods(db, c),
  );
}
