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
import { Permitted } from '../admin/Permitted';

type Credential = components['schemas']['RegistryCredential'];

const STATUS: Record<Credential['status'], string> = { unused: 'Not used yet', ok: 'Worked at its last use', failed: 'Failed at its last use' };

/** Registry credentials with their status and last error; a secret goes in and never comes back out. */
export function RegistryCredentialsPage() {
  return (
    <Permitted permission="credentials:read" title="Registry credentials">
      {(me) => <Credentials manages={holds(me.acting_organization, 'credentials:manage')} />}
    </Permitted>
  );
}

function Credentials({ manages }: { manages: boolean }) {
  const expected = useExpectedOrganization();
  const credentials = useQuery({
    queryKey: ['registry-credentials', expected],
    queryFn: async () => unwrap(await api.GET('/api/v1/registry-credentials')).registry_credentials,
  });
  return (
    <>
      <p>Scans of images on a registry sign in with its credential. The secret is encrypted at rest and never shown again, here or anywhere.</p>
      {manages && <NewCredential />}
      <h2>Credentials</h2>
      {credentials.isPending && <Loading what="registry credentials" />}
      {credentials.isError && <ErrorMessage error={credentials.error} />}
      {credentials.isSuccess &&
        (credentials.data.length === 0 ? (
          <p className="empty">No registry credentials yet: scans pull public images only.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Registry credentials</caption>
            <thead>
              <tr>
                <th scope="col">Registry</th>
                <th scope="col">Username</th>
                <th scope="col">Status</th>
                <th scope="col">Last used</th>
                <th scope="col">Last error</th>
                {manages && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {credentials.data.map((credential) => (
                <CredentialRow key={credential.id} credential={credential} manages={manages} />
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}

function NewCredential() {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [registry, setRegistry] = useState('');
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/registry-credentials', { body: { registry: registry.trim(), username, secret } })),
    onSuccess: () => {
      setRegistry('');
      setUsername('');
      setSecret('');
      return queryClient.invalidateQueries({ queryKey: ['registry-credentials', expected] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="new-credential">
      <h2 id="new-credential">Add a credential</h2>
      <label>
        Registry (host and optional port, as image references name it)
        <input required maxLength={261} placeholder="ghcr.io" value={registry} onChange={(event) => setRegistry(event.target.value)} />
      </label>
      <label>
        Username
        <input required maxLength={256} autoComplete="off" value={username} onChange={(event) => setUsername(event.target.value)} />
      </label>
      <label>
        Password or access token
        <input required type="password" maxLength={8192} autoComplete="new-password" value={secret} onChange={(event) => setSecret(event.target.value)} />
      </label>
      {create.isError && <ErrorMessage error={create.error} />}
      <button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Saving…' : 'Save the credential'}
      </button>
    </form>
  );
}

function CredentialRow({ credential, manages }: { credential: Credential; manages: boolean }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['registry-credentials', expected] });
  const rotate = useMutation({
    mutationFn: async () => unwrap(await api.PATCH('/api/v1/registry-credentials/{id}', { params: { path: { id: credential.id } }, body: { secret } })),
    onSuccess: () => {
      setRotating(false);
      setSecret('');
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/registry-credentials/{id}', { params: { path: { id: credential.id } } })),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rotate.mutate();
  };
  return (
    <tr>
      <td className="title" data-label="Registry">
        {credential.registry}
      </td>
      <td data-label="Username">{credential.username}</td>
      <td data-label="Status">
        <span className={`state credential-${credential.status}`}>{STATUS[credential.status]}</span>
      </td>
      <td data-label="Last used">
        <Timestamp value={credential.last_used_at} />
      </td>
      <td data-label="Last error">{credential.last_error ?? '—'}</td>
      {manages && (
        <td data-label="Actions">
          {rotating ? (
            <form className="form" onSubmit={submit}>
              <label>
                New secret for {credential.registry}
                <input required type="password" maxLength={8192} autoComplete="new-password" value={secret} onChange={(event) => setSecret(event.target.value)} />
              </label>
              <div className="actions">
                <button type="submit" disabled={rotate.isPending}>
                  Replace
                </button>
                <button type="button" className="secondary" onClick={() => setRotating(false)}>
                  Cancel
                </button>
              </div>
              {rotate.isError && <ErrorMessage error={rotate.error} />}
            </form>
          ) : (
            <div className="actions">
              <button type="button" className="secondary" onClick={() => setRotating(true)} aria-label={`Replace secret for ${credential.registry}`}>
                Replace secret
              </button>
              <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Delete the credential of ${credential.registry}`}>
                Delete
              </button>
            </div>
          )}
          {remove.isError && <ErrorMessage error={remove.error} />}
        </td>
      )}
    </tr>
  );
}
