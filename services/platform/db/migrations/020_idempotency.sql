-- Idempotency records (spec 4.10, 3.2) for POST /scans and POST /findings/bulk:
-- reserved before the work starts, completed with the response, removed after
-- 30 days. Keys are scoped to the organization. Every timestamp comes from the
-- application's clock (an injected dependency), so staleness and expiry are
-- testable without waiting. Runs unchanged on PostgreSQL and PGlite.
--
-- No foreign key to organizations: like jobs and the outbox this is platform
-- bookkeeping, and every row is gone within 30 days of its last use anyway.

CREATE TABLE idempotency_records (
  org_id              uuid NOT NULL,
  -- 1 to 255 printable ASCII characters without spaces (services/platform/idempotency/request.ts).
  key                 text NOT NULL CHECK (key ~ '^[!-~]{1,255}$'),
  -- SHA-256 over the canonical request parts; the same key with another request is refused.
  request_fingerprint text NOT NULL,
  state               text NOT NULL CHECK (state IN ('reserved', 'completed')),
  -- Names the holder of a reservation: a request whose reservation went stale and
  -- was reclaimed by a retry can neither complete nor release the retry's record.
  reservation_token   uuid NOT NULL,
  response_status     integer CHECK (response_status BETWEEN 100 AND 599),
  -- The exact response bytes (UTF-8 JSON): text, not jsonb, which would reorder
  -- keys and drop whitespace, so a replay is verbatim.
  response_body       text,
  reserved_at         timestamptz NOT NULL,
  completed_at        timestamptz,
  -- Past it the record is treated as absent (the key executes new work) and pruned.
  expires_at          timestamptz NOT NULL,
  PRIMARY KEY (org_id, key),
  CHECK (
    (state = 'reserved' AND response_status IS NULL AND response_body IS NULL AND completed_at IS NULL)
    OR (state = 'completed' AND response_status IS NOT NULL AND response_body IS NOT NULL AND completed_at IS NOT NULL)
  )
);
CREATE INDEX idempotency_records_expiry ON idempotency_records (expires_at);
