import { errorText } from '../api/api-error';

/** A failure as the page shows it: the API's own `error` text, announced to screen readers. */
export function ErrorMessage({ error }: { error: unknown }) {
  return (
    <p className="error" role="alert">
      {errorText(error)}
    </p>
  );
}
