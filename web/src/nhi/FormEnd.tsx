import { ErrorMessage } from '../components/ErrorMessage';

/** The end of a form that creates something: the API's refusal if any, the submit button, and Cancel. */
export function FormEnd({ mutation, submitLabel, ready = true, onCancel }: { mutation: { isPending: boolean; isError: boolean; error: unknown }; submitLabel: string; ready?: boolean; onCancel: () => void }) {
  return (
    <>
      {mutation.isError && <ErrorMessage error={mutation.error} />}
      <div className="actions">
        <button type="submit" disabled={mutation.isPending || !ready}>
          {submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
