import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { holds } from '../admin/access';
import { CopyableValue } from '../admin/CopyableValue';
import { Permitted } from '../admin/Permitted';

type Domain = components['schemas']['ClaimedDomain'];
const domainsKey = (organization: string | undefined) => ['identity-domains', organization];

/** Claimed domains: the TXT record that proves each, a button that looks it up, and the state it is in. */
export function DomainsPage() {
  return (
    <Permitted permission="identity:read" title="Domains">
      {(me) => <Domains manages={holds(me.acting_organization, 'identity:manage')} />}
    </Permitted>
  );
}

function Domains({ manages }: { manages: boolean }) {
  const expected = useExpectedOrganization();
  const domains = useQuery({
    queryKey: domainsKey(expected),
    queryFn: async () => unwrap(await api.GET('/api/v1/identity/domains', { params: { query: { limit: '200' } } })),
  });
  return (
    <>
      <p>
        Single sign-on signs people in, and enforcement applies, only for addresses in domains the organization has verified. Publish the TXT record in your DNS,
        then verify; keep it published, as it is checked again every day.
      </p>
      {manages && <ClaimForm />}
      {domains.isPending && <Loading what="domains" />}
      {domains.isError && <ErrorMessage error={domains.error} />}
      {domains.isSuccess &&
        (domains.data.items.length === 0 ? (
          <p className="empty">No domains claimed yet.</p>
        ) : (
          domains.data.items.map((domain) => <DomainCard key={domain.id} domain={domain} manages={manages} />)
        ))}
    </>
  );
}

function ClaimForm() {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState('');
  const claim = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/identity/domains', { body: { domain: domain.trim() } })),
    onSuccess: () => {
      setDomain('');
      return queryClient.invalidateQueries({ queryKey: domainsKey(expected) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate();
  };
  return (
    <form className="form inline-form" onSubmit={submit} aria-label="Claim a domain">
      <label>
        Domain to claim
        <input required maxLength={300} placeholder="example.com" value={domain} onChange={(event) => setDomain(event.target.value)} />
      </label>
      <button type="submit" disabled={claim.isPending}>
        Claim
      </button>
      {claim.isError && <ErrorMessage error={claim.error} />}
    </form>
  );
}

const STATE: Record<Domain['state'], string> = { pending: 'Pending verification', expired: 'Token expired: issue a new one', verified: 'Verified' };

function DomainCard({ domain, manages }: { domain: Domain; manages: boolean }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: domainsKey(expected) });
  const path = { params: { path: { id: domain.id } } };
  const verify = useMutation({ mutationFn: async () => unwrap(await api.POST('/api/v1/identity/domains/{id}/verify', path)), onSettled: refresh });
  const reissue = useMutation({ mutationFn: async () => unwrap(await api.POST('/api/v1/identity/domains/{id}/token', path)), onSuccess: refresh });
  const release = useMutation({ mutationFn: async () => unwrap(await api.DELETE('/api/v1/identity/domains/{id}', path)), onSuccess: refresh });
  const failure = verify.error ?? reissue.error ?? release.error;
  return (
    <section className="card" aria-labelledby={`domain-${domain.id}`}>
      <h2 id={`domain-${domain.id}`} className="reference">
        {domain.domain} <span className={`state domain-${domain.state}`}>{STATE[domain.state]}</span>
      </h2>
      {domain.state !== 'verified' && <p>Publish this TXT record, then verify. The value can verify the claim until <Timestamp value={domain.verification.token_expires_at} />.</p>}
      <CopyableValue label={`TXT record name for ${domain.domain}`} value={domain.verification.name} />
      <CopyableValue label={`TXT record value for ${domain.domain}`} value={domain.verification.value} />
      <dl className="facts">
        <dt>Verified</dt>
        <dd>
          <Timestamp value={domain.verified_at} />
        </dd>
        <dt>Last checked</dt>
        <dd>
          <Timestamp value={domain.last_checked_at} />
        </dd>
        {domain.last_check_error !== null && (
          <>
            <dt>Last check found</dt>
            <dd>{domain.last_check_error}</dd>
          </>
        )}
      </dl>
      {manages && (
        <div className="actions">
          {domain.state !== 'verified' && (
            <button type="button" disabled={verify.isPending} onClick={() => verify.mutate()} aria-label={`Verify ${domain.domain}`}>
              {verify.isPending ? 'Looking up the record…' : 'Verify'}
            </button>
          )}
          {domain.state !== 'verified' && (
            <button type="button" className="secondary" disabled={reissue.isPending} onClick={() => reissue.mutate()} aria-label={`New token for ${domain.domain}`}>
              New token
            </button>
          )}
          <button type="button" className="secondary" disabled={release.isPending} onClick={() => release.mutate()} aria-label={`Release ${domain.domain}`}>
            Release
          </button>
        </div>
      )}
      {failure && <ErrorMessage error={failure} />}
    </section>
  );
}
