-- An e-invoiced invoice that is cancelled has its IRN cancelled at the IRP too; when that happened.
ALTER TABLE invoices ADD COLUMN irn_cancelled_at timestamptz;
