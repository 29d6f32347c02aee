-- Issue 18: an order placed without a quotation (a counter sale, a challan sold, New Order's
-- Place Order) still writes its quotation for the record, in the same transaction as the order;
-- purpose 'direct_order' marks it, so that the quotations list leaves it out (nobody quoted it).
ALTER TABLE quotations DROP CONSTRAINT quotations_purpose_check;
ALTER TABLE quotations
  ADD CONSTRAINT quotations_purpose_check CHECK (purpose IN ('new', 'edit_order', 'reorder', 'direct_order'));
