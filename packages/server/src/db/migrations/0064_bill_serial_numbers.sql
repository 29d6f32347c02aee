-- Serial numbers on bills (issue 22): a bill line of a product that tracks them names the units it
-- buys. A draft keeps them on its line (it moves no stock); receiving the bill makes them units in
-- stock in the bill's warehouse (product_serial_numbers, came in on the bill). Voiding a received
-- bill takes them out again ('removed', event 'bill_voided'); a purchase return sends chosen units
-- back to the seller ('returned_to_seller', its void puts them back in stock).
ALTER TABLE bill_items ADD COLUMN serial_numbers text[] NOT NULL DEFAULT '{}';

ALTER TABLE product_serial_numbers DROP CONSTRAINT product_serial_numbers_status_check;
ALTER TABLE product_serial_numbers ADD CONSTRAINT product_serial_numbers_status_check
  CHECK (status IN ('in_stock', 'sold', 'returned', 'removed', 'returned_to_seller'));
ALTER TABLE product_serial_numbers DROP CONSTRAINT product_serial_numbers_returned_document_type_check;
ALTER TABLE product_serial_numbers ADD CONSTRAINT product_serial_numbers_returned_document_type_check
  CHECK (returned_document_type IN ('sales_return', 'credit_note', 'purchase_return'));

ALTER TABLE product_serial_number_events DROP CONSTRAINT product_serial_number_events_event_check;
ALTER TABLE product_serial_number_events ADD CONSTRAINT product_serial_number_events_event_check
  CHECK (event IN ('received', 'sold', 'sale_cancelled', 'returned', 'removed', 'bill_voided',
    'returned_to_seller', 'seller_return_voided'));
