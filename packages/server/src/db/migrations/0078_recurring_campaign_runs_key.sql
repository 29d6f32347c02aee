-- Issue 23: one run of a recurring campaign per due time. The scheduler picks a due campaign with
-- FOR UPDATE SKIP LOCKED and advances its next_run_at in the same transaction; this key is the
-- second guard: two schedulers that somehow reach the same due time make one run, not two.
CREATE UNIQUE INDEX campaigns_recurring_run_key ON campaigns (company_id, recurring_campaign_id, scheduled_at)
  WHERE recurring_campaign_id IS NOT NULL;
