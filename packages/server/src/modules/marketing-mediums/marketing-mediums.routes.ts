import {
  marketingConfigurationOutput,
  mediumInput,
  mediumOutput,
  mediumParam,
  mediumTestInput,
  mediumTestOutput,
  pushMediumInput,
} from '@b2b/domain/api/marketing-mediums';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './marketing-mediums.service.ts';

const tags = ['marketing'];

/**
 * The marketing configuration a marketing-mode app reads at start (spec 3: GET admin/companies/
 * {id}/configurations/): the switch and each medium's state. Not behind the switch: it is how the
 * app learns the switch.
 */
export async function marketingConfigurationRoutes(app: Api) {
  route(
    app,
    'GET /admin/companies/:companyId/configurations/',
    {
      tags,
      permission: 'view_marketing_configuration',
      params: companyParams,
      response: marketingConfigurationOutput,
      description:
        "The company's marketing switch and, per medium (email, sms, whatsapp, push_notification), whether it is configured, its settings without secrets, which secrets are set and the last test.",
    },
    async (request) => service.marketingConfiguration(app.ctx, request.params.companyId),
  );
}

/** Saving, removing and testing a medium (/campaign-configuration/configure-mediums). */
export async function marketingMediumsRoutes(app: Api) {
  const { ctx } = app;
  const change = { tags, permission: 'change_marketing_configuration' };

  route(
    app,
    'PUT /v1/admin/companies/:companyId/marketing_mediums',
    {
      ...change,
      params: companyParams,
      body: mediumInput,
      response: mediumOutput,
      description:
        'Saves one medium whole (the body names it). Secrets are write-only: left out keeps the stored one, null clears it.',
    },
    async (request, actor) => service.saveMedium({ ctx, actor, input: request.body }),
  );

  route(
    app,
    'DELETE /v1/admin/companies/:companyId/marketing_mediums/:medium',
    { ...change, params: mediumParam, description: "Removes a medium's configuration and its secrets." },
    async (request, actor) => {
      await service.removeMedium({ ctx, actor, medium: request.params.medium });
    },
  );

  route(
    app,
    'POST /v1/admin/companies/:companyId/marketing_mediums/:medium/test',
    {
      ...change,
      params: mediumParam,
      body: mediumTestInput,
      response: mediumTestOutput,
      description:
        "Tries the saved medium: e-mail signs in to the SMTP server, WhatsApp reads the phone number from the Cloud API, SMS sends one DLT message to the number given, push checks the VAPID pair. The answer is kept as the medium's last test.",
    },
    async (request, actor) =>
      service.testMedium({ ctx, actor, medium: request.params.medium, input: request.body }),
  );

  route(
    app,
    'POST /v1/admin/companies/:companyId/marketing_mediums/push_notification/vapid_keys',
    {
      ...change,
      params: companyParams,
      body: z.object({ vapid_subject: pushMediumInput.shape.vapid_subject }).strict(),
      response: mediumOutput,
      status: 201,
      description:
        "Makes a new VAPID key pair for the company's web store push notifications; the private key is kept sealed and never shown.",
    },
    async (request, actor) => service.generateVapidKeys({ ctx, actor, subject: request.body.vapid_subject }),
  );
}
