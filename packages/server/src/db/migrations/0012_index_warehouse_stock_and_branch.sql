-- A warehouse's product inventory and its unassigned-products list read stock_levels by
-- warehouse; the primary key leads with the product, so at 100,000 products per company each
-- page would scan the company's whole stock. This index walks one warehouse's rows.
CREATE INDEX stock_levels_warehouse_idx ON stock_levels (company_id, warehouse_id, product_id);

-- GET branches/{id}/warehouses lists one branch's warehouses in position order.
CREATE INDEX warehouses_branch_idx ON warehouses (company_id, branch_id, position, id);

-- The API accepts a 10-digit phone for a warehouse's contact person; the table holds to it too.
ALTER TABLE warehouses
  ADD CONSTRAINT warehouses_contact_person_phone_check CHECK (contact_person_phone ~ '^[0-9]{10}$');
