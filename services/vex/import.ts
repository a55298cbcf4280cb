// Applying a VEX document to an organization's findings: each statement
// names findings by advisory (or alias) and, where it names one, component; the
// last statement about a finding decides it. not_affected suppresses with the
// justification as the reason and no expiry; under_investigation triages; affected
// and fixed are recorded, and affected lifts a suppression an earlier not_affected
// made. Every change is a timeline entry naming the importer and, as its source,
// the document. A statement already in force changes nothing, so importing a
// document twice records it once.
import { authorizeRequest } from '../platform/authorization/authorize-request.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import type { components } from '../../api/openapi.js';
import { requirePrincipal, type RequestContext } from '../platform/http/handler.js';
import type { Principal } from '../platform/principal.js';
import { assetsNamed, softwareAssetsNamed, type AssetImage } from '../assets/index.js';
import { inventoryComponentsNamed } from '../scans/index.js';
import {
  applyStatusChange,
  findingsOfAdvisories,
  recordStatementNotes,
  type FindingEventSource,
  type FindingStatus,
  type FindingSubject,
  type StatusChange,
  type TriageStatus,
} from '../findings/index.js';
import type { StatementTarget, VexDocument, VexStatement, VexStatus } from './documents.js';
import type { PackageURL } from 'packageurl-js';
import { componentMatches, imageMatches, imageNameOf, packageNameOf, softwareMatches } from './package-urls.js';
import { contentOf, readStoredStatements, sameContent, storeStatements, suppressionReasonOf, triageStatement, type StatementContent } from './statements.js';

type ImportScope = { kind: 'asset'; asset: AssetImage } | { kind: 'organization' };

interface VexWarning {
  /** The statement's place in the document (a JSON pointer). */
  statement: string;
  code: 'names_nothing_in_inventory' | 'product_not_this_asset' | 'product_not_identified' | 'unresolved_reference' | 'not_affected_without_justification' | 'statement_skipped';
  message: string;
}

type ImportOutcome = 'applied' | 'recorded' | 'unchanged' | 'resolved' | 'conflict';

interface FindingResult {
  finding_id: string;
  asset_id: string;
  vulnerability: string;
  vex_status: VexStatus;
  outcome: ImportOutcome;
  /** The finding's status as the import left it; absent for a conflict. */
  status?: FindingStatus;
}

/** The moves a statement asks of a finding, in order: lift a suppression, then suppress or triage. */
interface Plan {
  finding: FindingSubject;
  statement: VexStatement;
  content: StatementContent;
  moves: Array<{ to: TriageStatus; reason: string | null }>;
  /** The statement differs from the one on record: store it (and note it when nothing moves). */
  changed: boolean;
}

/** Shown warnings and results per answer; the counts say how many there were. */
const MAX_WARNINGS_SHOWN = 1_000;
const MAX_RESULTS_SHOWN = 10_000;

interface ImportAnswer {
  warnings: VexWarning[];
  warningCount: number;
  /** Whether a move enters or leaves suppression: the importer then needs findings:suppress. */
  suppresses: boolean;
  /** Runs the plan in one transaction. */
  apply(): Promise<FindingResult[]>;
}

