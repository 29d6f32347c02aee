-- The instore counter looks products up by barcode: UPC or SKU. SKUs have their unique index;
-- this one lets the UPC half of the lookup use an index too (the two are ORed by a bitmap scan).
CREATE INDEX products_upc_idx ON products (company_id, upc) WHERE deleted_at IS NULL AND upc IS NOT NULL;
