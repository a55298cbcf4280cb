import { useNavigate } from '@tanstack/react-router';
import { FilterGroup } from '../findings/FilterGroup';
import { KINDS, SEVERITIES, toggled } from '../findings/findings-search';
import { BUCKETS, type AnalyticsSearch, type Bucket } from './analytics-search';
import { ASSET_CHOICES, useAssetChoices } from './use-asset-choices';

/**
 * The window (first day, the day after the last, bucket size) and the severity, kind and asset
 * filters; each change is a new URL. An empty day is the API's default. The asset filter offers
 * the newest assets (one page); a person who cannot read assets sees no asset filter.
 */
export function AnalyticsControls({ search }: { search: AnalyticsSearch }) {
  const navigate = useNavigate({ from: '/analytics' });
  const change = (next: Partial<AnalyticsSearch>) => void navigate({ search: { ...search, ...next } });
  const assets = useAssetChoices();
  return (
    <div className="filters">
      <fieldset>
        <legend>Window</legend>
        <label>
          From
          <input type="date" value={search.from ?? ''} onChange={(event) => change({ from: event.target.value || undefined })} />
        </label>
        <label>
          To (not included)
          <input type="date" value={search.to ?? ''} onChange={(event) => change({ to: event.target.value || undefined })} />
        </label>
        <label>
          Bucket
          <select value={search.bucket ?? 'day'} onChange={(event) => change({ bucket: event.target.value as Bucket })}>
            {BUCKETS.map((bucket) => (
              <option key={bucket} value={bucket}>
                {bucket}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <FilterGroup legend="Severity" values={SEVERITIES} selected={search.severity} onToggle={(value) => change({ severity: toggled(search.severity, value) })} />
      <FilterGroup legend="Kind" values={KINDS} selected={search.kind} onToggle={(value) => change({ kind: toggled(search.kind, value) })} />
      {assets.isSuccess && (
        <label className="asset-filter">
          Asset
          <select value={search.asset_id ?? ''} onChange={(event) => change({ asset_id: event.target.value || undefined })}>
            <option value="">every asset</option>
            {[...assets.data.references].map(([id, reference]) => (
              <option key={id} value={id}>
                {reference}
              </option>
            ))}
            {search.asset_id && !assets.data.references.has(search.asset_id) && <option value={search.asset_id}>asset {search.asset_id}</option>}
          </select>
          {assets.data.more && <span className="hint">the {ASSET_CHOICES} newest</span>}
        </label>
      )}
    </div>
  );
}
