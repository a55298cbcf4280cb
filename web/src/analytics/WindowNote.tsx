import type { components } from '../../../api/openapi';
import { when } from './format';

/** The window an answer counted (the API moves it to whole buckets) and how current its data is. */
export function WindowNote({ window, asOf }: { window?: components['schemas']['AnalyticsWindow']; asOf: string | null }) {
  return (
    <p className="window-note">
      {window && (
        <>
          Counted per {window.bucket} from {window.from} up to {window.to} (not included)
          {window.aligned ? ` (${window.requested_from} to ${window.requested_to} was asked for, moved to whole ${window.bucket}s)` : ''}.{' '}
        </>
      )}
      Data as of {asOf === null ? 'nothing yet' : when(asOf)}.
    </p>
  );
}
