import type { components } from '../../../api/openapi';

type Counts = components['schemas']['Asset']['open_findings'];

const ORDER = ['critical', 'high', 'medium', 'unknown', 'low', 'none'] as const;

/** An asset's open findings per severity, worst first; severities with none are left out. */
export function SeverityCounts({ counts }: { counts: Counts }) {
  const present = ORDER.filter((severity) => counts[severity] > 0);
  if (present.length === 0) return <span className="muted">No open findings</span>;
  return (
    <ul className="severity-counts">
      {present.map((severity) => (
        <li key={severity}>
          <span className={`severity severity-${severity}`}>
            {counts[severity].toLocaleString()} {severity}
          </span>
        </li>
      ))}
    </ul>
  );
}
