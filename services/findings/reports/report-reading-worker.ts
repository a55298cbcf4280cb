// The body of a report-reading thread (report-reading-pool.ts): parses a report
// into normalized observations and, when asked, digests the document for an
// idempotency fingerprint. Both walk the whole report, which is why they run here
// and not on the thread that serves requests.
import { parentPort } from 'node:worker_threads';
import { canonicalDigest } from '../../platform/pagination/canonical-json.js';
import { parseReport, ReportFormatError } from './index.js';
import type { ReadingAnswer, ReadingTask } from './report-reading-pool.js';

const port = parentPort;
if (port === null) throw new Error('report-reading-worker.ts runs only as a worker thread');

port.on('message', (task: ReadingTask) => {
  port.postMessage(read(task));
});

function read(task: ReadingTask): ReadingAnswer {
  try {
    const report = parseReport(task.format, task.document);
    return { id: task.id, report, ...(task.digest ? { digest: canonicalDigest(task.document) } : {}) };
  } catch (error) {
    if (error instanceof ReportFormatError) return { id: task.id, formatError: { format: error.format, path: error.path, problem: error.problem } };
    return { id: task.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
