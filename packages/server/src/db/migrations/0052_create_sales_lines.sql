-- Issue 21: the sales reports read one narrow table of sale lines instead of joining invoices,
-- their items, orders and products at every read. A row per line of a live invoice (positive) and
-- per line of a live credit note (negative), kept in step with the documents by the triggers
-- below, in the transaction that writes them (never a nightly batch that goes stale).
-- sales_lines_from_documents is the one definition of a row: the triggers insert from it, the
-- backfill below reads it, and the tests compare the table with it.
-- (0051 is the storefront bids' migration.)

CREATE TABLE sales_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  document_type text NOT NULL CHECK (document_type IN ('invoice', 'credit_note')),
  document_id bigint NOT NULL,
  -- invoice_items.id or credit_note_items.id.
  line_id bigint NOT NULL,
  order_id bigint NOT NULL,
  -- The invoice date, or the credit note's date.
  day date NOT NULL,
  branch_id bigint NOT NULL,
  buyer_id bigint NOT NULL,
  product_id bigint NOT NULL,
  warehouse_id bigint,
  sales_channel_id bigint,
  sales_person_id bigint,
  -- The city of the invoice's shipping address, as written on it.
  city text,
  -- Negative on credit notes.
  quantity numeric(14, 3) NOT NULL,
  taxable_paise bigint NOT NULL,
  tax_paise bigint NOT NULL,
  -- Quantity × the product's cost price when the line was written (null: no cost price then).
  cost_paise bigint,
  PRIMARY KEY (company_id, document_type, line_id)
);
CREATE INDEX sales_lines_day_idx ON sales_lines (company_id, day);
CREATE INDEX sales_lines_document_idx ON sales_lines (company_id, document_type, document_id);
CREATE INDEX sales_lines_order_idx ON sales_lines (company_id, order_id);
CREATE INDEX sales_lines_product_idx ON sales_lines (company_id, product_id, day);
CREATE INDEX sales_lines_buyer_idx ON sales_lines (company_id, buyer_id, day);

CREATE VIEW sales_lines_from_documents AS
SELECT ii.company_id, 'invoice'::text AS document_type, i.id AS document_id, ii.id AS line_id,
  i.order_id, i.invoice_date AS day, i.branch_id, i.buyer_id, ii.product_id, ii.warehouse_id,
  o.sales_channel_id, o.sales_person_id, nullif(btrim(i.shipping_address ->> 'city'), '') AS city,
  ii.quantity, ii.taxable_paise,
  ii.cgst_paise + ii.sgst_paise + ii.igst_paise + ii.cess_paise AS tax_paise,
  round(ii.quantity * p.cost_price_paise)::bigint AS cost_paise
FROM invoice_items ii
JOIN invoices i ON i.company_id = ii.company_id AND i.id = ii.invoice_id
JOIN sales_orders o ON o.company_id = i.company_id AND o.id = i.order_id
JOIN products p ON p.company_id = ii.company_id AND p.id = ii.product_id
WHERE i.status <> 'cancelled'
UNION ALL
SELECT ci.company_id, 'credit_note'::text, c.id, ci.id,
  c.order_id, c.credit_note_date, c.branch_id, c.buyer_id, ci.product_id, ii.warehouse_id,
  o.sales_channel_id, o.sales_person_id, nullif(btrim(i.shipping_address ->> 'city'), ''),
  -ci.quantity, -ci.taxable_paise,
  -(ci.cgst_paise + ci.sgst_paise + ci.igst_paise + ci.cess_paise),
  -round(ci.quantity * p.cost_price_paise)::bigint
FROM credit_note_items ci
JOIN credit_notes c ON c.company_id = ci.company_id AND c.id = ci.credit_note_id
JOIN invoices i ON i.company_id = c.company_id AND i.id = c.invoice_id
JOIN invoice_items ii ON ii.company_id = ci.company_id AND ii.id = ci.invoice_item_id
JOIN sales_orders o ON o.company_id = c.company_id AND o.id = c.order_id
JOIN products p ON p.company_id = ci.company_id AND p.id = ci.product_id
WHERE c.status <> 'cancelled';

INSERT INTO sales_lines SELECT * FROM sales_lines_from_documents;

-- A line written, changed or removed: its row again from the view (none once removed, or while
-- its document is cancelled).
CREATE FUNCTION sales_lines_of_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'invoice_items' THEN 'invoice' ELSE 'credit_note' END;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM sales_lines WHERE company_id = OLD.company_id AND document_type = kind AND line_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO sales_lines
    SELECT * FROM sales_lines_from_documents v
    WHERE v.company_id = NEW.company_id AND v.document_type = kind AND v.line_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sales_lines_invoice_items AFTER INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION sales_lines_of_line();
CREATE TRIGGER sales_lines_credit_note_items AFTER INSERT OR UPDATE OR DELETE ON credit_note_items
  FOR EACH ROW EXECUTE FUNCTION sales_lines_of_line();

-- A document cancelled: its rows go. Restored: they come back from the view. Its day, branch,
-- buyer or address changed: its rows take them. Costs stay as they were written: the cost at the
-- time of sale.
CREATE FUNCTION sales_lines_of_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'invoices' THEN 'invoice' ELSE 'credit_note' END;
BEGIN
  IF NEW.status = 'cancelled' THEN
    DELETE FROM sales_lines WHERE company_id = NEW.company_id AND document_type = kind AND document_id = NEW.id;
  ELSIF OLD.status = 'cancelled' THEN
    INSERT INTO sales_lines
    SELECT * FROM sales_lines_from_documents v
    WHERE v.company_id = NEW.company_id AND v.document_type = kind AND v.document_id = NEW.id;
  ELSE
    UPDATE sales_lines s
    SET day = v.day, branch_id = v.branch_id, buyer_id = v.buyer_id, city = v.city
    FROM sales_lines_from_documents v
    WHERE s.company_id = NEW.company_id AND s.document_type = kind AND s.document_id = NEW.id
      AND v.company_id = s.company_id AND v.document_type = kind AND v.line_id = s.line_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sales_lines_invoices AFTER UPDATE OF status, invoice_date, branch_id, buyer_id, shipping_address
  ON invoices FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.invoice_date IS DISTINCT FROM NEW.invoice_date
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.buyer_id IS DISTINCT FROM NEW.buyer_id
    OR OLD.shipping_address IS DISTINCT FROM NEW.shipping_address)
  EXECUTE FUNCTION sales_lines_of_document();
CREATE TRIGGER sales_lines_credit_notes AFTER UPDATE OF status, credit_note_date, branch_id, buyer_id
  ON credit_notes FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.credit_note_date IS DISTINCT FROM NEW.credit_note_date
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.buyer_id IS DISTINCT FROM NEW.buyer_id)
  EXECUTE FUNCTION sales_lines_of_document();

-- An order's sales channel or sales person changed: its sale lines name the new ones.
CREATE FUNCTION sales_lines_of_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_lines SET sales_channel_id = NEW.sales_channel_id, sales_person_id = NEW.sales_person_id
  WHERE company_id = NEW.company_id AND order_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER sales_lines_orders AFTER UPDATE OF sales_channel_id, sales_person_id ON sales_orders
  FOR EACH ROW
  WHEN (OLD.sales_channel_id IS DISTINCT FROM NEW.sales_channel_id
    OR OLD.sales_person_id IS DISTINCT FROM NEW.sales_person_id)
  EXECUTE FUNCTION sales_lines_of_order();
