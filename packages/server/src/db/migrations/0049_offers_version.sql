-- A company's offers version (issue 20): bumped in the same transaction as any change to its
-- offers, their targets, buyer groups or codes, so an app server may keep the offers' rules in
-- memory and know, in the statement that prices an order, whether they are still the latest.
ALTER TABLE companies ADD COLUMN offers_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_offers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET offers_version = offers_version + 1
  WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END);
  RETURN NULL;
END;
$$;

CREATE TRIGGER offers_version AFTER INSERT OR UPDATE OR DELETE ON offers
  FOR EACH ROW EXECUTE FUNCTION bump_offers_version();
CREATE TRIGGER offer_targets_version AFTER INSERT OR UPDATE OR DELETE ON offer_targets
  FOR EACH ROW EXECUTE FUNCTION bump_offers_version();
CREATE TRIGGER offer_buyer_groups_version AFTER INSERT OR UPDATE OR DELETE ON offer_buyer_groups
  FOR EACH ROW EXECUTE FUNCTION bump_offers_version();
