import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { RulesEditor } from '../policies/RulesEditor';
import { RulesSummary } from '../policies/RulesSummary';
import { toDraft, toWire, wireRules, type DraftRule } from '../policies/rules';
import { useExpectedOrganization } from '../session/hooks';

type Policy = components['schemas']['Policy'];

/**
 * One policy: enable or disable it, rename or describe it, its versions newest first, and
 * a new version of its rules (versions never change; verdicts use the latest).
 */
export function PolicyPage({ policyId }: { policyId: string }) {
  const organization = useExpectedOrganization();
  const policy = useQuery({
    queryKey: ['policy', organization, policyId],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/policies/{id}', { params: { path: { id: policyId } } })),
  });
  return (
    <>
      <p className="breadcrumb">
        <Link to="/policies">Policies</Link>
      </p>
      {policy.isPending && <Loading what="the policy" />}
      {policy.isError && (
        <>
          <h1>Policy</h1>
          <ErrorMessage error={policy.error} />
        </>
      )}
      {policy.isSuccess && (
        <>
          <h1>{policy.data.name}</h1>
          {policy.data.description !== null && <p className="description">{policy.data.description}</p>}
          <PolicySettings policy={policy.data} />
          <PolicyVersions policy={policy.data} />
        </>
      )}
    </>
  );
}

function usePolicyUpdate(policy: Policy) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name?: string; description?: string | null; enabled?: boolean }) =>
      unwrap(await api.PATCH('/api/v1/policies/{id}', { params: { path: { id: policy.id } }, body })),
    onSuccess: (updated) => {
      queryClient.setQueryData(['policy', organization, policy.id], updated);
      // Enabling one disables the policy enabled before: the list changes beyond this row.
      void queryClient.invalidateQueries({ queryKey: ['policies', organization] });
    },
  });
}

function PolicySettings({ policy }: { policy: Policy }) {
  const toggle = usePolicyUpdate(policy);
  const rename = usePolicyUpdate(policy);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(policy.name);
  const [description, setDescription] = useState(policy.description ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ name: name.trim(), description: description.trim() === '' ? null : description }, { onSuccess: () => setEditing(false) });
  };
  return (
    <section aria-labelledby="policy-state">
      <h2 id="policy-state">State</h2>
      <p>
        {policy.enabled ? 'Enabled: verdicts use its latest version.' : 'Disabled.'} Version {policy.latest_version.version}, updated <Timestamp value={policy.updated_at} />.
      </p>
      <div className="actions">
        <button type="button" onClick={() => toggle.mutate({ enabled: !policy.enabled })} disabled={toggle.isPending}>
          {policy.enabled ? 'Disable' : 'Enable'}
        </button>
        {!editing && (
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Rename or describe
          </button>
        )}
      </div>
      {toggle.isError && <ErrorMessage error={toggle.error} />}
      {editing && (
        <form className="form" onSubmit={submit}>
          <label>
            Name
            <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            Description
            <textarea maxLength={1000} rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
          </label>
          {rename.isError && <ErrorMessage error={rename.error} />}
          <div className="actions">
            <button type="submit" disabled={rename.isPending}>
              Save
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function PolicyVersions({ policy }: { policy: Policy }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const versionsKey = ['policy-versions', organization, policy.id];
  const versions = useQuery({
    queryKey: versionsKey,
    queryFn: async () => unwrap(await api.GET('/api/v1/policies/{id}/versions', { params: { path: { id: policy.id }, query: { limit: 200 } } })),
  });
  const [draft, setDraft] = useState<DraftRule[]>();
  const record = useMutation({
    mutationFn: async (rules: DraftRule[]) => unwrap(await api.POST('/api/v1/policies/{id}/versions', { params: { path: { id: policy.id } }, body: { rules: toWire(rules) } })),
    onSuccess: () => {
      setDraft(undefined);
      void queryClient.invalidateQueries({ queryKey: versionsKey });
      void queryClient.invalidateQueries({ queryKey: ['policy', organization, policy.id] });
      void queryClient.invalidateQueries({ queryKey: ['policies', organization] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) record.mutate(draft);
  };

  return (
    <section aria-labelledby="policy-versions">
      <h2 id="policy-versions">Versions</h2>
      {draft === undefined ? (
        <button type="button" onClick={() => setDraft(toDraft(wireRules(policy.latest_version.rules)))}>
          Edit the rules (new version)
        </button>
      ) : (
        <form className="form" onSubmit={submit}>
          <RulesEditor rules={draft} onChange={setDraft} />
          {record.isError && <ErrorMessage error={record.error} />}
          <div className="actions">
            <button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Saving…' : `Save as version ${policy.latest_version.version + 1}`}
            </button>
            <button type="button" className="secondary" onClick={() => setDraft(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {versions.isPending && <Loading what="versions" />}
      {versions.isError && <ErrorMessage error={versions.error} />}
      {versions.isSuccess && (
        <ol className="versions" reversed>
          {versions.data.versions.map((version) => (
            <li key={version.id}>
              <h3>
                Version {version.version} <Timestamp value={version.created_at} />
              </h3>
              <RulesSummary rules={version.rules} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
