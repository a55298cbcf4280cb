import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { useExpectedOrganization } from '../session/hooks';
import { isComplete, newSuppression, suppressionBody, SuppressionFields } from './SuppressionFields';

type Finding = components['schemas']['Finding'];
type StatusChange = components['schemas']['FindingStatusChange'];

/**
 * The moves PATCH /findings/{id} allows from the finding's status: open and reopened to
 * triaged or suppressed, triaged back to open or on to suppressed, suppressed back to open.
 * Resolved belongs to scans. What the API refuses anyway (the finding moved meanwhile)
 * shows its error text.
 */
export function TriageControls({ finding }: { finding: Finding }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [suppression, setSuppression] = useState(newSuppression);
  const [suppressing, setSuppressing] = useState(false);
  const change = useMutation({
    mutationFn: async (body: StatusChange) => unwrap(await api.PATCH('/api/v1/findings/{id}', { params: { path: { id: finding.id } }, body })),
    onSuccess: () => {
      setNote('');
      setSuppressing(false);
      setSuppression(newSuppression());
    },
    // A refusal may mean the finding moved: either way the page shows it as it is now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['finding', organization, finding.id] });
      void queryClient.invalidateQueries({ queryKey: ['finding-events', organization, finding.id] });
      void queryClient.invalidateQueries({ queryKey: ['findings', organization] });
    },
  });
  const withNote = (status: StatusChange['status']): StatusChange => (note.trim() === '' ? { status } : { status, reason: note.trim() });
  const suppress = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ status: 'suppressed', ...suppressionBody(suppression) });
  };

  const status = finding.status;
  const canTriage = status === 'open' || status === 'reopened';
  const canReturn = status === 'triaged' || status === 'suppressed';
  const canSuppress = status !== 'suppressed' && status !== 'resolved';

  return (
    <section aria-labelledby="finding-triage">
      <h2 id="finding-triage">Triage</h2>
      {status === 'resolved' ? (
        <p>Resolved: the latest scan of its asset no longer found it. A scan that finds it again reopens it.</p>
      ) : (
        <>
          <div className="form inline-form">
            <label htmlFor="triage-note">Note (optional)</label>
            <input id="triage-note" type="text" maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <div className="actions">
            {canTriage && (
              <button type="button" disabled={change.isPending} onClick={() => change.mutate(withNote('triaged'))}>
                Mark triaged
              </button>
            )}
            {canReturn && (
              <button type="button" disabled={change.isPending} onClick={() => change.mutate(withNote('open'))}>
                {status === 'suppressed' ? 'Lift suppression' : 'Return to open'}
              </button>
            )}
            {canSuppress && (
              <button type="button" disabled={change.isPending} aria-expanded={suppressing} onClick={() => setSuppressing(!suppressing)}>
                Suppress…
              </button>
            )}
          </div>
          {suppressing && canSuppress && (
            <form className="form inline-form" onSubmit={suppress} aria-label="Suppress this finding">
              <SuppressionFields id="finding-suppression" value={suppression} onChange={setSuppression} />
              <button type="submit" disabled={change.isPending || !isComplete(suppression)}>
                Suppress finding
              </button>
            </form>
          )}
        </>
      )}
      {change.isPending && <p role="status">Saving…</p>}
      {change.isError && <ErrorMessage error={change.error} />}
      {change.isSuccess && <p role="status">Now {change.data.status}.</p>}
    </section>
  );
}
