// Runtime decisions: may this identity perform this action on this
// resource now? Answered from remediations, rules, findings and their exceptions, and
// grants, in this order (docs/decisions/nhi-governance.md, "Runtime decisions"):
//
//   1. an identity the organization does not have (or an ambiguous reference) ─► deny
//   2. a removed identity                                                     ─► deny
//   3. a remediation that took the identity out of use                        ─► deny
//   4. an enabled deny rule that matches (its `when` holding)                 ─► deny
//   5. a grant in force covering the action and resource, or an allow rule    ─► allow
//   6. otherwise                                                              ─► deny
//
// Every answer is stored in the decision log with its reasons and the context redacted,
// in the transaction that audits a denial (coalesced per subject: see denial-audit.ts).
// A deny is an answer, never an error: a gateway needs one whatever it asked.
import type { components } from '../../../api/openapi.js';
import { randomUUID } from 'node:crypto';
import { redact, REDACTED } from '../../platform/audit/identity-trail.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import type { Credential } from '../../platform/principal.js';
import type { AuditEntry } from '../audit/index.js';
import { exceptionsInForce } from '../exceptions/index.js';
import { openFindingsOf, type OpenFinding } from '../findings/index.js';
import { grantsInForce } from '../grants/index.js';
import { remediationsAgainst } from '../remediation/index.js';
import { recordDenial } from './denial-audit.js';
import { resolveIdentity, type IdentityReference, type InventoryIdentity } from './identity-reference.js';
import { findingsNamed, matchesAnyPattern, ruleMatches, type RuleSubject } from './rule-language.js';
import { enabledRules, type RuntimeRule } from './rules.js';

export interface DecisionQuestion {
  identity: IdentityReference;
  action: string;
  resource: string;
  context?: Record<string, unknown>;
}

/** Why the answer is what it is; the first reason of a deny is the one that decided it. */
export type DecisionReason =
  | { code: 'unknown_identity' | 'ambiguous_identity' | 'identity_removed' | 'no_allowance' }
  | { code: 'remediation'; remediationId: string; action: string; status: string }
  | { code: 'deny_rule'; ruleId: string; ruleName: string; findingIds?: string[] }
  | { code: 'finding_exempted'; ruleId: string; ruleName: string; findingId: string; policy: string; exceptionId: string }
  | { code: 'grant'; grantId: string }
  | { code: 'allow_rule'; ruleId: string; ruleName: string };

/** The answer as the API shows it: the document's NhiRuntimeDecision. */
type NhiRuntimeDecision = components['schemas']['NhiRuntimeDecision'];

