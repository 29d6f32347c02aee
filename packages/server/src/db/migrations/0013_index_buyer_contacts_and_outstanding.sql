-- Buyers: exact look-ups by phone and e-mail (POST companies/search warns about an existing party
-- before one is created twice) and the buyer list ordered by outstanding, keyset-paged like the
-- others. Sellers get the same two look-ups; their GSTIN is already indexed by its unique key.
CREATE INDEX buyers_phone_idx ON buyers (company_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX buyers_email_idx ON buyers (company_id, email) WHERE email IS NOT NULL;
CREATE INDEX buyers_outstanding_idx ON buyers (company_id, outstanding_paise, id);
CREATE INDEX sellers_phone_idx ON sellers (company_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX sellers_email_idx ON sellers (company_id, email) WHERE email IS NOT NULL;