/** The findings each statement names, in scope, and what importing would do; nothing is written until apply(). */
async function planImport(
  db: Database,
  orgId: OrgId,
  scope: ImportScope,
  document: VexDocument,
  actor: { principal: Principal; requestId: string },
): Promise<ImportAnswer> {
  const warnings: VexWarning[] = document.skipped.map((skip) => ({ statement: skip.path, code: 'statement_skipped', message: skip.message }));
  const usable = document.statements.filter((statement) => {
    if (statement.status !== 'not_affected' || suppressionReasonOf(contentOf(statement)) !== null) return true;
    warnings.push({ statement: statement.path, code: 'not_affected_without_justification', message: `${statement.vulnerability}: not_affected needs a justification or an impact statement` });
    return false;
  });
  for (const statement of usable)
    for (const ref of statement.unresolved)
      warnings.push({ statement: statement.path, code: 'unresolved_reference', message: `${ref} names nothing the document describes` });

  const assets = await assetsInScope(db, orgId, scope, usable);
  const advisories = [...new Set(usable.flatMap((statement) => [statement.vulnerability, ...statement.aliases].map((name) => name.toUpperCase())))];
  const findings = await findingsOfAdvisories(db, orgId, [...new Set(assets.map((asset) => asset.id))], advisories);

  // Each finding under its advisory and every alias, upper-cased: what a statement's names look up.
  const byName = new Map<string, FindingSubject[]>();
  for (const finding of findings) {
    for (const name of new Set([finding.identifier, ...finding.aliases].map((each) => each.toUpperCase()))) {
      const named = byName.get(name);
      if (named === undefined) byName.set(name, [finding]);
      else named.push(finding);
    }
  }

  // Later statements win: by the time each was known true, then by their order in the document.
  const ordered = usable.map((statement, order) => ({ statement, order })).sort((a, b) => (a.statement.time?.getTime() ?? 0) - (b.statement.time?.getTime() ?? 0) || a.order - b.order);
  const decided = new Map<string, { finding: FindingSubject; statement: VexStatement }>();
  for (const { statement } of ordered) {
    const aboutIt = [...new Set([statement.vulnerability, ...statement.aliases].flatMap((name) => byName.get(name.toUpperCase()) ?? []))];
    for (const stated of statement.targets) {
      const label = [stated.image?.text, stated.product?.text, stated.component?.text].filter(Boolean).join(' / ') || 'the document’s product';
      const software = softwareTarget(scope, assets, stated);
      if (software === 'named_elsewhere') {
        warnings.push(
          scope.kind === 'asset'
            ? { statement: statement.path, code: 'product_not_this_asset', message: `${label} is not this asset` }
            : { statement: statement.path, code: 'names_nothing_in_inventory', message: `${statement.vulnerability} in ${label}: the organization has no named software asset of that name and version` },
        );
        continue;
      }
      const target = software?.target ?? stated;
      const targetAssets = software?.assets ?? assetsOfTarget(scope, assets, target.image);
      if (targetAssets === 'not_this_asset') {
        warnings.push({ statement: statement.path, code: 'product_not_this_asset', message: `${target.image!.text} is not this asset's image` });
        continue;
      }
      if (targetAssets === 'unidentified') {
        warnings.push({
          statement: statement.path,
          code: 'product_not_identified',
          message: `${statement.vulnerability}: ${label} is neither an image package URL (pkg:oci or pkg:docker) nor a named software asset's (pkg:generic), one of which an organization's import needs`,
        });
        continue;
      }
      const ids = new Set(targetAssets.map((asset) => asset.id));
      const named = aboutIt.filter((finding) => ids.has(finding.asset_id) && (!target.component?.purl || componentMatches(target.component.purl, finding)));
      if (named.length === 0) {
        const where = scope.kind === 'asset' ? 'this asset' : 'the organization';
        const held = target.component?.purl ? await inventoryHolding(db, orgId, [...ids], target.component.purl) : null;
        const why =
          held === null
            ? `no finding of ${where} matches`
            : held === 0
              ? `the package is not in the inventory of ${scope.kind === 'asset' ? 'this asset' : 'any asset it names'} (its latest built-in scan or SBOM import), and no finding matches`
              : `the package is in the inventory of ${held === 1 ? 'one asset' : `${held} assets`}, with no finding of ${statement.vulnerability}`;
        warnings.push({ statement: statement.path, code: 'names_nothing_in_inventory', message: `${statement.vulnerability} in ${label}: ${why}` });
      }
      for (const finding of named) decided.set(finding.id, { finding, statement });
    }
  }

  const stored = await readStoredStatements(db, orgId, [...decided.keys()]);
  const plans = [...decided.values()].map(({ finding, statement }) => planFor(finding, statement, stored.get(finding.id)));
  return {
    warnings: warnings.slice(0, MAX_WARNINGS_SHOWN),
    warningCount: warnings.length,
    suppresses: plans.some((plan) => plan.finding.status === 'suppressed' ? plan.moves.length > 0 : plan.moves.some((move) => move.to === 'suppressed')),
    apply: () => db.transaction((tx) => applyPlans(tx, orgId, document, plans, actor)),
  };
}

/** How many of the assets hold the package the purl names in their stored inventory (scans' asset inventory). */
async function inventoryHolding(db: Database, orgId: OrgId, assetIds: string[], purl: PackageURL): Promise<number> {
  const components = await inventoryComponentsNamed(db, orgId, assetIds, packageNameOf(purl));
  const holding = components.filter((component) =>
    componentMatches(purl, { component_ecosystem: component.ecosystem, component_name: component.name, component_version: component.version }),
  );
  return new Set(holding.map((component) => component.assetId)).size;
}

