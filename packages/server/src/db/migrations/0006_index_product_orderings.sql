-- The product list also orders by selling price, priority and last change (newest first uses
-- products_list_idx, name uses products_name_key). At 100,000 products per company, sorting the
-- whole company for each page takes 50 ms or more, so each of these orderings walks an index.
CREATE INDEX products_price_idx ON products (company_id, selling_price_paise, id) WHERE deleted_at IS NULL;
CREATE INDEX products_priority_idx ON products (company_id, priority, id) WHERE deleted_at IS NULL;
CREATE INDEX products_updated_idx ON products (company_id, updated_at, id) WHERE deleted_at IS NULL;
