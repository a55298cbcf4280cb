-- An identity's relationships include edges of other connectors of its organization
-- that name it (a cluster's service account assuming a cloud role another connector
-- collects), and an edge's counterpart may be another connector's identity: both look
-- identifiers up across the organization's connectors, which the per-connector
-- indexes of 078 and 080 do not serve.
CREATE INDEX nhi_relationships_from_any_connector ON nhi_relationships (org_id, from_external_id);
CREATE INDEX nhi_relationships_to_any_connector ON nhi_relationships (org_id, to_external_id);
CREATE INDEX nhi_identities_external_id ON nhi_identities (org_id, external_id);
