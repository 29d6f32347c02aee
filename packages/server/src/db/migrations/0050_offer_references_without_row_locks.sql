-- Orders that use one offer at once (a festival coupon, an automatic offer) must not queue on its
-- row. A foreign key takes a KEY SHARE lock on the row it points at for every insert; twenty
-- transactions sharing that lock on one offers row make PostgreSQL build a multixact for it each
-- time, which cost a coupon order a fifth of its throughput (bench/sales-orders.mjs COUPON=1).
-- Offers and their codes are never deleted (an offer is switched off; there is no delete route),
-- so these references are kept by the code that writes them (modules/offer-redemptions writes only
-- offers and codes it has just read in the same transaction) instead of by a lock per order.
ALTER TABLE offer_redemptions DROP CONSTRAINT IF EXISTS offer_redemptions_company_id_offer_id_fkey;
ALTER TABLE offer_redemptions DROP CONSTRAINT IF EXISTS offer_redemptions_company_id_coupon_code_id_fkey;
ALTER TABLE sales_orders DROP CONSTRAINT IF EXISTS sales_orders_company_id_offer_id_fkey;
ALTER TABLE quotations DROP CONSTRAINT IF EXISTS quotations_company_id_offer_id_fkey;
