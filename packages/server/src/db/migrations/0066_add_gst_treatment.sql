-- GST treatment of a supply (issue 22): taxable, nil-rated, exempt or non-GST. GSTR-1 table 8
-- reports nil-rated, exempt and non-GST supplies apart, and GSTR-3B puts nil-rated and exempt in
-- 3.1(c) and non-GST in 3.1(e); a 0% rate alone cannot tell them apart. Existing rows stay taxable
-- (a taxable line at 0% is reported as nil-rated, as before).
ALTER TABLE products ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));

-- Each invoice and credit-note line keeps the treatment it was written with, like its rate: a
-- product marked exempt later does not move last month's return.
ALTER TABLE invoice_items ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));
ALTER TABLE credit_note_items ADD COLUMN gst_treatment text NOT NULL DEFAULT 'taxable'
  CHECK (gst_treatment IN ('taxable', 'nil_rated', 'exempt', 'non_gst'));
-- A line that carries tax is a taxable supply whatever its product says now.
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_gst_treatment_untaxed
  CHECK (gst_treatment = 'taxable' OR (gst_rate = 0 AND cess_rate = 0));
ALTER TABLE credit_note_items ADD CONSTRAINT credit_note_items_gst_treatment_untaxed
  CHECK (gst_treatment = 'taxable' OR (gst_rate = 0 AND cess_rate = 0));

-- The snapshot is taken by the database as the line is written, so every path that writes lines
-- (invoice issue and edit, counter sales, credit notes) takes it alike: an invoice line the
-- treatment of its product, a credit-note line that of the invoice line it credits. A line taxed
-- above 0% (its rate came from an order priced before the product was marked) stays taxable.
CREATE FUNCTION line_gst_treatment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  treatment text;
BEGIN
  IF NEW.gst_rate <> 0 OR NEW.cess_rate <> 0 THEN
    treatment := 'taxable';
  ELSIF TG_TABLE_NAME = 'credit_note_items' THEN
    SELECT ii.gst_treatment INTO treatment FROM invoice_items ii WHERE ii.id = NEW.invoice_item_id;
  ELSE
    SELECT p.gst_treatment INTO treatment FROM products p
     WHERE p.company_id = NEW.company_id AND p.id = NEW.product_id;
  END IF;
  NEW.gst_treatment := coalesce(treatment, 'taxable');
  RETURN NEW;
END $$;

CREATE TRIGGER invoice_items_gst_treatment BEFORE INSERT ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION line_gst_treatment();
CREATE TRIGGER credit_note_items_gst_treatment BEFORE INSERT ON credit_note_items
  FOR EACH ROW EXECUTE FUNCTION line_gst_treatment();
