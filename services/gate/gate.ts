// `sentinel gate`: a release gate for CI pipelines. Queues a scan of an image
// (with an idempotency key, so a retried request never queues two), waits for it
// with progress on stderr, requests the verdict of the enabled policy and prints
// its rules. Exit status: 0 pass, 1 blocked, 2 error (with the reason).
import type { components } from '../../api/openapi.js';
import type { GateOptions } from './gate-options.js';

export const GATE_PASS = 0;
export const GATE_BLOCKED = 1;
export const GATE_ERROR = 2;

interface GateOutput {
  /** The result: the table or the JSON verdict. */
  stdout: (text: string) => void;
  /** Progress and errors. */
  stderr: (text: string) => void;
}

/** The API's Scan and Verdict, as the gate reads them. */
type Scan = components['schemas']['Scan'];
type Verdict = components['schemas']['Verdict'];

/** A failure the gate reports and exits 2 on. */
class GateError extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfterMs: number | undefined;
}

const REQUEST_TIMEOUT_MS = 30_000;
const PROGRESS_EVERY_MS = 30_000;
const finalStates = new Set(['completed', 'partial', 'failed']);

export async function runGate(options: GateOptions, output: GateOutput): Promise<number> {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  const elapsed = () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  const progress = (line: string) => output.stderr(`[gate ${elapsed()}] ${line}\n`);
  const untilDeadline = (what: string) => {
    if (Date.now() >= deadline) throw new GateError(`timed out after ${options.timeoutMs / 1000} s ${what}`);
  };

  /**
   * One API call. Connection failures, 429 and 5xx answers are retried until the
   * deadline: every call the gate makes is safe to repeat (GET, POST /scans with
   * its idempotency key, and the verdict, recorded once per scan and policy version).
   */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      let retryReason: string;
      let waitMs = Math.min(1000 * 2 ** (attempt - 1), 15_000);
      try {
        const response = await fetch(new URL(path, options.baseUrl), {
          method,
          headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          redirect: 'error',
        });
        const text = await response.text();
        const parsed = parseJson(text);
        const retryAfterMs = retryAfter(response.headers.get('retry-after'));
        if (response.status !== 429 && response.status < 500) return { status: response.status, body: parsed, retryAfterMs };
        retryReason = `${method} ${path} answered ${response.status}${typeof parsed.error === 'string' ? ` (${parsed.error})` : ''}`;
        waitMs = retryAfterMs ?? waitMs;
      } catch (error) {
        retryReason = `${method} ${path} failed: ${describe(error)}`;
      }
      if (Date.now() + waitMs >= deadline) throw new GateError(`${retryReason}; giving up at the timeout`);
      progress(`${retryReason}; retrying in ${Math.ceil(waitMs / 1000)} s`);
      await sleep(waitMs);
    }
  }

  try {
    const queued = await call('POST', 'api/v1/scans', { image: options.image, scanners: options.scanners }, { 'idempotency-key': options.idempotencyKey });
    if (queued.status < 200 || queued.status > 299) throw new GateError(refusal('queueing the scan', queued));
    let scan = queued.body as unknown as Scan;
    progress(`scan ${scan.id} of ${scan.image}: ${scan.state}`);

    let lastReport = Date.now();
    while (!finalStates.has(scan.state)) {
      untilDeadline(`waiting for scan ${scan.id} (still ${scan.state})`);
      await sleep(Math.min(options.pollIntervalMs, Math.max(0, deadline - Date.now())));
      const read = await call('GET', `api/v1/scans/${scan.id}`);
      if (read.status !== 200) throw new GateError(refusal('reading the scan', read));
      const previous = scan.state;
      scan = read.body as unknown as Scan;
      if (scan.state !== previous || Date.now() - lastReport >= PROGRESS_EVERY_MS) {
        progress(`scan ${scan.id}: ${scan.state}`);
        lastReport = Date.now();
      }
    }
    if (scan.state !== 'completed') {
      throw new GateError(`scan ${scan.id} ended ${scan.state}${scan.failure_reason ? `: ${scan.failure_reason}` : ''}; no verdict on an incomplete scan`);
    }
    progress(`scan ${scan.id} completed: ${scan.new_findings ?? 0} new, ${scan.reopened_findings ?? 0} reopened, ${scan.resolved_findings ?? 0} resolved findings`);

    let decided: Answer;
    for (;;) {
      decided = await call('POST', `api/v1/scans/${scan.id}/verdict`);
      // The scan's summary is kept by its own stream processor and may trail the scan by a moment.
      if (decided.status !== 409 || decided.body.rule !== 'verdict_not_ready') break;
      untilDeadline(`waiting for the verdict of scan ${scan.id}`);
      progress('verdict not ready yet; waiting');
      await sleep(decided.retryAfterMs ?? 1000);
    }
    if (decided.status !== 201 && decided.status !== 200) throw new GateError(refusal('requesting the verdict', decided));
    const verdict = decided.body as unknown as Verdict;

    output.stdout(options.format === 'json' ? `${JSON.stringify(verdict, null, 2)}\n` : verdictTable(scan, verdict));
    return verdict.blocking ? GATE_BLOCKED : GATE_PASS;
  } catch (error) {
    output.stderr(`gate error: ${error instanceof GateError ? error.message : describe(error)}\n`);
    return GATE_ERROR;
  }
}

function verdictTable(scan: Scan, verdict: Verdict): string {
  const rows = verdict.rules.map((rule) => [rule.name, rule.effect, String(rule.match_count), rule.blocking ? 'yes' : 'no']);
  const header = ['RULE', 'EFFECT', 'MATCHES', 'BLOCKING'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  const blockingRules = verdict.rules.filter((rule) => rule.blocking).length;
  return [
    `Scan ${scan.id} of ${scan.image}: ${verdict.evaluated_findings} findings evaluated`,
    `Policy "${verdict.policy.name}" version ${verdict.policy.version}`,
    '',
    line(header),
    ...rows.map(line),
    '',
    verdict.blocking
      ? `BLOCKED: ${blockingRules} blocking rule${blockingRules === 1 ? '' : 's'} matched (verdict ${verdict.id})`
      : `PASS (verdict ${verdict.id})`,
    '',
  ].join('\n');
}

function refusal(what: string, answer: Answer): string {
  const message = typeof answer.body.error === 'string' ? answer.body.error : 'no message';
  const hint = answer.status === 401 ? ' (check the API key)' : answer.status === 403 ? ' (the key needs scans:create, scans:read and verdicts:request)' : '';
  return `${what} failed with ${answer.status}: ${message}${hint}`;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function retryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
