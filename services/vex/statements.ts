// The organization's current VEX statement per finding (vex_statements): what the
// last import said of it, read back to tell a repeated statement from a new one and
// to export the organization's decisions. Every query names the organization.
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { VexDocument, VexStatement, VexStatus } from './documents.js';

/** What a statement says, as stored: the fields that make two statements the same. */
export interface StatementContent {
  status: VexStatus;
  state: string;
  justification: string | null;
  impact_statement: string | null;
  action_statement: string | null;
  status_notes: string | null;
  responses: string[];
}

interface StoredStatement extends StatementContent {
  finding_id: string;
  statement_time: string | null;
  document_format: 'openvex' | 'cyclonedx';
  document_id: string;
  document_author: string | null;
  document_timestamp: string | null;
  recorded_at: string;
}

/** What a person's triage says in VEX's words: under investigation, nothing more. */
export const triageStatement: StatementContent = {
  status: 'under_investigation',
  state: 'under_investigation',
  justification: null,
  impact_statement: null,
  action_statement: null,
  status_notes: null,
  responses: [],
};

export const contentOf = (statement: VexStatement): StatementContent => ({
  status: statement.status,
  state: statement.state,
  justification: statement.justification,
  impact_statement: statement.impactStatement,
  action_statement: statement.actionStatement,
  status_notes: statement.statusNotes,
  responses: statement.responses,
});

export const sameContent = (a: StatementContent, b: StatementContent): boolean =>
  a.status === b.status &&
  a.state === b.state &&
  a.justification === b.justification &&
  a.impact_statement === b.impact_statement &&
  a.action_statement === b.action_statement &&
  a.status_notes === b.status_notes &&
  a.responses.join('\n') === b.responses.join('\n');

/**
 * A not_affected suppression's reason: the justification label as the document wrote
 * it; a CycloneDX false_positive, which has none, its state; otherwise the impact
 * statement. Null when the statement gives no reason (OpenVEX refuses such a statement).
 */
export function suppressionReasonOf(content: StatementContent): string | null {
  if (content.justification !== null) return content.justification;
  if (content.state === 'false_positive') return 'false_positive';
  return content.impact_statement;
}

const storedColumns = `finding_id, status, state, justification, impact_statement, action_statement, status_notes, responses,
  statement_time, document_format, document_id, document_author, document_timestamp, recorded_at`;

export async function readStoredStatements(q: Queryable, orgId: OrgId, findingIds: readonly string[]): Promise<Map<string, StoredStatement>> {
  if (findingIds.length === 0) return new Map();
  const found = await q.query<StoredStatement>(`SELECT ${storedColumns} FROM vex_statements WHERE org_id = $1 AND finding_id = ANY ($2::uuid[])`, [orgId, findingIds], {
    timesAsIsoText: true,
  });
  return new Map(found.rows.map((row) => [row.finding_id, row]));
}

/** The asset's statements on record, whatever became of their findings since. */
export async function storedStatementsOfAsset(q: Queryable, orgId: OrgId, assetId: string): Promise<StoredStatement[]> {
  const found = await q.query<StoredStatement>(`SELECT ${storedColumns} FROM vex_statements WHERE org_id = $1 AND asset_id = $2`, [orgId, assetId], { timesAsIsoText: true });
  return found.rows;
}

/** Records each statement as the finding's current one, replacing the one before. */
export async function storeStatements(
  tx: Queryable,
  orgId: OrgId,
  document: VexDocument,
  statements: ReadonlyArray<{ findingId: string; assetId: string; content: StatementContent; time: Date | null }>,
): Promise<void> {
  if (statements.length === 0) return;
  const column = <T>(pick: (entry: (typeof statements)[number]) => T): T[] => statements.map(pick);
  await tx.query(
    `INSERT INTO vex_statements (org_id, finding_id, asset_id, status, state, justification, impact_statement, action_statement, status_notes,
                                 responses, statement_time, document_format, document_id, document_author, document_timestamp)
     SELECT $1, s.finding_id, s.asset_id, s.status, s.state, s.justification, s.impact_statement, s.action_statement, s.status_notes,
            CASE WHEN s.responses = '' THEN '{}'::text[] ELSE string_to_array(s.responses, E'\\n') END, s.statement_time, $12, $13, $14, $15
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
            AS s (finding_id, asset_id, status, state, justification, impact_statement, action_statement, status_notes, responses, statement_time)
     ON CONFLICT (org_id, finding_id) DO UPDATE
        SET status = excluded.status, state = excluded.state, justification = excluded.justification,
            impact_statement = excluded.impact_statement, action_statement = excluded.action_statement, status_notes = excluded.status_notes,
            responses = excluded.responses, statement_time = excluded.statement_time, document_format = excluded.document_format,
            document_id = excluded.document_id, document_author = excluded.document_author, document_timestamp = excluded.document_timestamp,
            recorded_at = clock_timestamp()`,
    [
      orgId,
      column((entry) => entry.findingId),
      column((entry) => entry.assetId),
      column((entry) => entry.content.status),
      column((entry) => entry.content.state),
      column((entry) => entry.content.justification),
      column((entry) => entry.content.impact_statement),
      column((entry) => entry.content.action_statement),
      column((entry) => entry.content.status_notes),
      // Responses are CycloneDX's closed vocabulary (no line breaks): one text per statement through unnest.
      column((entry) => entry.content.responses.join('\n')),
      column((entry) => entry.time?.toISOString() ?? null),
      document.format,
      document.id,
      document.author,
      document.timestamp,
    ],
  );
}
