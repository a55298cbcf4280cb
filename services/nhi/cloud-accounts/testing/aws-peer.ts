// Test-only: an AWS account on 127.0.0.1 behind TLS (a certificate from the
// throwaway test CA), made of two parts behind one HTTPS front:
// - `emulate` 0.12.2 (createEmulator({ service: 'aws' }), plain HTTP on loopback)
//   answers what it implements: STS GetCallerIdentity and AssumeRole, IAM
//   ListAccessKeys (and the other user and role calls). It is seeded with the
//   fixture's users and roles, plus the role a connector assumes.
// - a small stub answers what emulate lacks: GetAccountAuthorizationDetails, serving
//   the real output in test/fixtures/nhi/aws (salesforce/cloudsplaining, BSD-3) as
//   IAM's query API serves it (XML, policy documents URL-encoded, paged with
//   Marker), GetAccessKeyLastUsed from a table the test writes, and UpdateAccessKey
//   (a remediation disabling a key) on that table's status.
// emulate plays one fixed account (123456789012); the stub serves the fixture's
// account (200611803367) as that one, so ARNs, users and keys agree.
//
// The front records every request (time, service, action, parameters) and plays
// the failures a test scripts per action (429 with Retry-After, an authorization
// failure, a redirect, a response over the size limit), and, through `state`, the
// same entry on two pages and a listing that never ends.
import { createEmulator } from 'emulate';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';

/** The one account emulate 0.12.2 plays (its ACCOUNT_ID). */
export const EMULATED_ACCOUNT = '123456789012';
/** The account of the fixture as published. */
export const FIXTURE_ACCOUNT = '200611803367';
/** A role of the emulated account a connector's credentials may name to be assumed. */
export const COLLECTION_ROLE_ARN = `arn:aws:iam::${EMULATED_ACCOUNT}:role/SentinelInventoryReader`;
/** emulate's default key pair (it accepts any signature; the SDK still signs every request). */
export const EMULATED_KEY = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' } as const;

const FIXTURE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/nhi/aws/cloudsplaining-example-authorization-details.json');

export interface AuthorizationDetails {
  UserDetailList: Record<string, unknown>[];
  GroupDetailList: Record<string, unknown>[];
  RoleDetailList: Record<string, unknown>[];
  Policies: Record<string, unknown>[];
}

/** The fixture as the peer serves it: the published account replaced by the emulated one. */
export function fixtureAuthorizationDetails(): AuthorizationDetails {
  return JSON.parse(readFileSync(FIXTURE_FILE, 'utf8').replaceAll(FIXTURE_ACCOUNT, EMULATED_ACCOUNT)) as AuthorizationDetails;
}

export type KeyLastUse = { date: string; service: string; region: string } | 'never';

