-- Issue 18: a shipment carries what its e-way bill and its delivery note print: the e-way bill
-- number (12 digits), the vehicle's registration number (upper case, no spaces: MH12AB1234), the
-- transporter's id (its GSTIN or TRANSIN, 15 characters) and name. The domain's
-- transport-details.ts checks them in full; these checks keep the stored shape.
ALTER TABLE shipments
  ADD COLUMN eway_bill_number text CHECK (eway_bill_number ~ '^[0-9]{12}$'),
  ADD COLUMN vehicle_number text CHECK (vehicle_number ~ '^[A-Z0-9]{4,15}$'),
  ADD COLUMN transporter_id text CHECK (transporter_id ~ '^[0-9A-Z]{15}$'),
  ADD COLUMN transporter_name text;
