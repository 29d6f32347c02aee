-- A provider's receipt that arrives before the sender has recorded the provider's id for the
-- message (a send and the record of its outcome are a moment apart) waits here, and is applied
-- when the id is recorded (issue 23). Kept ten minutes at most: a receipt for a message that is no
-- campaign's (a support reply, another system on the same number) is pruned by the sweep.
CREATE TABLE campaign_early_receipts (
  id bigserial PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id),
  medium text NOT NULL CHECK (medium IN ('email', 'sms', 'whatsapp', 'push_notification')),
  provider_message_id text NOT NULL,
  receipt jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaign_early_receipts_key ON campaign_early_receipts (company_id, provider_message_id);
CREATE INDEX campaign_early_receipts_age ON campaign_early_receipts (received_at);
