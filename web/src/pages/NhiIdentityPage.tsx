import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { LastUsed } from '../nhi/LastUsed';
import { providerLabel, words } from '../nhi/labels';
import { counterpartOf, useIdentity, useRelationships } from '../nhi/relationships';
import { useExpectedOrganization } from '../session/hooks';

type Identity = components['schemas']['Identity'];

/** One identity: kind, provider, last use (or "not reported"), its relationships, module findings and grants. */
export function NhiIdentityPage({ identityId }: { identityId: string }) {
  const identity = useIdentity(identityId);
  return (
    <>
      <p className="breadcrumb">
        <Link to="/nhi/identities" search={{}}>
          Inventory
        </Link>
      </p>
      {identity.isPending && <Loading what="the identity" />}
      {identity.isError && (
        <>
          <h1>Identity</h1>
          <ErrorMessage error={identity.error} />
        </>
      )}
      {identity.isSuccess && (
        <>
          <h1 className="reference">{identity.data.name}</h1>
          <IdentityFacts identity={identity.data} />
          <Relationships identity={identity.data} />
          <IdentityFindings identityId={identityId} />
          <IdentityGrants identityId={identityId} />
        </>
      )}
    </>
  );
}

function IdentityFacts({ identity }: { identity: Identity }) {
  const attributes = Object.entries(identity.attributes as Record<string, unknown>);
  return (
    <dl className="facts">
      <dt>Kind</dt>
      <dd>{words(identity.kind)}</dd>
      <dt>Provider</dt>
      <dd>{providerLabel(identity.provider)}</dd>
      <dt>Provider's identifier</dt>
      <dd>{identity.externalId}</dd>
      <dt>Last use</dt>
      <dd>
        <LastUsed value={identity.lastUsedAt} />
      </dd>
      <dt>Principal</dt>
      <dd>{identity.principalType === 'machine' ? 'machine' : 'the provider cannot tell (unknown)'}</dd>
      <dt>State</dt>
      <dd>
        {identity.state}
        {identity.removedAt !== null && (
          <>
            {' '}
            since <Timestamp value={identity.removedAt} />
          </>
        )}
      </dd>
      <dt>First seen</dt>
      <dd>
        <Timestamp value={identity.firstSeenAt} />
      </dd>
      <dt>Last seen</dt>
      <dd>
        <Timestamp value={identity.lastSeenAt} />
      </dd>
      {identity.fingerprint !== null && (
        <>
          <dt>Definition fingerprint</dt>
          <dd className="reference">{identity.fingerprint}</dd>
        </>
      )}
      <dt>Connector</dt>
      <dd>
        <Link to="/nhi/connectors/$connectorId" params={{ connectorId: identity.connectorId }}>
          The connector that collected it
        </Link>
      </dd>
      {attributes.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd className="reference">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Relationships({ identity }: { identity: Identity }) {
  const [cursor, setCursor] = useState<string>();
  const relationships = useRelationships(identity.id, cursor, 50);
  return (
    <section aria-labelledby="identity-relationships">
      <div className="page-title">
        <h2 id="identity-relationships">Relationships</h2>
        <Link to="/nhi/identities/$identityId/graph" params={{ identityId: identity.id }} className="button-link">
          Show as a graph
        </Link>
      </div>
      {relationships.isPending && <Loading what="relationships" />}
      {relationships.isError && <ErrorMessage error={relationships.error} />}
      {relationships.isSuccess &&
        (relationships.data.items.length === 0 ? (
          <p className="empty">No relationship recorded.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Relationships, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Relationship</th>
                <th scope="col">With</th>
                <th scope="col">State</th>
                <th scope="col">First seen</th>
              </tr>
            </thead>
            <tbody>
              {relationships.data.items.map((relationship) => (
                <tr key={relationship.id}>
                  <td>{relationship.direction === 'outgoing' ? `${relationship.type} →` : `← ${relationship.type}`}</td>
                  <td data-label="With" className="title">
                    {relationship.counterpartIdentityId === null ? (
                      counterpartOf(relationship)
                    ) : (
                      <Link to="/nhi/identities/$identityId" params={{ identityId: relationship.counterpartIdentityId }}>
                        {counterpartOf(relationship)}
                      </Link>
                    )}
                  </td>
                  <td data-label="State">{relationship.state}</td>
                  <td data-label="First seen">
                    <Timestamp value={relationship.firstSeenAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Relationship pages" cursor={cursor} nextCursor={relationships.data?.next_cursor} onPage={setCursor} />
    </section>
  );
}

function IdentityFindings({ identityId }: { identityId: string }) {
  const organization = useExpectedOrganization();
  const findings = useQuery({
    queryKey: ['nhi-findings', organization, { identityId }],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/findings', { params: { query: { identityId, limit: '200' } } })),
  });
  return (
    <section aria-labelledby="identity-findings">
      <h2 id="identity-findings">Findings</h2>
      {findings.isPending && <Loading what="findings" />}
      {findings.isError && <ErrorMessage error={findings.error} />}
      {findings.isSuccess &&
        (findings.data.items.length === 0 ? (
          <p className="empty">No finding for this identity.</p>
        ) : (
          <ul>
            {findings.data.items.map((finding) => (
              <li key={finding.id}>
                <span className={`severity severity-${finding.severity}`}>{finding.severity}</span> {words(finding.policy)}: {words(finding.status)}
                {finding.reason !== null && <> ({finding.reason})</>}
              </li>
            ))}
          </ul>
        ))}
      <Link to="/nhi/findings">
        All module findings
      </Link>
    </section>
  );
}

function IdentityGrants({ identityId }: { identityId: string }) {
  const organization = useExpectedOrganization();
  const grants = useQuery({
    queryKey: ['nhi-grants', organization, { identityId }],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/grants', { params: { query: { identityId, limit: '200' } } })),
  });
  return (
    <section aria-labelledby="identity-grants">
      <h2 id="identity-grants">Grants</h2>
      {grants.isPending && <Loading what="grants" />}
      {grants.isError && <ErrorMessage error={grants.error} />}
      {grants.isSuccess &&
        (grants.data.items.length === 0 ? (
          <p className="empty">No grant asked for this identity.</p>
        ) : (
          <ul>
            {grants.data.items.map((grant) => (
              <li key={grant.id}>
                {grant.actions.join(', ')} on {grant.resources.join(', ')}: {grant.status}
                {grant.inForce ? ', in force' : ''} until <Timestamp value={grant.endsAt} />
              </li>
            ))}
          </ul>
        ))}
      <Link to="/nhi/requests">Requests</Link>
    </section>
  );
}
