-- Queue tables fill in bursts: thousands of webhook deliveries or outbox rows that the
-- last ANALYZE never saw. Until the next one the planner plans claims for an almost
-- empty table and reads and sorts the whole queue to take its oldest few rows (70 ms
-- a webhook claim at 20,000 pending, against 4 with fresh statistics). Autovacuum
-- re-analyzes them after 1,000 changed rows instead of PostgreSQL's 50 plus 10 % of
-- the table, which for a table of millions of delivered rows is hours of traffic.
ALTER TABLE webhook_deliveries SET (autovacuum_analyze_threshold = 1000, autovacuum_analyze_scale_factor = 0);
ALTER TABLE outbox_events SET (autovacuum_analyze_threshold = 1000, autovacuum_analyze_scale_factor = 0);
