// Serves real OSV records (testing/osv/<ecosystem>/*.json) over HTTP on 127.0.0.1 in the
// layout OSV publishes: `<ECO>/all.zip` (built here with yazl from the files),
// `<ECO>/modified_id.csv` (newest first) and `<ECO>/<ID>.json`. Tests change a record,
// make the server fail, and read which paths were asked for.
import { createHash } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export const FIXTURE_DIR = path.join(import.meta.dirname, 'osv');

export interface FixtureRecord {
  id: string;
  modified: string;
  text: string;
}

/** The fixture records of each ecosystem directory, as the files hold them. */
export function fixtureRecords(): Map<string, FixtureRecord[]> {
  const byEcosystem = new Map<string, FixtureRecord[]>();
  for (const ecosystem of readdirSync(FIXTURE_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    const records = readdirSync(path.join(FIXTURE_DIR, ecosystem))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => {
        const text = readFileSync(path.join(FIXTURE_DIR, ecosystem, file), 'utf8');
        const { id, modified } = JSON.parse(text) as { id: string; modified: string };
        return { id, modified, text };
      });
    byEcosystem.set(ecosystem, records);
  }
  return byEcosystem;
}

/** Newest first, as OSV's modified_id.csv. */
function modifiedCsv(records: readonly Omit<FixtureRecord, 'text'>[]): string {
  return [...records]
    .sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : 0))
    .map((record) => `${record.modified},${record.id}\n`)
    .join('');
}

/** An all.zip of the records, one `<ID>.json` entry each, deflated. */
export async function archiveOf(records: readonly FixtureRecord[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const record of records) zip.addBuffer(Buffer.from(record.text), `${record.id}.json`, { mtime: new Date(0) });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Writes the layout into a directory, as an operator's copy for an air-gapped site would be. */
export async function writeArchiveDirectory(directory: string, records: Map<string, FixtureRecord[]>): Promise<void> {
  for (const [ecosystem, list] of records) await writeEcosystemDirectory(directory, ecosystem, list);
}

/**
 * Writes one ecosystem's layout from records made as they are asked for, holding only their
 * ids and times: a set of OSV's size (npm's 215,000 records) never sits in memory at once.
 * The archive is made from the written files one entry at a time (yazl reads a file only when
 * its entry is written; given buffers, it would deflate every one of them at once).
 */
export async function writeEcosystemDirectory(directory: string, ecosystem: string, records: Iterable<FixtureRecord>): Promise<number> {
  const folder = path.join(directory, ecosystem);
  await mkdir(folder, { recursive: true });
  const written: Omit<FixtureRecord, 'text'>[] = [];
  for (const record of records) {
    await writeFile(path.join(folder, `${record.id}.json`), record.text);
    written.push({ id: record.id, modified: record.modified });
  }
  const zip = new yazl.ZipFile();
  for (const record of written) zip.addFile(path.join(folder, `${record.id}.json`), `${record.id}.json`, { mtime: new Date(0) });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path.join(folder, 'all.zip')));
  await writeFile(path.join(folder, 'modified_id.csv'), modifiedCsv(written));
  return written.length;
}

export interface OsvArchiveServer {
  url: string;
  records: Map<string, FixtureRecord[]>;
  /** Paths asked for since the last call, in order. */
  takeRequests(): string[];
  /** Replaces (or adds) a record of an ecosystem; the archive and the CSV follow. */
  put(ecosystem: string, text: string): void;
  /** Answers this status to every request whose path the predicate picks, until cleared with undefined. */
  failWith(status: number | undefined, picks?: (pathname: string) => boolean): void;
  close(): Promise<void>;
}

export async function startOsvArchiveServer(records = fixtureRecords()): Promise<OsvArchiveServer> {
  const archives = new Map<string, Buffer>();
  let requests: string[] = [];
  let failure: { status: number; picks: (pathname: string) => boolean } | undefined;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
      requests.push(pathname);
      if (failure?.picks(pathname)) {
        response.writeHead(failure.status).end('failing on purpose');
        return;
      }
      const [, ecosystem, file] = /^\/([^/]+)\/([^/]+)$/.exec(pathname) ?? [];
      const list = ecosystem === undefined ? undefined : records.get(ecosystem);
      if (!list || file === undefined) {
        response.writeHead(404).end();
        return;
      }
      if (file === 'all.zip') {
        let archive = archives.get(ecosystem!);
        if (!archive) archives.set(ecosystem!, (archive = await archiveOf(list)));
        const etag = `"${createHash('md5').update(archive).digest('hex')}"`;
        response.writeHead(200, { 'content-type': 'application/zip', 'content-length': archive.length, etag }).end(archive);
        return;
      }
      if (file === 'modified_id.csv') {
        response.writeHead(200, { 'content-type': 'text/csv' }).end(modifiedCsv(list));
        return;
      }
      const record = list.find((candidate) => `${candidate.id}.json` === file);
      if (!record) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(record.text);
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  // Built before the first request, so a sync's timing is the sync's, not the zip's making.
  for (const [ecosystem, list] of records) archives.set(ecosystem, await archiveOf(list));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    takeRequests() {
      const taken = requests;
      requests = [];
      return taken;
    },
    put(ecosystem, text) {
      const { id, modified } = JSON.parse(text) as { id: string; modified: string };
      const list = records.get(ecosystem) ?? [];
      records.set(ecosystem, [...list.filter((record) => record.id !== id), { id, modified, text }]);
      archives.delete(ecosystem);
    },
    failWith(status, picks = () => true) {
      failure = status === undefined ? undefined : { status, picks };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
