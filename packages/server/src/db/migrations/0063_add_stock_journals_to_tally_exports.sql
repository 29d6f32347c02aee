-- The Tally export writes stock journals too (issue 22): inventory adjustments and inventory
-- transfers are remembered like the other documents, so a second file alters their vouchers.
ALTER TABLE tally_exports DROP CONSTRAINT tally_exports_document_kind_check;
ALTER TABLE tally_exports ADD CONSTRAINT tally_exports_document_kind_check
  CHECK (document_kind IN ('invoice', 'credit_note', 'bill', 'debit_note', 'payment', 'payment_made',
    'inventory_adjustment', 'inventory_transfer'));
