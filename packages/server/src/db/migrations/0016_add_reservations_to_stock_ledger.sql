-- Reservations for the sales side move through the stock ledger too. A ledger row now records two
-- changes: `quantity` to stock on hand (stock_levels.available_stock) and `reserved_quantity` to
-- stock committed to confirmed orders not yet invoiced (stock_levels.df_quantity), each with its
-- running balance after the row. reserve: (0, +n); release: (0, -n); issue: (-n, -n);
-- receive and return: (+n, 0); adjustments and opening stock: (±n, 0). So for every product and
-- warehouse the ledger's quantities sum to available_stock and its reserved quantities to df_quantity.
-- Rows written before this migration reserved nothing (df_quantity was always 0), hence the defaults.
ALTER TABLE stock_ledger
  ADD COLUMN reserved_quantity numeric(14, 3) NOT NULL DEFAULT 0,
  ADD COLUMN reserved_after numeric(14, 3) NOT NULL DEFAULT 0 CHECK (reserved_after >= 0);

-- A row moves something: stock on hand, the reservation, or both.
ALTER TABLE stock_ledger DROP CONSTRAINT stock_ledger_quantity_check;
ALTER TABLE stock_ledger
  ADD CONSTRAINT stock_ledger_moves_stock CHECK (quantity <> 0 OR reserved_quantity <> 0);

-- The ledger is immutable: a mistake is corrected by another movement, never by editing history.
CREATE FUNCTION stock_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_ledger rows are immutable (% refused)', TG_OP;
END;
$$;
CREATE TRIGGER stock_ledger_immutable BEFORE UPDATE OR DELETE ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION stock_ledger_immutable();
