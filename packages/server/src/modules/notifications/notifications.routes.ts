import { idParam } from '@b2b/domain/api/common';
import {
  notificationListOutput,
  notificationListQuery,
  notificationResolveOutput,
  notificationResolveQuery,
} from '@b2b/domain/api/notifications';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];
const params = z.object({ companyId: idParam });

/**
 * The notifications panel (spec 3, "Notifications (external notifications service)"): the list
 * with company_id, limit and last_evaluated_key, and the resolve call with timestamp and service.
 * Every signed-in user of the company reads and resolves them (no permission is named), except a
 * notification raised for one permission's holders (a low customer rating). The list
 * is not read-cached: notifications change with stock movements, which every area posts.
 */
export async function notificationsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/notifications',
    {
      schema: {
        tags,
        params,
        querystring: notificationListQuery,
        response: { 200: notificationListOutput },
      },
    },
    async (request) =>
      service.listNotifications(db, request.params.companyId, {
        limit: request.query.limit,
        lastEvaluatedKey: request.query.last_evaluated_key,
        reader: service.readerOf(requirePrincipal(request)),
      }),
  );

  app.delete(
    '/companies/:companyId/notifications',
    {
      schema: {
        tags,
        params,
        querystring: notificationResolveQuery,
        response: { 200: notificationResolveOutput },
      },
    },
    async (request) =>
      service.resolveNotification({
        db,
        companyId: request.params.companyId,
        userId: requirePrincipal(request).userId,
        timestamp: request.query.timestamp,
        service: request.query.service,
        reader: service.readerOf(requirePrincipal(request)),
      }),
  );
}
