-- The GST treatment (migration 0066) on the lines of bills, debit notes to sellers, quotations and
-- sales orders (issue 22).
-- - Bills and debit notes: GSTR-3B table 5 reports exempt, nil-rated and non-GST inward supplies,
--   inter-state and intra-state apart; a 0% rate alone cannot tell them apart.
-- - Quotations and orders: the order line is what an invoice line is priced from (its rate), so
--   the invoice line takes its treatment from there too, and a line quoted exempt stays exempt
--   even when the product is marked otherwise before it is invoiced.
-- Existing lines at 0% with no cess take their product's treatment now (before, the invoice took
-- it from the product at invoicing, and bills had none); lines taxed above 0% are taxable.
ALTER TABLE bill_items ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));
ALTER TABLE debit_note_items ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));
ALTER TABLE quotation_items ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));
ALTER TABLE sales_order_items ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));

UPDATE bill_items x SET gst_treatment = p.gst_treatment FROM products p
 WHERE p.company_id = x.company_id AND p.id = x.product_id AND p.gst_treatment <> 'taxable'
   AND x.gst_rate = 0 AND x.cess_rate = 0;
UPDATE debit_note_items x SET gst_treatment = bi.gst_treatment FROM bill_items bi
 WHERE bi.company_id = x.company_id AND bi.id = x.bill_item_id AND bi.gst_treatment <> 'taxable'
   AND x.gst_rate = 0 AND x.cess_rate = 0;
UPDATE debit_note_items x SET gst_treatment = p.gst_treatment FROM products p
 WHERE x.bill_item_id IS NULL AND p.company_id = x.company_id AND p.id = x.product_id
   AND p.gst_treatment <> 'taxable' AND x.gst_rate = 0 AND x.cess_rate = 0;
UPDATE quotation_items x SET gst_treatment = p.gst_treatment FROM products p
 WHERE p.company_id = x.company_id AND p.id = x.product_id AND p.gst_treatment <> 'taxable'
   AND x.gst_rate = 0 AND x.cess_rate = 0;
UPDATE sales_order_items x SET gst_treatment = p.gst_treatment FROM products p
 WHERE p.company_id = x.company_id AND p.id = x.product_id AND p.gst_treatment <> 'taxable'
   AND x.gst_rate = 0 AND x.cess_rate = 0;

-- No default: a line written without a treatment gets it from the trigger below (NOT NULL is
-- checked after BEFORE triggers), so every path that writes lines takes it alike.
ALTER TABLE bill_items ALTER COLUMN gst_treatment DROP DEFAULT;
ALTER TABLE debit_note_items ALTER COLUMN gst_treatment DROP DEFAULT;
ALTER TABLE quotation_items ALTER COLUMN gst_treatment DROP DEFAULT;
ALTER TABLE sales_order_items ALTER COLUMN gst_treatment DROP DEFAULT;

-- A line that carries tax is a taxable supply.
ALTER TABLE bill_items ADD CONSTRAINT bill_items_gst_treatment_untaxed
  CHECK (gst_treatment = 'taxable' OR (gst_rate = 0 AND cess_rate = 0));
ALTER TABLE debit_note_items ADD CONSTRAINT debit_note_items_gst_treatment_untaxed
  CHECK (gst_treatment = 'taxable' OR (gst_rate = 0 AND cess_rate = 0));
ALTER TABLE quotation_items ADD CONSTRAINT quotation_items_gst_treatment_untaxed
  CHECK (gst_treatment = 'taxable' OR (gst_rate = 0 AND cess_rate = 0));
ALTER TABLE sales_order_items ADD CONSTRAINT sales_order_items_gst_treatment_untaxed
  CHECK (gst_treatment = 'taxable' OR (gst_rate = 0 AND cess_rate = 0));

-- The treatment of a line written without one: taxable when it carries tax; else a debit-note
-- line that of the bill line it returns, any other line that of its product. A bill line may name
-- its own (the purchaser says what the seller billed); the service checks it against the rate.
CREATE FUNCTION line_gst_treatment_default() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  treatment text;
BEGIN
  IF NEW.gst_rate <> 0 OR NEW.cess_rate <> 0 THEN
    NEW.gst_treatment := coalesce(NEW.gst_treatment, 'taxable');
    RETURN NEW;
  END IF;
  IF NEW.gst_treatment IS NOT NULL THEN
    RETURN NEW;
  END IF;
  -- Nested: NEW.bill_item_id is read only on the table that has it.
  IF TG_TABLE_NAME = 'debit_note_items' THEN
    IF NEW.bill_item_id IS NOT NULL THEN
      SELECT bi.gst_treatment INTO treatment FROM bill_items bi
       WHERE bi.company_id = NEW.company_id AND bi.id = NEW.bill_item_id;
    END IF;
  END IF;
  IF treatment IS NULL THEN
    SELECT p.gst_treatment INTO treatment FROM products p
     WHERE p.company_id = NEW.company_id AND p.id = NEW.product_id;
  END IF;
  NEW.gst_treatment := coalesce(treatment, 'taxable');
  RETURN NEW;
END $$;

CREATE TRIGGER bill_items_gst_treatment BEFORE INSERT ON bill_items
  FOR EACH ROW EXECUTE FUNCTION line_gst_treatment_default();
CREATE TRIGGER debit_note_items_gst_treatment BEFORE INSERT ON debit_note_items
  FOR EACH ROW EXECUTE FUNCTION line_gst_treatment_default();
CREATE TRIGGER quotation_items_gst_treatment BEFORE INSERT ON quotation_items
  FOR EACH ROW EXECUTE FUNCTION line_gst_treatment_default();
CREATE TRIGGER sales_order_items_gst_treatment BEFORE INSERT ON sales_order_items
  FOR EACH ROW EXECUTE FUNCTION line_gst_treatment_default();

-- An invoice line now takes the treatment of the order line it invoices (its rate comes from
-- there too), and only without one that of its product; credit-note lines as before.
CREATE OR REPLACE FUNCTION line_gst_treatment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  treatment text;
BEGIN
  IF NEW.gst_rate <> 0 OR NEW.cess_rate <> 0 THEN
    treatment := 'taxable';
  ELSIF TG_TABLE_NAME = 'credit_note_items' THEN
    SELECT ii.gst_treatment INTO treatment FROM invoice_items ii WHERE ii.id = NEW.invoice_item_id;
  ELSE
    SELECT oi.gst_treatment INTO treatment FROM sales_order_items oi
     WHERE oi.company_id = NEW.company_id AND oi.id = NEW.order_item_id;
    IF treatment IS NULL THEN
      SELECT p.gst_treatment INTO treatment FROM products p
       WHERE p.company_id = NEW.company_id AND p.id = NEW.product_id;
    END IF;
  END IF;
  NEW.gst_treatment := coalesce(treatment, 'taxable');
  RETURN NEW;
END $$;
