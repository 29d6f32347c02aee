import {
  BI_SECTIONS,
  type BiSection,
  biActionKeyParams,
  biActionMark,
  biActionMarkOutput,
  businessPerformanceOutput,
  buyerPerformanceOutput,
  insightsOutput,
  inventoryPerformanceOutput,
  productPerformanceOutput,
  salesPerformanceOutput,
} from '@b2b/domain/api/business-intelligence';
import type { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { markAction, performAction, sectionInsights } from './bi-insights.ts';
import {
  businessPerformance,
  buyerPerformance,
  inventoryPerformance,
  productPerformance,
  salesPerformance,
  scopeOf,
} from './business-intelligence.service.ts';

const tags = ['business-intelligence'];
const permission = 'view_business_intelligence';
const BASE = '/admin/companies/:companyId/business-intelligence';

const DESCRIPTIONS: Record<BiSection, string> = {
  'business-performance':
    'Revenue (Net Sales), gross margin from the cost at sale, orders, average order value, collections, days sales outstanding and returns rate: the last 30 days against the 30-day average of the 180 days before, and the seven 30-day buckets.',
  'buyer-performance':
    'Active, new, returning and lapsed buyers; buyers below their 180-day average and by how much; buyers over their credit limit or newly overdue; the top buyers.',
  'product-performance':
    'Products rising and falling against their 180-day average; the discount view (sales down more than 30% after an offer ended or despite a live one); margin leaders and laggards.',
  'inventory-performance':
    'The inventory view (products with stock whose sales fell more than 60% against the 60 days before), days of cover and what to reorder, dead stock, and stock-outs with the orders waiting.',
  'sales-performance':
    'Per sales person: orders, revenue against their average, collections, new buyers, quotations turned into orders and leads converted.',
};

/**
 * Business intelligence (issue 25): one route per section and one for its actionable insights,
 * under view_business_intelligence; figures from sales_lines like the reports, brands and buyers
 * ignored for BI left out, in the caller's branches. Not in the read cache: the windows follow
 * India's calendar day. Marking an action (done, dismissed, open again) and performing a notice
 * are the only writes, under the same permission (BI has no change permission: spec permissions).
 */
export async function businessIntelligenceRoutes(app: Api) {
  const { db } = app.ctx;
  const section = <R extends z.ZodType>(
    key: BiSection,
    response: R,
    read: (actor: Parameters<typeof scopeOf>[0]) => Promise<z.input<R>>,
  ) => {
    const label = BI_SECTIONS.find((s) => s.value === key)?.label ?? key;
    route(
      app,
      `GET ${BASE}/${key}`,
      { permission, tags, description: `${label}: ${DESCRIPTIONS[key]}`, params: companyParams, response },
      (_request, actor) => read(actor),
    );
    route(
      app,
      `GET ${BASE}/${key}/actionable-insights`,
      {
        permission,
        tags,
        description: `${label}'s actionable insights: its flags as actions with their figures, the link or notice that acts, and this month's done or dismissed marks.`,
        params: companyParams,
        response: insightsOutput,
      },
      (_request, actor) => sectionInsights(db, actor, key),
    );
  };
  section('business-performance', businessPerformanceOutput, (actor) =>
    businessPerformance(db, scopeOf(actor)),
  );
  section('buyer-performance', buyerPerformanceOutput, (actor) => buyerPerformance(db, scopeOf(actor)));
  section('product-performance', productPerformanceOutput, (actor) => productPerformance(db, scopeOf(actor)));
  section('inventory-performance', inventoryPerformanceOutput, (actor) =>
    inventoryPerformance(db, scopeOf(actor)),
  );
  section('sales-performance', salesPerformanceOutput, (actor) => salesPerformance(db, scopeOf(actor)));

  route(
    app,
    `POST ${BASE}/actions/:key`,
    {
      permission,
      tags,
      description:
        'Marks an actionable insight done or dismissed for this month (India), or open again. 409 when the action no longer holds (its figures changed: the buyers paid).',
      params: biActionKeyParams,
      body: biActionMark,
      response: biActionMarkOutput,
    },
    (request, actor) => markAction({ db, actor, key: request.params.key, input: request.body }),
  );

  route(
    app,
    `POST ${BASE}/actions/:key/perform`,
    {
      permission,
      tags,
      description:
        "Does an action that asks the team, and marks it done: 'call lapsed buyers' opens a follow-up due today for each lapsed buyer (a lead linked to the buyer, for its last order's sales person; none where one is open; takes add_lead), the others raise a notification naming the buyers or products with the figures. 409 when it no longer holds or opens a page instead.",
      params: biActionKeyParams,
      response: biActionMarkOutput,
    },
    (request, actor) => performAction({ db, actor, key: request.params.key }),
  );
}
