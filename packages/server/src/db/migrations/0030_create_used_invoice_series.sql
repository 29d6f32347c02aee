-- Issue 16: an invoice series that has issued an invoice belongs to its branch for good. A series
-- freed by a branch (PATCH invoice_series) and taken by another made every invoice of that other
-- branch fail on the first number, which the first branch had already used.
--
-- One row per series that has issued an invoice: the branch that owns it and its first number.
-- Rows are only ever added (with the first invoice of a series), never changed or deleted.
CREATE TABLE used_invoice_series (
  company_id bigint NOT NULL REFERENCES companies (id),
  series text NOT NULL,
  branch_id bigint NOT NULL,
  first_invoice_number text NOT NULL,
  first_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, series),
  FOREIGN KEY (company_id, branch_id) REFERENCES branches (company_id, id)
);

-- The series of the invoices issued so far: each belongs to the branch of its first invoice.
INSERT INTO used_invoice_series (company_id, series, branch_id, first_invoice_number, first_used_at)
SELECT DISTINCT ON (company_id, split_part(invoice_number, '/', 1))
  company_id, split_part(invoice_number, '/', 1), branch_id, invoice_number, created_at
FROM invoices
WHERE invoice_number ~ '^[A-Z0-9]{1,4}/[0-9]{4}/[0-9]+$'
ORDER BY company_id, split_part(invoice_number, '/', 1), created_at, id;

-- Invoice counters were kept per branch and financial year ('invoice:<branch id>:<fy>'), so a
-- changed series went on from the branch's count, and a series taken over by another branch
-- started again at 1 over numbers already issued. They are kept per series and financial year
-- now ('invoice_series:<series>:<fy>'), starting after the highest number each series issued.
INSERT INTO document_sequences (company_id, document_type, prefix, next_value)
SELECT
  company_id,
  'invoice_series:' || split_part(invoice_number, '/', 1) || ':' || split_part(invoice_number, '/', 2),
  split_part(invoice_number, '/', 1),
  max(split_part(invoice_number, '/', 3)::bigint) + 1
FROM invoices
WHERE invoice_number ~ '^[A-Z0-9]{1,4}/[0-9]{4}/[0-9]+$'
GROUP BY company_id, split_part(invoice_number, '/', 1), split_part(invoice_number, '/', 2)
ON CONFLICT (company_id, document_type) DO NOTHING;

DELETE FROM document_sequences WHERE document_type ~ '^invoice:[0-9]+:[0-9]{4}$';
