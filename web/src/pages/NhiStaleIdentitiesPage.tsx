import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { LastUsed } from '../nhi/LastUsed';
import { providerLabel, words } from '../nhi/labels';
import { useExpectedOrganization } from '../session/hooks';

type Answer = 'stale' | 'not_stale' | 'not_assessable';
const ANSWERS: Record<Answer, string> = { stale: 'Stale', not_stale: 'Not stale', not_assessable: 'Not assessable' };
const BASES: Record<string, string> = {
  last_use: 'its last use',
  never_used_since_creation: 'never used since its creation',
  never_used_since_first_seen: 'never used since first seen',
  never_used_age_unknown: 'never used, age unknown',
  last_use_not_reported: 'its provider does not report last use',
};

/**
 * Every active identity with the stale-identity policy's answer. An identity whose provider
 * does not report last use is "not assessable", said as such, never counted as stale or fresh.
 */
export function NhiStaleIdentitiesPage() {
  const organization = useExpectedOrganization();
  const [answer, setAnswer] = useState<Answer | ''>('');
  const [cursor, setCursor] = useState<string>();
  const report = useQuery({
    queryKey: ['nhi-stale', organization, answer, cursor],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/policies/stale_identity/report', { params: { query: { ...(answer === '' ? {} : { answer }), cursor } } })),
  });
  return (
    <>
      <h1>Stale identities</h1>
      <div className="filters">
        <label>
          Answer
          <select
            value={answer}
            onChange={(event) => {
              setAnswer(event.target.value as Answer | '');
              setCursor(undefined);
            }}
          >
            <option value="">Any</option>
            {(Object.keys(ANSWERS) as Answer[]).map((value) => (
              <option key={value} value={value}>
                {ANSWERS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {report.isPending && <Loading what="the report" />}
      {report.isError && <ErrorMessage error={report.error} />}
      {report.isSuccess &&
        (report.data.items.length === 0 ? (
          <p className="empty">No active identity matches.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">The stale-identity answer of each active identity</caption>
            <thead>
              <tr>
                <th scope="col">Identity</th>
                <th scope="col">Answer</th>
                <th scope="col">Because of</th>
                <th scope="col">Last use</th>
                <th scope="col">Created</th>
                <th scope="col">Threshold</th>
              </tr>
            </thead>
            <tbody>
              {report.data.items.map((row) => (
                <tr key={row.identity.id}>
                  <td className="title">
                    <Link to="/nhi/identities/$identityId" params={{ identityId: row.identity.id }}>
                      {row.identity.name}
                    </Link>{' '}
                    <span className="muted">
                      ({words(row.identity.kind)}, {providerLabel(row.identity.provider)})
                    </span>
                  </td>
                  <td data-label="Answer">
                    <span className={`answer answer-${row.answer}`}>{ANSWERS[row.answer]}</span>
                  </td>
                  <td data-label="Because of">{BASES[row.basis] ?? words(row.basis)}</td>
                  <td data-label="Last use">
                    <LastUsed value={row.lastUsedAt} />
                  </td>
                  <td data-label="Created">
                    <Timestamp value={row.createdAt} />
                  </td>
                  <td data-label="Threshold">{row.thresholdDays} days</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Report pages" cursor={cursor} nextCursor={report.data?.next_cursor} onPage={setCursor} />
    </>
  );
}
