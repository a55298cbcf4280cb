-- Named software assets: an asset identified by a name and, optionally, a
-- version (as Dependency-Track's projects are) instead of an image reference, for
-- SBOMs of software that is not an image. `reference` stays every asset's identity and
-- the findings' fingerprint key: for a software asset `software:<name>[@<version>]`,
-- each part percent-encoded (services/scans/software-asset.ts), which holds no "/" and
-- so is never an image's registry/repository reference. Existing rows are images.
ALTER TABLE assets ADD COLUMN kind text NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'software'));
ALTER TABLE assets ADD COLUMN name text;
ALTER TABLE assets ADD COLUMN version text;
ALTER TABLE assets ALTER COLUMN registry DROP NOT NULL;
ALTER TABLE assets ALTER COLUMN repository DROP NOT NULL;
ALTER TABLE assets ADD CONSTRAINT assets_kind_identity CHECK (
  CASE kind
    WHEN 'image' THEN registry IS NOT NULL AND repository IS NOT NULL AND name IS NULL AND version IS NULL
    ELSE name IS NOT NULL AND registry IS NULL AND repository IS NULL AND tag IS NULL AND digest IS NULL AND NOT pinned
  END
);
-- GET /assets?kind=: the organization's assets of one kind, newest first.
CREATE INDEX assets_org_kind_created ON assets (org_id, kind, created_at DESC, id DESC);
