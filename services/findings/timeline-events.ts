// The payload of every finding.* domain event (finding.created,
// finding.status_changed, finding.severity_changed), built in SQL from the
// timeline entry the same statement inserted (finding_events ... RETURNING *), so
// its id, sequence and time are the timeline's own. Every producer (ingest,
// triage, the suppression-expiry sweep) announces through it: the analytics sink
// turns any of them into the same transition the rebuild reads from the timeline.
import { isoTimeText } from '../platform/db/sql-time.js';

/**
 * SQL of the payload as json. `entry` names a relation of inserted finding_events
 * rows; `finding` one with the finding's asset_id, fingerprint, kind, identifier
 * and first_seen_at, joined to the entry by its id.
 */
export const findingEventPayload = (entry: string, finding: string): string => `json_build_object(
    'finding_id', ${entry}.finding_id, 'asset_id', ${finding}.asset_id, 'fingerprint', ${finding}.fingerprint,
    'timeline_event_id', ${entry}.id, 'sequence', ${entry}.seq, 'kind', ${finding}.kind, 'identifier', ${finding}.identifier,
    'severity', ${entry}.severity, 'from_severity', ${entry}.from_severity,
    'first_seen_at', ${isoTimeText(`${finding}.first_seen_at`)}, 'occurred_at', ${isoTimeText(`${entry}.occurred_at`)},
    'from', ${entry}.from_status, 'to', ${entry}.to_status, 'scan_id', ${entry}.scan_id,
    'reason', ${entry}.reason, 'suppressed_until', ${isoTimeText(`${entry}.suppressed_until`)}, 'cause', ${entry}.cause)`;
