-- A ledger line written without a date is of India's calendar day: current_date is the session's
-- (UTC) day, which is still yesterday between 00:00 and 05:30 IST, so an opening balance made
-- then read one day old. The service always passes India's day; this keeps the default honest.
ALTER TABLE buyer_ledger_entries
  ALTER COLUMN entry_date SET DEFAULT ((now() AT TIME ZONE 'Asia/Kolkata')::date);