/**
 * The assets a document can name: the asset itself, or the organization's assets named by
 * the statements' image purls and by their generic purls (a named software asset's product).
 */
async function assetsInScope(db: Database, orgId: OrgId, scope: ImportScope, statements: readonly VexStatement[]): Promise<AssetImage[]> {
  if (scope.kind === 'asset') return [scope.asset];
  const targets = statements.flatMap((statement) => statement.targets);
  const imageNames = new Set(targets.flatMap((target) => (target.image?.purl ? [imageNameOf(target.image.purl)] : [])));
  const softwareNames = new Set(targets.flatMap((target) => softwarePurlOf(target)?.name ?? []));
  return [...(await assetsNamed(db, orgId, [...imageNames])), ...(await softwareAssetsNamed(db, orgId, [...softwareNames]))];
}

/** The generic purl naming a named software asset in a target: its product, or the purl it names alone; null for none. */
function softwarePurlOf(target: StatementTarget): PackageURL | null {
  if (target.image) return null;
  const purl = target.product?.purl ?? target.component?.purl;
  return purl?.type === 'generic' ? purl : null;
}

/**
 * The named software assets a target names, and what it names in them: the subcomponent of
 * a generic product, or the whole asset for a generic purl alone (the product an asset's
 * export writes). 'named_elsewhere' for a generic purl naming none of them; null when the
 * target names no software.
 */
function softwareTarget(scope: ImportScope, assets: readonly AssetImage[], target: StatementTarget): { assets: AssetImage[]; target: StatementTarget } | 'named_elsewhere' | null {
  const purl = softwarePurlOf(target);
  if (purl === null) return null;
  const named = (scope.kind === 'asset' ? [scope.asset] : assets).filter((asset) => softwareMatches(purl, asset));
  // On an asset's own import a lone generic purl naming another product may still be a component of it.
  if (named.length === 0) return target.product || scope.kind === 'organization' ? 'named_elsewhere' : null;
  return { assets: named, target: { ...target, component: target.product ? target.component : null } };
}

function assetsOfTarget(scope: ImportScope, assets: readonly AssetImage[], image: VexStatement['targets'][number]['image']): AssetImage[] | 'not_this_asset' | 'unidentified' {
  if (scope.kind === 'asset') return !image?.purl || imageMatches(image.purl, scope.asset) ? [scope.asset] : 'not_this_asset';
  if (!image?.purl) return 'unidentified';
  return assets.filter((asset) => imageMatches(image.purl!, asset));
}

function planFor(finding: FindingSubject, statement: VexStatement, stored: StatementContent | undefined): Plan {
  const content = contentOf(statement);
  // A finding a person triaged already says under_investigation (what the export says of it).
  const current = stored ?? (finding.status === 'triaged' ? triageStatement : undefined);
  const changed = current === undefined || !sameContent(current, content);
  const plan: Plan = { finding, statement, content, moves: [], changed };
  if (finding.status === 'resolved') return plan;
  const note = noteOf(content);
  const suppressed = finding.status === 'suppressed';
  const lift = { to: 'open' as const, reason: note };
  if (statement.status === 'not_affected') {
    const reason = suppressionReasonOf(content)!;
    if (suppressed && finding.suppression_reason === reason) return plan;
    plan.moves = suppressed ? [lift, { to: 'suppressed', reason }] : [{ to: 'suppressed', reason }];
  } else if (statement.status === 'under_investigation') {
    if (finding.status === 'triaged') return plan;
    plan.moves = suppressed ? [lift, { to: 'triaged', reason: note }] : [{ to: 'triaged', reason: note }];
  } else if (statement.status === 'affected' && suppressed && stored?.status === 'not_affected' && finding.suppression_reason === suppressionReasonOf(stored)) {
    // The document now says affected: the suppression an earlier not_affected made no longer stands.
    plan.moves = [lift];
  }
  return plan;
}

/** What a timeline entry says of a statement: its status, justification and first text. */
const noteOf = (content: StatementContent): string =>
  [content.state, content.justification, content.impact_statement ?? content.action_statement ?? content.status_notes].filter((part) => part !== null).join(': ');

