import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { FormEnd } from './FormEnd';
import { useExpectedOrganization } from '../session/hooks';
import { commaList, dayFromNow, endOfDay } from './labels';
import { useMembers } from './members';
import { useActiveIdentities, useConnectorChoices } from './choices';
import { usePermissions } from './permissions';

/** A campaign: its scope (connectors, identity kinds, identities), its reviewers (never the one opening it), its end. */
export function NewCampaignForm({ onCancel }: { onCancel: () => void }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const members = useMembers();
  const { userId } = usePermissions();
  const connectors = useConnectorChoices();
  const identities = useActiveIdentities();
  const [identityIds, setIdentityIds] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [connectorIds, setConnectorIds] = useState<string[]>([]);
  const [kinds, setKinds] = useState('');
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [ends, setEnds] = useState(dayFromNow(14));
  const [onNoResponse, setOnNoResponse] = useState<'keep' | 'revoke'>('keep');
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/nhi/api/v1/certification/campaigns', {
          body: {
            name: name.trim(),
            scope: {
              ...(connectorIds.length > 0 ? { connectorIds } : {}),
              ...(commaList(kinds).length > 0 ? { kinds: commaList(kinds) } : {}),
              ...(identityIds.length > 0 ? { identityIds } : {}),
            },
            reviewerUserIds: reviewers,
            endsAt: endOfDay(ends),
            onNoResponse,
          },
        }),
      ),
    onSuccess: (campaign) => {
      void queryClient.invalidateQueries({ queryKey: ['nhi-campaigns', organization] });
      void navigate({ to: '/nhi/campaigns/$campaignId', params: { campaignId: campaign.id } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const toggle = (values: string[], value: string, on: boolean) => (on ? [...values, value] : values.filter((item) => item !== value));
  const candidates = members.data?.filter((member) => member.user_id !== userId) ?? [];
  return (
    <form className="form" onSubmit={submit} aria-label="New campaign">
      <label>
        Name
        <input required maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <fieldset className="choice">
        <legend>Connectors in scope</legend>
        {connectors.data?.length === 0 && <span className="muted">No connectors yet.</span>}
        {connectors.data?.map((connector) => (
          <label key={connector.id}>
            <input type="checkbox" checked={connectorIds.includes(connector.id)} onChange={(event) => setConnectorIds(toggle(connectorIds, connector.id, event.target.checked))} />
            {connector.name}
          </label>
        ))}
      </fieldset>
      <label>
        Identity kinds in scope (optional)
        <input value={kinds} placeholder="mcp_tool, iam_role" onChange={(event) => setKinds(event.target.value)} />
        <span className="hint">Separated by commas. Every criterion given narrows the scope; give at least one.</span>
      </label>
      <label>
        Identities in scope (optional)
        <select
          multiple
          size={Math.min(8, Math.max(2, identities.data?.length ?? 2))}
          value={identityIds}
          onChange={(event) => setIdentityIds(Array.from(event.target.selectedOptions, (option) => option.value))}
        >
          {identities.data?.map((identity) => (
            <option key={identity.id} value={identity.id}>
              {identity.name} ({identity.kind})
            </option>
          ))}
        </select>
        <span className="hint">
          Only these identities (of the newest 200 active ones). Choose several with Ctrl (⌘ on a Mac) or Shift.
        </span>
      </label>
      <fieldset className="choice">
        <legend>Reviewers</legend>
        {candidates.length === 0 && <span className="muted">No other member to review.</span>}
        {candidates.map((member) => (
          <label key={member.user_id}>
            <input type="checkbox" checked={reviewers.includes(member.user_id)} onChange={(event) => setReviewers(toggle(reviewers, member.user_id, event.target.checked))} />
            {member.name}
          </label>
        ))}
      </fieldset>
      <label>
        Ends on
        <input type="date" required min={dayFromNow(1)} value={ends} onChange={(event) => setEnds(event.target.value)} />
      </label>
      <label>
        An item nobody answered, at closing
        <select value={onNoResponse} onChange={(event) => setOnNoResponse(event.target.value === 'revoke' ? 'revoke' : 'keep')}>
          <option value="keep">is kept</option>
          <option value="revoke">is revoked (opens a remediation)</option>
        </select>
      </label>
      <FormEnd mutation={create} submitLabel="Create campaign" ready={reviewers.length > 0} onCancel={onCancel} />
    </form>
  );
}
