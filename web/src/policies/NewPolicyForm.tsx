import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { useExpectedOrganization } from '../session/hooks';
import { RulesEditor } from './RulesEditor';
import { emptyRule, toWire, type DraftRule } from './rules';

/** A new policy with version 1 of its rules; enabling it disables the policy enabled before. */
export function NewPolicyForm({ onCancel }: { onCancel: () => void }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [rules, setRules] = useState<DraftRule[]>([emptyRule()]);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/policies', { body: { name: name.trim(), description: description.trim() === '' ? null : description, enabled, rules: toWire(rules) } })),
    onSuccess: (policy) => {
      void queryClient.invalidateQueries({ queryKey: ['policies', organization] });
      void navigate({ to: '/policies/$policyId', params: { policyId: policy.id } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="new-policy">
      <h2 id="new-policy">New policy</h2>
      <label>
        Policy name
        <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Description (optional)
        <textarea maxLength={1000} rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <RulesEditor rules={rules} onChange={setRules} />
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Enable it now (verdicts use the one enabled policy)
      </label>
      {create.isError && <ErrorMessage error={create.error} />}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create the policy'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
