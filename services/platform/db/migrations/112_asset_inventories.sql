-- The inventory of each asset: the components the latest successful
-- scan or SBOM import read, kept so the asset can be exported as CycloneDX or SPDX.
-- One asset_inventories row per asset (replaced by each scan), and its components in
-- document order; a component's parent is the position of the one it sits under.
CREATE TABLE asset_inventories (
  org_id        uuid NOT NULL,
  asset_id      uuid NOT NULL,
  scan_id       uuid NOT NULL,
  -- Where the inventory came from: the built-in scanner ('sentinel') or an imported document ('cyclonedx', 'spdx').
  origin        text NOT NULL,
  -- The distribution the components were read on (os-release ID and VERSION_ID, or the document's operating-system component).
  os_id         text,
  os_version    text,
  recorded_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (org_id, asset_id),
  FOREIGN KEY (org_id, asset_id) REFERENCES assets (org_id, id) ON DELETE CASCADE
);

CREATE TABLE asset_inventory_components (
  org_id             uuid NOT NULL,
  asset_id           uuid NOT NULL,
  position           integer NOT NULL,
  parent_position    integer,
  -- The document's own reference (bom-ref, SPDXID); null for the built-in scanner's.
  document_ref       text,
  -- CycloneDX component type (library, application, operating-system…).
  component_type     text NOT NULL,
  name               text NOT NULL,
  version            text,
  purl               text,
  cpe                text,
  -- The findings' component ecosystem (debian, npm, pypi…); null when the component names none we know.
  ecosystem          text,
  -- The OSV ecosystem the component is matched in, release included (Debian:12, npm); null when it cannot be matched.
  osv_ecosystem      text,
  source_name        text,
  source_version     text,
  install_path       text,
  licences           text[] NOT NULL,
  -- What read it: the built-in scanner's analyzer family ('sentinel') or the imported format.
  found_by           text NOT NULL,
  -- What advisories name: the OSV ecosystem without its release and the package name as
  -- the advisory store normalizes it (the source package for OS packages). Null when the
  -- component cannot be matched.
  advisory_ecosystem text,
  advisory_name      text,
  PRIMARY KEY (org_id, asset_id, position),
  FOREIGN KEY (org_id, asset_id) REFERENCES asset_inventories (org_id, asset_id) ON DELETE CASCADE
);

-- Continuous matching (not built yet): when an advisory is added or
-- changes, the assets holding a package it names are found through this index, from
-- (advisory_ecosystem, advisory_name) to (org_id, asset_id) across organizations, and only
-- those are matched again. Advisories are global; each asset found is then handled in its
-- own organization.
CREATE INDEX asset_inventory_components_by_package
  ON asset_inventory_components (advisory_ecosystem, advisory_name, org_id, asset_id)
  WHERE advisory_ecosystem IS NOT NULL;
