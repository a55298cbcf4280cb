import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AssetFilter } from './AssetFilter';
import { FilterGroup } from './FilterGroup';
import { KINDS, ORDERS, SEARCH_MAX_LENGTH, SEVERITIES, STATUSES, toggled, type FindingsOrder, type FindingsSearch } from './findings-search';

type Filter = 'status' | 'severity' | 'kind';

/**
 * The search, the order, and the status, severity, kind and asset filters. Each change is
 * a new URL, shown from its first page (a cursor is bound to the view it came from).
 */
export function FindingsFilters({ search }: { search: FindingsSearch }) {
  const navigate = useNavigate({ from: '/findings' });
  const show = (change: Partial<FindingsSearch>) => void navigate({ search: { ...search, ...change, cursor: undefined } });
  const toggle = (filter: Filter) => (value: string) => show({ [filter]: toggled(search[filter], value) });
  return (
    <div className="filters">
      {/* Keyed by the URL's q: going back or forward shows that view's search in the field. */}
      <SearchForm key={search.q ?? ''} q={search.q} onSearch={(q) => show({ q })} />
      <div className="filter-row">
        <label>
          Order
          <select value={search.order ?? 'severity'} onChange={(event) => show({ order: event.target.value === 'recent' ? 'recent' : undefined })}>
            {ORDERS.map((order) => (
              <option key={order} value={order}>
                {ORDER_LABELS[order]}
              </option>
            ))}
          </select>
        </label>
        <AssetFilter assetId={search.asset_id} onChange={(assetId) => show({ asset_id: assetId })} />
      </div>
      <FilterGroup legend="Status" values={STATUSES} selected={search.status} onToggle={toggle('status')} />
      <FilterGroup legend="Severity" values={SEVERITIES} selected={search.severity} onToggle={toggle('severity')} />
      <FilterGroup legend="Kind" values={KINDS} selected={search.kind} onToggle={toggle('kind')} />
    </div>
  );
}

const ORDER_LABELS: Record<FindingsOrder, string> = { severity: 'Worst first', recent: 'Newest first' };

/** Searching asks once, on submit: a request per keystroke over a large inbox helps nobody. */
function SearchForm({ q, onSearch }: { q: string | undefined; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    onSearch(trimmed === '' ? undefined : trimmed);
  };
  return (
    <form role="search" className="search" onSubmit={submit}>
      <label htmlFor="findings-q">Search advisory or package</label>
      <input id="findings-q" type="search" value={text} maxLength={SEARCH_MAX_LENGTH} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Search</button>
    </form>
  );
}
