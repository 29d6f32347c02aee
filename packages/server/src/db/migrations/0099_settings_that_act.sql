-- Issue 26, auto_cancel_partially_invoiced_orders: what of an order line was cancelled without
-- being invoiced (the daily job cancels the remainder of partly invoiced orders). What is left to
-- invoice, and what the order's reservation holds, is quantity - quantity_invoiced -
-- quantity_cancelled; the order's status counts the cancelled quantity as no longer ordered.
ALTER TABLE sales_order_items
  ADD COLUMN quantity_cancelled numeric(14, 3) NOT NULL DEFAULT 0
    CHECK (quantity_cancelled >= 0 AND quantity_invoiced + quantity_cancelled <= quantity);

ALTER TABLE sales_orders
  ADD COLUMN total_quantity_cancelled numeric(14, 3) NOT NULL DEFAULT 0
    CHECK (total_quantity_cancelled >= 0);

-- Issue 26, print_configuration: the signature image printed above 'Authorised Signatory' on the
-- company's documents (a file-storage key, like the logo; uploaded through its own route, so a
-- saved configuration never names a stored file).
ALTER TABLE companies ADD COLUMN print_signature text;
