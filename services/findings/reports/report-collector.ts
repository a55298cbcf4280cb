import type { LicenceRecord, Observation, ParsedReport } from '../observation.js';

/** Accumulates what a parser finds; licences are kept once each, since scanners repeat them per match. */
export class ReportCollector {
  private readonly observations: Observation[] = [];
  private readonly licences = new Map<string, LicenceRecord>();
  private readonly warnings: string[] = [];

  observe(observation: Observation): void {
    this.observations.push(observation);
  }

  licence(record: LicenceRecord): void {
    const key = JSON.stringify([record.ecosystem, record.package, record.version, record.path, record.licence]);
    if (!this.licences.has(key)) this.licences.set(key, record);
  }

  warn(warning: string): void {
    this.warnings.push(warning);
  }

  report(scanner: string, artifact: string | null): ParsedReport {
    return {
      scanner,
      ...(artifact ? { artifact } : {}),
      observations: this.observations,
      licences: [...this.licences.values()],
      warnings: this.warnings,
    };
  }
}
