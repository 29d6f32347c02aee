import {
  bidInput,
  bidOutput,
  bidRefuseInput,
  buyerGroupPriceInput,
  buyerGroupPriceOutput,
  buyerGroupPriceRemove,
  buyerPricesOutput,
  buyerPricesQuery,
  quotationBidsOutput,
} from '@b2b/domain/api/bids';
import { pageOf } from '@b2b/domain/api/list-query';
import type { Api } from '../../http/api-types.ts';
import { recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './bids.service.ts';

/**
 * Buyer prices and bids (issue 20): a buyer group's prices of products, bids on a quotation's
 * products with their approval, (the bidding report is drawn by the report engine: reports/offer-reports.queries.ts).
 */
export async function bidsRoutes(app: Api) {
  const { db } = app.ctx;

  // ---- Buyer-group prices

  const groupTags = ['buyer_groups'];
  route(
    app,
    'GET /buyer_groups/:id/prices',
    {
      permission: 'view_buyer_group',
      tags: groupTags,
      params: recordParams,
      description:
        "The group's prices of products (tax inclusive): what its buyers pay instead of the selling price.",
      response: pageOf(buyerGroupPriceOutput),
    },
    (request, actor) => service.listGroupPrices(db, actor.companyId, request.params.id),
  );

  route(
    app,
    'PUT /buyer_groups/:id/prices',
    {
      permission: 'change_buyer_group',
      tags: groupTags,
      params: recordParams,
      body: buyerGroupPriceInput,
      description: "Sets the group's price of a product; answers the group's prices.",
      response: pageOf(buyerGroupPriceOutput),
    },
    (request, actor) =>
      service.setGroupPrice({ db, actor, buyerGroupId: request.params.id, input: request.body }),
  );

  route(
    app,
    'POST /buyer_groups/:id/remove_price',
    {
      permission: 'change_buyer_group',
      tags: groupTags,
      params: recordParams,
      body: buyerGroupPriceRemove,
      description: "Removes the group's price of a product; answers the group's prices.",
      response: pageOf(buyerGroupPriceOutput),
    },
    (request, actor) =>
      service.removeGroupPrice({
        db,
        actor,
        buyerGroupId: request.params.id,
        productId: request.body.product,
      }),
  );

  route(
    app,
    'GET /admin/buyers/:id/buyer_prices',
    {
      permission: 'view_quotation',
      tags: ['bids'],
      params: recordParams,
      querystring: buyerPricesQuery,
      description:
        "The buyer price of each product for the buyer (the lowest price of its buyer groups, else the selling price) and its bidding range: what a new quotation line's rate starts from.",
      response: buyerPricesOutput,
    },
    (request, actor) => service.buyerPrices(db, actor.companyId, request.params.id, request.query.products),
  );

  // ---- Bids

  const tags = ['bids'];
  route(
    app,
    'GET /admin/quotations/:id/bids',
    {
      permission: 'view_quotation',
      tags,
      params: recordParams,
      description:
        "The bidding range of each product of the quotation for its buyer, and the quotation's bids.",
      response: quotationBidsOutput,
    },
    (request, actor) => service.quotationBids(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/quotations/:id/bids',
    {
      permission: 'add_bid',
      tags,
      params: recordParams,
      body: bidInput,
      status: 201,
      description:
        'A rate proposed for a product of the quotation, below its buyer price. Within the bidding range it is ' +
        "accepted and becomes the rate of the product's lines; below the floor it waits for approval.",
      response: bidOutput,
    },
    (request, actor) => service.placeBid({ db, actor, quotationId: request.params.id, input: request.body }),
  );

  route(
    app,
    'POST /admin/bids/:id/approve',
    {
      permission: 'change_bid',
      tags,
      params: recordParams,
      description: "Approves a bid waiting for approval: its rate becomes the rate of the product's lines.",
      response: bidOutput,
    },
    (request, actor) => service.approveBid({ db, actor, id: request.params.id }),
  );

  route(
    app,
    'POST /admin/bids/:id/refuse',
    {
      permission: 'change_bid',
      tags,
      params: recordParams,
      body: bidRefuseInput,
      description: 'Refuses a bid waiting for approval, with a reason; the lines keep their rate.',
      response: bidOutput,
    },
    (request, actor) => service.refuseBid({ db, actor, id: request.params.id, reason: request.body.reason }),
  );
}
