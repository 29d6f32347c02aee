import { idParam } from '@b2b/domain/api/common';
import {
  filedPeriodCreate,
  filedPeriodOutput,
  filedPeriodsQuery,
  gstr3bDocumentOutput,
  gstr3bDocumentsQuery,
  gstr3bOutput,
  gstr3bQuery,
} from '@b2b/domain/api/gstr3b';
import { pageOf } from '@b2b/domain/api/list-query';
import { GSTR3B_MESSAGES } from '@b2b/domain/gst/gstr3b';
import { z } from 'zod';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import * as service from './gstr3b.service.ts';

const tags = ['gst returns'];
const companyParams = z.object({ companyId: idParam });
const base = '/admin/companies/:companyId/gst_returns';
const view = { permission: 'view_gst_return', forbidden: GSTR3B_MESSAGES.forbidden_view };
const change = { permission: 'change_gst_return', forbidden: GSTR3B_MESSAGES.forbidden_change };

/**
 * GSTR-3B and the filed periods (issue 22): the return of a GSTIN and month, the documents behind
 * each figure, and marking a return filed (which locks its documents) or reopening it.
 */
export async function gstr3bRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    `${base}/gstr3b`,
    {
      config: view,
      schema: { tags, params: companyParams, querystring: gstr3bQuery, response: { 200: gstr3bOutput } },
    },
    async (request) => service.getGstr3b(db, requirePrincipal(request), request.query),
  );

  app.get(
    `${base}/gstr3b/documents`,
    {
      config: view,
      schema: {
        tags,
        params: companyParams,
        querystring: gstr3bDocumentsQuery,
        response: { 200: pageOf(gstr3bDocumentOutput) },
      },
    },
    async (request) => {
      const { gstin, period, head } = request.query;
      const window = pageWindow(request.query);
      const { count, results } = await service.gstr3bDocuments(
        db,
        requirePrincipal(request),
        { gstin, period, head },
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    `${base}/filed_periods`,
    {
      config: view,
      schema: {
        tags,
        params: companyParams,
        querystring: filedPeriodsQuery,
        response: { 200: pageOf(filedPeriodOutput) },
      },
    },
    async (request) => {
      const { gstin, period, return_type } = request.query;
      const window = pageWindow(request.query);
      const { count, results } = await service.listFiledPeriods(
        db,
        requirePrincipal(request),
        { gstin, period, returnType: return_type },
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    `${base}/filed_periods`,
    {
      config: change,
      schema: { tags, params: companyParams, body: filedPeriodCreate, response: { 201: filedPeriodOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.markPeriodFiled({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.delete(
    `${base}/filed_periods/:id`,
    {
      config: change,
      schema: {
        tags,
        params: companyParams.extend({ id: idParam }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.reopenPeriod({ db, actor: requirePrincipal(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
