-- NHI access certification campaigns (spec 3.2): an Organization
-- Admin opens a campaign over a scope of identities with reviewers and an end date;
-- starting it snapshots the active identities in scope as items, one decision per
-- identity. States follow midPoint: created -> in_review -> review_done ->
-- in_remediation -> closed, or cancelled. The end date is evaluated when read: a
-- campaign past ends_at reads as ended and nothing here changes when it passes.
CREATE TABLE nhi_certification_campaigns (
  org_id                uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id                    uuid NOT NULL,
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description           text CHECK (length(description) BETWEEN 1 AND 2000),
  -- The scope: identities of these connectors, of these kinds, or these identities
  -- (an identity in scope matches every non-empty criterion); at least one is given.
  scope_connector_ids   uuid[] NOT NULL DEFAULT '{}',
  scope_kinds           text[] NOT NULL DEFAULT '{}',
  scope_identity_ids    uuid[] NOT NULL DEFAULT '{}',
  reviewer_user_ids     uuid[] NOT NULL CHECK (cardinality(reviewer_user_ids) BETWEEN 1 AND 20),
  -- What closing does to an item nobody answered.
  on_no_response        text NOT NULL CHECK (on_no_response IN ('keep', 'revoke')),
  status                text NOT NULL CHECK (status IN ('created', 'in_review', 'review_done', 'in_remediation', 'closed', 'cancelled')),
  ends_at               timestamptz NOT NULL,
  opened_by_user_id     uuid NOT NULL,
  created_at            timestamptz NOT NULL,
  started_at            timestamptz,
  closed_at             timestamptz,
  closed_by_user_id     uuid,
  cancelled_at          timestamptz,
  cancelled_by_user_id  uuid,
  PRIMARY KEY (org_id, id),
  CHECK (cardinality(scope_connector_ids) + cardinality(scope_kinds) + cardinality(scope_identity_ids) > 0),
  -- The opener may not review their own campaign.
  CHECK (NOT (opened_by_user_id = ANY (reviewer_user_ids))),
  CHECK (ends_at > created_at),
  CHECK ((status = 'created') = (started_at IS NULL) OR status = 'cancelled'),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX nhi_certification_campaigns_listing ON nhi_certification_campaigns (org_id, created_at DESC, id DESC);

-- One item per identity in scope when the campaign started, with what was known of
-- the identity then, and its one decision.
CREATE TABLE nhi_certification_items (
  org_id                  uuid NOT NULL,
  id                      uuid NOT NULL,
  campaign_id             uuid NOT NULL,
  identity_id             uuid NOT NULL,
  identity_kind           text NOT NULL,
  identity_provider       text NOT NULL,
  identity_name           text NOT NULL,
  identity_external_id    text NOT NULL,
  identity_connector_id   uuid NOT NULL,
  decision                text CHECK (decision IN ('keep', 'revoke')),
  -- reviewer: a reviewer (or their delegate) answered; no_response: closing applied the campaign's onNoResponse.
  decision_source         text CHECK (decision_source IN ('reviewer', 'no_response')),
  comment                 text CHECK (length(comment) BETWEEN 1 AND 2000),
  decided_at              timestamptz,
  -- Who answered (the closer for no_response), and for which reviewer a delegate answered.
  decided_by_user_id      uuid,
  on_behalf_of_user_id    uuid,
  delegation_id           uuid,
  -- The remediation a revoke decision opened (services/nhi/remediation).
  remediation_id          uuid,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, campaign_id, identity_id),
  FOREIGN KEY (org_id, campaign_id) REFERENCES nhi_certification_campaigns (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE,
  CHECK ((decision IS NULL) = (decided_at IS NULL) AND (decision IS NULL) = (decision_source IS NULL) AND (decision IS NULL) = (decided_by_user_id IS NULL)),
  CHECK ((on_behalf_of_user_id IS NULL) = (delegation_id IS NULL)),
  CHECK (remediation_id IS NULL OR decision = 'revoke')
);
CREATE INDEX nhi_certification_items_listing ON nhi_certification_items (org_id, campaign_id, identity_name, id);
