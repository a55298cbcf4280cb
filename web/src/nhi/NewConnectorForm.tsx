import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { FormEnd } from './FormEnd';
import { useExpectedOrganization } from '../session/hooks';
import { ConnectorFields, settingsOf, type ConnectorDraft } from './ConnectorFields';
import { CONNECTOR_KIND_NAMES, CONNECTOR_KINDS, type ConnectorKind, type KindDescription } from './labels';

const targetField = (field: KindDescription['target'], value: string) =>
  field === 'endpoint' ? { endpoint: value } : field === 'accountId' ? { accountId: value } : { organization: value };

const emptyDraft = (kind: ConnectorKind): ConnectorDraft => ({ name: '', capabilities: [...CONNECTOR_KINDS[kind].capabilities], settings: {}, target: '', credentialsReference: '' });

/** A connector of one of the five kinds, its fields those of the kind. */
export function NewConnectorForm({ onCancel }: { onCancel: () => void }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [kind, setKind] = useState<ConnectorKind>('tool_server');
  const [draft, setDraft] = useState<ConnectorDraft>(emptyDraft('tool_server'));

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/nhi/api/v1/connectors', {
          body: {
            kind,
            name: draft.name.trim(),
            enabledCapabilities: draft.capabilities,
            settings: settingsOf(kind, draft),
            ...targetField(CONNECTOR_KINDS[kind].target, draft.target.trim()),
            credentialsReference: draft.credentialsReference.trim(),
          },
        }),
      ),
    onSuccess: (connector) => {
      void queryClient.invalidateQueries({ queryKey: ['nhi-connectors', organization] });
      void navigate({ to: '/nhi/connectors/$connectorId', params: { connectorId: connector.id } });
    },
  });

  // Another kind keeps the name and reference and starts its own capabilities, settings and target afresh.
  const chooseKind = (next: ConnectorKind) => {
    setKind(next);
    setDraft({ ...emptyDraft(next), name: draft.name, credentialsReference: draft.credentialsReference });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <form className="form" onSubmit={submit} aria-label="New connector">
      <label>
        Kind
        <select value={kind} onChange={(event) => chooseKind(event.target.value as ConnectorKind)}>
          {CONNECTOR_KIND_NAMES.map((name) => (
            <option key={name} value={name}>
              {CONNECTOR_KINDS[name].label}
            </option>
          ))}
        </select>
      </label>
      <ConnectorFields kind={kind} draft={draft} onChange={setDraft} />
      <FormEnd mutation={create} submitLabel={create.isPending ? 'Creating…' : 'Create connector'} ready={draft.capabilities.length > 0} onCancel={onCancel} />
    </form>
  );
}
