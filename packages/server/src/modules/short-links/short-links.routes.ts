import { pageOf } from '@b2b/domain/api/list-query';
import { productHistoryOutput } from '@b2b/domain/api/products';
import {
  shortLinkClicksOutput,
  shortLinkClicksQuery,
  shortLinkCreate,
  shortLinkListQuery,
  shortLinkOutput,
  shortLinkUpdate,
} from '@b2b/domain/api/short-links';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { orderedPage } from '../../http/page-links.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './short-links.service.ts';

const tags = ['short_links'];
const ORDERING = {
  created_at: 'l.created_at',
  updated_at: 'l.updated_at',
  path: 'l.path',
  click_count: 'l.click_count',
  last_clicked_at: 'l.last_clicked_at',
  expiry_date: 'l.expiry_date',
};

/**
 * The URL shortener's admin calls (issue 24; spec 3 names /shorten-url and view_url_shortener but
 * no paths, so they follow the other admin areas): the company's links, one link, its changes,
 * its favicon, its clicks per day. Registered behind the marketing switch (marketing.routes.ts).
 *
 * The list, the link and its clicks are not kept in the read cache: clicks are counted by the
 * public redirect in the background (no signed-in write retires the cache), and the counts must
 * be live.
 */
export async function shortLinksRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_url_shortener', tags };
  const change = {
    permission: 'change_url_shortener',
    tags,
    params: recordParams,
    response: shortLinkOutput,
  };

  route(
    app,
    'GET /admin/companies/:companyId/short_links',
    {
      ...view,
      params: companyParams,
      querystring: shortLinkListQuery,
      response: pageOf(shortLinkOutput),
      description:
        'The company’s short links: search (path, target, domain, campaign), status, ordering, paging.',
    },
    async (request, actor) => {
      const base = service.linkBase(request);
      const q = request.query;
      return orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listShortLinks(
          db,
          actor.companyId,
          { search: q.search, status: q.status, isActive: q.is_active },
          sort,
          window,
          base,
        ),
      );
    },
  );

  route(
    app,
    'POST /admin/companies/:companyId/short_links',
    {
      ...change,
      permission: 'add_url_shortener',
      params: companyParams,
      body: shortLinkCreate,
      status: 201,
      description:
        'A short link on the app’s domain (`{app}/s/{path}`) or a custom domain (`https://{domain}/{path}`); a blank path is generated (7 characters). A path taken on that domain: 409.',
    },
    (request, actor) =>
      service.createShortLink({ db, actor, input: request.body, base: service.linkBase(request) }),
  );

  route(
    app,
    'GET /admin/short_links/:id',
    { ...view, params: recordParams, response: shortLinkOutput },
    async (request, actor) =>
      service.getShortLink(db, actor.companyId, request.params.id, service.linkBase(request)),
  );

  route(app, 'PATCH /admin/short_links/:id', { ...change, body: shortLinkUpdate }, (request, actor) =>
    service.updateShortLink({
      db,
      actor,
      linkId: request.params.id,
      changes: request.body,
      base: service.linkBase(request),
    }),
  );

  route(
    app,
    'DELETE /admin/short_links/:id',
    { permission: 'delete_url_shortener', tags, params: recordParams },
    async (request, actor) => {
      await service.deleteShortLink({ db, actor, linkId: request.params.id });
    },
  );

  route(
    app,
    'POST /admin/short_links/:id/favicon',
    {
      ...change,
      consumes: ['multipart/form-data'],
      description: 'The link’s favicon: an .ico file (multipart field `file`) of at most 64 KB.',
    },
    async (request, actor) => {
      // A foreign id is refused before the upload is read.
      await service.getShortLink(db, actor.companyId, request.params.id, service.linkBase(request));
      if (!request.isMultipart())
        throw new AppError(
          'unsupported_media_type',
          'Send the file as multipart/form-data in a field named file.',
        );
      const file = await request.file({ limits: { fileSize: 64 * 1024, files: 1 } });
      if (!file)
        throw new AppError('validation_error', 'Please choose an .ico file.', {
          errors: { file: ['Please choose an .ico file.'] },
        });
      const bytes = await file.toBuffer().catch(() => Buffer.alloc(64 * 1024 + 1));
      const favicon = service.checkFavicon(file.filename, bytes, file.file.truncated);
      return service.setShortLinkFavicon({
        db,
        actor,
        linkId: request.params.id,
        favicon,
        base: service.linkBase(request),
      });
    },
  );

  route(app, 'DELETE /admin/short_links/:id/favicon', change, (request, actor) =>
    service.setShortLinkFavicon({
      db,
      actor,
      linkId: request.params.id,
      favicon: null,
      base: service.linkBase(request),
    }),
  );

  route(
    app,
    'GET /admin/short_links/:id/clicks',
    {
      ...view,
      params: recordParams,
      querystring: shortLinkClicksQuery,
      response: shortLinkClicksOutput,
      description:
        'Clicks per day in India’s time from start_date to end_date (default: the last 30 days), by device class and by referring host.',
    },
    async (request, actor) => service.shortLinkClicks(db, actor.companyId, request.params.id, request.query),
  );

  recordRead(
    app,
    '/admin/short_links/:id/history',
    { ...view, response: productHistoryOutput },
    service.shortLinkHistory,
  );
}
