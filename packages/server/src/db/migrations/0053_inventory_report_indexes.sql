-- Inventory reports (issue 21). The Inventory Summary and Stock Movement reports read the stock
-- ledger of one company from the start of a period on (and no further back): by company and time.
CREATE INDEX stock_ledger_company_time_idx ON stock_ledger (company_id, created_at);

-- The Committed Stock report reads the order lines still holding stock: not fully invoiced. They
-- are few among all the lines of a company, so a partial index finds them without reading the rest.
CREATE INDEX sales_order_items_uninvoiced_idx ON sales_order_items (company_id, product_id, warehouse_id)
  WHERE quantity > quantity_invoiced;
