import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../components/ErrorMessage';

/** One thing the person may do to a request beyond deciding it (withdraw, revoke, mark done). */
export interface RequestAction {
  /** The button's word, e.g. "Withdraw". */
  label: string;
  /** The label of the note asked for first; when set, the note is required. */
  note?: string;
  run: (note: string | undefined) => Promise<unknown>;
}

/**
 * The actions offered on one request, each named with the request (`Withdraw grant request`);
 * one that needs a note asks for it in the row, not in a dialog.
 */
export function RequestActions({ what, actions, onDone }: { what: string; actions: RequestAction[]; onDone: () => void }) {
  const [noting, setNoting] = useState<RequestAction>();
  const [note, setNote] = useState('');
  const act = useMutation({
    mutationFn: async ({ action, text }: { action: RequestAction; text: string | undefined }) => action.run(text),
    onSuccess: () => {
      setNoting(undefined);
      setNote('');
      onDone();
    },
  });
  if (actions.length === 0) return null;
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (noting) act.mutate({ action: noting, text: note.trim() });
  };
  return (
    <div className="decision">
      {noting ? (
        <form className="form inline-form" onSubmit={submitNote} aria-label={`${noting.label} ${what}`}>
          <label>
            {noting.note}
            <input required maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
          <button type="submit" disabled={act.isPending || note.trim() === ''}>
            {noting.label}
          </button>
          <button type="button" className="secondary" onClick={() => setNoting(undefined)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="actions">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className="secondary"
              disabled={act.isPending}
              aria-label={`${action.label} ${what}`}
              onClick={() => (action.note === undefined ? act.mutate({ action, text: undefined }) : setNoting(action))}
            >
              {action.note === undefined ? action.label : `${action.label}…`}
            </button>
          ))}
        </div>
      )}
      {act.isError && <ErrorMessage error={act.error} />}
    </div>
  );
}
