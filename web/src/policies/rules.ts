// A policy's rules as the editor holds them, and their wire shape (api/modules/policies.yaml,
// PolicyRule). Conditions are written here by hand: openapi-typescript reads the document's
// discriminator as the mapping's schema names ("PolicyConditionKind"), not the field values
// the API takes ("kind"), so the generated condition types cannot be built or read.
import type { components } from '../../../api/openapi';

export type ApiRules = components['schemas']['PolicyRules'];

/** A condition on the wire: the field selects the operators and the value's type. */
export interface WireCondition {
  field: string;
  op: string;
  value: string | number | string[];
}
export interface WireRule {
  name: string;
  effect: 'block' | 'warn';
  when: WireCondition[];
}

type ValueKind = { list: readonly string[] } | 'text-list' | 'number' | 'severity';

/** What the editor offers per field: its operator and how its value is entered. */
export const FIELDS: Record<string, { label: string; op: string; value: ValueKind; hint?: string }> = {
  severity_at_least: { label: 'severity at least', op: 'at_least', value: 'severity', hint: 'An unknown severity always meets the threshold.' },
  severity: { label: 'severity is one of', op: 'in', value: { list: ['critical', 'high', 'medium', 'low', 'none', 'unknown'] } },
  kind: { label: 'kind is one of', op: 'in', value: { list: ['vulnerability', 'secret', 'misconfiguration'] } },
  fixability: { label: 'fixability is one of', op: 'in', value: { list: ['fixable', 'unfixable', 'unknown'] } },
  status: { label: 'status is one of', op: 'in', value: { list: ['open', 'triaged', 'reopened'] } },
  cvss: { label: 'CVSS score at least', op: 'at_least', value: 'number', hint: '0 to 10; a finding without a score never matches.' },
  first_seen_age_days: { label: 'days since first seen at least', op: 'at_least', value: 'number' },
  advisory: { label: 'advisory is one of', op: 'in', value: 'text-list', hint: 'Identifiers or aliases, separated by commas.' },
  component: { label: 'package is one of', op: 'in', value: 'text-list', hint: 'Package names, separated by commas.' },
};
export type ConditionChoice = keyof typeof FIELDS;

/** A condition being edited: the value as typed (a list joined with commas). */
export interface DraftCondition {
  choice: ConditionChoice;
  value: string;
}
export interface DraftRule {
  /** A key for React only: rules are reordered and removed while edited. */
  key: string;
  name: string;
  effect: 'block' | 'warn';
  when: DraftCondition[];
}

let nextKey = 0;
const newKey = () => `rule-${(nextKey += 1)}`;

export const emptyRule = (): DraftRule => ({ key: newKey(), name: '', effect: 'block', when: [{ choice: 'severity_at_least', value: 'critical' }] });

export const emptyCondition = (): DraftCondition => ({ choice: 'severity_at_least', value: 'critical' });

/** The field a choice writes on the wire (both severity choices write `severity`). */
const wireField = (choice: ConditionChoice): string => (choice === 'severity_at_least' ? 'severity' : choice);

export function toDraft(rules: readonly WireRule[]): DraftRule[] {
  return rules.map((rule) => ({
    key: newKey(),
    name: rule.name,
    effect: rule.effect,
    when: rule.when.map((condition) => ({
      choice: condition.field === 'severity' && condition.op === 'at_least' ? 'severity_at_least' : condition.field,
      value: Array.isArray(condition.value) ? condition.value.join(',') : String(condition.value),
    })),
  }));
}

/** The rules as the API takes them. Values are sent as entered: the API's validation explains what it refuses. */
export function toWire(rules: readonly DraftRule[]): ApiRules {
  const wire: WireRule[] = rules.map((rule) => ({
    name: rule.name.trim(),
    effect: rule.effect,
    when: rule.when.map(({ choice, value }) => {
      const { op, value: kind } = FIELDS[choice]!;
      const typed = kind === 'number' ? Number(value) : kind === 'severity' ? value : value.split(',').map((item) => item.trim()).filter((item) => item !== '');
      return { field: wireField(choice), op, value: typed };
    }),
  }));
  return wire as unknown as ApiRules;
}

/** A condition in words, for the versions list and the policy's summary. */
export function describeCondition(condition: WireCondition): string {
  const choice = condition.field === 'severity' && condition.op === 'at_least' ? 'severity_at_least' : condition.field;
  const label = FIELDS[choice]?.label ?? `${condition.field} ${condition.op}`;
  return `${label} ${Array.isArray(condition.value) ? condition.value.join(', ') : String(condition.value)}`;
}

export const wireRules = (rules: ApiRules): WireRule[] => rules as unknown as WireRule[];
