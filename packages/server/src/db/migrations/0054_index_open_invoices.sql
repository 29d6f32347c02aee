-- Issue 21: what buyers owe (Payments to be Received, the outstanding reports, the dashboard) reads
-- the open invoices and the buyers' account debits. Without these indexes each read scanned the
-- whole invoices table (its rows are wide: seller, buyer and address snapshots) and the whole buyer
-- ledger; with them, a company with 200,000 invoices of which 30,000 are open answers Buyer
-- Outstanding in about 0.3 s instead of 1.1 s (bench/reports.mjs).

-- Open invoices: live with something still due. The predicate is receivables.queries.ts's
-- condition as written there; INCLUDE lets the read skip the table.
CREATE INDEX invoices_open_idx ON invoices (company_id, buyer_id)
  INCLUDE (id, branch_id, order_id, invoice_number, invoice_date, due_date, total_paise,
    amount_paid_paise, credited_paise, write_off_paise)
  WHERE status <> 'cancelled' AND total_paise - amount_paid_paise - credited_paise - write_off_paise > 0;

-- A buyer's account debits (domain receivables.ts): opening balances and debit adjustments on no
-- document, few beside the ledger's invoice and payment rows.
CREATE INDEX buyer_ledger_account_debits_idx ON buyer_ledger_entries (company_id, buyer_id, entry_date, id)
  INCLUDE (debit_paise)
  WHERE debit_paise > 0
    AND (entry_type = 'opening_balance' OR (entry_type = 'debit_adjustment' AND document_type IS NULL));
