-- Issue 25, business intelligence: its reads at a million order lines, and follow-ups of lapsed
-- buyers. (One file for both: this issue was given the one number.)
--
-- 1. Speed (bench/bi.mjs). Every section aggregates the 210 days of sales_lines (migration 0052)
-- by bucket, order, product, buyer or sales person. Measured on PostgreSQL 15 with EXPLAIN
-- (ANALYZE, BUFFERS): the reports' covering index (0055) lacks the document type, order, quantity,
-- tax and cost that BI sums, so each read scanned the whole table (157 MB at a million lines,
-- more than shared_buffers, read from disk every time) to keep 28% of it. The index below holds
-- what BI reads, so a section reads only the 210 days of it (about 32 MB) without the table.
-- No summary table: a B2B seller's lines are nearly one per product and day, so a per-day rollup
-- by product would hold almost as many rows as it sums, and triggers maintaining it would add
-- contention to every invoice for little. The windows move with India's day, so a rollup by
-- bucket could not be kept either.
CREATE INDEX sales_lines_bi_idx ON sales_lines (company_id, day)
  INCLUDE (document_type, order_id, branch_id, buyer_id, product_id, sales_person_id, quantity,
    taxable_paise, tax_paise, cost_paise);
-- Collections by sales person (BI and the sales person performance report): each allocation of
-- the period reaches its invoice's branch and order, and the order's sales person. With these two
-- covering indexes those 50,000 steps read neither table (before, a heap page each).
CREATE INDEX invoices_order_branch_idx ON invoices (company_id, id) INCLUDE (order_id, branch_id);
CREATE INDEX sales_orders_sales_person_idx ON sales_orders (company_id, id) INCLUDE (sales_person_id);

-- 2. Follow-ups of existing buyers: 'call lapsed buyers' opens a lead per lapsed buyer, due today,
-- so that the sales person finds it among the day's follow-ups (the bell, the home card, the leads
-- list). A lead's buyer_id means 'converted into this buyer' (0081's checks tie it to status
-- converted), so the buyer a follow-up is about has a column of its own. A buyer has at most one
-- open follow-up: the action skips buyers that have one, under a per-company advisory lock
-- (leads.queries.ts insertBuyerFollowUps), rather than a unique index that reopening an old
-- follow-up would trip over.
ALTER TABLE leads ADD COLUMN existing_buyer_id bigint;
ALTER TABLE leads ADD CONSTRAINT leads_existing_buyer_fkey
  FOREIGN KEY (company_id, existing_buyer_id) REFERENCES buyers (company_id, id);
ALTER TABLE leads ADD CONSTRAINT leads_existing_buyer_not_converted
  CHECK (existing_buyer_id IS NULL OR buyer_id IS NULL);
CREATE INDEX leads_existing_buyer_idx ON leads (company_id, existing_buyer_id)
  WHERE existing_buyer_id IS NOT NULL;
