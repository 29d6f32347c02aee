-- Issue 25: /products-ads/competitiveness-overall shows the search impression share where the
-- platform gives it (Google Ads: metrics.search_impression_share per campaign and day; a CSV's
-- 'Search impression share' column; Meta gives none). A share cannot be summed, so what is kept is
-- the impressions and the impressions the campaign was eligible for (impressions / share, rounded):
-- a period's share is sum(impressions) / sum(eligible_impressions), never an average of daily shares.
-- One row per campaign and day: a sync replaces the platform's days it read, a CSV replaces the
-- campaign-days its rows name (the impressions and eligible impressions of its rows summed).
CREATE TABLE ad_impression_shares (
  company_id bigint NOT NULL REFERENCES companies (id),
  platform text NOT NULL CHECK (platform IN ('google_ads', 'meta', 'other')),
  -- 'sync' (from a connected account) or 'csv'.
  source text NOT NULL CHECK (source IN ('sync', 'csv')),
  day date NOT NULL,
  campaign text NOT NULL DEFAULT '' CHECK (char_length(campaign) <= 200),
  impressions bigint NOT NULL CHECK (impressions > 0),
  eligible_impressions bigint NOT NULL CHECK (eligible_impressions >= impressions),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, day, platform, campaign)
);

-- The monthly rollup (migration 0101) also sums, per product, the impressions and eligible
-- impressions of its campaign on the days the product was advertised in it, so a product's share
-- over a year reads whole months here like its spend does. Filled by refreshAdRollups; 0 where no
-- share is known (there is none yet).
ALTER TABLE ad_monthly_facts
  ADD COLUMN share_impressions bigint NOT NULL DEFAULT 0,
  ADD COLUMN share_eligible_impressions bigint NOT NULL DEFAULT 0;
