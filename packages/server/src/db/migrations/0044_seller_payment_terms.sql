-- A seller's payment terms (issue 19): a bill from the seller falls due that many days after its
-- bill date unless the bill says otherwise (Zoho's vendor payment terms).
ALTER TABLE sellers ADD COLUMN payment_term_id bigint;
ALTER TABLE sellers ADD CONSTRAINT sellers_payment_term_fkey
  FOREIGN KEY (company_id, payment_term_id) REFERENCES payment_terms (company_id, id);
