import { supportCenterInput, supportCenterOutput } from '@b2b/domain/api/whatsapp-support';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './support-center.service.ts';

const tags = ['support center'];

/**
 * The support center (issue 24; spec 3's /campaign-configuration/support-center, under
 * view_marketing_configuration), behind the marketing switch. Buyers read it on GET
 * /api/storefront/support_center.
 */
export async function supportCenterRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /v1/admin/companies/:companyId/support_center',
    {
      permission: 'view_marketing_configuration',
      cache: true,
      tags,
      description:
        'The support contacts (phone, e-mail, WhatsApp), the hours of each weekday (Monday first) and the FAQ in order. Closed every day until saved.',
      params: companyParams,
      response: supportCenterOutput,
    },
    (_request, actor) => service.readSupportCenter(db, actor.companyId),
  );

  route(
    app,
    'PUT /v1/admin/companies/:companyId/support_center',
    {
      permission: 'change_marketing_configuration',
      tags,
      description:
        'Saves the support center whole: hours for the seven weekdays Monday to Sunday (an open day has an opening time before its closing time), up to 50 questions in their order.',
      params: companyParams,
      body: supportCenterInput,
      response: z.object({ detail: z.string(), support_center: supportCenterOutput }),
    },
    (request, actor) => service.saveSupportCenter({ db, actor, input: request.body }),
  );
}
