-- Issue 25: a Google Ads account may name the Merchant Center account its shopping products come
-- from; each sync then also reads Merchant Center's price competitiveness report (the lowest
-- price other retailers ask for the same product) into ad_competitor_prices, beside the CSV.
ALTER TABLE ad_accounts ADD COLUMN merchant_center_id text CHECK (merchant_center_id ~ '^[0-9]{1,20}$');
