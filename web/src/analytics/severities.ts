// How the charts tell severities apart: the API's order (worst first, as its SeverityCounts
// lists them), a colour of at least 3:1 against the white chart, and a dash pattern, so a line
// is told apart without its colour too.
import type { Severity } from '../findings/findings-search';

export const SEVERITY_ORDER: readonly Severity[] = ['critical', 'high', 'medium', 'unknown', 'low', 'none'];

export const SEVERITY_COLOUR: Record<Severity, string> = {
  critical: '#7f1d1d',
  high: '#c2410c',
  medium: '#a16207',
  unknown: '#4b5563',
  low: '#1e40af',
  none: '#0f766e',
};

/** The line of every severity together: the darkest and the thickest. */
export const TOTAL_COLOUR = '#111827';

export const SEVERITY_DASH: Record<Severity, string | undefined> = {
  critical: undefined,
  high: '8 3',
  medium: '3 3',
  unknown: '12 4 3 4',
  low: '1 3',
  none: '6 6',
};

/** The severities an answer reports (all, or those of the severity filter), worst first. */
export function reportedSeverities(counts: Partial<Record<Severity, unknown>> | undefined): Severity[] {
  return SEVERITY_ORDER.filter((severity) => counts?.[severity] !== undefined);
}