interface DecisionCaller {
  orgId: OrgId;
  credential: Credential;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

interface Weighed {
  decision: 'allow' | 'deny';
  reasons: DecisionReason[];
  ruleIds: string[];
  grantIds: string[];
}

export async function decide(db: Database, caller: DecisionCaller, question: DecisionQuestion, now: Date): Promise<NhiRuntimeDecision> {
  return db.transaction(async (tx) => {
    const resolved = await resolveIdentity(tx, caller.orgId, question.identity);
    const identity = 'found' in resolved ? resolved.found : undefined;
    const weighed: Weighed =
      identity === undefined
        ? denied([{ code: 'unknown' in resolved ? resolved.unknown : 'unknown_identity' }])
        : await weigh(tx, caller.orgId, identity, question, now);
    const decisionId = randomUUID();
    await tx.query(
      `INSERT INTO nhi_runtime_decisions (org_id, id, identity_id, identity_reference, action, resource, context, decision, reasons, rule_ids, grant_ids, caller_kind, caller_id, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        caller.orgId,
        decisionId,
        identity?.id ?? null,
        JSON.stringify(question.identity),
        question.action,
        question.resource,
        question.context === undefined ? null : JSON.stringify(redactedContext(question.context)),
        weighed.decision,
        JSON.stringify(weighed.reasons),
        weighed.ruleIds,
        weighed.grantIds,
        caller.credential.kind,
        caller.credential.id,
        now,
      ],
    );
    if (weighed.decision === 'deny') {
      await recordDenial(tx, caller.audit, { decisionId, identityId: identity?.id ?? null, reference: question.identity, action: question.action, resource: question.resource, reasons: weighed.reasons }, now);
    }
    return { decisionId, decision: weighed.decision, reasons: weighed.reasons, evaluatedAt: now.toISOString() };
  });
}

// A text value that is an HTTP credential (`Bearer …`, `Basic …`, GitHub's `token …`) or a JSON Web Token.
const CREDENTIAL_VALUE = /^\s*(bearer|basic|digest|negotiate|token)\s+\S|^\s*eyJ[\w-]*\.[\w-]+\.[\w-]*\s*$/i;

/**
 * The context as the log keeps it: the trails' redaction by key name, and since a
 * caller's context is free text under names of its choosing, a value shaped like a
 * credential whatever its name. Nothing unredacted is stored, so no role can read it.
 */
function redactedContext(context: Record<string, unknown>): unknown {
  const byName = redact(context) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(byName).map(([key, value]) => [key, typeof value === 'string' && CREDENTIAL_VALUE.test(value) ? REDACTED : value]));
}

const denied = (reasons: DecisionReason[], ruleIds: string[] = []): Weighed => ({ decision: 'deny', reasons, ruleIds, grantIds: [] });

async function weigh(q: Queryable, orgId: OrgId, identity: InventoryIdentity, question: DecisionQuestion, now: Date): Promise<Weighed> {
  if (identity.state === 'removed') return denied([{ code: 'identity_removed' }]);

  const remediations = await remediationsAgainst(q, orgId, identity.id);
  if (remediations.length > 0) return denied(remediations.map((remediation) => ({ code: 'remediation', remediationId: remediation.id, action: remediation.action, status: remediation.status })));

  const subject: RuleSubject = { identity, action: question.action, resource: question.resource };
  const matching = (await enabledRules(q, orgId)).filter((rule) => ruleMatches(rule.match, subject));
  const denyRules = matching.filter((rule) => rule.effect === 'deny');
  const exemptions: DecisionReason[] = [];
  const denying: { rule: RuntimeRule; findingIds: string[] }[] = [];
  const findings = denyRules.some((rule) => rule.when.openFinding !== undefined) ? await unexemptedFindings(q, orgId, identity.id, now) : undefined;
  for (const rule of denyRules) {
    const outcome = denyOutcome(rule, findings);
    exemptions.push(...outcome.exempted);
    if (outcome.denies) denying.push({ rule, findingIds: outcome.findingIds });
  }
  if (denying.length > 0) {
    const reasons = denying.map(({ rule, findingIds }): DecisionReason => ({ code: 'deny_rule', ruleId: rule.id, ruleName: rule.name, ...(findingIds.length > 0 ? { findingIds } : {}) }));
    return denied([...reasons, ...exemptions], denying.map(({ rule }) => rule.id));
  }

  const grants = (await grantsInForce(q, orgId, identity.id, now)).filter(
    (grant) => matchesAnyPattern(grant.actions, question.action) && matchesAnyPattern(grant.resources, question.resource),
  );
  const allowRules = matching.filter((rule) => rule.effect === 'allow');
  if (grants.length === 0 && allowRules.length === 0) return denied([{ code: 'no_allowance' }, ...exemptions]);
  return {
    decision: 'allow',
    reasons: [
      ...grants.map((grant): DecisionReason => ({ code: 'grant', grantId: grant.id })),
      ...allowRules.map((rule): DecisionReason => ({ code: 'allow_rule', ruleId: rule.id, ruleName: rule.name })),
      ...exemptions,
    ],
    ruleIds: allowRules.map((rule) => rule.id),
    grantIds: grants.map((grant) => grant.id),
  };
}

interface FindingsWeighed {
  unexempted: OpenFinding[];
  exempted: { finding: OpenFinding; exceptionId: string }[];
}

/** The identity's unsettled findings, split by whether an exception in force for their policy exempts them. */
async function unexemptedFindings(q: Queryable, orgId: OrgId, identityId: string, now: Date): Promise<FindingsWeighed> {
  const findings = await openFindingsOf(q, orgId, identityId, now);
  if (findings.length === 0) return { unexempted: [], exempted: [] };
  const exceptionByPolicy = new Map((await exceptionsInForce(q, orgId, identityId, now)).map((exception) => [exception.policy, exception.id]));
  const result: FindingsWeighed = { unexempted: [], exempted: [] };
  for (const finding of findings) {
    const exceptionId = exceptionByPolicy.get(finding.policy);
    if (exceptionId === undefined) result.unexempted.push(finding);
    else result.exempted.push({ finding, exceptionId });
  }
  return result;
}

function denyOutcome(rule: RuntimeRule, findings: FindingsWeighed | undefined): { denies: boolean; findingIds: string[]; exempted: DecisionReason[] } {
  const condition = rule.when.openFinding;
  if (condition === undefined || findings === undefined) return { denies: true, findingIds: [], exempted: [] };
  const named = findingsNamed(condition, findings.unexempted);
  const exempted = findings.exempted
    .filter(({ finding }) => findingsNamed(condition, [finding]).length > 0)
    .map(({ finding, exceptionId }): DecisionReason => ({ code: 'finding_exempted', ruleId: rule.id, ruleName: rule.name, findingId: finding.id, policy: finding.policy, exceptionId }));
  return { denies: named.length > 0, findingIds: named.map((finding) => finding.id), exempted };
}
