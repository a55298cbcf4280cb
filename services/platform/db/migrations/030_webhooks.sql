-- Webhooks (spec 2.8, 3.2, 6.1): the HTTPS endpoints an organization registers
-- and one delivery row per (endpoint, domain event). Every timestamp here comes
-- from the application's clock (an injected dependency), so retry timing is
-- testable without waiting. Runs unchanged on PostgreSQL and PGlite.

CREATE TABLE webhook_endpoints (
  id                         uuid PRIMARY KEY,
  org_id                     uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  url                        text NOT NULL CHECK (length(url) <= 2048 AND url LIKE 'https://%'),
  -- Names from services/webhooks/event-types.ts; the service validates them.
  event_types                text[] NOT NULL CHECK (cardinality(event_types) > 0),
  -- SecretBox ciphertexts, associated data `webhook_endpoint:<org_id>:<id>`. The
  -- previous secret keeps signing until previous_secret_expires_at (rotation overlap).
  secret_ciphertext          text NOT NULL,
  previous_secret_ciphertext text,
  previous_secret_expires_at timestamptz,
  enabled                    boolean NOT NULL DEFAULT true,
  disabled_reason            text CHECK (disabled_reason IN ('manual', 'consecutive_failures')),
  -- Failed attempts since the last success, and when that streak began: the
  -- automatic disable needs both (services/webhooks/delivery-schedule.ts).
  consecutive_failures       integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  failing_since              timestamptz,
  -- Attribution only: webhooks:manage is a people-only permission.
  created_by_user_id         uuid NOT NULL,
  created_at                 timestamptz NOT NULL,
  updated_at                 timestamptz NOT NULL,
  UNIQUE (org_id, id),
  CHECK ((previous_secret_ciphertext IS NULL) = (previous_secret_expires_at IS NULL)),
  CHECK (enabled = (disabled_reason IS NULL)),
  CHECK ((consecutive_failures = 0) = (failing_since IS NULL))
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (org_id, created_at, id);

CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY,
  org_id          uuid NOT NULL,
  endpoint_id     uuid NOT NULL,
  event_id        uuid NOT NULL,
  event_type      text NOT NULL,
  -- The exact body bytes (UTF-8 JSON) rendered once at dispatch: every attempt
  -- sends and signs the same bytes. text, not jsonb, which would re-serialize.
  payload         text NOT NULL,
  -- Set on a manual redelivery: the delivery it repeats (same event, same endpoint).
  redelivery_of   uuid,
  status          text NOT NULL CHECK (status IN ('pending', 'delivering', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0 AND attempts <= max_attempts),
  max_attempts    integer NOT NULL CHECK (max_attempts > 0),
  -- When the next attempt is due; NULL once delivered or failed.
  next_attempt_at timestamptz,
  -- The lease of the worker attempting it; past it, the attempt is presumed lost.
  locked_until    timestamptz,
  response_status integer,
  duration_ms     integer,
  error           text,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  -- A delivery belongs to an endpoint of its own organization, enforced here too.
  FOREIGN KEY (org_id, endpoint_id) REFERENCES webhook_endpoints (org_id, id) ON DELETE CASCADE,
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'delivering') = (locked_until IS NOT NULL))
);
-- One delivery per endpoint per domain event, whatever the stream redelivers.
CREATE UNIQUE INDEX webhook_deliveries_once_per_event ON webhook_deliveries (endpoint_id, event_id) WHERE redelivery_of IS NULL;
-- The claim: due pending deliveries, oldest due first.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- In-flight deliveries per endpoint (the per-endpoint cap) and expired leases.
CREATE INDEX webhook_deliveries_in_flight ON webhook_deliveries (endpoint_id, locked_until) WHERE status = 'delivering';
-- Listings: newest first, per organization and per endpoint.
CREATE INDEX webhook_deliveries_org_recent ON webhook_deliveries (org_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_endpoint_recent ON webhook_deliveries (org_id, endpoint_id, created_at DESC, id DESC);
