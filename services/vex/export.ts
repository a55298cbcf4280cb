// The organization's current decisions about an asset, as an OpenVEX or a
// CycloneDX VEX document. Only what the data says: the statement an
// import recorded, while the finding still stands where that statement put it,
// and a triage as under_investigation. A suppression a person made is accepted
// risk, not a statement that the asset is unaffected, so it is not exported; an
// open finding has no decision. The document is derived from the decisions alone
// (its identity is their digest, its time the newest decision's), so exporting
// the same decisions twice gives the same bytes.
import { createHash } from 'node:crypto';
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { AssetView } from '../assets/index.js';
import { decidedFindingsOfAsset, type FindingSubject } from '../findings/index.js';
import { cycloneDxJustifications, cycloneDxStates, openVexJustifications, type VexStatus } from './documents.js';
import { componentPurl, productPurl } from './package-urls.js';
import { storedStatementsOfAsset, suppressionReasonOf, triageStatement, type StatementContent } from './statements.js';

export type ExportFormat = 'openvex' | 'cyclonedx';

interface Decision {
  finding: FindingSubject;
  content: StatementContent;
  /** When it was known: the statement's time, else its document's, else when it was recorded; a triage's, the finding's last change. */
  time: string;
}

/** Whether the finding still stands where the statement put it: a later triage or suppression by a person replaces it. */
function inForce(content: StatementContent, finding: FindingSubject): boolean {
  if (content.status === 'not_affected') return finding.status === 'suppressed' && finding.suppression_reason === suppressionReasonOf(content);
  if (content.status === 'under_investigation') return finding.status === 'triaged';
  return true;
}

export async function currentDecisions(q: Queryable, orgId: OrgId, assetId: string): Promise<Decision[]> {
  const stored = new Map((await storedStatementsOfAsset(q, orgId, assetId)).map((row) => [row.finding_id, row]));
  const findings = await decidedFindingsOfAsset(q, orgId, assetId, [...stored.keys()]);
  return findings.flatMap((finding): Decision[] => {
    const statement = stored.get(finding.id);
    if (statement !== undefined && inForce(statement, finding)) {
      return [{ finding, content: statement, time: statement.statement_time ?? statement.document_timestamp ?? statement.recorded_at }];
    }
    return finding.status === 'triaged' ? [{ finding, content: triageStatement, time: finding.updated_at }] : [];
  });
}

// The two vocabularies of not_affected justifications, after CycloneDX specification discussion 609; a
// label with no counterpart is left out rather than guessed (the other format's text fields still carry it).
const openVexOfCycloneDx: Record<string, string> = {
  code_not_present: 'vulnerable_code_not_present',
  code_not_reachable: 'vulnerable_code_not_in_execute_path',
  protected_by_mitigating_control: 'inline_mitigations_already_exist',
  protected_by_compiler: 'inline_mitigations_already_exist',
  protected_at_runtime: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_at_perimeter: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_configuration: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_dependency: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_environment: 'vulnerable_code_cannot_be_controlled_by_adversary',
};
const cycloneDxOfOpenVex: Record<string, string> = {
  component_not_present: 'code_not_present',
  vulnerable_code_not_present: 'code_not_present',
  vulnerable_code_not_in_execute_path: 'code_not_reachable',
  inline_mitigations_already_exist: 'protected_by_mitigating_control',
};
const cycloneDxStateOf: Record<VexStatus, string> = { not_affected: 'not_affected', affected: 'exploitable', fixed: 'resolved', under_investigation: 'in_triage' };

const inVocabulary = (vocabulary: readonly string[], label: string | null): label is string => label !== null && vocabulary.includes(label);

const digestOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const newestTime = (decisions: readonly Decision[], fallback: string): string =>
  decisions.reduce((newest, decision) => (Date.parse(decision.time) > Date.parse(newest) ? decision.time : newest), decisions[0]?.time ?? fallback);

