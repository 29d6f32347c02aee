-- The invoice list filtered by status, newest first, as the order list has had since 0020: a status
-- few invoices have (the generated ones waiting to ship, among years of processed ones) is read
-- from its own entries, not by walking every invoice by date.
CREATE INDEX invoices_status_idx ON invoices (company_id, status, invoice_date DESC, id DESC);
