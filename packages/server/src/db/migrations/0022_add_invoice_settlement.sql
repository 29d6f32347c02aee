-- Invoice settlement: what has been paid in money (amount_paid_paise, from payment allocations)
-- and what has been settled by credit notes (credited_paise) are kept apart, so a statement can
-- say which is which; both, with the write-off, count against the invoice total.
ALTER TABLE invoices ADD COLUMN credited_paise bigint NOT NULL DEFAULT 0 CHECK (credited_paise >= 0);
ALTER TABLE invoices DROP CONSTRAINT invoices_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_settled_within_total
  CHECK (amount_paid_paise + credited_paise + write_off_paise <= total_paise OR status = 'cancelled');
