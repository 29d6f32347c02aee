-- Bids a buyer places through its sales channel's storefront (issue 20): no user places them
-- (created_by stays null), the channel does. sales_channels already has UNIQUE (company_id, id)
-- (migration 0002), which the tenant-keyed foreign key needs.
ALTER TABLE quotation_bids
  ADD COLUMN sales_channel_id bigint,
  ADD FOREIGN KEY (company_id, sales_channel_id) REFERENCES sales_channels (company_id, id);
