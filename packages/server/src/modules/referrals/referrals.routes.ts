import {
  referralCodeOutput,
  referralInviteInput,
  referralLinkBuyerInput,
  referralListQuery,
  referralOutput,
  referralProgramInput,
  referralProgramOutput,
} from '@b2b/domain/api/referrals';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams as params } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { rewardReferral } from './referral-rewards.ts';
import * as service from './referrals.service.ts';

const tags = ['referrals'];
const ORDERING = {
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
  invited_at: 'r.invited_at',
  rewarded_at: 'r.rewarded_at',
  status: 'r.status',
  contact_name: 'r.contact_name',
};

/**
 * The referral program (issue 20). The spec names no paths for it, so they follow the API's style:
 * the company's program as one settings record, a buyer's code, and the referrals with their verbs.
 */
export async function referralsRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /companies/:companyId/referral-program',
    {
      permission: 'view_referral_program',
      cache: true,
      tags,
      params: companyParams,
      response: referralProgramOutput,
    },
    (request) => service.getProgram(db, request.params.companyId),
  );

  route(
    app,
    'PUT /companies/:companyId/referral-program',
    {
      permission: 'change_referral_program',
      tags,
      params: companyParams,
      body: referralProgramInput,
      response: referralProgramOutput,
    },
    (request, actor) => service.saveProgram({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/buyers/:id/referral-code',
    { permission: 'view_referral_program', tags, response: referralCodeOutput },
    service.getReferralCode,
  );

  route(
    app,
    'POST /buyers/:id/referral-code',
    { permission: 'add_referral_program', tags, params, response: referralCodeOutput, status: 201 },
    (request, actor) => service.createReferralCode({ db, actor, buyerId: request.params.id }),
  );

  listRoute(
    app,
    '/companies/:companyId/referrals',
    {
      permission: 'view_referral_program',
      tags,
      params: companyParams,
      querystring: referralListQuery,
      item: referralOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) =>
      service.listReferrals({
        db,
        companyId: request.params.companyId,
        filter: {
          search: request.query.search,
          statuses: request.query.status__in,
          referrerId: request.query.referrer,
          referredBuyerId: request.query.referred_buyer,
        },
        sort,
        window,
      }),
  );

  route(
    app,
    'POST /companies/:companyId/referrals',
    {
      permission: 'add_referral_program',
      tags,
      params: companyParams,
      body: referralInviteInput,
      response: referralOutput,
      status: 201,
    },
    (request, actor) => service.recordInvite({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/referrals/:id',
    { permission: 'view_referral_program', tags, response: referralOutput },
    service.getReferral,
  );

  route(
    app,
    'POST /referrals/:id/link_buyer',
    {
      permission: 'change_referral_program',
      tags,
      params,
      body: referralLinkBuyerInput,
      response: referralOutput,
    },
    (request, actor) =>
      service.linkBuyer({ db, actor, referralId: request.params.id, buyerId: request.body.buyer }),
  );

  route(
    app,
    'POST /referrals/:id/reward',
    { permission: 'change_referral_program', tags, params, response: referralOutput },
    (request, actor) => rewardReferral({ db, actor, referralId: request.params.id }),
  );

  route(
    app,
    'POST /referrals/:id/cancel',
    { permission: 'change_referral_program', tags, params, response: referralOutput },
    (request, actor) => service.cancelReferral({ db, actor, referralId: request.params.id }),
  );
}
