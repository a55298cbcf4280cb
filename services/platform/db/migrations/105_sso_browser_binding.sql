-- Single sign-on bound to the browser that started it.

-- A pending sign-in is marked consumed when its callback takes it, instead of being
-- deleted: it stays until it expires (ten minutes at most), so a later replay of its
-- callback from another browser still names the provider and its organization, and
-- is recorded in that organization's identity trail. Expired rows are cleared at
-- the provider's next start, as before.
ALTER TABLE sso_pending_sign_ins ADD COLUMN consumed_at timestamptz;

-- IdP-initiated (unsolicited) SAML responses cannot be bound to a browser: they are
-- refused unless the provider's owner turns allow_idp_initiated on. Existing SAML
-- providers say so explicitly.
UPDATE sso_providers SET settings = settings || '{"allow_idp_initiated": false}'::jsonb
 WHERE protocol = 'saml' AND NOT settings ? 'allow_idp_initiated';
