// The runtime rule language (docs/decisions/nhi-governance.md "Runtime
// decisions"). api/modules/nhi-runtime.yaml (NhiRuntimeRuleDefinition) is its
// definition and validates every field and value type before a handler runs; the
// types here are its. What a schema cannot say is checked here with the path of the
// fault, and a rule is rebuilt field by field before it is stored, so it reads back
// the same whatever key order a client sent.
//
// A rule matches a question when every list it gives matches (an absent list matches
// anything) and its `when` holds. Deny overrides allow, so rules have no order.
import type { components } from '../../../api/openapi.js';
import { validationFailed } from '../../platform/errors.js';
import { FINDING_SEVERITIES, type FindingSeverity, type OpenFinding } from '../findings/index.js';

/** A rule as a client writes it: the document's NhiRuntimeRuleDefinition; its match lists and condition are its `match` and `when`. */
export type NhiRuntimeRuleDefinition = components['schemas']['NhiRuntimeRuleDefinition'];

const MATCH_FIELDS = ['identityKinds', 'providers', 'connectorIds', 'actions', 'resources'] as const;

/** The rule as the document admitted it, checked for what the schema cannot express and rebuilt in one canonical shape. */
export function canonicalRule(rule: NhiRuntimeRuleDefinition): NhiRuntimeRuleDefinition {
  const problems: string[] = [];
  for (const field of MATCH_FIELDS) {
    const values = rule.match[field];
    if (values === undefined) continue;
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (seen.has(value)) problems.push(`match.${field}[${index}]: "${value}" is listed twice`);
      seen.add(value);
    });
  }
  if (rule.when?.openFinding !== undefined && rule.effect === 'allow') {
    problems.push('when.openFinding: an open finding is a reason to deny: only a deny rule may name it');
  }
  if (problems.length > 0) throw validationFailed(`invalid rule: ${problems.join('; ')}`, { problems });

  const match: NhiRuntimeRuleDefinition['match'] = {};
  for (const field of MATCH_FIELDS) if (rule.match[field] !== undefined) match[field] = [...rule.match[field]!];
  const openFinding = rule.when?.openFinding;
  return {
    name: rule.name,
    effect: rule.effect,
    enabled: rule.enabled,
    match,
    ...(openFinding === undefined
      ? {}
      : {
          when: {
            openFinding: {
              ...(openFinding.policy === undefined ? {} : { policy: openFinding.policy }),
              ...(openFinding.severityAtLeast === undefined ? {} : { severityAtLeast: openFinding.severityAtLeast }),
            },
          },
        }),
  };
}

/** Whether `value` matches the pattern: `*` is any run of characters (none included), the rest is compared exactly. */
function matchesPattern(pattern: string, value: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === value;
  const [first, ...rest] = parts;
  const last = rest.pop()!;
  if (!value.startsWith(first!) || !value.endsWith(last) || value.length < first!.length + last.length) return false;
  let position = first!.length;
  const end = value.length - last.length;
  for (const part of rest) {
    const found = value.indexOf(part, position);
    if (found === -1 || found + part.length > end) return false;
    position = found + part.length;
  }
  return true;
}

export const matchesAnyPattern = (patterns: readonly string[], value: string): boolean => patterns.some((pattern) => matchesPattern(pattern, value));

export interface RuleSubject {
  identity: { kind: string; provider: string; connectorId: string };
  action: string;
  resource: string;
}

/** Whether the rule's match lists all admit the question (its `when` aside). */
export function ruleMatches(match: NhiRuntimeRuleDefinition['match'], subject: RuleSubject): boolean {
  const listed = (values: readonly string[] | undefined, value: string) => values === undefined || values.includes(value);
  return (
    listed(match.identityKinds, subject.identity.kind) &&
    listed(match.providers, subject.identity.provider) &&
    listed(match.connectorIds, subject.identity.connectorId) &&
    (match.actions === undefined || matchesAnyPattern(match.actions, subject.action)) &&
    (match.resources === undefined || matchesAnyPattern(match.resources, subject.resource))
  );
}

const severityRank = (severity: FindingSeverity): number => FINDING_SEVERITIES.length - FINDING_SEVERITIES.indexOf(severity);

/** The findings an openFinding condition names: of its policy (any when absent), at or above its severity. */
export function findingsNamed(condition: NonNullable<NonNullable<NhiRuntimeRuleDefinition['when']>['openFinding']>, findings: readonly OpenFinding[]): OpenFinding[] {
  return findings.filter(
    (finding) =>
      (condition.policy === undefined || finding.policy === condition.policy) &&
      (condition.severityAtLeast === undefined || severityRank(finding.severity) >= severityRank(condition.severityAtLeast)),
  );
}
