-- Inventory Age (issue 21) walks each stock level's receipts (ledger rows that added stock) from
-- the newest back until they cover what is on hand. At a million order lines the ledger holds two
-- million rows taking stock away (reserve, issue) and a few thousand receipts: this index holds
-- the receipts alone, in the order of the walk, with what the walk reads.
CREATE INDEX stock_ledger_receipts_idx
  ON stock_ledger (company_id, product_id, warehouse_id, created_at DESC, id DESC)
  INCLUDE (quantity, rate_paise)
  WHERE quantity > 0;
