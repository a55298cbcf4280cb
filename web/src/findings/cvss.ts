// A CVSS vector read into its metrics, for people who do not read "AV:N/AC:L" at a glance.
// Metric and value names of CVSS 3.x's base metrics (FIRST's specification); any other
// metric (CVSS 2, 4, temporal or environmental ones) is shown as the vector writes it.

const METRICS: Record<string, { name: string; values: Record<string, string> }> = {
  AV: { name: 'Attack vector', values: { N: 'Network', A: 'Adjacent', L: 'Local', P: 'Physical' } },
  AC: { name: 'Attack complexity', values: { L: 'Low', H: 'High' } },
  PR: { name: 'Privileges required', values: { N: 'None', L: 'Low', H: 'High' } },
  UI: { name: 'User interaction', values: { N: 'None', R: 'Required' } },
  S: { name: 'Scope', values: { U: 'Unchanged', C: 'Changed' } },
  C: { name: 'Confidentiality', values: { N: 'None', L: 'Low', H: 'High' } },
  I: { name: 'Integrity', values: { N: 'None', L: 'Low', H: 'High' } },
  A: { name: 'Availability', values: { N: 'None', L: 'Low', H: 'High' } },
};

export interface CvssMetric {
  metric: string;
  name: string;
  value: string;
}

/** The version ("3.1") and the metrics of a vector; a vector without a CVSS 3 prefix keeps its abbreviations. */
export function readCvssVector(vector: string): { version: string | undefined; metrics: CvssMetric[] } {
  const parts = vector.split('/').filter((part) => part !== '');
  const prefix = /^CVSS:(\d+(?:\.\d+)?)$/.exec(parts[0] ?? '');
  const version = prefix?.[1];
  const named = version?.startsWith('3') === true;
  const metrics = (prefix ? parts.slice(1) : parts).map((part) => {
    const [metric = part, value = ''] = part.split(':');
    const known = named ? METRICS[metric] : undefined;
    return { metric, name: known?.name ?? metric, value: known?.values[value] ?? value };
  });
  return { version, metrics };
}

/** CVSS 3's qualitative rating of a base score. */
export function cvssRating(score: number): string {
  if (score === 0) return 'None';
  if (score < 4) return 'Low';
  if (score < 7) return 'Medium';
  if (score < 9) return 'High';
  return 'Critical';
}
