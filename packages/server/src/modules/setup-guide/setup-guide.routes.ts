import { idParam } from '@b2b/domain/api/common';
import { setupGuideOutput } from '@b2b/domain/api/setup-guide';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { getSetupGuide } from './setup-guide.service.ts';

const tags = ['setup-guide'];

export async function setupGuideRoutes(app: Api) {
  const { db, irp, mailer } = app.ctx;

  // Any signed-in user of the company may read it (the spec's /onboarding needs no permission);
  // the guard answers 404 for another company's id.
  app.get(
    '/companies/:companyId/setup_guide',
    {
      schema: {
        tags,
        summary: 'The Setup Guide: which first-day steps the company has done',
        params: z.object({ companyId: idParam }),
        response: { 200: setupGuideOutput },
      },
    },
    async (request) =>
      getSetupGuide({
        db,
        companyId: request.params.companyId,
        eInvoicingConfigured: irp !== undefined,
        mailConfigured: mailer.configured,
      }),
  );
}
