-- Grouped refusals that say what was refused. A window now counts
-- the refusals of one subject with one detail (detail_digest: SHA-256 of the jsonb
-- text, which has one form whatever the order of the members), so its summary never
-- states another refusal's purpose; the member a caller varies at will (the
-- organization asked for, a provider's error text) is left out of the key and its
-- distinct values are listed instead (varied_member, varied_values, the first few).
-- The summary carries the last refusal's detail and origin (the first one's are in the
-- row written when the window opened). Windows opened before this have no last
-- origin: their summaries keep the old form.
ALTER TABLE identity_refusal_windows
  ADD COLUMN detail_digest   bytea,
  ADD COLUMN last_detail     jsonb,
  ADD COLUMN last_source_ip  text,
  ADD COLUMN last_user_agent text,
  ADD COLUMN last_request_id text,
  ADD COLUMN varied_member   text,
  ADD COLUMN varied_values   text[] NOT NULL DEFAULT '{}';
UPDATE identity_refusal_windows SET detail_digest = sha256(convert_to(detail::text, 'UTF8'));
ALTER TABLE identity_refusal_windows
  ALTER COLUMN detail_digest SET NOT NULL,
  DROP CONSTRAINT identity_refusal_windows_pkey,
  ADD PRIMARY KEY (org_id, action, subject, detail_digest);

-- Separation of duties for grants and exceptions as for remediations (migration 097):
-- whatever writes the row, the person who asked never decides it, except by
-- withdrawing it. The application's decisions cannot have written such a row (a
-- rejection's and an approval's UPDATE require the decider not to be the requester,
-- a withdrawal requires them to be), so the constraints are added validated: a row
-- that violates one was written past the application, and the migration stops on it
-- rather than leave it unflagged (NOT VALID would also fail any later change of it).
ALTER TABLE nhi_access_grants ADD CONSTRAINT nhi_access_grants_requester_not_decider
  CHECK (status = 'withdrawn' OR decided_by_user_id IS DISTINCT FROM requested_by_user_id);
ALTER TABLE nhi_policy_exceptions ADD CONSTRAINT nhi_policy_exceptions_requester_not_decider
  CHECK (status = 'withdrawn' OR decided_by_user_id IS DISTINCT FROM requested_by_user_id);

-- The runtime decision log keeps the question's context redacted from now on
-- (services/nhi/runtime/decisions.ts). A context logged before may hold a password or
-- an Authorization value verbatim, and the redaction rule lives in TypeScript, out of
-- a migration's reach (a copy in SQL would miss what the rule catches): those contexts
-- are removed. The decisions, their reasons and identities stay.
UPDATE nhi_runtime_decisions SET context = NULL WHERE context IS NOT NULL;
