// The policy rule language (spec 2.7). api/modules/policies.yaml (PolicyRule,
// PolicyCondition) is its definition and validates every field, operator and
// value type before a handler runs; these types mirror it. What a schema cannot
// say (rule names unique within a version) is checked here, and rules are
// rewritten in one canonical shape before they are stored.
import type { Fixability, ObservationKind, Severity } from '../findings/index.js';
import { validationFailed } from '../platform/errors.js';

/** Statuses a rule can test. Suppressed findings never reach a rule; resolved ones are not among a scan's findings. */
type RuleStatus = 'open' | 'triaged' | 'reopened';
export type SeverityThreshold = Exclude<Severity, 'unknown'>;

export type Condition =
  | { field: 'kind'; op: 'in'; value: ObservationKind[] }
  | { field: 'severity'; op: 'at_least'; value: SeverityThreshold }
  | { field: 'severity'; op: 'in'; value: Severity[] }
  | { field: 'fixability'; op: 'in'; value: Fixability[] }
  | { field: 'status'; op: 'in'; value: RuleStatus[] }
  | { field: 'cvss'; op: 'at_least'; value: number }
  | { field: 'first_seen_age_days'; op: 'at_least'; value: number }
  | { field: 'advisory'; op: 'in'; value: string[] }
  | { field: 'component'; op: 'in'; value: string[] };

export type ConditionField = Condition['field'];

export interface Rule {
  name: string;
  effect: 'block' | 'warn';
  /** All must hold (AND); empty matches every finding that is not suppressed. */
  when: Condition[];
}

/**
 * Rules as the document admitted them, checked for what it cannot express and
 * rebuilt field by field, so the stored form (and the key order a version is
 * read back in) never depends on how a client spelled its JSON.
 */
export function canonicalRules(rules: readonly Rule[]): Rule[] {
  const problems: string[] = [];
  const firstByName = new Map<string, number>();
  rules.forEach((rule, index) => {
    const first = firstByName.get(rule.name);
    if (first === undefined) firstByName.set(rule.name, index);
    else problems.push(`rules[${index}].name: "${rule.name}" is already the name of rules[${first}]; a verdict reports rules by name`);
  });
  if (problems.length > 0) throw validationFailed(`invalid rules: ${problems.join('; ')}`, { problems });
  return rules.map((rule) => ({
    name: rule.name,
    effect: rule.effect,
    when: rule.when.map((condition) => ({ field: condition.field, op: condition.op, value: condition.value }) as Condition),
  }));
}