async function applyPlans(
  tx: Queryable,
  orgId: OrgId,
  document: VexDocument,
  plans: readonly Plan[],
  actor: { principal: Principal; requestId: string },
): Promise<FindingResult[]> {
  const sourceOf = (plan: Plan): FindingEventSource => ({
    kind: 'vex',
    format: document.format,
    document_id: document.id,
    author: document.author,
    timestamp: document.timestamp?.toISOString() ?? null,
    vex_status: plan.statement.status,
  });
  const statusNow = new Map(plans.map((plan) => [plan.finding.id, plan.finding.status]));
  const conflicted = new Set<string>();
  const moving = plans.filter((plan) => plan.moves.length > 0);
  // Step by step, each step one statement per change asked (the same target, reason and source share one).
  for (let step = 0; moving.some((plan) => plan.moves.length > step); step += 1) {
    const groups = new Map<string, Plan[]>();
    for (const plan of moving) {
      const move = plan.moves[step];
      if (move === undefined || conflicted.has(plan.finding.id)) continue;
      const key = JSON.stringify([move.to, move.reason, plan.statement.status]);
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [plan]);
      else group.push(plan);
    }
    for (const group of groups.values()) {
      const move = group[0]!.moves[step]!;
      const change: StatusChange = { to: move.to, reason: move.reason, suppressedUntil: null };
      const expected = group.map((plan) => ({ id: plan.finding.id, from: statusNow.get(plan.finding.id)! }));
      const moved = new Set((await applyStatusChange(tx, orgId, expected, change, { ...actor, source: sourceOf(group[0]!) })).map((row) => row.id));
      for (const plan of group) {
        if (moved.has(plan.finding.id)) statusNow.set(plan.finding.id, move.to);
        else conflicted.add(plan.finding.id);
      }
    }
  }
  const live = plans.filter((plan) => plan.finding.status !== 'resolved' && !conflicted.has(plan.finding.id));
  const noted = new Set(
    await recordStatementNotes(
      tx,
      orgId,
      live.filter((plan) => plan.moves.length === 0 && plan.changed).map((plan) => ({ findingId: plan.finding.id, reason: noteOf(plan.content), source: sourceOf(plan) })),
      actor,
    ),
  );
  const recorded = live.filter((plan) => plan.changed && (plan.moves.length > 0 || noted.has(plan.finding.id)));
  await storeStatements(tx, orgId, document, recorded.map((plan) => ({ findingId: plan.finding.id, assetId: plan.finding.asset_id, content: plan.content, time: plan.statement.time })));
  return plans.map((plan) => {
    const result = { finding_id: plan.finding.id, asset_id: plan.finding.asset_id, vulnerability: plan.finding.identifier, vex_status: plan.statement.status };
    if (plan.finding.status === 'resolved') return { ...result, outcome: 'resolved', status: 'resolved' };
    // A finding that moved meanwhile (a scan resolved it, a person triaged it) is left to a new import.
    if (conflicted.has(plan.finding.id) || (plan.moves.length === 0 && plan.changed && !noted.has(plan.finding.id))) return { ...result, outcome: 'conflict' };
    return { ...result, outcome: plan.moves.length > 0 ? 'applied' : plan.changed ? 'recorded' : 'unchanged', status: statusNow.get(plan.finding.id)! };
  });
}

/**
 * Plans the import, asks for findings:suppress when it suppresses or lifts a
 * suppression (the operation's own findings:write the guard checked), then applies
 * it: the answer of both import operations.
 */
export async function answerImport(db: Database, ctx: RequestContext, scope: ImportScope, document: VexDocument): Promise<{ status: 200; body: components['schemas']['VexImportResult'] }> {
  const principal = requirePrincipal(ctx);
  const plan = await planImport(db, principal.orgId, scope, document, { principal, requestId: ctx.requestId });
  if (plan.suppresses) await authorizeRequest(db, ctx, 'findings:suppress');
  const results = await plan.apply();
  const count = (outcome: ImportOutcome): number => results.filter((result) => result.outcome === outcome).length;
  return {
    status: 200,
    body: {
      format: document.format,
      document: { id: document.id, author: document.author, timestamp: document.timestamp?.toISOString() ?? null },
      statements: document.statements.length + document.skipped.length,
      counts: { applied: count('applied'), recorded: count('recorded'), unchanged: count('unchanged'), resolved: count('resolved'), conflict: count('conflict'), warnings: plan.warningCount },
      results: results.slice(0, MAX_RESULTS_SHOWN),
      warnings: plan.warnings,
    },
  };
}
