import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';
import { holds, type ActingOrganization } from './access';

/** The grantable scopes this person holds themselves: the API refuses to grant any other. */
function ScopeChoice({ organization, chosen, onChange }: { organization: ActingOrganization; chosen: string[]; onChange: (scopes: string[]) => void }) {
  const expected = useExpectedOrganization();
  const scopes = useQuery({ queryKey: ['grantable-scopes', expected], queryFn: async () => unwrap(await api.GET('/api/v1/api-keys/scopes')).scopes });
  if (scopes.isPending) return <Loading what="scopes" />;
  if (scopes.isError) return <ErrorMessage error={scopes.error} />;
  const grantable = scopes.data.filter((scope) => holds(organization, scope.name));
  return (
    <fieldset className="choice scopes">
      <legend>Scopes (only those your role holds can be granted)</legend>
      {grantable.map((scope) => (
        <label key={scope.name}>
          <input
            type="checkbox"
            checked={chosen.includes(scope.name)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, scope.name] : chosen.filter((name) => name !== scope.name))}
          />
          <code>{scope.name}</code>
          <span className="muted">{scope.description}</span>
        </label>
      ))}
    </fieldset>
  );
}

const DAY = 24 * 60 * 60 * 1000;
/** The day an expiry in `days` falls on, as a date field takes it. */
const dayIn = (days: number): string => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** An expiry date: required, tomorrow at the earliest, at most 365 days away (the API's bounds). */
function ExpiryField({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  return (
    <label>
      Expires on (at most a year away)
      <input type="date" required min={dayIn(1)} max={dayIn(365)} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The end of the chosen day in UTC, as the API's timestamp. */
const expiryOf = (day: string): string => `${day}T23:59:59Z`;

/** What an API key or a workload is issued with. */
export interface Delegation {
  name: string;
  scopes: string[];
  expires_at: string;
}

/**
 * The form that issues an API key or delegates to a workload: a name, the scopes, an expiry.
 * The page shows the secret in its place once `issue` succeeds, so each new form starts empty.
 */
export function DelegationForm({
  organization,
  title,
  nameLabel,
  submitLabel,
  busyLabel,
  issue,
}: {
  organization: ActingOrganization;
  title: string;
  nameLabel: string;
  submitLabel: string;
  busyLabel: string;
  issue: UseMutationResult<unknown, Error, Delegation>;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState(() => dayIn(90));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate({ name: name.trim(), scopes, expires_at: expiryOf(expiry) });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <label>
        {nameLabel}
        <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <ScopeChoice organization={organization} chosen={scopes} onChange={setScopes} />
      <ExpiryField value={expiry} onChange={setExpiry} />
      {issue.isError && <ErrorMessage error={issue.error} />}
      <button type="submit" disabled={issue.isPending || scopes.length === 0}>
        {issue.isPending ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
