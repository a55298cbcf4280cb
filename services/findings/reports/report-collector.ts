import { replaceUnstorableText } from '../../platform/storable-text.js';
import type { LicenceRecord, Observation, ObservationKind, ParsedReport, ReportWarning } from '../observation.js';
import type { StorableText } from './report-reader.js';

/** The most warnings a report lists; the rest are counted in one last warnings_omitted entry. */
export const maxListedWarnings = 100;

/** Accumulates what a parser finds; licences are kept once each, since scanners repeat them per match. */
export class ReportCollector implements StorableText {
  private readonly observations: Observation[] = [];
  private readonly licences = new Map<string, LicenceRecord>();
  private readonly warnings: ReportWarning[] = [];
  /** Fields whose replaced characters are already a warning: a parser may read a field twice. */
  private readonly replacedIn = new Set<string>();

  observe(observation: Observation): void {
    this.observations.push(observation);
  }

  licence(record: LicenceRecord): void {
    const key = JSON.stringify([record.ecosystem, record.package, record.version, record.path, record.licence]);
    if (!this.licences.has(key)) this.licences.set(key, record);
  }

  /** The kinds of the observations so far. */
  observedKinds(): ObservationKind[] {
    return [...new Set(this.observations.map((observation) => observation.kind))];
  }

  storable(where: string, text: string): string {
    const { text: storable, replaced } = replaceUnstorableText(text);
    if (replaced > 0 && !this.replacedIn.has(where)) {
      this.replacedIn.add(where);
      const characters = replaced === 1 ? 'character' : 'characters';
      this.warnings.push({ code: 'text_replaced', where, count: replaced, message: `${where}: ${replaced} ${characters} no text can hold (NUL or unpaired surrogate) replaced with U+FFFD` });
    }
    return storable;
  }

  /** An entry left out on purpose; the message names it and says why. */
  skipped(where: string, message: string): void {
    this.warnings.push({ code: 'entry_skipped', where, count: 1, message: `${where}: ${message}` });
  }

  /** A value left out of an entry that is otherwise recorded. */
  notStored(where: string, message: string): void {
    this.warnings.push({ code: 'value_not_stored', where, count: 1, message: `${where}: ${message}` });
  }

  /** The parsed report; `coveredKinds` are the kinds the document shows were looked for. */
  report(scanner: string, artifact: string | null, coveredKinds: Iterable<ObservationKind>): ParsedReport {
    return {
      scanner,
      ...(artifact ? { artifact } : {}),
      observations: this.observations,
      licences: [...this.licences.values()],
      warnings: listedWarnings(this.warnings),
      coveredKinds: [...new Set(coveredKinds)],
    };
  }
}

/** The first maxListedWarnings, then one entry counting the rest by code. */
function listedWarnings(warnings: readonly ReportWarning[]): ReportWarning[] {
  const omitted = warnings.slice(maxListedWarnings);
  if (omitted.length === 0) return [...warnings];
  const byCode = new Map<string, number>();
  for (const warning of omitted) byCode.set(warning.code, (byCode.get(warning.code) ?? 0) + 1);
  const breakdown = [...byCode].map(([code, count]) => `${count} ${code}`).join(', ');
  return [
    ...warnings.slice(0, maxListedWarnings),
    { code: 'warnings_omitted', where: null, count: omitted.length, message: `${omitted.length} more warnings not listed (${breakdown})` },
  ];
}
