import { emptyCondition, emptyRule, FIELDS, type ConditionChoice, type DraftCondition, type DraftRule } from './rules';

/**
 * The rules of a policy version, edited as a form: each rule's name, effect and
 * conditions (all must hold). Every control is labelled with its rule's and condition's
 * number, so a screen reader tells the many alike apart.
 */
export function RulesEditor({ rules, onChange }: { rules: DraftRule[]; onChange: (rules: DraftRule[]) => void }) {
  const update = (index: number, rule: DraftRule) => onChange(rules.map((current, at) => (at === index ? rule : current)));
  return (
    <fieldset className="rules">
      <legend>Rules</legend>
      {rules.map((rule, index) => (
        <RuleEditor
          key={rule.key}
          number={index + 1}
          rule={rule}
          onChange={(changed) => update(index, changed)}
          onRemove={rules.length > 1 ? () => onChange(rules.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      <button type="button" className="secondary" onClick={() => onChange([...rules, emptyRule()])}>
        Add a rule
      </button>
    </fieldset>
  );
}

function RuleEditor({ number, rule, onChange, onRemove }: { number: number; rule: DraftRule; onChange: (rule: DraftRule) => void; onRemove: (() => void) | undefined }) {
  const setCondition = (index: number, condition: DraftCondition) => onChange({ ...rule, when: rule.when.map((current, at) => (at === index ? condition : current)) });
  return (
    <fieldset className="rule">
      <legend>Rule {number}</legend>
      <div className="rule-head">
        <label>
          Name
          <input required maxLength={100} value={rule.name} onChange={(event) => onChange({ ...rule, name: event.target.value })} />
        </label>
        <label>
          Effect
          <select value={rule.effect} onChange={(event) => onChange({ ...rule, effect: event.target.value as DraftRule['effect'] })}>
            <option value="block">block: the verdict blocks when it matches</option>
            <option value="warn">warn: only count the matches</option>
          </select>
        </label>
      </div>
      {rule.when.length === 0 && <p className="muted">No condition: matches every finding that is not suppressed.</p>}
      {rule.when.map((condition, index) => (
        <ConditionEditor
          key={index}
          label={`Rule ${number}, condition ${index + 1}`}
          condition={condition}
          onChange={(changed) => setCondition(index, changed)}
          onRemove={() => onChange({ ...rule, when: rule.when.filter((_, at) => at !== index) })}
        />
      ))}
      <div className="actions">
        <button type="button" className="secondary" onClick={() => onChange({ ...rule, when: [...rule.when, emptyCondition()] })}>
          Add a condition
        </button>
        {onRemove && (
          <button type="button" className="secondary" onClick={onRemove}>
            Remove rule {number}
          </button>
        )}
      </div>
    </fieldset>
  );
}

function ConditionEditor({ label, condition, onChange, onRemove }: { label: string; condition: DraftCondition; onChange: (condition: DraftCondition) => void; onRemove: () => void }) {
  const field = FIELDS[condition.choice]!;
  const chosen = new Set(condition.value.split(',').filter((item) => item !== ''));
  const toggle = (item: string, values: readonly string[]) => {
    if (chosen.has(item)) chosen.delete(item);
    else chosen.add(item);
    onChange({ ...condition, value: values.filter((value) => chosen.has(value)).join(',') });
  };
  const valueControl =
    typeof field.value === 'object' ? (
      <fieldset className="choice">
        <legend className="visually-hidden">{`${label}: values`}</legend>
        {field.value.list.map((item, _, all) => (
          <label key={item}>
            <input type="checkbox" checked={chosen.has(item)} onChange={() => toggle(item, all)} />
            {item}
          </label>
        ))}
      </fieldset>
    ) : field.value === 'severity' ? (
      <select aria-label={`${label}: value`} value={condition.value} onChange={(event) => onChange({ ...condition, value: event.target.value })}>
        {['critical', 'high', 'medium', 'low', 'none'].map((severity) => (
          <option key={severity} value={severity}>
            {severity}
          </option>
        ))}
      </select>
    ) : (
      <input
        aria-label={`${label}: value`}
        type={field.value === 'number' ? 'number' : 'text'}
        step="any"
        value={condition.value}
        onChange={(event) => onChange({ ...condition, value: event.target.value })}
      />
    );
  return (
    <div className="condition" role="group" aria-label={label}>
      <select
        aria-label={`${label}: test`}
        value={condition.choice}
        onChange={(event) => onChange({ choice: event.target.value as ConditionChoice, value: event.target.value === 'severity_at_least' ? 'critical' : '' })}
      >
        {Object.entries(FIELDS).map(([choice, described]) => (
          <option key={choice} value={choice}>
            {described.label}
          </option>
        ))}
      </select>
      {valueControl}
      <button type="button" className="secondary" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
        Remove
      </button>
      {field.hint && <p className="hint">{field.hint}</p>}
    </div>
  );
}
