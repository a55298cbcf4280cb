// The scanner plane: every scanner runs behind one adapter interface and answers
// with parsed observations and licences. Trivy is the first adapter; the built-in
// scanner arrives as another implementation of the same interface.
import { execFile } from 'node:child_process';
import type { ObservationKind } from '../findings/index.js';
import { parseTrivyReport } from '../findings/index.js';
import { replaceUnstorableText } from '../platform/storable-text.js';
import type { ScannerOutcome } from './scan-results.js';

export interface ScannerAdapter {
  readonly name: string;
  /** Runs the scanner against the image for the given kinds; never throws, a failure is an outcome. */
  scan(image: string, kinds: readonly ObservationKind[], signal: AbortSignal): Promise<ScannerOutcome>;
}

const trivyScannerFlags: Record<ObservationKind, string> = {
  vulnerability: 'vuln',
  secret: 'secret',
  misconfiguration: 'misconfig',
};

/**
 * `trivy image --format json` with the scanners for the requested kinds, plus
 * licences. The report is parsed with the same parser as imported Trivy reports.
 */
export function createTrivyAdapter(options: { binary?: string; timeoutMs?: number } = {}): ScannerAdapter {
  const binary = options.binary ?? 'trivy';
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  return {
    name: 'trivy',
    async scan(image, kinds, signal) {
      const args = ['image', '--format', 'json', '--quiet', '--scanners', [...kinds.map((k) => trivyScannerFlags[k]), 'license'].join(','), image];
      try {
        const stdout = await new Promise<string>((resolve, reject) => {
          execFile(binary, args, { maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs, signal }, (error, out, stderr) => {
            if (error) reject(Object.assign(error, { stderr }));
            else resolve(out);
          });
        });
        const report = parseTrivyReport(JSON.parse(stdout));
        return { scanner: 'trivy', observations: report.observations, licences: report.licences, coveredKinds: [...kinds], warnings: report.warnings };
      } catch (error) {
        return { scanner: 'trivy', failure: describeFailure(binary, error) };
      }
    },
  };
}

function describeFailure(binary: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `${binary} is not installed on this worker`;
  if ((error as { killed?: boolean }).killed) return 'the scanner ran past its time limit';
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  const message = error instanceof Error ? error.message : String(error);
  // The last line of the scanner's own complaint is what a person can act on. It
  // becomes the scan's failure_reason through the stream, so it must be storable.
  return replaceUnstorableText((stderr.split('\n').at(-1) || message).slice(0, 500)).text;
}
