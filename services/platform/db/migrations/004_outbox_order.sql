-- Per-organization order through the outbox (streams/outbox-relay.ts).
--
-- One relay publishes at a time: it holds this lease and renews it with every
-- batch; a standby takes over once the holder stops renewing. Two relays
-- publishing side by side could swap one organization's records, and a scan's
-- completion must never overtake its observations.
CREATE TABLE outbox_relay_leader (
  singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  holder     uuid NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A row the log refuses (its value does not match the topic's schema) is parked
-- with the reason instead of blocking every organization behind it.
ALTER TABLE outbox_events ADD COLUMN failed_at timestamptz;
ALTER TABLE outbox_events ADD COLUMN last_error text;
DROP INDEX outbox_events_pending;
CREATE INDEX outbox_events_pending ON outbox_events (seq) WHERE published_at IS NULL AND failed_at IS NULL;
