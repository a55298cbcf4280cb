import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { words } from '../nhi/labels';
import { NewCampaignForm } from '../nhi/NewCampaignForm';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

/** Access campaigns: reviewers certify or revoke each identity in scope. */
export function NhiCampaignsPage() {
  const organization = useExpectedOrganization();
  const permissions = usePermissions();
  const [creating, setCreating] = useState(false);
  const [cursor, setCursor] = useState<string>();
  const campaigns = useQuery({
    queryKey: ['nhi-campaigns', organization, cursor],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/certification/campaigns', { params: { query: { cursor } } })),
  });
  return (
    <>
      <div className="page-title">
        <h1>Access campaigns</h1>
        {permissions.can('certification:manage') && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New campaign
          </button>
        )}
      </div>
      {creating && <NewCampaignForm onCancel={() => setCreating(false)} />}
      {campaigns.isPending && <Loading what="campaigns" />}
      {campaigns.isError && <ErrorMessage error={campaigns.error} />}
      {campaigns.isSuccess &&
        (campaigns.data.items.length === 0 ? (
          <p className="empty">No campaigns yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Campaigns, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Answered</th>
                <th scope="col">Ends</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.items.map((campaign) => (
                <tr key={campaign.id}>
                  <td className="title">
                    <Link to="/nhi/campaigns/$campaignId" params={{ campaignId: campaign.id }}>
                      {campaign.name}
                    </Link>
                  </td>
                  <td data-label="State">{words(campaign.state)}</td>
                  <td data-label="Answered">
                    {campaign.progress.answered} of {campaign.progress.items}
                  </td>
                  <td data-label="Ends">
                    <Timestamp value={campaign.endsAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Campaign pages" cursor={cursor} nextCursor={campaigns.data?.next_cursor} onPage={setCursor} />
    </>
  );
}
