// `sentinel advisories sync [--ecosystem X]...`: runs the synchronization in the
// command's process, progress lines on stderr (at most every two seconds per
// ecosystem, and at each change of phase), one line per ecosystem and a summary on
// stdout. Exit 0 when every ecosystem synchronized, 1 when one failed or another
// synchronization is running.
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import { SyncBusyError, syncAdvisories, type SyncProgress } from './sync.js';

const PROGRESS_EVERY_MS = 2_000;

export interface CommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const megabytes = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function describe(progress: SyncProgress): string {
  switch (progress.phase) {
    case 'downloading':
      return `downloading all.zip: ${megabytes(progress.bytes ?? 0)}`;
    case 'loading':
      return `loading all.zip: ${progress.records} entries read`;
    case 'fetching':
      return `${progress.records}/${progress.total} changed records fetched`;
    case 'done':
      return `done: ${progress.records} records (${progress.mode === 'full' ? 'full load' : 'incremental'})`;
    case 'failed':
      return `failed: ${progress.error}`;
  }
}

export async function runAdvisorySyncCommand(
  deps: { db: Database; logger: Logger; source: string; ecosystems: readonly string[]; signal?: AbortSignal },
  output: CommandOutput,
): Promise<number> {
  const last = new Map<string, { phase: string; at: number }>();
  const onProgress = (progress: SyncProgress) => {
    const now = Date.now();
    const previous = last.get(progress.ecosystem);
    const changed = previous?.phase !== progress.phase;
    if (!changed && now - previous.at < PROGRESS_EVERY_MS) return;
    last.set(progress.ecosystem, { phase: progress.phase, at: now });
    output.stderr(`advisories sync: ${progress.ecosystem}: ${describe(progress)}\n`);
  };
  output.stderr(`advisories sync: from ${deps.source}: ${deps.ecosystems.join(', ')}\n`);
  let result;
  try {
    result = await syncAdvisories({ db: deps.db, source: deps.source, ecosystems: deps.ecosystems, onProgress, logger: deps.logger, signal: deps.signal });
  } catch (error) {
    if (!(error instanceof SyncBusyError)) throw error;
    output.stderr(`advisories sync: another synchronization is running (${error.holder}); try again when it is done (by ${error.leaseExpiresAt} if that process is gone)\n`);
    return 1;
  }
  let written = 0;
  for (const outcome of result.ecosystems) {
    written += outcome.written;
    const how = outcome.mode === 'full' ? 'full load' : outcome.mode === 'incremental' ? 'incremental' : 'not started';
    output.stdout(
      outcome.error === null
        ? `${outcome.ecosystem}: ${outcome.records} records, ${outcome.written} written (${how}${outcome.skipped > 0 ? `, ${outcome.skipped} unreadable skipped` : ''}) in ${seconds(outcome.elapsedMs)}\n`
        : `${outcome.ecosystem}: failed (${outcome.error}); ${outcome.records} records kept, ${outcome.written} written before the failure\n`,
    );
  }
  const failed = result.ecosystems.filter((outcome) => outcome.error !== null).length;
  const rate = result.elapsedMs > 0 ? Math.round((written / result.elapsedMs) * 1000) : written;
  output.stdout(`synchronized ${result.ecosystems.length - failed} of ${result.ecosystems.length} ecosystems: ${written} records written in ${seconds(result.elapsedMs)} (${rate} records/s)\n`);
  return failed === 0 ? 0 : 1;
}
