import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';

/** The API's words for the separation-of-duties refusal (services/nhi/governance/authority.ts). */
const SEPARATION_OF_DUTIES = /^separation of duties/;

/** A refusal as the page says it; the separation-of-duties one in the words of the person who met it. */
function DecisionError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 403 && SEPARATION_OF_DUTIES.test(error.message)) {
    return (
      <p className="error" role="alert">
        Separation of duties: you asked for this, so another person must approve or reject it.
      </p>
    );
  }
  return <ErrorMessage error={error} />;
}

/** Approve, or reject with an optional reason, a pending request (a grant, an exception, a remediation). */
export function DecisionButtons({ what, approve, reject, onDecided }: { what: string; approve: () => Promise<unknown>; reject: (reason: string | undefined) => Promise<unknown>; onDecided: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async (decision: 'approve' | 'reject') => (decision === 'approve' ? approve() : reject(reason.trim() === '' ? undefined : reason.trim())),
    onSuccess: () => {
      setRejecting(false);
      onDecided();
    },
  });
  const submitRejection = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate('reject');
  };
  return (
    <div className="decision">
      {rejecting ? (
        <form className="form inline-form" onSubmit={submitRejection} aria-label={`Reject ${what}`}>
          <label>
            Reason (optional)
            <input maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <button type="submit" disabled={decide.isPending}>
            Reject
          </button>
          <button type="button" className="secondary" onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="actions">
          <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('approve')} aria-label={`Approve ${what}`}>
            Approve
          </button>
          <button type="button" className="secondary" onClick={() => setRejecting(true)} aria-label={`Reject ${what}`}>
            Reject…
          </button>
        </div>
      )}
      {decide.isError && <DecisionError error={decide.error} />}
    </div>
  );
}
