-- Issue 24, app download, policy and attribution (one migration number for the slice):
-- 1. Where a company came from: the UTM parameters the sign-up page was opened with, as the web
--    app keeps them per browser (each key's unique values joined by commas, first seen first).
--    Leads have had the same five columns since 0081.
ALTER TABLE companies
  ADD COLUMN utm_source text CHECK (char_length(utm_source) <= 200),
  ADD COLUMN utm_medium text CHECK (char_length(utm_medium) <= 200),
  ADD COLUMN utm_campaign text CHECK (char_length(utm_campaign) <= 200),
  ADD COLUMN utm_ad text CHECK (char_length(utm_ad) <= 200),
  ADD COLUMN utm_adgp text CHECK (char_length(utm_adgp) <= 200);

-- 2. The Policy page: the company's privacy policy beside its terms (one row per company).
ALTER TABLE terms_and_conditions
  ADD COLUMN privacy_policy text NOT NULL DEFAULT '' CHECK (char_length(privacy_policy) <= 20000);

-- 3. The app-download card's store links (configuration 'app_download': android_url, ios_url).
--    The type list is extended as it stands, so that a type another migration added stays.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition
    FROM pg_constraint
   WHERE conname = 'company_configurations_configuration_type_check';
  IF definition IS NOT NULL AND position('''app_download''' IN definition) = 0 THEN
    ALTER TABLE company_configurations DROP CONSTRAINT company_configurations_configuration_type_check;
    EXECUTE 'ALTER TABLE company_configurations ADD CONSTRAINT company_configurations_configuration_type_check '
      || regexp_replace(definition, 'ARRAY\[', 'ARRAY[''app_download''::text, ');
  END IF;
END $$;

-- The Leads by Source report reads a period's leads by created_at (leads_list_idx) and the
-- Buyers by Source report a period's buyers with their lead (leads_buyer_key): no new index.
