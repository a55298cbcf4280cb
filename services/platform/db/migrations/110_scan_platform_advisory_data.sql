-- The built-in scanner: the platform a scan asked for (os/architecture[/variant],
-- chosen from an image index; null means the default, linux/amd64), and the advisory data
-- the scan matched against: per OSV ecosystem, how many records and the newest
-- modification time held when it ran, so a result can be read against the data behind it.
ALTER TABLE scans ADD COLUMN platform text CHECK (platform ~ '^[a-z0-9]+/[a-z0-9_]+(/[a-z0-9]+)?$');
ALTER TABLE scans ADD COLUMN advisory_data jsonb;
