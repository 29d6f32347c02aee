-- Issue 25: the product ads pages read a year of daily figures in under 300 ms. A year of 500
-- campaigns is 365,000 daily rows, and each page grouped them on every request (570 ms). Two
-- rollups of ad_daily_facts, kept by the writers in the same transaction as the figures
-- (products-ads.queries.ts refreshAdRollups), so they never disagree with the days they sum:
--   ad_monthly_facts: per month, platform, campaign and product; the pages read whole months here
--     and only the days at the period's edges from ad_daily_facts.
--   ad_daily_totals: per day and platform, the 'by day' chart.
-- Revenue where the platform gave no value is conversions times the spec's 500 INR; conversions
-- have two decimals, so each day's value is a whole number of paise and summing the conversions
-- first (unvalued_conversions) gives the same paise as valuing each day.
CREATE TABLE ad_monthly_facts (
  company_id bigint NOT NULL REFERENCES companies (id),
  platform text NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  campaign text NOT NULL,
  product_id bigint NOT NULL,
  spend_paise bigint NOT NULL,
  impressions bigint NOT NULL,
  clicks bigint NOT NULL,
  conversions numeric(16, 2) NOT NULL,
  valued_paise bigint NOT NULL,
  unvalued_conversions numeric(16, 2) NOT NULL,
  PRIMARY KEY (company_id, month, platform, campaign, product_id)
);

CREATE TABLE ad_daily_totals (
  company_id bigint NOT NULL REFERENCES companies (id),
  platform text NOT NULL,
  day date NOT NULL,
  spend_paise bigint NOT NULL,
  impressions bigint NOT NULL,
  clicks bigint NOT NULL,
  conversions numeric(16, 2) NOT NULL,
  valued_paise bigint NOT NULL,
  unvalued_conversions numeric(16, 2) NOT NULL,
  PRIMARY KEY (company_id, day, platform)
);

INSERT INTO ad_monthly_facts
SELECT company_id, platform, date_trunc('month', day)::date, campaign, product_id,
  sum(spend_paise), sum(impressions), sum(clicks), sum(conversions),
  coalesce(sum(conversion_value_paise), 0),
  coalesce(sum(conversions) FILTER (WHERE conversion_value_paise IS NULL), 0)
FROM ad_daily_facts
GROUP BY company_id, platform, date_trunc('month', day)::date, campaign, product_id;

INSERT INTO ad_daily_totals
SELECT company_id, platform, day,
  sum(spend_paise), sum(impressions), sum(clicks), sum(conversions),
  coalesce(sum(conversion_value_paise), 0),
  coalesce(sum(conversions) FILTER (WHERE conversion_value_paise IS NULL), 0)
FROM ad_daily_facts
GROUP BY company_id, platform, day;
