import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { FormEnd } from './FormEnd';
import { commaList, PROVIDERS, providerLabel } from './labels';

type Match = components['schemas']['NhiRuntimeRuleMatch'];

/** A runtime rule: allow or deny what matches (every list given must match; an empty one matches anything). */
export function NewRuntimeRuleForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [effect, setEffect] = useState<'allow' | 'deny'>('deny');
  const [providers, setProviders] = useState<string[]>([]);
  const [kinds, setKinds] = useState('');
  const [actions, setActions] = useState('');
  const [resources, setResources] = useState('');
  const [openFinding, setOpenFinding] = useState(false);
  const create = useMutation({
    mutationFn: async () => {
      const match: Match = {
        ...(providers.length > 0 ? { providers } : {}),
        ...(commaList(kinds).length > 0 ? { identityKinds: commaList(kinds) } : {}),
        ...(commaList(actions).length > 0 ? { actions: commaList(actions) } : {}),
        ...(commaList(resources).length > 0 ? { resources: commaList(resources) } : {}),
      };
      return unwrap(
        await api.POST('/nhi/api/v1/runtime/rules', { body: { name: name.trim(), effect, enabled: true, match, ...(effect === 'deny' && openFinding ? { when: { openFinding: {} } } : {}) } }),
      );
    },
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-label="New runtime rule">
      <label>
        Name
        <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Effect
        <select value={effect} onChange={(event) => setEffect(event.target.value === 'allow' ? 'allow' : 'deny')}>
          <option value="deny">Deny</option>
          <option value="allow">Allow</option>
        </select>
      </label>
      <fieldset className="choice">
        <legend>Providers (none: any)</legend>
        {PROVIDERS.map((provider) => (
          <label key={provider}>
            <input
              type="checkbox"
              checked={providers.includes(provider)}
              onChange={(event) => setProviders(event.target.checked ? [...providers, provider] : providers.filter((item) => item !== provider))}
            />
            {providerLabel(provider)}
          </label>
        ))}
      </fieldset>
      <label>
        Identity kinds (optional)
        <input value={kinds} placeholder="mcp_tool" onChange={(event) => setKinds(event.target.value)} />
      </label>
      <label>
        Actions (optional)
        <input value={actions} placeholder="tools/call, s3:*" onChange={(event) => setActions(event.target.value)} />
      </label>
      <label>
        Resources (optional)
        <input value={resources} placeholder="arn:aws:s3:::payroll/*" onChange={(event) => setResources(event.target.value)} />
        <span className="hint">Lists are separated by commas; `*` matches any run of characters.</span>
      </label>
      {effect === 'deny' && (
        <label className="checkbox">
          <input type="checkbox" checked={openFinding} onChange={(event) => setOpenFinding(event.target.checked)} />
          Only while the identity has an unsettled finding
        </label>
      )}
      <FormEnd mutation={create} submitLabel="Create rule" onCancel={onDone} />
    </form>
  );
}
