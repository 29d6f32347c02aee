import {
  CONTACT_LIST_KINDS,
  contactListCreate,
  contactListFilterInput,
  contactListMembersInput,
  contactListOutput,
  contactListPreviewOutput,
  contactListUpdate,
  contactOutput,
} from '@b2b/domain/api/contacts';
import { listQuery } from '@b2b/domain/api/list-query';
import { productHistoryOutput } from '@b2b/domain/api/products';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './contact-lists.service.ts';

const tags = ['contact_lists'];
const LIST_ORDERING = { name: 'lower(l.name)', created_at: 'l.created_at', updated_at: 'l.updated_at' };
const MEMBER_ORDERING = { name: 'lower(c.name)', created_at: 'c.created_at' };

/**
 * Contact lists (issue 23; spec 3 names the screen and view_contact_list): static lists of chosen
 * contacts and dynamic lists of a saved filter, each with its live count; the filter builder's
 * count (preview); a list's members.
 */
export async function contactListsRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_contact_list', tags };
  const change = {
    permission: 'change_contact_list',
    tags,
    params: recordParams,
    response: contactListOutput,
  };

  listRoute(
    app,
    '/companies/:companyId/contact_lists',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend({ kind: z.enum(CONTACT_LIST_KINDS).optional() }),
      item: contactListOutput,
      order: [LIST_ORDERING, '-created_at'],
    },
    (request, sort, window) =>
      service.listContactLists(
        db,
        request.params.companyId,
        { search: request.query.search, kind: request.query.kind },
        sort,
        window,
      ),
  );

  route(
    app,
    'POST /companies/:companyId/contact_lists',
    {
      ...change,
      permission: 'add_contact_list',
      params: companyParams,
      body: contactListCreate,
      status: 201,
    },
    (request, actor) => service.createContactList({ db, actor, input: request.body }),
  );

  // A read with a body (the filter being built); it writes nothing.
  route(
    app,
    'POST /companies/:companyId/contact_lists/preview',
    { ...view, params: companyParams, body: contactListFilterInput, response: contactListPreviewOutput },
    (request) => service.previewContactList(db, request.params.companyId, request.body),
  );

  recordRead(app, '/contact_lists/:id', { ...view, response: contactListOutput }, service.getContactList);

  route(app, 'PATCH /contact_lists/:id', { ...change, body: contactListUpdate }, (request, actor) =>
    service.updateContactList({ db, actor, listId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'DELETE /contact_lists/:id',
    { permission: 'delete_contact_list', tags, params: recordParams },
    async (request, actor) => {
      await service.deleteContactList({ db, actor, listId: request.params.id });
    },
  );

  listRoute(
    app,
    '/contact_lists/:id/contacts',
    {
      ...view,
      params: recordParams,
      querystring: listQuery,
      item: contactOutput,
      order: [MEMBER_ORDERING, 'name'],
    },
    (request, sort, window, actor) =>
      service.listMembers(db, actor.companyId, request.params.id, request.query.search, sort, window),
  );

  for (const [path, action] of [
    ['/contact_lists/:id/contacts', 'add'],
    ['/contact_lists/:id/remove_contacts', 'remove'],
  ] as const) {
    route(app, `POST ${path}`, { ...change, body: contactListMembersInput }, (request, actor) =>
      service.changeListMembers({
        db,
        actor,
        listId: request.params.id,
        contactIds: request.body.contacts,
        action,
      }),
    );
  }

  recordRead(
    app,
    '/contact_lists/:id/history',
    { ...view, response: productHistoryOutput },
    service.contactListHistory,
  );
}
