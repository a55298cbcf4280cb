import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components, paths } from '../../../api/openapi';
import { useExpectedOrganization } from '../session/hooks';
import { ConnectorFields, settingsOf, type ConnectorDraft } from './ConnectorFields';
import { FormEnd } from './FormEnd';
import { CONNECTOR_KINDS } from './labels';

type Connector = components['schemas']['Connector'];
type ConnectorChange = paths['/nhi/api/v1/connectors/{connectorId}']['patch']['requestBody']['content']['application/json'];

const draftOf = (connector: Connector): ConnectorDraft => ({
  name: connector.name,
  capabilities: [...connector.enabledCapabilities],
  settings: { ...connector.settings },
  target: connector.endpoint ?? '',
  credentialsReference: connector.credentialsReference,
});

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** Only what the person changed: the API records what changed, and a request that changes nothing is not sent. */
function changesOf(connector: Connector, draft: ConnectorDraft): ConnectorChange {
  const description = CONNECTOR_KINDS[connector.kind];
  const settings = settingsOf(connector.kind, draft);
  const changedSettings = description.settings.some((setting) => settings[setting] !== (connector.settings[setting] ?? false));
  return {
    ...(draft.name.trim() !== connector.name ? { name: draft.name.trim() } : {}),
    ...(!sameList(draft.capabilities, connector.enabledCapabilities) ? { enabledCapabilities: draft.capabilities } : {}),
    ...(changedSettings ? { settings } : {}),
    ...(description.target === 'endpoint' && draft.target.trim() !== connector.endpoint ? { endpoint: draft.target.trim() } : {}),
    ...(draft.credentialsReference.trim() !== connector.credentialsReference ? { credentialsReference: draft.credentialsReference.trim() } : {}),
  };
}

/** A connector's settings as an edit: its kind and the account or organization it collects stay. */
export function EditConnectorForm({ connector, onDone }: { connector: Connector; onDone: () => void }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(connector));
  const changes = changesOf(connector, draft);
  const save = useMutation({
    mutationFn: async () => unwrap(await api.PATCH('/nhi/api/v1/connectors/{connectorId}', { params: { path: { connectorId: connector.id } }, body: changes })),
    onSuccess: (updated) => {
      queryClient.setQueryData(['nhi-connector', organization, connector.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['nhi-connectors', organization] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-label={`Edit ${connector.name}`}>
      <ConnectorFields kind={connector.kind} draft={draft} onChange={setDraft} editing />
      <FormEnd mutation={save} submitLabel={save.isPending ? 'Saving…' : 'Save the changes'} ready={Object.keys(changes).length > 0 && draft.capabilities.length > 0} onCancel={onDone} />
    </form>
  );
}
