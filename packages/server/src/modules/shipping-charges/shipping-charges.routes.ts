import { detailResponse } from '@b2b/domain/api/common';
import { booleanParam, listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  shippingRuleInput,
  shippingRuleOutput,
  shippingSuggestionInput,
  shippingSuggestionOutput,
} from '@b2b/domain/api/shipping-charges';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { wholePage } from '../../core/paging.ts';
import { hasPermission } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './shipping-charges.service.ts';

const tags = ['shipping-charges'];

/** Who may ask for a suggestion: whoever keeps the rules, or writes quotations and orders. */
const SUGGESTION_PERMISSIONS = [
  'view_shipping_charge',
  'add_quotation',
  'change_quotation',
  'add_order',
  'change_order',
] as const;

/** /delivery (Shipping Charges, issue 26): the rules, and the charge they suggest for a draft. */
export async function shippingChargesRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /admin/companies/:companyId/shipping_rules',
    {
      permission: 'view_shipping_charge',
      cache: true,
      tags,
      description: 'Every shipping rule of the company by position, all on one page.',
      params: companyParams,
      querystring: listQuery.extend({
        is_active: booleanParam.optional(),
        sales_channel: z.coerce.number().int().positive().optional(),
      }),
      response: pageOf(shippingRuleOutput),
    },
    async (request, actor) =>
      wholePage(
        await service.listRules(db, actor.companyId, {
          isActive: request.query.is_active,
          salesChannelId: request.query.sales_channel,
        }),
      ),
  );

  route(
    app,
    'POST /admin/companies/:companyId/shipping_rules',
    {
      permission: 'add_shipping_charge',
      tags,
      description:
        'A rule: flat, by weight slab (kg), by order value slab (rupees) or by pincode zone, for one sales channel or all (null), optionally free above an order value.',
      params: companyParams,
      body: shippingRuleInput,
      response: shippingRuleOutput,
      status: 201,
    },
    (request, actor) => service.createRule({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/admin/shipping_rules/:id',
    { permission: 'view_shipping_charge', tags, response: shippingRuleOutput },
    service.getRule,
  );

  route(
    app,
    'PATCH /admin/shipping_rules/:id',
    {
      permission: 'change_shipping_charge',
      tags,
      description: 'Replaces the rule with the body (the whole rule, as the form edits it).',
      params: recordParams,
      body: shippingRuleInput,
      response: shippingRuleOutput,
    },
    (request, actor) => service.updateRule({ db, actor, ruleId: request.params.id, input: request.body }),
  );

  route(
    app,
    'DELETE /admin/shipping_rules/:id',
    { permission: 'delete_shipping_charge', tags, params: recordParams, response: detailResponse },
    (request, actor) => service.deleteRule({ db, actor, ruleId: request.params.id }),
  );

  route(
    app,
    'POST /admin/companies/:companyId/shipping_charges/suggest',
    {
      tags,
      description:
        'The shipping and handling charge the active rules suggest for a draft quotation or order (its sales channel, lines with their weights, order value and delivery pincode). Writes nothing; the user may still change the charge.',
      params: companyParams,
      body: shippingSuggestionInput,
      response: shippingSuggestionOutput,
    },
    async (request, actor) => {
      if (!SUGGESTION_PERMISSIONS.some((permission) => hasPermission(actor, permission))) {
        throw new AppError('permission_denied', 'You do not have permissions to perform this action.');
      }
      return service.suggestCharge(db, actor.companyId, request.body);
    },
  );
}
