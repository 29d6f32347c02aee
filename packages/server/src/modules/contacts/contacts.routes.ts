import {
  CONTACT_CSV_COLUMNS,
  contactCreate,
  contactListQueryFilters,
  contactOptOut,
  contactOutput,
  contactUpdate,
} from '@b2b/domain/api/contacts';
import { listQuery } from '@b2b/domain/api/list-query';
import { productHistoryOutput } from '@b2b/domain/api/products';
import { contactListRules } from '@b2b/domain/contacts';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './contacts.service.ts';

const tags = ['contacts'];
const ORDERING = {
  name: 'lower(c.name)',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  city: 'lower(c.city)',
};

/**
 * Marketing contacts (issue 23; spec 3 names the screen and view_contact only): the company's
 * list with search and filters (tag, city, state, consent to a medium, opted out of one, buyers),
 * paged or as CSV; one contact, its changes and its history (consents and opt-outs among them).
 */
export async function contactsRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_contact', tags };
  const change = { permission: 'change_contact', tags, params: recordParams, response: contactOutput };

  listRoute(
    app,
    '/companies/:companyId/contacts',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend(contactListQueryFilters.shape),
      item: contactOutput,
      order: [ORDERING, '-created_at'],
      csv: { name: 'contacts', columns: CONTACT_CSV_COLUMNS },
    },
    (request, sort, window) => {
      const q = request.query;
      const rules = contactListRules({
        tags: q.tag,
        cities: q.city,
        state_ids: q.state,
        consent_medium: q.consent,
        is_buyer: q.is_buyer,
      });
      return service.listContacts(
        db,
        request.params.companyId,
        { search: q.search, rules, optedOut: q.opted_out },
        sort,
        window,
      );
    },
  );

  route(
    app,
    'GET /companies/:companyId/contact_facets',
    {
      ...view,
      cache: true,
      params: companyParams,
      response: z.object({ tags: z.array(z.string()), cities: z.array(z.string()) }),
    },
    (request) => service.contactFacets(db, request.params.companyId),
  );

  route(
    app,
    'POST /companies/:companyId/contacts',
    { ...change, permission: 'add_contact', params: companyParams, body: contactCreate, status: 201 },
    (request, actor) => service.createContact({ db, actor, input: request.body }),
  );

  recordRead(app, '/contacts/:id', { ...view, response: contactOutput }, service.getContact);

  route(app, 'PATCH /contacts/:id', { ...change, body: contactUpdate }, (request, actor) =>
    service.updateContact({ db, actor, contactId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'DELETE /contacts/:id',
    { permission: 'delete_contact', tags, params: recordParams },
    async (request, actor) => {
      await service.deleteContact({ db, actor, contactId: request.params.id });
    },
  );

  route(app, 'POST /contacts/:id/opt_out', { ...change, body: contactOptOut }, async (request, actor) => {
    const { medium, way } = request.body;
    await service.optOutContact({ db, actor, contactId: request.params.id, medium, way });
    return service.getContact(db, actor.companyId, request.params.id);
  });

  recordRead(
    app,
    '/contacts/:id/history',
    { ...view, response: productHistoryOutput },
    service.contactHistory,
  );
}
