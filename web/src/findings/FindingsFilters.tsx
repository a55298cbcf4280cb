import { useNavigate } from '@tanstack/react-router';
import { FilterGroup } from './FilterGroup';
import { KINDS, SEVERITIES, STATUSES, toggled, type FindingsSearch } from './findings-search';

type Filter = 'status' | 'severity' | 'kind';

/** Status, severity and kind filters; each change is a new URL (a new page of results from the first). */
export function FindingsFilters({ search }: { search: FindingsSearch }) {
  const navigate = useNavigate({ from: '/findings' });
  const toggle = (filter: Filter) => (value: string) => void navigate({ search: { ...search, [filter]: toggled(search[filter], value), cursor: undefined } });
  return (
    <div className="filters">
      <FilterGroup legend="Status" values={STATUSES} selected={search.status} onToggle={toggle('status')} />
      <FilterGroup legend="Severity" values={SEVERITIES} selected={search.severity} onToggle={toggle('severity')} />
      <FilterGroup legend="Kind" values={KINDS} selected={search.kind} onToggle={toggle('kind')} />
    </div>
  );
}
