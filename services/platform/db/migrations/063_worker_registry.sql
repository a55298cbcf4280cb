-- Worker processes register and heartbeat (services/platform/worker-registry.ts), and
-- every lease records the worker holding it, so the leases of a worker that died are
-- released within seconds of its heartbeat going stale instead of after the whole
-- lease (a minute for a delivery, five for a job). No foreign key from the leases: a
-- claim never waits on the registry row, and a lease whose worker is not registered
-- (declared dead, or stopped) is what gets released.
CREATE TABLE workers (
  id           uuid PRIMARY KEY,
  role         text NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workers_heartbeat ON workers (heartbeat_at);

ALTER TABLE webhook_deliveries ADD COLUMN worker_id uuid;
ALTER TABLE jobs ADD COLUMN worker_id uuid;