export function toOpenVex(asset: AssetView, author: string, decisions: readonly Decision[]) {
  const product = productPurl(asset);
  const statements = decisions.map(({ finding, content, time }) => {
    const justification = inVocabulary(openVexJustifications, content.justification) ? content.justification : (openVexOfCycloneDx[content.justification ?? ''] ?? null);
    // A false_positive (CycloneDX) has no label: its state is its reason.
    const impact = content.impact_statement ?? (content.status === 'not_affected' && justification === null ? suppressionReasonOf(content) : null);
    const action = content.action_statement ?? (content.status === 'affected' && content.responses.length > 0 ? content.responses.join(', ') : null);
    return {
      vulnerability: { name: finding.identifier },
      timestamp: time,
      products: [{ '@id': product, ...(finding.component_name === null ? {} : { subcomponents: [{ '@id': componentPurl(finding) }] }) }],
      status: content.status,
      ...(justification === null || content.status !== 'not_affected' ? {} : { justification }),
      ...(impact === null ? {} : { impact_statement: impact }),
      ...(action === null ? {} : { action_statement: action }),
      ...(content.status_notes === null ? {} : { status_notes: content.status_notes }),
    };
  });
  return {
    '@context': 'https://openvex.dev/ns/v0.2.0',
    // OpenVEX's public namespace for document IRIs; the digest makes the identity the content's.
    '@id': `https://openvex.dev/docs/public/vex-${digestOf([product, statements])}`,
    author,
    timestamp: newestTime(decisions, asset.created_at),
    version: 1,
    tooling: 'Sentinel',
    statements,
  };
}

/** A CycloneDX 1.6 BOM of the asset, its findings' components and one vulnerability per decision, built and serialized by @cyclonedx/cyclonedx-library. */
export function toCycloneDx(asset: AssetView, author: string, decisions: readonly Decision[]): Record<string, unknown> {
  const bom = new Models.Bom();
  const product = productPurl(asset);
  const subject =
    asset.kind === 'software'
      ? new Models.Component(Enums.ComponentType.Application, asset.name!, { bomRef: product, version: asset.version ?? undefined, purl: product })
      : new Models.Component(Enums.ComponentType.Container, asset.repository!, { bomRef: product, version: asset.digest ?? asset.tag ?? undefined, purl: product });
  bom.metadata.component = subject;
  bom.metadata.authors.add(new Models.OrganizationalContact({ name: author }));
  bom.metadata.timestamp = new Date(newestTime(decisions, asset.created_at));
  const components = new Map<string, Models.Component>();
  for (const { finding, content, time } of decisions) {
    let affected = subject;
    if (finding.component_name !== null) {
      const purl = componentPurl(finding);
      affected = components.get(purl) ?? new Models.Component(Enums.ComponentType.Library, finding.component_name, { bomRef: purl, version: finding.component_version ?? undefined, purl });
      components.set(purl, affected);
    }
    const justification = inVocabulary(cycloneDxJustifications, content.justification) ? content.justification : (cycloneDxOfOpenVex[content.justification ?? ''] ?? undefined);
    const detail = content.impact_statement ?? content.action_statement ?? content.status_notes ?? undefined;
    bom.vulnerabilities.add(
      new Models.Vulnerability.Vulnerability({
        id: finding.identifier,
        updated: new Date(time),
        analysis: new Models.Vulnerability.Analysis({
          state: (inVocabulary(cycloneDxStates, content.state) ? content.state : cycloneDxStateOf[content.status]) as Enums.Vulnerability.AnalysisState,
          justification: content.status === 'not_affected' ? (justification as Enums.Vulnerability.AnalysisJustification | undefined) : undefined,
          response: new Enums.Vulnerability.AnalysisResponseRepository(content.responses as Enums.Vulnerability.AnalysisResponse[]),
          detail,
        }),
        affects: new Models.Vulnerability.AffectRepository([new Models.Vulnerability.Affect(affected.bomRef)]),
      }),
    );
  }
  for (const component of components.values()) bom.components.add(component);
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));
  const document = JSON.parse(serializer.serialize(bom, { sortLists: true })) as Record<string, unknown>;
  // The serial number is the content's, as OpenVEX's @id: the same decisions, the same document.
  return { ...document, serialNumber: `urn:uuid:${uuidOf(digestOf(document))}` };
}

/** A version 8 (custom) UUID of a hex digest's first 128 bits. */
function uuidOf(hex: string): string {
  const digits = hex.slice(0, 32).split('');
  digits[12] = '8';
  digits[16] = ((parseInt(digits[16]!, 16) & 0x3) | 0x8).toString(16);
  const text = digits.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
