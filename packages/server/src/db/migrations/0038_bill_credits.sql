-- Bill credits (issue 19): what settles a bill besides payments made: debit notes applied to it
-- and contra adjustments against our invoices to the same party. A bill's balance is
-- total - amount_paid - credited; it is paid when nothing is left.
ALTER TABLE bills ADD COLUMN credited_paise bigint NOT NULL DEFAULT 0 CHECK (credited_paise >= 0);
-- The old check (amount_paid <= total) was unnamed: find it by what it says.
DO $$
DECLARE name text;
BEGIN
  SELECT conname INTO name FROM pg_constraint
   WHERE conrelid = 'bills'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%amount_paid_paise <= total_paise%';
  EXECUTE format('ALTER TABLE bills DROP CONSTRAINT %I', name);
END $$;
ALTER TABLE bills ADD CONSTRAINT bills_amount_paid_check CHECK (amount_paid_paise >= 0);
ALTER TABLE bills ADD CONSTRAINT bills_settled_check CHECK (amount_paid_paise + credited_paise <= total_paise);
