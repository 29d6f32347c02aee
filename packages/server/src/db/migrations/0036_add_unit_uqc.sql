-- Issue 18: a company may add its own units ('+ New Unit' in the product form). GSTR-1's HSN
-- summary and the e-invoice report quantities in a GST Unique Quantity Code (UQC), so every unit
-- names the UQC it is reported as. The seeded units are UQCs themselves and map to themselves.
ALTER TABLE units ADD COLUMN uqc text;
UPDATE units SET uqc = code;
ALTER TABLE units ALTER COLUMN uqc SET NOT NULL;
ALTER TABLE units ADD CONSTRAINT units_uqc_shape CHECK (uqc ~ '^[A-Z]{3}$');
ALTER TABLE units ADD CONSTRAINT units_code_shape CHECK (code ~ '^[A-Z0-9]{1,10}$');
