import { LEAD_SOURCES } from '@b2b/domain/api/leads';
import {
  BUYERS_BY_SOURCE_REPORT,
  DIRECT_SOURCE,
  LEADS_BY_SOURCE_REPORT,
  NO_UTM_VALUE,
} from '@b2b/domain/reports/lead-reports';
import type { ReportPeriod } from '@b2b/domain/reports/report-definition';
import { sql } from 'kysely';
import { sqlInBranches } from '../../db/branch-scope.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';

// The SQL of the attribution reports the engine draws (domain reports/lead-reports.ts).

/** `column` (a timestamp) falls on the period's days in India. */
function inPeriod(column: string, context: ReportContext) {
  const period = context.period as ReportPeriod;
  return sql<boolean>`${sql.ref(column)} >= ((${period.start_date})::date::timestamp AT TIME ZONE 'Asia/Kolkata')
    AND ${sql.ref(column)} < (((${period.end_date})::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`;
}

/** A lead's source as its label. */
const sourceLabel = (column: string) =>
  sql<string>`CASE ${sql.ref(column)} ${sql.join(
    LEAD_SOURCES.map((source) => sql`WHEN ${source.value} THEN ${source.label}`),
    sql` `,
  )} ELSE ${sql.ref(column)} END`;

/** A UTM column kept as a comma list, by its first value (where the visitor first came from). */
const firstValue = (column: string) =>
  sql<string>`coalesce(nullif(btrim(split_part(${sql.ref(column)}, ',', 1)), ''), ${NO_UTM_VALUE})`;

/** The period's leads of the company (by the day created), narrowed by the sales person filter. */
function periodLeads(context: ReportContext) {
  const { companyId, filters } = context;
  return sql`
    FROM leads l
    WHERE l.company_id = ${companyId}
      AND ${inPeriod('l.created_at', context)}
      ${filters.sales_person === undefined ? sql`` : sql`AND l.sales_person_id = ${filters.sales_person}`}`;
}

const leadCounts = sql`count(*) AS leads,
  count(*) FILTER (WHERE l.status NOT IN ('converted', 'not_interested')) AS open_leads,
  count(*) FILTER (WHERE l.status = 'not_interested') AS lost,
  count(*) FILTER (WHERE l.status = 'converted') AS converted`;

/**
 * Leads by Source: the period's leads grouped by source and first UTM values; converted counts
 * the ones converted into a buyer by now, the conversion rate is converted over leads.
 */
export const leadsBySourceReport: ReportSource = {
  definition: LEADS_BY_SOURCE_REPORT,
  rows: (_db, context) => sql`
    SELECT source, utm_source, utm_medium, utm_campaign, leads, open_leads, lost, converted,
      round(converted * 100.0 / leads, 2) AS conversion
    FROM (
      SELECT ${sourceLabel('l.source')} AS source, ${firstValue('l.utm_source')} AS utm_source,
        ${firstValue('l.utm_medium')} AS utm_medium, ${firstValue('l.utm_campaign')} AS utm_campaign,
        ${leadCounts}
      ${periodLeads(context)}
      GROUP BY 1, 2, 3, 4
    ) AS by_source`,
  chart: (_db, context) => sql`
    SELECT ${sourceLabel('l.source')} AS source, count(*) AS leads,
      count(*) FILTER (WHERE l.status = 'converted') AS converted
    ${periodLeads(context)}
    GROUP BY 1
    ORDER BY leads DESC, source`,
};

/**
 * The period's new buyers with the lead each was converted from (none: Direct), and each
 * buyer's net sales of the period on the caller's branches.
 */
function periodBuyers(context: ReportContext) {
  const { companyId } = context;
  const period = context.period as ReportPeriod;
  return sql`
    SELECT b.id,
      CASE WHEN l.id IS NULL THEN ${DIRECT_SOURCE} ELSE ${sourceLabel('l.source')} END AS source,
      ${firstValue('l.utm_source')} AS utm_source, ${firstValue('l.utm_medium')} AS utm_medium,
      ${firstValue('l.utm_campaign')} AS utm_campaign,
      (SELECT sum(sl.taxable_paise) FROM sales_lines sl
        WHERE sl.company_id = b.company_id AND sl.buyer_id = b.id
          AND sl.day BETWEEN ${period.start_date}::date AND ${period.end_date}::date
          AND ${sqlInBranches('sl.branch_id', context.branches)}) AS net_sales
    FROM buyers b
    LEFT JOIN leads l ON l.company_id = b.company_id AND l.buyer_id = b.id
    WHERE b.company_id = ${companyId} AND ${inPeriod('b.created_at', context)}`;
}

/** Buyers by Source: the period's new buyers by the source of their lead, with their net sales. */
export const buyersBySourceReport: ReportSource = {
  definition: BUYERS_BY_SOURCE_REPORT,
  rows: (_db, context) => sql`
    SELECT source, utm_source, utm_medium, utm_campaign, count(*) AS buyers,
      count(*) FILTER (WHERE net_sales IS NOT NULL AND net_sales <> 0) AS buying_buyers,
      coalesce(sum(net_sales), 0) AS net_sales
    FROM (${periodBuyers(context)}) AS buyer
    GROUP BY 1, 2, 3, 4`,
  chart: (_db, context) => sql`
    SELECT source, count(*) AS buyers
    FROM (${periodBuyers(context)}) AS buyer
    GROUP BY 1
    ORDER BY buyers DESC, source`,
};

export const LEAD_REPORT_SOURCES: readonly ReportSource[] = [leadsBySourceReport, buyersBySourceReport];
