import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';

type Asset = components['schemas']['Asset'];

/**
 * Archiving takes a reason (the audit trail keeps it): the asset leaves the default list
 * and its schedule stops; its findings stay. An archived asset can be returned to use.
 */
export function ArchiveSection({ asset }: { asset: Asset }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const settled = (changed: Asset) => {
    queryClient.setQueryData(['asset', organization, asset.id], changed);
    // The lists that show it (in use, archived) are now out of date.
    void queryClient.invalidateQueries({ queryKey: ['assets', organization] });
  };
  const archive = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/assets/{id}/archive', { params: { path: { id: asset.id } }, body: { reason } })),
    onSuccess: settled,
  });
  const unarchive = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/assets/{id}/unarchive', { params: { path: { id: asset.id } } })),
    onSuccess: settled,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    archive.mutate();
  };

  return (
    <section aria-labelledby="asset-archive">
      <h2 id="asset-archive">{asset.archived_at === null ? 'Archive' : 'Archived'}</h2>
      {asset.archived_at === null ? (
        <form className="form" onSubmit={submit}>
          <label>
            Reason for archiving
            <textarea required maxLength={500} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          {archive.isError && <ErrorMessage error={archive.error} />}
          <button type="submit" disabled={archive.isPending}>
            {archive.isPending ? 'Archiving…' : 'Archive this asset'}
          </button>
        </form>
      ) : (
        <>
          <p>
            Archived <Timestamp value={asset.archived_at} />: <q className="reason">{asset.archive_reason}</q>
          </p>
          {unarchive.isError && <ErrorMessage error={unarchive.error} />}
          <button type="button" onClick={() => unarchive.mutate()} disabled={unarchive.isPending}>
            {unarchive.isPending ? 'Returning…' : 'Return to use'}
          </button>
        </>
      )}
    </section>
  );
}
