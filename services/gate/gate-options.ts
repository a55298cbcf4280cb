// `sentinel gate` arguments: parsed once, with the environment passed in by the
// entry point (the API key belongs in the CI system's secret store, exposed as an
// environment variable, rather than on a command line other processes can read).
import { randomUUID } from 'node:crypto';

export interface GateOptions {
  baseUrl: URL;
  apiKey: string;
  image: string;
  scanners: string[];
  /** How long to wait for the scan and the verdict, in milliseconds. */
  timeoutMs: number;
  pollIntervalMs: number;
  /** Sent with POST /scans: retrying the gate with the same key reuses the scan instead of queueing another. */
  idempotencyKey: string;
  format: 'table' | 'json';
}

export const gateUsage = `usage: sentinel gate --image <reference> [options]

Queues a scan of the image, waits for it, asks for the verdict of the enabled
policy and prints it. Exit status: 0 pass, 1 blocked by the policy, 2 error.

  --image <reference>        image to scan (required)
  --url <base url>           service address, e.g. https://sentinel.example.com
                             (default: $SENTINEL_URL)
  --api-key <key>            API key with scans:create, scans:read and verdicts:request
                             (default: $SENTINEL_API_KEY; prefer the variable)
  --scanner <name>           scanner to run; repeatable (default: sentinel,
                             the built-in scanner)
  --timeout <seconds>        give up after this long (default: 900)
  --poll-interval <seconds>  how often to check the scan (default: 3)
  --idempotency-key <key>    reuse the scan of an earlier run with this key
                             (default: a new key; e.g. your CI job id)
  --format <table|json>      output: a table (default) or the verdict as JSON
  -h, --help                 prints this text`;

export class GateUsageError extends Error {}

const valueFlags = new Set(['--image', '--url', '--api-key', '--scanner', '--timeout', '--poll-interval', '--idempotency-key', '--format']);

export function parseGateOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): GateOptions {
  const values = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!valueFlags.has(flag)) throw new GateUsageError(`unknown argument ${flag}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new GateUsageError(`${flag} needs a value`);
    values.set(flag, [...(values.get(flag) ?? []), value]);
  }
  const single = (flag: string): string | undefined => {
    const given = values.get(flag);
    if (given && given.length > 1) throw new GateUsageError(`${flag} given more than once`);
    return given?.[0];
  };
  const seconds = (flag: string, fallback: number, minimum: number): number => {
    const raw = single(flag);
    if (raw === undefined) return fallback * 1000;
    const parsed = Number(raw);
    if (!Number.isFinite(parsed) || parsed < minimum) throw new GateUsageError(`${flag} must be a number of seconds, at least ${minimum}`);
    return parsed * 1000;
  };

  const image = single('--image');
  if (!image) throw new GateUsageError('--image is required');
  const rawUrl = single('--url') ?? env.SENTINEL_URL;
  if (!rawUrl) throw new GateUsageError('the service address is required: --url or SENTINEL_URL');
  let baseUrl: URL;
  try {
    baseUrl = new URL(rawUrl);
  } catch {
    throw new GateUsageError(`${rawUrl} is not a URL`);
  }
  if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') throw new GateUsageError('the service address must be an http or https URL');
  const apiKey = single('--api-key') ?? env.SENTINEL_API_KEY;
  if (!apiKey) throw new GateUsageError('an API key is required: SENTINEL_API_KEY or --api-key');
  const format = single('--format') ?? 'table';
  if (format !== 'table' && format !== 'json') throw new GateUsageError('--format must be table or json');

  return {
    baseUrl,
    apiKey,
    image,
    scanners: values.get('--scanner') ?? ['sentinel'],
    timeoutMs: seconds('--timeout', 900, 1),
    pollIntervalMs: seconds('--poll-interval', 3, 0.01),
    idempotencyKey: single('--idempotency-key') ?? `gate-${randomUUID()}`,
    format,
  };
}
