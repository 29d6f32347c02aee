-- Issue 21: brand outstanding and the dashboard's waiting counts at a million order lines.
-- The brand outstanding reports share each open invoice's amount due across its lines
-- by the lines' totals (domain reports/outstanding-reports.ts shareInProportion). Worked out at
-- every read, that was four window passes over the lines of every open invoice (2.5 s at a million
-- order lines). invoice_due_shares holds the result per open invoice and brand (the lines'
-- products' brands), kept in step with the invoices, their lines and the products' brands by the
-- triggers below, in the transaction that writes them (never a nightly batch).
-- invoice_due_shares_from_documents is the one definition of the rows: the triggers insert from
-- it, the backfill below reads it, and the tests compare the table with it.

CREATE TABLE invoice_due_shares (
  company_id bigint NOT NULL,
  invoice_id bigint NOT NULL,
  -- Null: products of no brand.
  brand_id bigint,
  -- The invoice's lines of the brand: the sum of their shares (> 0) of its amount due.
  share_paise bigint NOT NULL,
  UNIQUE NULLS NOT DISTINCT (company_id, invoice_id, brand_id)
);

-- A live invoice with something due: every line's share, the floor of due × weight / total weight,
-- then the paise left over one each to the largest remainders, the earlier line first (lines that
-- weigh nothing share equally when the whole invoice weighs nothing). Every window is partitioned by
-- (company_id, invoice_id), so a filter on those columns reaches the tables: the triggers read one
-- invoice through its indexes.
CREATE VIEW invoice_due_shares_from_documents AS
SELECT r.company_id, r.invoice_id, r.brand_id,
  sum(r.base + CASE WHEN r.place <= r.leftover THEN 1 ELSE 0 END)::bigint AS share_paise
FROM (
  SELECT f.*, f.due - sum(f.base) OVER invoice AS leftover,
    row_number() OVER (PARTITION BY f.company_id, f.invoice_id ORDER BY f.remainder DESC, f.line_id) AS place
  FROM (
    SELECT w.company_id, w.invoice_id, w.line_id, w.brand_id, w.due,
      floor(w.due * w.part / sum(w.part) OVER invoice) AS base,
      mod(w.due * w.part, sum(w.part) OVER invoice) AS remainder
    FROM (
      SELECT l.*, CASE WHEN sum(l.weight) OVER invoice = 0 THEN 1 ELSE l.weight END AS part
      FROM (
        SELECT i.company_id, i.id AS invoice_id, ii.id AS line_id, p.brand_id,
          (i.total_paise - i.amount_paid_paise - i.credited_paise - i.write_off_paise)::numeric AS due,
          greatest(0, ii.taxable_paise + ii.cgst_paise + ii.sgst_paise + ii.igst_paise + ii.cess_paise)::numeric
            AS weight
        FROM invoices i
        JOIN invoice_items ii ON ii.company_id = i.company_id AND ii.invoice_id = i.id
        JOIN products p ON p.company_id = ii.company_id AND p.id = ii.product_id
        WHERE i.status <> 'cancelled' AND i.total_paise - i.amount_paid_paise - i.credited_paise - i.write_off_paise > 0
      ) l
      WINDOW invoice AS (PARTITION BY l.company_id, l.invoice_id)
    ) w
    WINDOW invoice AS (PARTITION BY w.company_id, w.invoice_id)
  ) f
  WINDOW invoice AS (PARTITION BY f.company_id, f.invoice_id)
) r
GROUP BY r.company_id, r.invoice_id, r.brand_id
HAVING sum(r.base + CASE WHEN r.place <= r.leftover THEN 1 ELSE 0 END) > 0;

INSERT INTO invoice_due_shares SELECT * FROM invoice_due_shares_from_documents;
-- The reports join it at once: without statistics the planner takes it for a few hundred rows.
ANALYZE invoice_due_shares;

-- The invoices' rows again from the view (none once an invoice is cancelled, settled or gone).
CREATE FUNCTION invoice_due_shares_refresh(company bigint, invoice_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_due_shares WHERE company_id = company AND invoice_id = ANY (invoice_ids);
  INSERT INTO invoice_due_shares
  SELECT * FROM invoice_due_shares_from_documents v
  WHERE v.company_id = company AND v.invoice_id = ANY (invoice_ids);
END $$;

-- Lines written, changed or removed: their invoices once per statement (an invoice's lines are
-- written together).
CREATE FUNCTION invoice_due_shares_of_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched record;
BEGIN
  FOR touched IN
    SELECT company_id, array_agg(DISTINCT invoice_id) AS invoice_ids FROM changed_lines GROUP BY company_id
  LOOP
    PERFORM invoice_due_shares_refresh(touched.company_id, touched.invoice_ids);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER invoice_due_shares_lines_inserted AFTER INSERT ON invoice_items
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_due_shares_of_lines();
CREATE TRIGGER invoice_due_shares_lines_deleted AFTER DELETE ON invoice_items
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_due_shares_of_lines();
-- An update that moved a line to another invoice touches both: the new rows' invoices here, and
-- the old rows' in the next trigger.
CREATE TRIGGER invoice_due_shares_lines_updated AFTER UPDATE ON invoice_items
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_due_shares_of_lines();
CREATE TRIGGER invoice_due_shares_lines_moved AFTER UPDATE ON invoice_items
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_due_shares_of_lines();

-- An invoice's amount due or status changed (a payment, credit, write-off, edit or cancellation),
-- or the invoice removed.
CREATE FUNCTION invoice_due_shares_of_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM invoice_due_shares WHERE company_id = OLD.company_id AND invoice_id = OLD.id;
  ELSE
    PERFORM invoice_due_shares_refresh(NEW.company_id, ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER invoice_due_shares_invoices AFTER UPDATE
  OF status, total_paise, amount_paid_paise, credited_paise, write_off_paise ON invoices
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_paise IS DISTINCT FROM NEW.total_paise
    OR OLD.amount_paid_paise IS DISTINCT FROM NEW.amount_paid_paise
    OR OLD.credited_paise IS DISTINCT FROM NEW.credited_paise
    OR OLD.write_off_paise IS DISTINCT FROM NEW.write_off_paise)
  EXECUTE FUNCTION invoice_due_shares_of_invoice();
CREATE TRIGGER invoice_due_shares_invoices_deleted AFTER DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_due_shares_of_invoice();

-- A product moved to another brand: the open invoices with its lines.
CREATE FUNCTION invoice_due_shares_of_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_due_shares_refresh(NEW.company_id, ARRAY(
    SELECT DISTINCT ii.invoice_id FROM invoice_items ii
    WHERE ii.company_id = NEW.company_id AND ii.product_id = NEW.id
      AND EXISTS (SELECT 1 FROM invoice_due_shares s WHERE s.company_id = NEW.company_id AND s.invoice_id = ii.invoice_id)
  ));
  RETURN NULL;
END $$;

CREATE TRIGGER invoice_due_shares_products AFTER UPDATE OF brand_id ON products
  FOR EACH ROW WHEN (OLD.brand_id IS DISTINCT FROM NEW.brand_id)
  EXECUTE FUNCTION invoice_due_shares_of_product();

-- The dashboard's waiting counts (dashboard.queries.ts waitingCounts): orders with quantity still
-- to invoice are few beside the orders invoiced in full (a scan of every order took 0.5 s at
-- 200,000 orders), and invoices not yet shipped are counted from a narrow index (the status index
-- carries the invoice date and id as well), both with the branch for the branch filter.
CREATE INDEX sales_orders_to_invoice_idx ON sales_orders (company_id, branch_id)
  WHERE status IN ('confirmed', 'processing') AND total_quantity_invoiced < total_quantity;
CREATE INDEX invoices_to_ship_idx ON invoices (company_id, branch_id)
  WHERE status IN ('generated', 'ready_to_ship');

-- The sales reports and the dashboard sum a period's sale lines by product, buyer, branch, channel
-- or person: with those in the day index they are read from it alone (an index-only scan of a
-- narrow index instead of the table's pages: 2.2 s -> 0.6 s for a financial year of 320,000 lines
-- on a loaded machine). It replaces the plain day index, whose reads it serves.
CREATE INDEX sales_lines_day_covering_idx ON sales_lines (company_id, day)
  INCLUDE (branch_id, buyer_id, product_id, sales_channel_id, sales_person_id, taxable_paise);
DROP INDEX sales_lines_day_idx;
