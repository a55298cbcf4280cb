// Where OSV records come from, in the layout OSV publishes per ecosystem
// (`<ECO>/all.zip`, `<ECO>/modified_id.csv` newest first, `<ECO>/<ID>.json`): OSV's
// public bucket, an operator's mirror over HTTP(S), or a directory holding a copy of
// that layout (air-gapped sites). The source is the operator's configuration, never a
// customer's address, so it is reached directly rather than through the egress policy
// (docs/decisions/advisories.md, "Advisory data kept by the service").
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { AppError } from '../platform/errors.js';
import { MAX_RECORD_BYTES } from './advisory-record.js';

/** OSV's public bucket: every ecosystem's records, updated continuously. */
export const OSV_PUBLIC_SOURCE = 'https://osv-vulnerabilities.storage.googleapis.com';

/** Bounds on what the source may hand over: an archive (Debian's is some hundreds of MB), one line of modified_id.csv. */
const MAX_ARCHIVE_BYTES = 8 * 1024 ** 3;
const MAX_CSV_LINE = 4_096;

interface ModifiedEntry {
  modified: string;
  id: string;
}

interface LocalArchive {
  /** The zip on local disk. */
  path: string;
  /** What identifies this copy of the archive (validator or size and time); empty when the source gives none. */
  identity: string;
  /** Removes a downloaded copy; a directory source's own file stays. */
  discard(): Promise<void>;
}

export interface AdvisorySource {
  /** The configured location, as the status shows it. */
  readonly location: string;
  /** The ecosystem's `all.zip` on local disk: the file itself for a directory, a download into scratchDir otherwise. */
  archive(ecosystem: string, scratchDir: string, signal: AbortSignal, onBytes: (bytes: number) => void): Promise<LocalArchive>;
  /** The lines of `<ECO>/modified_id.csv` as published (newest first); stopping early stops the read. */
  modifiedIds(ecosystem: string, signal: AbortSignal): AsyncIterable<ModifiedEntry>;
  /** The text of `<ECO>/<ID>.json`, or undefined when the source has no such record. */
  record(ecosystem: string, id: string, signal: AbortSignal): Promise<string | undefined>;
}

/** Whether the location is an http(s) URL; anything else is a directory (a file: URL or a path). */
const isHttp = (location: string): boolean => /^https?:\/\//i.test(location);

export function createAdvisorySource(location: string): AdvisorySource {
  return isHttp(location) ? httpSource(location.replace(/\/+$/, '')) : directorySource(location.startsWith('file:') ? fileURLToPath(location) : path.resolve(location));
}

/** Splits a byte stream into lines, refusing a line longer than the bound. */
async function* linesOf(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of stream) {
    pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let newline: number;
    while ((newline = pending.indexOf('\n')) !== -1) {
      yield pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
    }
    if (pending.length > MAX_CSV_LINE) throw new AppError('unprocessable', `modified_id.csv has a line longer than ${MAX_CSV_LINE} characters`);
  }
  if (pending !== '') yield pending.replace(/\r$/, '');
}

async function* entriesOf(lines: AsyncIterable<string>): AsyncGenerator<ModifiedEntry> {
  for await (const line of lines) {
    const comma = line.indexOf(',');
    if (comma === -1) continue;
    yield { modified: line.slice(0, comma).trim(), id: line.slice(comma + 1).trim() };
  }
}

/** Counts bytes as they pass and stops past the bound. */
function byteCounter(onBytes: (bytes: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > MAX_ARCHIVE_BYTES) return callback(new AppError('unprocessable', `the advisory archive is larger than ${MAX_ARCHIVE_BYTES} bytes`));
      onBytes(total);
      callback(null, chunk);
    },
  });
}

const segment = (name: string): string => encodeURIComponent(name);

