import { describeCondition, wireRules, type ApiRules } from './rules';

/** A version's rules in words: each rule's effect and its conditions joined by "and". */
export function RulesSummary({ rules }: { rules: ApiRules }) {
  return (
    <ol className="rules-summary">
      {wireRules(rules).map((rule) => (
        <li key={rule.name}>
          <strong>{rule.name}</strong> ({rule.effect}): {rule.when.length === 0 ? 'every finding that is not suppressed' : rule.when.map(describeCondition).join(' and ')}
        </li>
      ))}
    </ol>
  );
}
