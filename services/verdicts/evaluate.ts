// Rule evaluation: pure, no I/O. A verdict counts, for every rule of a policy
// version, the scan's findings that meet all of its conditions; a block rule
// with at least one match blocks the release.
//
// Findings arrive as groups of identical facets with a count (the summary query
// collapses findings that look the same to the policy), so the same function
// serves one finding (count 1) and ten thousand.
import type { components } from '../../api/openapi.js';
import type { Condition, Rule, SeverityThreshold } from '../policies/index.js';

/**
 * What a rule can see of one finding. From a summary query, a facet holds only what
 * the rules can tell apart (see Distinctions); cvss and first_seen_age_days are null
 * when the evidence has no score or the finding no first sighting.
 */
export interface FindingFacets {
  kind: string | null;
  severity: string | null;
  fixability: string | null;
  status: string;
  cvss: number | null;
  /** Whole days from the finding's first sighting to the scan's completion. */
  firstSeenAgeDays: number | null;
  /** The advisory identifier and its aliases, in any case. */
  advisories: readonly string[] | null;
  component: string | null;
}

export interface FacetGroup {
  facets: FindingFacets;
  count: number;
}

/** One rule's outcome (blocking: effect block and at least one match): an entry of the document's Verdict.rules. */
export type RuleOutcome = components['schemas']['Verdict']['rules'][number];

export interface Evaluation {
  /** Findings the rules were applied to: every finding of the scan except suppressed ones. */
  evaluatedFindings: number;
  suppressedFindings: number;
  rules: RuleOutcome[];
  blocking: boolean;
}

const thresholdRank: Record<SeverityThreshold, number> = { critical: 4, high: 3, medium: 2, low: 1, none: 0 };

/**
 * at_least on severity: an unknown severity meets every threshold. Unknown means
 * the evidence does not establish a severity (spec 2.5); it could be critical, so
 * it must not slip under a threshold. A policy that wants otherwise lists the
 * severities it means with `in`, where unknown matches only when listed.
 */
function severityAtLeast(severity: string | null, threshold: SeverityThreshold): boolean {
  if (severity === null) return false;
  if (severity === 'unknown') return true;
  const rank = thresholdRank[severity as SeverityThreshold];
  return rank !== undefined && rank >= thresholdRank[threshold];
}

const among = (value: string | null, allowed: readonly string[]): boolean => value !== null && allowed.includes(value);


type Test = (facets: FindingFacets) => boolean;

/** A condition as a test of one finding, prepared once per evaluation (lists become sets). */
function compile(condition: Condition): Test {
  switch (condition.field) {
    case 'kind':
      return (f) => among(f.kind, condition.value);
    case 'severity': {
      if (condition.op === 'in') return (f) => among(f.severity, condition.value);
      const threshold = condition.value;
      return (f) => severityAtLeast(f.severity, threshold);
    }
    case 'fixability':
      return (f) => among(f.fixability, condition.value);
    case 'status':
      return (f) => among(f.status, condition.value);
    case 'cvss':
      // No score, no match: a rule about scores says nothing about unscored evidence (severity rules cover it).
      return (f) => f.cvss !== null && f.cvss >= condition.value;
    case 'first_seen_age_days':
      return (f) => f.firstSeenAgeDays !== null && f.firstSeenAgeDays >= condition.value;
    case 'advisory': {
      const wanted = new Set(condition.value.map((id) => id.toLowerCase()));
      return (f) => (f.advisories ?? []).some((id) => wanted.has(id.toLowerCase()));
    }
    case 'component': {
      const wanted = new Set(condition.value);
      return (f) => f.component !== null && wanted.has(f.component);
    }
  }
}

/** Whether one condition holds for a finding. */
export const conditionHolds = (condition: Condition, facets: FindingFacets): boolean => compile(condition)(facets);

/** Suppressed findings are set aside before any rule runs, whatever the rules say: a suppression is accepted risk. */
export function evaluatePolicy(rules: readonly Rule[], groups: Iterable<FacetGroup>): Evaluation {
  const tests = rules.map((rule) => rule.when.map(compile));
  const counts = rules.map(() => 0);
  let evaluatedFindings = 0;
  let suppressedFindings = 0;
  for (const { facets, count } of groups) {
    if (facets.status === 'suppressed') {
      suppressedFindings += count;
      continue;
    }
    evaluatedFindings += count;
    tests.forEach((conditions, index) => {
      if (conditions.every((holds) => holds(facets))) counts[index]! += count;
    });
  }
  const outcomes = rules.map((rule, index) => ({ name: rule.name, effect: rule.effect, match_count: counts[index]!, blocking: rule.effect === 'block' && counts[index]! > 0 }));
  return { evaluatedFindings, suppressedFindings, rules: outcomes, blocking: outcomes.some((outcome) => outcome.blocking) };
}

/** Every value listed by conditions on the field (advisories lower-cased): a facet naming none of them cannot match. */
export function valuesListed(rules: readonly Rule[], field: 'advisory' | 'component' | 'kind' | 'fixability' | 'status'): string[] {
  const listed = rules.flatMap((rule) => rule.when.flatMap((condition) => (condition.field === field ? condition.value : [])));
  return [...new Set(field === 'advisory' ? listed.map((id) => id.toLowerCase()) : listed)];
}

/**
 * What the rules can tell apart, facet by facet. Two findings that agree on these
 * answer every condition of the rules alike, so a summary query may collapse them:
 * a value no condition lists reads as null (status as '', since suppressed must stay
 * apart whatever the rules say), and a score or an age reads as the highest threshold
 * it reaches (null below every one), since at_least is the only test of a number.
 * Severity is kept whole where a condition ranks it (at_least), as unknown meets
 * every threshold.
 */
export interface Distinctions {
  kinds: string[];
  fixabilities: string[];
  /** Always holds 'suppressed'. */
  statuses: string[];
  /** Severities an `in` lists; ignored when `everySeverity`. */
  severities: string[];
  everySeverity: boolean;
  /** Ascending. */
  cvssThresholds: number[];
  /** Ascending. */
  ageThresholds: number[];
}

export function distinctionsOf(rules: readonly Rule[]): Distinctions {
  const conditions = rules.flatMap((rule) => rule.when);
  // Ascending: the summary query finds how many a value reaches with width_bucket.
  const thresholds = (field: 'cvss' | 'first_seen_age_days') =>
    [...new Set(conditions.flatMap((condition) => (condition.field === field ? [condition.value] : [])))].sort((x, y) => x - y);
  return {
    kinds: valuesListed(rules, 'kind'),
    fixabilities: valuesListed(rules, 'fixability'),
    statuses: [...new Set(['suppressed', ...valuesListed(rules, 'status')])],
    severities: [...new Set(conditions.flatMap((condition) => (condition.field === 'severity' && condition.op === 'in' ? condition.value : [])))],
    everySeverity: conditions.some((condition) => condition.field === 'severity' && condition.op === 'at_least'),
    cvssThresholds: thresholds('cvss'),
    ageThresholds: thresholds('first_seen_age_days'),
  };
}
