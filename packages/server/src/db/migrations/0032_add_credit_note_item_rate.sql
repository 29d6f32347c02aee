-- Issue 18: a credit note line credits a quantity at a rate per unit, excluding GST, at most the
-- invoiced one. The rate is kept as the user entered it; null on a line credited at a percent of the
-- invoiced rate (additional_discount), as every line was before.
ALTER TABLE credit_note_items ADD COLUMN rate_paise bigint CHECK (rate_paise > 0);
