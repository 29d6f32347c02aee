-- Issue 26: the audit log of /logs-and-errors reads a company's history across areas newest first
-- (optionally by user); history_entity_idx leads with entity_type, so it cannot serve that walk.
CREATE INDEX history_company_created_idx ON history (company_id, created_at DESC, id DESC);
CREATE INDEX history_company_user_idx ON history (company_id, user_id, created_at DESC) WHERE user_id IS NOT NULL;
