// Runs SAP's SCIM compliance suite (scimono-compliance-tests, the shaded jar
// infra/java-peers.sh fetched) against a SCIM base URL, without the tests an
// exclusions file names (ExcludingLauncher.java says why not the suite's own
// launcher), and reads its report.
//
// The suite authenticates with HTTP basic or with an OAuth client-credentials token
// endpoint, never with a bearer token given to it; a directory token is a bearer
// token. So a token endpoint on loopback, for this run only, checks the client
// credentials it was given and answers the directory token as the access token:
// the suite then calls /api/scim/v2 with `Authorization: Bearer <directory token>`,
// as a directory does.
//
// The suite writes its report (which records its settings, the client secret among
// them) and a traffic log (which records the Authorization header) into a scratch
// directory removed afterwards; neither is printed. On a crash the tail of its output
// is returned with the directory token and client secret blanked out.
import { spawn } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readJUnitReport, type JUnitReport } from './junit-report.js';

export interface SuiteRun {
  report: JUnitReport;
  /** The exclusions that matched a test of the suite ("<Class>.<method>"). */
  appliedExclusions: string[];
  /** Wall time of the Java process, in seconds. */
  seconds: number;
}

export interface SuiteOptions {
  java: string;
  jar: string;
  /** e.g. http://127.0.0.1:P/api/scim/v2 */
  scimUrl: string;
  directoryToken: string;
  /** The exclusions file (excluded-tests.txt). */
  exclusionsFile: string;
  timeoutMs: number;
}

const CLIENT_ID = 'scim-compliance-suite';
const LAUNCHER = path.join(import.meta.dirname, 'ExcludingLauncher.java');

export async function runComplianceSuite(options: SuiteOptions): Promise<SuiteRun> {
  const clientSecret = randomBytes(24).toString('base64url');
  const tokenEndpoint = await serveToken(clientSecret, options.directoryToken);
  const workDir = mkdtempSync(path.join(tmpdir(), 'sentinel-scim-compliance-'));
  const redact = (text: string) => text.replaceAll(options.directoryToken, '<directory token>').replaceAll(clientSecret, '<client secret>');
  try {
    const applied = path.join(workDir, 'applied-exclusions.txt');
    const args = [
      '-Xmx384m',
      // Jersey sends PATCH over HttpURLConnection by setting its protected `method` field
      // (the suite's SET_METHOD_WORKAROUND); since Java 17 the module system refuses that unless opened.
      '--add-opens=java.base/java.net=ALL-UNNAMED',
      '--add-opens=java.base/sun.net.www.protocol.http=ALL-UNNAMED',
      '-cp',
      options.jar,
      LAUNCHER,
      options.exclusionsFile,
      applied,
      `scim.service.url=${options.scimUrl}`,
      'auth.type=Oauth',
      'oauth.grant=client_credentials',
      `oauth.clientId=${CLIENT_ID}`,
      `oauth.secret=${clientSecret}`,
      `oauth.service.url=${tokenEndpoint.url}`,
    ];
    const started = Date.now();
    const { code, output } = await runJava(options.java, args, workDir, options.timeoutMs);
    const seconds = (Date.now() - started) / 1000;
    let xml: string;
    try {
      xml = readFileSync(path.join(workDir, 'TEST-junit-jupiter.xml'), 'utf8');
    } catch {
      throw new Error(`the compliance suite wrote no report (exit ${code}); the end of its output:\n${redact(output).slice(-4000)}`);
    }
    const appliedExclusions = readFileSync(applied, 'utf8').split('\n').filter((line) => line !== '');
    return { report: readJUnitReport(xml), appliedExclusions, seconds };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    await new Promise((resolve) => tokenEndpoint.server.close(resolve));
  }
}

/** The suite's OAuth token endpoint: client credentials in, the directory token out. */
async function serveToken(clientSecret: string, directoryToken: string): Promise<{ server: Server; url: string }> {
  const expected = Buffer.from(`Basic ${Buffer.from(`${CLIENT_ID}:${clientSecret}`).toString('base64')}`);
  const server = createServer((request, response) => {
    const presented = Buffer.from(request.headers.authorization ?? '');
    const granted =
      request.method === 'POST' &&
      new URL(request.url ?? '/', 'http://token').searchParams.get('grant_type') === 'client_credentials' &&
      presented.length === expected.length &&
      timingSafeEqual(presented, expected);
    request.resume();
    if (!granted) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: directoryToken, token_type: 'Bearer', expires_in: 3600 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token` };
}

function runJava(java: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(java, args, { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    // Only the end is ever shown; the suite logs every request and response.
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the compliance suite did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      process.removeListener('exit', killOnExit);
      resolve({ code, output });
    });
  });
}
