-- Issue 24: feedback asked by a campaign ({feedback_link}) and after a counter (in-store) sale.
--
-- A campaign message whose template uses {feedback_link} gets its own one-answer request, made
-- when the message is sent; a retried send of the same message finds the same request (the unique
-- index below), so the link it carries does not change. The recipient is a contact: buyer_id is the
-- contact's buyer, or null for a contact without one (contact_id is then the only party, which the
-- CHECK of 0082 already allows).
ALTER TABLE feedback_requests
  ADD COLUMN campaign_id bigint,
  ADD COLUMN campaign_message_id bigint,
  ADD FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns (company_id, id),
  ADD FOREIGN KEY (company_id, campaign_message_id) REFERENCES campaign_messages (company_id, id),
  ADD CHECK ((source = 'campaign') = (campaign_message_id IS NOT NULL));
CREATE UNIQUE INDEX feedback_requests_campaign_message_key ON feedback_requests (company_id, campaign_message_id)
  WHERE source = 'campaign';

-- 'instore': asked when a counter sale is made (its invoice is the sale's).
ALTER TABLE feedback_requests DROP CONSTRAINT feedback_requests_source_check;
ALTER TABLE feedback_requests ADD CONSTRAINT feedback_requests_source_check
  CHECK (source IN ('delivery', 'manual', 'campaign', 'instore'));

-- The counter's own switch: a shop may ask its walk-in customers and not its distributors (or the
-- other way round), and a counter sale is handed over, not delivered.
ALTER TABLE feedback_settings ADD COLUMN send_after_instore_sale boolean NOT NULL DEFAULT false;