function httpSource(base: string): AdvisorySource {
  /** Answers the response, or undefined for 404; any other failure is an AppError saying whether a later try may do better. */
  async function get(url: string, signal: AbortSignal): Promise<Response | undefined> {
    let response: Response;
    try {
      response = await fetch(url, { signal, redirect: 'follow' });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new AppError('unavailable', `the advisory source cannot be reached: ${url} (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`, { retriable: true, cause: error });
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      // A server's trouble or a limit may pass; a refusal (401, 403, 410...) will not.
      const retriable = response.status >= 500 || response.status === 429 || response.status === 408;
      throw new AppError(retriable ? 'unavailable' : 'configuration_error', `the advisory source answered ${response.status} for ${url}`, { retriable });
    }
    return response;
  }
  const missing = (what: string, url: string) => new AppError('configuration_error', `the advisory source has no ${what}: ${url} answered 404`);

  return {
    location: base,
    async archive(ecosystem, scratchDir, signal, onBytes) {
      const url = `${base}/${segment(ecosystem)}/all.zip`;
      const response = await get(url, signal);
      if (!response?.body) throw missing(`archive for ${ecosystem}`, url);
      const file = path.join(scratchDir, `${segment(ecosystem)}-all.zip`);
      const validator = response.headers.get('etag') ?? response.headers.get('last-modified') ?? '';
      try {
        await pipeline(Readable.fromWeb(response.body as WebReadableStream), byteCounter(onBytes), createWriteStream(file), { signal });
      } catch (error) {
        if (error instanceof AppError || signal.aborted) throw error;
        throw new AppError('unavailable', `the advisory archive download failed: ${url}`, { retriable: true, cause: error });
      }
      return { path: file, identity: validator === '' ? '' : `${validator} ${response.headers.get('content-length') ?? ''}`, discard: () => rm(file, { force: true }) };
    },
    async *modifiedIds(ecosystem, signal) {
      const url = `${base}/${segment(ecosystem)}/modified_id.csv`;
      const response = await get(url, signal);
      if (!response?.body) throw missing(`modified_id.csv for ${ecosystem}`, url);
      const body = Readable.fromWeb(response.body as WebReadableStream);
      try {
        yield* entriesOf(linesOf(body));
      } finally {
        body.destroy();
      }
    },
    async record(ecosystem, id, signal) {
      const response = await get(`${base}/${segment(ecosystem)}/${segment(id)}.json`, signal);
      if (!response?.body) return undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of Readable.fromWeb(response.body as WebReadableStream) as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_RECORD_BYTES) throw new AppError('unprocessable', `the advisory record ${ecosystem}/${id} is larger than ${MAX_RECORD_BYTES} bytes`);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

function directorySource(root: string): AdvisorySource {
  const fileOf = (ecosystem: string, name: string): string => {
    const file = path.join(root, ecosystem, name);
    // An ecosystem or id naming another directory is refused rather than read.
    if (path.dirname(path.dirname(file)) !== root) throw new AppError('validation_failed', `not a file of the advisory directory: ${ecosystem}/${name}`);
    return file;
  };
  const absent = (error: unknown): boolean => (error as { code?: unknown }).code === 'ENOENT';
  return {
    location: root,
    async archive(ecosystem) {
      const file = fileOf(ecosystem, 'all.zip');
      try {
        const info = await stat(file);
        return { path: file, identity: `${info.size} ${info.mtimeMs}`, discard: async () => undefined };
      } catch (error) {
        if (absent(error)) throw new AppError('configuration_error', `the advisory directory has no archive for ${ecosystem}: ${file}`);
        throw error;
      }
    },
    async *modifiedIds(ecosystem) {
      const file = fileOf(ecosystem, 'modified_id.csv');
      const stream = createReadStream(file);
      try {
        yield* entriesOf(linesOf(stream));
      } catch (error) {
        if (absent(error)) throw new AppError('configuration_error', `the advisory directory has no modified_id.csv for ${ecosystem}: ${file}`);
        throw error;
      } finally {
        stream.destroy();
      }
    },
    async record(ecosystem, id) {
      const file = fileOf(ecosystem, `${id}.json`);
      try {
        if ((await stat(file)).size > MAX_RECORD_BYTES) throw new AppError('unprocessable', `the advisory record ${file} is larger than ${MAX_RECORD_BYTES} bytes`);
        return await readFile(file, 'utf8');
      } catch (error) {
        if (absent(error)) return undefined;
        throw error;
      }
    },
  };
}
