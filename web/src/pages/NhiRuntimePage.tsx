import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { providerLabel, words } from '../nhi/labels';
import { NewRuntimeRuleForm } from '../nhi/NewRuntimeRuleForm';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

type Rule = components['schemas']['NhiRuntimeRule'];

/** The runtime rules agents' questions are decided by, and the log of the decisions. */
export function NhiRuntimePage() {
  return (
    <>
      <h1>Runtime access</h1>
      <p>An agent asks whether an identity may take an action on a resource; the answer weighs these rules, the grants in force and the identity's findings.</p>
      <Rules />
      <DecisionLog />
    </>
  );
}

function Rules() {
  const organization = useExpectedOrganization();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const rules = useQuery({
    queryKey: ['nhi-runtime-rules', organization],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/runtime/rules')).items,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['nhi-runtime-rules', organization] });
  const toggle = useMutation({
    mutationFn: async (rule: Rule) => unwrap(await api.PATCH('/nhi/api/v1/runtime/rules/{ruleId}', { params: { path: { ruleId: rule.id } }, body: { enabled: !rule.enabled } })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (rule: Rule) => unwrap(await api.DELETE('/nhi/api/v1/runtime/rules/{ruleId}', { params: { path: { ruleId: rule.id } } })),
    onSuccess: refresh,
  });
  const manage = permissions.can('runtime-rules:manage');
  return (
    <section aria-labelledby="runtime-rules">
      <div className="page-title">
        <h2 id="runtime-rules">Rules</h2>
        {manage && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New rule
          </button>
        )}
      </div>
      {creating && (
        <NewRuntimeRuleForm
          onDone={() => {
            setCreating(false);
            refresh();
          }}
        />
      )}
      {(toggle.isError || remove.isError) && <ErrorMessage error={toggle.error ?? remove.error} />}
      {rules.isPending && <Loading what="rules" />}
      {rules.isError && <ErrorMessage error={rules.error} />}
      {rules.isSuccess &&
        (rules.data.length === 0 ? (
          <p className="empty">No rules: a question is allowed only by a grant in force.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Runtime rules by name</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Effect</th>
                <th scope="col">Matches</th>
                <th scope="col">State</th>
                {manage && <th scope="col">Change</th>}
              </tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => (
                <tr key={rule.id}>
                  <td className="title">{rule.name}</td>
                  <td data-label="Effect">{rule.effect}</td>
                  <td data-label="Matches" className="reference">
                    {describeMatch(rule)}
                  </td>
                  <td data-label="State">{rule.enabled ? 'Enabled' : 'Disabled'}</td>
                  {manage && (
                    <td data-label="Change">
                      <div className="actions">
                        <button type="button" className="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate(rule)} aria-label={`${rule.enabled ? 'Disable' : 'Enable'} ${rule.name}`}>
                          {rule.enabled ? 'Disable' : 'Enable'}
                        </button>
                        <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(rule)} aria-label={`Delete ${rule.name}`}>
                          Delete
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  );
}

function describeMatch(rule: Rule): string {
  const { match } = rule;
  const parts = [
    match.providers && `providers ${match.providers.map(providerLabel).join(', ')}`,
    match.identityKinds && `kinds ${match.identityKinds.join(', ')}`,
    match.connectorIds && `${match.connectorIds.length} connector(s)`,
    match.actions && `actions ${match.actions.join(', ')}`,
    match.resources && `resources ${match.resources.join(', ')}`,
    rule.when.openFinding && 'while an unsettled finding holds',
  ].filter(Boolean);
  return parts.length === 0 ? 'everything' : parts.join('; ');
}

function DecisionLog() {
  const organization = useExpectedOrganization();
  const [decision, setDecision] = useState<'' | 'allow' | 'deny'>('');
  const [cursor, setCursor] = useState<string>();
  const decisions = useQuery({
    queryKey: ['nhi-runtime-decisions', organization, decision, cursor],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/runtime/decisions', { params: { query: { cursor, ...(decision === '' ? {} : { decision }) } } })),
  });
  return (
    <section aria-labelledby="runtime-decisions">
      <h2 id="runtime-decisions">Decision log</h2>
      <div className="filters">
        <label>
          Answer
          <select
            value={decision}
            onChange={(event) => {
              setDecision(event.target.value === 'allow' || event.target.value === 'deny' ? event.target.value : '');
              setCursor(undefined);
            }}
          >
            <option value="">Any</option>
            <option value="allow">Allowed</option>
            <option value="deny">Denied</option>
          </select>
        </label>
      </div>
      {decisions.isPending && <Loading what="decisions" />}
      {decisions.isError && <ErrorMessage error={decisions.error} />}
      {decisions.isSuccess &&
        (decisions.data.items.length === 0 ? (
          <p className="empty">No decision logged.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Runtime decisions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Decided</th>
                <th scope="col">Identity</th>
                <th scope="col">Action on resource</th>
                <th scope="col">Answer</th>
                <th scope="col">Because</th>
              </tr>
            </thead>
            <tbody>
              {decisions.data.items.map((logged) => (
                <tr key={logged.id}>
                  <td>
                    <Timestamp value={logged.decidedAt} />
                  </td>
                  <td data-label="Identity">
                    {logged.identityId === null ? (
                      <em>not in the inventory</em>
                    ) : (
                      <Link to="/nhi/identities/$identityId" params={{ identityId: logged.identityId }}>
                        The identity
                      </Link>
                    )}
                  </td>
                  <td data-label="Action on resource" className="reference">
                    {logged.action} on {logged.resource}
                  </td>
                  <td data-label="Answer">
                    <strong>{logged.decision === 'allow' ? 'Allowed' : 'Denied'}</strong>
                  </td>
                  <td data-label="Because">{logged.reasons.map((reason) => words(reason.code)).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Decision pages" cursor={cursor} nextCursor={decisions.data?.next_cursor} onPage={setCursor} />
    </section>
  );
}
