import { useNavigate } from '@tanstack/react-router';
import { SEVERITIES, STATUSES, toggled, type FindingsSearch } from './findings-search';

/** Status and severity filters; each change is a new URL (a new page of results from the first). */
export function FindingsFilters({ search }: { search: FindingsSearch }) {
  const navigate = useNavigate({ from: '/findings' });
  const set = (change: Partial<FindingsSearch>) => void navigate({ search: { ...search, ...change, cursor: undefined } });
  return (
    <div className="filters">
      <fieldset>
        <legend>Status</legend>
        {STATUSES.map((status) => (
          <label key={status}>
            <input type="checkbox" checked={search.status?.split(',').includes(status) ?? false} onChange={() => set({ status: toggled(search.status, status) })} />
            {status}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Severity</legend>
        {SEVERITIES.map((severity) => (
          <label key={severity}>
            <input type="checkbox" checked={search.severity?.split(',').includes(severity) ?? false} onChange={() => set({ severity: toggled(search.severity, severity) })} />
            {severity}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
