import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { useExpectedOrganization } from '../session/hooks';
import { endOfDay, words } from './labels';

type Finding = components['schemas']['NhiFinding'];
type Status = Finding['status'];

/** The moves the API allows from each status (api/modules/nhi-findings.yaml); a resolved finding moves only by evaluation. */
const MOVES: Record<Status, Status[]> = {
  open: ['acknowledged', 'in_progress', 'risk_accepted', 'false_positive'],
  acknowledged: ['in_progress', 'risk_accepted', 'false_positive'],
  in_progress: ['risk_accepted', 'false_positive'],
  risk_accepted: ['false_positive', 'open'],
  false_positive: ['open'],
  resolved: [],
};
const NEEDS_REASON: Status[] = ['risk_accepted', 'false_positive', 'open'];

/** A finding's next status, with the reason the move needs and an acceptance's end. */
export function FindingStatusControl({ finding }: { finding: Finding }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const moves = MOVES[finding.status];
  const [status, setStatus] = useState<Status | ''>('');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const change = useMutation({
    mutationFn: async () => {
      if (status === '') return;
      return unwrap(
        await api.PATCH('/nhi/api/v1/findings/{findingId}', {
          params: { path: { findingId: finding.id } },
          body: { status, ...(reason.trim() === '' ? {} : { reason: reason.trim() }), ...(status === 'risk_accepted' && until !== '' ? { riskAcceptedUntil: endOfDay(until) } : {}) },
        }),
      );
    },
    onSuccess: () => {
      setStatus('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['nhi-findings', organization] });
    },
  });
  if (moves.length === 0) return <span className="muted">Changes by evaluation only</span>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  const name = `${words(finding.policy)} of ${finding.identity.name}`;
  return (
    <form className="form inline-form" onSubmit={submit} aria-label={`Status of ${name}`}>
      <label>
        New status
        <select value={status} onChange={(event) => setStatus(event.target.value as Status | '')}>
          <option value="">Choose…</option>
          {moves.map((move) => (
            <option key={move} value={move}>
              {move === 'open' ? 'reopen' : words(move)}
            </option>
          ))}
        </select>
      </label>
      {status !== '' && NEEDS_REASON.includes(status) && (
        <label>
          Reason
          <input required maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
      )}
      {status === 'risk_accepted' && (
        <label>
          Accepted until (optional)
          <input type="date" value={until} onChange={(event) => setUntil(event.target.value)} />
        </label>
      )}
      <button type="submit" disabled={status === '' || change.isPending}>
        Change
      </button>
      {change.isError && <ErrorMessage error={change.error} />}
    </form>
  );
}
