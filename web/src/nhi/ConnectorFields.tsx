import { CONNECTOR_KINDS, SETTING_LABELS, words, type ConnectorKind } from './labels';

/** What a person fills in for a connector, as the create and edit forms hold it. */
export interface ConnectorDraft {
  name: string;
  capabilities: string[];
  settings: Record<string, boolean>;
  /** The endpoint, AWS account ID or GitHub organization, as the kind collects. */
  target: string;
  credentialsReference: string;
}

/** The kind's settings, each one on or off (the API takes every setting of the kind). */
export const settingsOf = (kind: ConnectorKind, draft: ConnectorDraft) => Object.fromEntries(CONNECTOR_KINDS[kind].settings.map((setting) => [setting, draft.settings[setting] ?? false]));

/**
 * A connector's fields of one kind: name, the kind's capabilities and settings only, what it
 * collects, and the NAME of the credentials entry the deployment holds, never a credential.
 * An account or organization never changes (that is another connector), so an edit offers
 * only an endpoint.
 */
export function ConnectorFields({ kind, draft, onChange, editing = false }: { kind: ConnectorKind; draft: ConnectorDraft; onChange: (draft: ConnectorDraft) => void; editing?: boolean }) {
  const description = CONNECTOR_KINDS[kind];
  const set = (change: Partial<ConnectorDraft>) => onChange({ ...draft, ...change });
  const toggle = (capability: string, on: boolean) =>
    set({ capabilities: on ? description.capabilities.filter((item) => item === capability || draft.capabilities.includes(item)) : draft.capabilities.filter((item) => item !== capability) });
  return (
    <>
      <label>
        Name
        <input required maxLength={200} value={draft.name} onChange={(event) => set({ name: event.target.value })} />
      </label>
      <fieldset className="choice">
        <legend>Capabilities</legend>
        {description.capabilities.map((capability) => (
          <label key={capability}>
            <input type="checkbox" checked={draft.capabilities.includes(capability)} onChange={(event) => toggle(capability, event.target.checked)} />
            {words(capability)}
          </label>
        ))}
      </fieldset>
      {description.settings.length > 0 && (
        <fieldset className="choice">
          <legend>Settings</legend>
          {description.settings.map((setting) => (
            <label key={setting}>
              <input type="checkbox" checked={draft.settings[setting] ?? false} onChange={(event) => set({ settings: { ...draft.settings, [setting]: event.target.checked } })} />
              {SETTING_LABELS[setting]}
            </label>
          ))}
        </fieldset>
      )}
      {description.target === 'endpoint' && (
        <label>
          Endpoint
          <input required type="url" maxLength={2048} placeholder="https://" value={draft.target} onChange={(event) => set({ target: event.target.value })} />
          <span className="hint">The provider's HTTPS address, on port 443, 6443 or 8443.</span>
        </label>
      )}
      {description.target === 'accountId' && !editing && (
        <label>
          AWS account ID
          <input required inputMode="numeric" pattern="[0-9]{12}" value={draft.target} onChange={(event) => set({ target: event.target.value })} />
          <span className="hint">The one account the connector collects (12 digits).</span>
        </label>
      )}
      {description.target === 'organization' && !editing && (
        <label>
          GitHub organization
          <input required maxLength={100} value={draft.target} onChange={(event) => set({ target: event.target.value })} />
          <span className="hint">The organization's login.</span>
        </label>
      )}
      <label>
        Credentials reference
        <input required maxLength={128} pattern="[A-Za-z0-9._\-]{1,128}" value={draft.credentialsReference} onChange={(event) => set({ credentialsReference: event.target.value })} />
        <span className="hint">The name of the credentials entry your deployment holds for this organization, never the credential itself.</span>
      </label>
    </>
  );
}
