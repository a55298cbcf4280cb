-- Edges between identities and what they reach, as collected by a
-- connector's runs: keyed by the provider's identifiers, so an edge may name a
-- resource the inventory holds no identity for. Same tombstone rule as identities:
-- a complete run that did not see an edge marks it removed, never deletes it.
CREATE TABLE nhi_relationships (
  org_id           uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id               uuid NOT NULL,
  connector_id     uuid NOT NULL,
  edge_type        text NOT NULL CHECK (edge_type IN ('ASSUMES', 'HAS_PERMISSION', 'BELONGS_TO', 'ACCESSES', 'AUTHENTICATES_WITH')),
  from_external_id text NOT NULL CHECK (length(from_external_id) BETWEEN 1 AND 2048),
  to_external_id   text NOT NULL CHECK (length(to_external_id) BETWEEN 1 AND 2048),
  state            text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'removed')),
  first_seen_at    timestamptz NOT NULL,
  last_seen_at     timestamptz NOT NULL,
  removed_at       timestamptz,
  last_seen_run_id uuid NOT NULL,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, connector_id, edge_type, from_external_id, to_external_id),
  CHECK ((state = 'removed') = (removed_at IS NOT NULL))
);
CREATE INDEX nhi_relationships_from ON nhi_relationships (org_id, connector_id, from_external_id);
CREATE INDEX nhi_relationships_to ON nhi_relationships (org_id, connector_id, to_external_id);
