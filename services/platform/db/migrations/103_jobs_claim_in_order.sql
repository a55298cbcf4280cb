-- A job claim reads one kind's due jobs in run_after order and stops after the few
-- it takes (services/platform/jobs.ts claimJobs). jobs_claimable held queued and
-- running jobs of every kind together, and the claim tested "queued and due, or
-- running with a dead worker or an expired lease" in one condition, which no index
-- gives in order: every claim read and sorted the whole queue (a sequential scan
-- and a sort of 20,000 rows, 40 to 64 ms a claim with a backlog of 20,000 scans,
-- growing with the backlog). Queued and running jobs now have an index each, by
-- kind and run_after.
DROP INDEX jobs_claimable;
CREATE INDEX jobs_queued_due ON jobs (kind, run_after) WHERE state = 'queued';
CREATE INDEX jobs_running ON jobs (kind, run_after) WHERE state = 'running';
