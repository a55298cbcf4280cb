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
import { words } from '../nhi/labels';
import { PersonName } from '../nhi/members';
import { useDelegationsToMe, usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

type Campaign = components['schemas']['NhiCertificationCampaign'];
type Item = components['schemas']['NhiCertificationItem'];

/** One campaign: its progress, starting and closing it, and the reviewer's queue of items to keep or revoke. */
export function NhiCampaignPage({ campaignId }: { campaignId: string }) {
  const organization = useExpectedOrganization();
  const campaign = useQuery({
    queryKey: ['nhi-campaign', organization, campaignId],
    // Reviewers answer from elsewhere: the campaign is read anew whenever it is opened.
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/certification/campaigns/{campaignId}', { params: { path: { campaignId } } })),
  });
  return (
    <>
      <p className="breadcrumb">
        <Link to="/nhi/campaigns">Access campaigns</Link>
      </p>
      {campaign.isPending && <Loading what="the campaign" />}
      {campaign.isError && (
        <>
          <h1>Campaign</h1>
          <ErrorMessage error={campaign.error} />
        </>
      )}
      {campaign.isSuccess && (
        <>
          <h1>{campaign.data.name}</h1>
          {campaign.data.description !== null && <p className="description">{campaign.data.description}</p>}
          <CampaignState campaign={campaign.data} />
          <Items campaign={campaign.data} />
        </>
      )}
    </>
  );
}

function useCampaignRefresh(campaignId: string) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['nhi-campaign', organization, campaignId] });
    void queryClient.invalidateQueries({ queryKey: ['nhi-campaign-items', organization, campaignId] });
    void queryClient.invalidateQueries({ queryKey: ['nhi-campaigns', organization] });
  };
}

function CampaignState({ campaign }: { campaign: Campaign }) {
  const permissions = usePermissions();
  const refresh = useCampaignRefresh(campaign.id);
  const change = useMutation({
    mutationFn: async (step: 'start' | 'close' | 'cancel') =>
      unwrap(
        step === 'start'
          ? await api.POST('/nhi/api/v1/certification/campaigns/{campaignId}/start', { params: { path: { campaignId: campaign.id } } })
          : step === 'close'
            ? await api.POST('/nhi/api/v1/certification/campaigns/{campaignId}/close', { params: { path: { campaignId: campaign.id } } })
            : await api.POST('/nhi/api/v1/certification/campaigns/{campaignId}/cancel', { params: { path: { campaignId: campaign.id } } }),
      ),
    onSuccess: refresh,
  });
  const { progress } = campaign;
  const active = campaign.state === 'in_review' || campaign.state === 'review_done' || campaign.state === 'in_remediation';
  return (
    <section aria-labelledby="campaign-state">
      <h2 id="campaign-state">State: {words(campaign.state)}</h2>
      <dl className="facts">
        <dt>Reviewers</dt>
        <dd>
          {campaign.reviewerUserIds.map((userId, index) => (
            <span key={userId}>
              {index > 0 && ', '}
              <PersonName userId={userId} />
            </span>
          ))}
        </dd>
        <dt>Scope</dt>
        <dd>
          {[
            campaign.scope.connectorIds.length > 0 && `${campaign.scope.connectorIds.length} connector(s)`,
            campaign.scope.kinds.length > 0 && `kinds ${campaign.scope.kinds.join(', ')}`,
            campaign.scope.identityIds.length > 0 && `${campaign.scope.identityIds.length} identities`,
          ]
            .filter(Boolean)
            .join('; ')}
        </dd>
        <dt>Unanswered at closing</dt>
        <dd>{campaign.onNoResponse === 'keep' ? 'kept' : 'revoked'}</dd>
        <dt>Ends</dt>
        <dd>
          <Timestamp value={campaign.endsAt} />
        </dd>
      </dl>
      {campaign.state !== 'created' && (
        <div className="progress">
          <progress max={Math.max(progress.items, 1)} value={progress.answered} aria-label="Items answered" />
          <span>
            {progress.answered} of {progress.items} answered: {progress.kept} kept, {progress.revoked} revoked, {progress.remaining} remaining
          </span>
        </div>
      )}
      {permissions.can('certification:manage') && (
        <div className="actions">
          {campaign.state === 'created' && (
            <button type="button" disabled={change.isPending} onClick={() => change.mutate('start')}>
              Start the review
            </button>
          )}
          {active && (
            <button type="button" disabled={change.isPending} onClick={() => change.mutate('close')}>
              Close the campaign
            </button>
          )}
          {(campaign.state === 'created' || campaign.state === 'in_review' || campaign.state === 'review_done') && (
            <button type="button" className="secondary" disabled={change.isPending} onClick={() => change.mutate('cancel')}>
              Cancel the campaign
            </button>
          )}
        </div>
      )}
      {change.isError && <ErrorMessage error={change.error} />}
    </section>
  );
}

