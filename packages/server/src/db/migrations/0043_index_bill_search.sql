-- The bill list's search (issue 19): a bill number anywhere in it, through a trigram index, so a
-- search of 200,000 bills reads the matches, not every bill (bench/bills-at-scale.mjs).
CREATE INDEX bills_search_idx ON bills USING gin ((lower(bill_number)) gin_trgm_ops);
