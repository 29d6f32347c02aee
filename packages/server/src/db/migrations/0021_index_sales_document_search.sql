-- Searching a million orders or invoices by number, reference or buyer: trigram indexes on exactly
-- the lower-cased text the list queries match with LIKE (order and invoice lists, issue 6).
CREATE INDEX sales_orders_search_idx ON sales_orders
  USING gin ((lower(order_number || ' ' || coalesce(reference_number, ''))) gin_trgm_ops);
CREATE INDEX invoices_search_idx ON invoices USING gin ((lower(invoice_number)) gin_trgm_ops);
