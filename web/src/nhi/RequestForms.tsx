// The three requests a person may make about an identity: a grant of actions on resources
// for a period, an exception from one policy until a date, and a remediation action.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { FormEnd } from './FormEnd';
import { IdentityPicker } from './choices';
import { commaList, dayFromNow, endOfDay, words } from './labels';

export const MODULE_POLICIES = ['stale_identity', 'long_lived_access_key', 'tool_definition_changed'] as const;
const REMEDIATION_ACTIONS = ['manual', 'disable_access_key', 'delete_service_account_token', 'revoke_tool_approval'] as const;

function RequestForm({ label, submitLabel, send, onDone, children }: { label: string; submitLabel: string; send: () => Promise<unknown>; onDone: () => void; children: ReactNode }) {
  const request = useMutation({ mutationFn: send, onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-label={label}>
      {children}
      <FormEnd mutation={request} submitLabel={submitLabel} onCancel={onDone} />
    </form>
  );
}

function EndsField({ value, onChange, label }: { value: string; onChange: (day: string) => void; label: string }) {
  return (
    <label>
      {label}
      <input type="date" required min={dayFromNow(0)} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

export function GrantRequestForm({ onDone }: { onDone: () => void }) {
  const [identityId, setIdentityId] = useState('');
  const [actions, setActions] = useState('');
  const [resources, setResources] = useState('');
  const [justification, setJustification] = useState('');
  const [ends, setEnds] = useState(dayFromNow(7));
  const send = async () =>
    unwrap(await api.POST('/nhi/api/v1/grants', { body: { identityId, actions: commaList(actions), resources: commaList(resources), justification: justification.trim(), endsAt: endOfDay(ends) } }));
  return (
    <RequestForm label="Ask for a grant" submitLabel="Ask for the grant" send={send} onDone={onDone}>
      <IdentityPicker value={identityId} onChange={setIdentityId} />
      <label>
        Actions
        <input required value={actions} placeholder="s3:GetObject, tools/call" onChange={(event) => setActions(event.target.value)} />
        <span className="hint">Separated by commas; `*` matches any run of characters.</span>
      </label>
      <label>
        Resources
        <input required value={resources} placeholder="arn:aws:s3:::reports/*" onChange={(event) => setResources(event.target.value)} />
        <span className="hint">Separated by commas; `*` matches any run of characters.</span>
      </label>
      <label>
        Justification
        <textarea required maxLength={2000} rows={2} value={justification} onChange={(event) => setJustification(event.target.value)} />
      </label>
      <EndsField label="Ends on (at most 90 days)" value={ends} onChange={setEnds} />
    </RequestForm>
  );
}

export function ExceptionRequestForm({ onDone }: { onDone: () => void }) {
  const [identityId, setIdentityId] = useState('');
  const [policy, setPolicy] = useState<string>(MODULE_POLICIES[0]);
  const [reason, setReason] = useState('');
  const [ends, setEnds] = useState(dayFromNow(30));
  const send = async () => unwrap(await api.POST('/nhi/api/v1/exceptions', { body: { identityId, policy, reason: reason.trim(), endsAt: endOfDay(ends) } }));
  return (
    <RequestForm label="Ask for a policy exception" submitLabel="Ask for the exception" send={send} onDone={onDone}>
      <IdentityPicker value={identityId} onChange={setIdentityId} />
      <label>
        Policy
        <select value={policy} onChange={(event) => setPolicy(event.target.value)}>
          {MODULE_POLICIES.map((name) => (
            <option key={name} value={name}>
              {words(name)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Reason
        <textarea required maxLength={2000} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <EndsField label="Ends on" value={ends} onChange={setEnds} />
    </RequestForm>
  );
}

export function RemediationRequestForm({ onDone }: { onDone: () => void }) {
  const [identityId, setIdentityId] = useState('');
  const [action, setAction] = useState<string>(REMEDIATION_ACTIONS[0]);
  const [reason, setReason] = useState('');
  const [dryRun, setDryRun] = useState(false);
  const send = async () => unwrap(await api.POST('/nhi/api/v1/remediations', { body: { identityId, action, reason: reason.trim(), dryRun } }));
  return (
    <RequestForm label="Ask for a remediation" submitLabel="Ask for the remediation" send={send} onDone={onDone}>
      <IdentityPicker value={identityId} onChange={setIdentityId} />
      <label>
        Action
        <select value={action} onChange={(event) => setAction(event.target.value)}>
          {REMEDIATION_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {words(name)}
            </option>
          ))}
        </select>
        <span className="hint">Manual suits every kind: it is recorded for a person to carry out.</span>
      </label>
      <label>
        Reason
        <textarea required maxLength={2000} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        Dry run: plan it, change nothing at the provider
      </label>
    </RequestForm>
  );
}