/** Whether the person answers for the campaign: a named reviewer, or a reviewing delegate of one now. */
function useMayReview(campaign: Campaign): boolean {
  const permissions = usePermissions();
  const delegated = useDelegationsToMe('reviewing');
  const { userId } = permissions;
  if (!permissions.can('governance:decide') || userId === undefined) return false;
  return campaign.reviewerUserIds.includes(userId) || delegated.some((delegation) => campaign.reviewerUserIds.includes(delegation.delegatorUserId));
}

function Items({ campaign }: { campaign: Campaign }) {
  const organization = useExpectedOrganization();
  const mayReview = useMayReview(campaign);
  const [waitingOnly, setWaitingOnly] = useState(campaign.state === 'in_review');
  const [cursor, setCursor] = useState<string>();
  const items = useQuery({
    queryKey: ['nhi-campaign-items', organization, campaign.id, waitingOnly, cursor],
    enabled: campaign.state !== 'created',
    staleTime: 0,
    queryFn: async () =>
      unwrap(
        await api.GET('/nhi/api/v1/certification/campaigns/{campaignId}/items', {
          params: { path: { campaignId: campaign.id }, query: { cursor, ...(waitingOnly ? { decision: 'none' as const } : {}) } },
        }),
      ),
  });
  if (campaign.state === 'created') return <p className="empty">The items are taken when the review starts: the active identities in scope then.</p>;
  return (
    <section aria-labelledby="campaign-items">
      <h2 id="campaign-items">{mayReview && campaign.state === 'in_review' ? 'Your review queue' : 'Items'}</h2>
      <label className="checkbox inline-field">
        <input
          type="checkbox"
          checked={waitingOnly}
          onChange={(event) => {
            setWaitingOnly(event.target.checked);
            setCursor(undefined);
          }}
        />
        Only items waiting for an answer
      </label>
      {items.isPending && <Loading what="items" />}
      {items.isError && <ErrorMessage error={items.error} />}
      {items.isSuccess &&
        (items.data.items.length === 0 ? (
          <p className="empty">{waitingOnly ? 'Every item is answered.' : 'No items.'}</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Campaign items</caption>
            <thead>
              <tr>
                <th scope="col">Identity</th>
                <th scope="col">Kind</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {items.data.items.map((item) => (
                <tr key={item.id}>
                  <td className="title">
                    <Link to="/nhi/identities/$identityId" params={{ identityId: item.identity.id }}>
                      {item.identity.name}
                    </Link>
                  </td>
                  <td data-label="Kind">{words(item.identity.kind)}</td>
                  <td data-label="Answer">
                    {item.decision !== null ? <Answered item={item} /> : mayReview && campaign.state === 'in_review' ? <Decide campaignId={campaign.id} item={item} /> : 'waiting'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Item pages" cursor={cursor} nextCursor={items.data?.next_cursor} onPage={setCursor} />
    </section>
  );
}

function Answered({ item }: { item: Item }) {
  return (
    <>
      <strong>{item.decision === 'keep' ? 'Kept' : 'Revoked'}</strong>
      {item.decisionSource === 'no_response' ? ' (nobody answered)' : item.decidedByUserId !== null && <> by <PersonName userId={item.decidedByUserId} /></>}
      {item.comment !== null && <span className="muted"> ({item.comment})</span>}
    </>
  );
}

function Decide({ campaignId, item }: { campaignId: string; item: Item }) {
  const refresh = useCampaignRefresh(campaignId);
  const [comment, setComment] = useState('');
  const decide = useMutation({
    mutationFn: async (decision: 'keep' | 'revoke') =>
      unwrap(
        await api.POST('/nhi/api/v1/certification/campaigns/{campaignId}/items/{itemId}/decision', {
          params: { path: { campaignId, itemId: item.id } },
          body: { decision, ...(comment.trim() === '' ? {} : { comment: comment.trim() }) },
        }),
      ),
    onSuccess: refresh,
  });
  return (
    <div className="actions">
      <label className="inline-field">
        Comment
        <input maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} aria-label={`Comment on ${item.identity.name}`} />
      </label>
      <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('keep')} aria-label={`Keep ${item.identity.name}`}>
        Keep
      </button>
      <button type="button" className="secondary" disabled={decide.isPending} onClick={() => decide.mutate('revoke')} aria-label={`Revoke ${item.identity.name}`}>
        Revoke
      </button>
      {decide.isError && <ErrorMessage error={decide.error} />}
    </div>
  );
}
