// Reading a report off the thread that serves requests. Parsing and normalizing a
// report of a few thousand entries takes tens of milliseconds of CPU, and its
// idempotency digest as much again; sixteen at once on the request thread held
// /ready for seconds. A few worker threads (node:worker_threads) do it instead:
// the request thread only copies the document to a thread and the parsed report
// back (structured clone, a few milliseconds a megabyte).
//
// The threads load TypeScript as the process does (startTypeScriptWorker). They
// start on first use, and a thread with nothing to do does not keep the process alive.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../../platform/typescript-worker.js';
import type { ParsedReport } from '../observation.js';
import { ReportFormatError, type ReportFormat } from './report-reader.js';

export interface ReadingTask {
  id: number;
  format: ReportFormat;
  /** The report as sent: a JSON document or its text. */
  document: unknown;
  /** Also answer canonicalDigest(document). */
  digest: boolean;
}

export type ReadingAnswer =
  | { id: number; report: ParsedReport; digest?: string }
  | { id: number; formatError: { format: ReportFormat; path: string; problem: string } }
  | { id: number; failure: string };

export interface ReadReport {
  report: ParsedReport;
  /** canonicalDigest of the document, when asked for. */
  digest?: string;
}

/**
 * Threads in the pool: one on a two-core machine, so the request thread keeps a
 * core of its own; two at most, since imports are rare next to requests and each
 * thread holds a report's worth of memory.
 */
const poolSize = Math.max(1, Math.min(2, availableParallelism() - 1));

const workerBody = new URL('./report-reading-worker.ts', import.meta.url);

interface Pending {
  resolve(answer: ReadReport): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** Tasks sent to this thread and not answered yet. */
  pending: Map<number, Pending>;
}

const threads: Thread[] = [];
let nextId = 1;

function startThread(): Thread {
  const thread: Thread = { worker: startTypeScriptWorker(workerBody, { name: 'report-reader' }), pending: new Map() };
  const abandon = (error: Error) => {
    threads.splice(threads.indexOf(thread), 1);
    for (const task of thread.pending.values()) task.reject(error);
    thread.pending.clear();
  };
  thread.worker.on('message', (answer: ReadingAnswer) => {
    const task = thread.pending.get(answer.id);
    if (!task) return;
    thread.pending.delete(answer.id);
    if (thread.pending.size === 0) thread.worker.unref();
    if ('report' in answer) task.resolve({ report: answer.report, ...(answer.digest === undefined ? {} : { digest: answer.digest }) });
    else if ('formatError' in answer) task.reject(new ReportFormatError(answer.formatError.format, answer.formatError.path, answer.formatError.problem));
    else task.reject(new Error(`reading a report failed: ${answer.failure}`));
  });
  // A thread that dies (out of memory, a bug) fails its own tasks; the next task starts another.
  thread.worker.once('error', (error) => abandon(error));
  thread.worker.once('exit', (code) => abandon(new Error(`the report-reading thread exited with ${code}`)));
  thread.worker.unref();
  threads.push(thread);
  return thread;
}

/** The thread with the fewest tasks, started while the pool is not full. */
function leastBusyThread(): Thread {
  const idle = threads.find((thread) => thread.pending.size === 0);
  if (idle) return idle;
  if (threads.length < poolSize) return startThread();
  return threads.reduce((least, thread) => (thread.pending.size < least.pending.size ? thread : least));
}

/**
 * Parses a report (a JSON document or its text) on a report-reading thread, and
 * digests it when asked. A malformed report rejects with ReportFormatError, as
 * parseReport throws it.
 */
export function readReportOffThread(format: ReportFormat, document: unknown, options: { digest?: boolean } = {}): Promise<ReadReport> {
  const thread = leastBusyThread();
  const id = nextId++;
  return new Promise<ReadReport>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    // Kept alive while it has work, so a process waiting on nothing else does not exit under it.
    thread.worker.ref();
    thread.worker.postMessage({ id, format, document, digest: options.digest ?? false } satisfies ReadingTask);
  });
}