export interface PeerAccessKey {
  userName: string;
  lastUse: KeyLastUse;
  /** As UpdateAccessKey last set it; Active until then. */
  status?: 'Active' | 'Inactive';
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface ReceivedCall {
  /**
   * Date.now() when the request arrived, or, for the first request of a connection,
   * when the connection was accepted: closer to when the client started it, which is
   * what the connector's rate limit paces (the TLS handshake comes between the two).
   */
  at: number;
  service: 'iam' | 'sts';
  action: string;
  params: Record<string, string>;
  /** Whether it was the first request of its connection (its time is then the connection's acceptance). */
  opensConnection: boolean;
  /** The access key id the request was signed with (SigV4 Authorization header), undefined when unsigned. */
  signedWith: string | undefined;
}

export interface AwsPeerState {
  /** Entries per GetAccountAuthorizationDetails page. */
  pageSize: number;
  /** Each page after the first repeats the previous page's last entry. */
  repeatAcrossPages: boolean;
  /** Every page is truncated and names the same marker: a listing that never ends. */
  endless: boolean;
}

export interface AwsPeer {
  /** Where the collector reaches IAM and STS. */
  endpoints: { iam: string; sts: string };
  received: ReceivedCall[];
  state: AwsPeerState;
  /** The access keys created in emulate, by id. */
  accessKeys: Map<string, PeerAccessKey>;
  /** Deletes the access key in emulate: the account no longer has it. */
  deleteAccessKey(accessKeyId: string): Promise<void>;
  /** Answers for the next requests of the action, before anything else answers them. */
  script(action: string, ...answers: ScriptedAnswer[]): void;
  /** Clears the log, the scripts and the state (the keys stay). */
  reset(): void;
  close(): Promise<void>;
}

const initialState = (): AwsPeerState => ({ pageSize: 40, repeatAcrossPages: false, endless: false });

/** Actions the stub answers; every other one goes to emulate. */
const STUBBED = new Set(['GetAccountAuthorizationDetails', 'GetAccessKeyLastUsed', 'UpdateAccessKey']);

export async function startAwsPeer(certificates: TestCertificates, keys: PeerAccessKey[]): Promise<AwsPeer> {
  const details = fixtureAuthorizationDetails();
  const emulator = await createEmulator({
    service: 'aws',
    port: 0,
    hostname: '127.0.0.1',
    seed: {
      aws: {
        iam: {
          users: details.UserDetailList.map((user) => ({ user_name: String(user.UserName), path: String(user.Path) })),
          roles: [
            ...details.RoleDetailList.map((role) => ({ role_name: String(role.RoleName), path: String(role.Path), assume_role_policy: JSON.stringify(role.AssumeRolePolicyDocument) })),
            { role_name: 'SentinelInventoryReader', path: '/' },
          ],
        },
      },
    },
  });
  // emulate advertises http://localhost:<port>; it listens on 127.0.0.1 only.
  const emulatorUrl = new URL(emulator.url);
  emulatorUrl.hostname = '127.0.0.1';
  const emulatorOrigin = emulatorUrl.origin;
  const accessKeys = new Map<string, PeerAccessKey>();
  for (const key of keys) accessKeys.set(await createAccessKey(emulatorOrigin, key.userName), key);

  const received: ReceivedCall[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const state = initialState();

  const acceptedAt = new Map<number | undefined, number>();
  const answered = new WeakSet<object>();
  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, async (request, response) => {
    const opensConnection = !answered.has(request.socket);
    const arrived = opensConnection ? (acceptedAt.get(request.socket.remotePort) ?? Date.now()) : Date.now();
    answered.add(request.socket);
    const body = await readBody(request);
    const service = request.url === '/sts/' ? 'sts' : 'iam';
    const params = Object.fromEntries(new URLSearchParams(body));
    const action = params.Action ?? '';
    received.push({ at: arrived, opensConnection, service, action, params, signedWith: /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\//.exec(request.headers.authorization ?? '')?.[1] });
    const answer =
      scripts.get(action)?.shift() ??
      (STUBBED.has(action) ? stubAnswer(action, params, details, state, accessKeys) : await forward(emulatorOrigin, request.url ?? '/', body, request.headers.authorization));
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.on('connection', (socket: Socket) => acceptedAt.set(socket.remotePort, Date.now()));
  const listening = await listenOnLoopback(server);
  return {
    endpoints: { iam: `${listening.origin}/iam/`, sts: `${listening.origin}/sts/` },
    received,
    state,
    accessKeys,
    async deleteAccessKey(accessKeyId) {
      const key = accessKeys.get(accessKeyId);
      if (key === undefined) throw new Error(`no access key ${accessKeyId}`);
      const deleted = await fetch(`${emulatorOrigin}/iam/`, { method: 'POST', body: new URLSearchParams({ Action: 'DeleteAccessKey', UserName: key.userName, AccessKeyId: accessKeyId }) });
      if (!deleted.ok) throw new Error(`emulate did not delete access key ${accessKeyId}`);
      accessKeys.delete(accessKeyId);
    },
    script: (action, ...answers) => scripts.set(action, [...(scripts.get(action) ?? []), ...answers]),
    reset: () => {
      received.length = 0;
      scripts.clear();
      Object.assign(state, initialState());
    },
    close: async () => {
      await listening.close();
      await emulator.close();
    },
  };
}

async function createAccessKey(emulatorUrl: string, userName: string): Promise<string> {
  const created = await fetch(`${emulatorUrl}/iam/`, { method: 'POST', body: new URLSearchParams({ Action: 'CreateAccessKey', UserName: userName }) });
  const id = /<AccessKeyId>([^<]+)<\/AccessKeyId>/.exec(await created.text())?.[1];
  if (!created.ok || id === undefined) throw new Error(`emulate did not create an access key for ${userName}`);
  return id;
}

async function forward(emulatorUrl: string, requestPath: string, body: string, authorization: string | undefined): Promise<ScriptedAnswer> {
  const answer = await fetch(`${emulatorUrl}${requestPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization === undefined ? {} : { authorization }) },
    body,
  });
  return { status: answer.status, headers: { 'content-type': answer.headers.get('content-type') ?? 'text/xml' }, body: Buffer.from(await answer.arrayBuffer()) };
}

function readBody(request: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const xmlAnswer = (xml: string, status = 200): ScriptedAnswer => ({ status, headers: { 'content-type': 'text/xml' }, body: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` });

/** IAM's error shape for the query protocol. */
export const awsError = (status: number, code: string, message: string, headers: Record<string, string> = {}): ScriptedAnswer => ({
  ...xmlAnswer(`<ErrorResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>stub</RequestId></ErrorResponse>`, status),
  headers: { 'content-type': 'text/xml', ...headers },
});

function stubAnswer(action: string, params: Record<string, string>, details: AuthorizationDetails, state: AwsPeerState, keys: Map<string, PeerAccessKey>): ScriptedAnswer {
  if (action === 'GetAccountAuthorizationDetails') return authorizationDetailsPage(params, details, state);
  return action === 'UpdateAccessKey' ? updateAccessKey(params, keys) : accessKeyLastUsed(params, keys);
}

/** IAM's UpdateAccessKey: the key of the user named, Active or Inactive. */
function updateAccessKey(params: Record<string, string>, keys: Map<string, PeerAccessKey>): ScriptedAnswer {
  const key = keys.get(params.AccessKeyId ?? '');
  if (key === undefined || key.userName !== params.UserName) return awsError(404, 'NoSuchEntity', `The Access Key with id ${params.AccessKeyId ?? ''} cannot be found.`);
  if (params.Status !== 'Active' && params.Status !== 'Inactive') return awsError(400, 'ValidationError', 'Status must be Active or Inactive');
  key.status = params.Status;
  return xmlAnswer('<UpdateAccessKeyResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><ResponseMetadata><RequestId>stub</RequestId></ResponseMetadata></UpdateAccessKeyResponse>');
}

const LISTS: { list: keyof AuthorizationDetails; filter: string[] }[] = [
  { list: 'UserDetailList', filter: ['User'] },
  { list: 'GroupDetailList', filter: ['Group'] },
  { list: 'RoleDetailList', filter: ['Role'] },
  { list: 'Policies', filter: ['LocalManagedPolicy', 'AWSManagedPolicy'] },
];

function authorizationDetailsPage(params: Record<string, string>, details: AuthorizationDetails, state: AwsPeerState): ScriptedAnswer {
  const filter = Object.entries(params).filter(([name]) => name.startsWith('Filter.member.')).map(([, value]) => value);
  const entries = LISTS.flatMap(({ list, filter: types }) =>
    details[list]
      .filter((entry) => filter.length === 0 || (list === 'Policies' ? filter.includes(String(entry.Arn).includes(':iam::aws:policy/') ? 'AWSManagedPolicy' : 'LocalManagedPolicy') : types.some((type) => filter.includes(type))))
      .map((entry) => ({ list, entry })),
  );
  const start = params.Marker === undefined ? 0 : Number(params.Marker);
  const from = state.repeatAcrossPages && start > 0 ? start - 1 : start;
  const page = entries.slice(from, start + state.pageSize);
  const next = start + state.pageSize;
  const truncated = state.endless || next < entries.length;
  const marker = state.endless ? String(state.pageSize) : String(next);
  const lists = LISTS.map(({ list }) => toXml(list, page.filter((item) => item.list === list).map((item) => item.entry))).join('');
  return xmlAnswer(
    `<GetAccountAuthorizationDetailsResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><GetAccountAuthorizationDetailsResult><IsTruncated>${truncated}</IsTruncated>${truncated ? `<Marker>${marker}</Marker>` : ''}${lists}</GetAccountAuthorizationDetailsResult><ResponseMetadata><RequestId>stub</RequestId></ResponseMetadata></GetAccountAuthorizationDetailsResponse>`,
  );
}

function accessKeyLastUsed(params: Record<string, string>, keys: Map<string, PeerAccessKey>): ScriptedAnswer {
  const key = keys.get(params.AccessKeyId ?? '');
  if (key === undefined) return awsError(403, 'AccessDenied', 'the access key is not of this account');
  const use = key.lastUse === 'never' ? '<ServiceName>N/A</ServiceName><Region>N/A</Region>' : `<LastUsedDate>${key.lastUse.date}</LastUsedDate><ServiceName>${key.lastUse.service}</ServiceName><Region>${key.lastUse.region}</Region>`;
  return xmlAnswer(
    `<GetAccessKeyLastUsedResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><GetAccessKeyLastUsedResult><AccessKeyLastUsed>${use}</AccessKeyLastUsed><UserName>${escapeXml(key.userName)}</UserName></GetAccessKeyLastUsedResult><ResponseMetadata><RequestId>stub</RequestId></ResponseMetadata></GetAccessKeyLastUsedResponse>`,
  );
}

/** Members IAM serves as URL-encoded JSON text. */
const DOCUMENTS = new Set(['PolicyDocument', 'AssumeRolePolicyDocument', 'Document']);
/** Members whose values the fixture writes `2022-08-07 12:56:48+00:00` and IAM serves as ISO 8601. */
const DATES = new Set(['CreateDate', 'UpdateDate', 'LastUsedDate']);

/** The query protocol's XML: lists as <member> elements. */
function toXml(name: string, value: unknown): string {
  if (Array.isArray(value)) return `<${name}>${value.map((member) => toXml('member', member)).join('')}</${name}>`;
  if (DOCUMENTS.has(name)) return `<${name}>${escapeXml(encodeURIComponent(JSON.stringify(value)))}</${name}>`;
  if (value !== null && typeof value === 'object') return `<${name}>${Object.entries(value).map(([member, inner]) => toXml(member, inner)).join('')}</${name}>`;
  if (DATES.has(name)) return `<${name}>${new Date(String(value).replace(' ', 'T')).toISOString().replace('.000Z', 'Z')}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
