import { addressOutput, idParam } from '@b2b/domain/api/common';
import {
  LEAD_MESSAGES,
  leadAddressCreate,
  leadConvert,
  leadConvertOutput,
  leadCreate,
  leadInventoryExposureCreate,
  leadInventoryExposureOutput,
  leadListFilters,
  leadOutput,
  leadsDueOutput,
  leadTransactionCreate,
  leadTransactionOutput,
  leadUpdate,
  leadVisitCreate,
  leadVisitOutput,
} from '@b2b/domain/api/leads';
import { csvList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { z } from 'zod';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import {
  convertLead,
  exposeInventory,
  listExposures,
  listLeadTransactions,
  recordLeadTransaction,
  sharedInventory,
} from './lead-deals.ts';
import { renderSharedInventory } from './lead-inventory-page.ts';
import * as service from './leads.service.ts';

const tags = ['leads'];
const ORDERING = {
  name: 'lower(l.name)',
  created_at: 'l.created_at',
  updated_at: 'l.updated_at',
  next_follow_up_date: 'l.next_follow_up_date',
  status: 'l.status',
};
const VISIT_ORDERING = { visited_at: 'v.visited_at', created_at: 'v.created_at' };

const leadListQuery = listQuery.extend(leadListFilters.shape);
const tokenParams = z.object({ token: z.string().max(100) });

/** Hits of one address on the public inventory pages per minute. */
const PUBLIC_LIMIT = 60;

/**
 * Leads (issue 24; spec 3's `admin/companies/{companyId}/leads` and `admin/leads/{id}` calls, the
 * rest designed in their style). Leads are sales, not marketing: they are not behind the marketing
 * switch. view_lead reads and add_/change_lead write, on the caller's own leads; view_all_leads
 * reaches every lead of the company and assigns sales persons (domain permissions.ts).
 */
export async function leadsRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_lead', tags };
  const change = { permission: 'change_lead', tags, params: recordParams };
  registerAddressOwnerRules('lead', service.leadAddressRules);

  listRoute(
    app,
    '/admin/companies/:companyId/leads',
    {
      ...view,
      description:
        'Leads, newest first. Without view_all_leads only the caller’s own. `expand=sales_person,addresses`; `follow_up_due=true`: open leads whose follow-up is today or overdue.',
      params: companyParams,
      querystring: leadListQuery,
      item: leadOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const q = request.query;
      const statuses = [...(q.status ? [q.status] : []), ...(q.status__in ?? [])];
      return service.listLeads(
        db,
        actor,
        {
          search: q.search,
          statuses: statuses.length ? statuses : undefined,
          source: q.source,
          salesPersonId: q.sales_person,
          followUpDueBy: q.follow_up_due === 'true' ? todayInIndia() : undefined,
        },
        csvList(q.expand),
        sort,
        window,
      );
    },
  );

  route(
    app,
    'POST /admin/companies/:companyId/leads',
    {
      permission: 'add_lead',
      tags,
      params: companyParams,
      body: leadCreate,
      response: leadOutput,
      status: 201,
    },
    (request, actor) => service.createLead({ db, actor, input: request.body }),
  );

  route(
    app,
    'GET /admin/companies/:companyId/leads/follow_ups',
    { ...view, cache: true, params: companyParams, response: leadsDueOutput },
    (_request, actor) => service.followUpCounts(db, actor),
  );

  route(
    app,
    'GET /admin/leads/:id',
    { ...view, cache: true, params: recordParams, response: leadOutput },
    (request, actor) => service.getLead(db, actor, request.params.id),
  );

  route(
    app,
    'PATCH /admin/leads/:id',
    { ...change, body: leadUpdate, response: leadOutput },
    (request, actor) => service.updateLead({ db, actor, leadId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'GET /admin/leads/:id/history',
    { ...view, cache: true, params: recordParams, response: historyPageOutput },
    (request, actor) => service.leadHistory(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/leads/:id/addresses',
    { ...change, body: leadAddressCreate, response: addressOutput, status: 201 },
    (request, actor) => service.addLeadAddress({ db, actor, leadId: request.params.id, input: request.body }),
  );

  listRoute(
    app,
    '/admin/leads/:id/visits',
    {
      ...view,
      description: 'The lead’s visits, latest first; `search` in location, outcome, notes and next step.',
      params: z.object({ id: idParam }),
      querystring: listQuery,
      item: leadVisitOutput,
      order: [VISIT_ORDERING, '-visited_at'],
    },
    (request, sort, window, actor) =>
      service.listVisits(db, actor, request.params.id, request.query.search, sort, window),
  );

  route(
    app,
    'POST /admin/leads/:id/visits',
    { ...change, body: leadVisitCreate, response: leadVisitOutput, status: 201 },
    (request, actor) => service.logVisit({ db, actor, leadId: request.params.id, input: request.body }),
  );

  route(
    app,
    'POST /admin/leads/:id/convert',
    {
      ...change,
      description:
        'Makes the lead a buyer (the buyers’ rules; needs add_buyer too): its addresses, GSTIN and contact person; the lead becomes converted. 409 when it already is.',
      body: leadConvert,
      response: leadConvertOutput,
    },
    (request, actor) => convertLead({ db, actor, leadId: request.params.id, input: request.body ?? {} }),
  );

  route(
    app,
    'GET /admin/leads/:id/transactions',
    { ...view, cache: true, params: recordParams, response: pageOf(leadTransactionOutput) },
    (request, actor) => listLeadTransactions(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/leads/:id/transactions',
    {
      ...change,
      body: leadTransactionCreate,
      response: z.object({ detail: z.string(), transaction: leadTransactionOutput }),
      status: 201,
    },
    (request, actor) => recordLeadTransaction({ db, actor, leadId: request.params.id, input: request.body }),
  );

  route(
    app,
    'GET /admin/leads/:id/exposed_inventory',
    { ...view, cache: true, params: recordParams, response: pageOf(leadInventoryExposureOutput) },
    (request, actor) => listExposures(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/leads/:id/exposed_inventory',
    {
      ...change,
      body: leadInventoryExposureCreate,
      response: z.object({ detail: z.string(), exposure: leadInventoryExposureOutput }),
      status: 201,
    },
    (request, actor) => exposeInventory({ db, actor, leadId: request.params.id, input: request.body }),
  );

  // The lead's page of shared products: no sign-in, found by its unguessable token, limited per
  // address. A browser (Accept: text/html) gets a page, anything else the JSON.
  app.get(
    '/lead-inventory/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'The products shared with a lead, their stock and buyer price (no sign-in); 404 for an unknown link, 410 after its expiry day.',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      await hitRateLimit(db, {
        key: `lead_inventory:ip:${request.ip}`,
        limit: PUBLIC_LIMIT,
        windowSeconds: 60,
        message: LEAD_MESSAGES.inventory_rate_limited,
      });
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (!wantsHtml) return sharedInventory(db, request.params.token);
      try {
        const page = await sharedInventory(db, request.params.token);
        return reply.type('text/html; charset=utf-8').send(renderSharedInventory(page));
      } catch (error) {
        const status = (error as { code?: string }).code === 'gone' ? 410 : 404;
        if ((error as { code?: string }).code !== 'gone' && (error as { code?: string }).code !== 'not_found')
          throw error;
        return reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(renderSharedInventory(null, (error as Error).message));
      }
    },
  );
}
