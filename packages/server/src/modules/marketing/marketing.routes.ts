import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { campaignsRoutes } from '../campaigns/campaigns.routes.ts';
import { campaignPublicRoutes } from '../campaigns/public.routes.ts';
import { contactListsRoutes } from '../contact-lists/contact-lists.routes.ts';
import { contactImportRoutes } from '../contacts/contact-import.routes.ts';
import { contactsRoutes } from '../contacts/contacts.routes.ts';
import { customerFeedbackRoutes } from '../customer-feedback/customer-feedback.routes.ts';
import { customerFeedbackPublicRoutes } from '../customer-feedback/customer-feedback-public.routes.ts';
import {
  marketingConfigurationRoutes,
  marketingMediumsRoutes,
} from '../marketing-mediums/marketing-mediums.routes.ts';
import { productsAdsRoutes } from '../products-ads/products-ads.routes.ts';
import { recurringCampaignsRoutes } from '../recurring-campaigns/recurring-campaigns.routes.ts';
import { shortLinksRoutes } from '../short-links/short-links.routes.ts';
import { supportCenterRoutes } from '../support-center/support-center.routes.ts';
import { whatsappSupportRoutes } from '../whatsapp-support/whatsapp-support.routes.ts';
import { isMarketingEnabled } from './marketing.queries.ts';

/**
 * The marketing switch: a company without is_marketing_enabled gets 403 with a sentence on every
 * marketing route. It runs as preValidation, after the caller, the path's company and the route's
 * permission are checked (onRequest) and the body is parsed, and before the read cache
 * (preHandler), so a cached answer is never served to a company that has switched marketing off.
 */
export async function requireMarketingEnabled(request: FastifyRequest): Promise<void> {
  const { companyId } = requirePrincipal(request);
  if (!(await isMarketingEnabled(request.server.ctx.db, companyId)))
    throw new AppError('permission_denied', MARKETING_DISABLED_MESSAGE);
}

/** Every marketing area's routes; a new one (templates, campaigns) is added to this list. */
const MARKETING_MODULES: ((app: Api) => Promise<void>)[] = [
  contactsRoutes,
  contactListsRoutes,
  contactImportRoutes,
  marketingMediumsRoutes,
  campaignsRoutes,
  shortLinksRoutes,
  recurringCampaignsRoutes,
  customerFeedbackRoutes,
  productsAdsRoutes,
  whatsappSupportRoutes,
  supportCenterRoutes,
];

/** The marketing areas in one Fastify scope behind the marketing switch. */
export async function marketingRoutes(app: Api): Promise<void> {
  // How the marketing app learns the switch: readable with it off.
  await marketingConfigurationRoutes(app);
  // Campaign e-mails' unsubscribe and tracked links: no sign-in, and they work with marketing off.
  await campaignPublicRoutes(app);
  // Customer feedback links: no sign-in, and a buyer's link answers with marketing off too.
  await customerFeedbackPublicRoutes(app);
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireMarketingEnabled);
    for (const register of MARKETING_MODULES) await register(scope as unknown as Api);
  });
}
