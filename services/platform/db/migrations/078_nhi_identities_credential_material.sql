-- The inventory's identities, as far as credential material needs them (-- item 3): the collection pipeline fills and extends this table next. A removed
-- identity is a tombstone (state 'removed', removed_at), never a deleted row.
CREATE TABLE nhi_identities (
  org_id        uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id            uuid NOT NULL,
  -- The connector whose collection found it. Not a foreign key: the inventory keeps
  -- what was seen after its connector is deleted.
  connector_id  uuid NOT NULL,
  kind          text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  provider      text NOT NULL CHECK (length(provider) BETWEEN 1 AND 100),
  -- The provider's own identifier (an ARN, an app id, a service account's namespace/name).
  external_id   text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 2048),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 1024),
  state         text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'removed')),
  first_seen_at timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  removed_at    timestamptz,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, connector_id, kind, external_id),
  CHECK ((state = 'removed') = (removed_at IS NOT NULL))
);

-- Credential values a person attached to an identity (POST /nhi/api/v1/credentials/material):
-- sealed with the secret box, associated data `nhi_credential_material:<org_id>:<id>:<identity_id>`,
-- so a ciphertext copied to another row, tenant or identity does not open. No route returns them.
CREATE TABLE nhi_credential_material (
  org_id              uuid NOT NULL,
  id                  uuid NOT NULL,
  identity_id         uuid NOT NULL,
  label               text CHECK (length(label) BETWEEN 1 AND 200),
  -- The names of the stored values (never the values), so a reader can say what is held.
  value_names         text[] NOT NULL,
  material_ciphertext text NOT NULL,
  created_by_user_id  uuid NOT NULL,
  created_at          timestamptz NOT NULL,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE
);
CREATE INDEX nhi_credential_material_identity ON nhi_credential_material (org_id, identity_id);
