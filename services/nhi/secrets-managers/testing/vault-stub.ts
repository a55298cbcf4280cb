// Test-only: a Vault server on 127.0.0.1 behind TLS (the throwaway test CA), written
// from the documented HTTP API (developer.hashicorp.com/vault/api-docs: sys/auth,
// auth/approle, auth/kubernetes, identity/entity, sys/policies/acl), because no Vault
// or OpenBao binary can be had here. It serves only what a collection reads, in the
// documented response shapes: the request envelope (request_id, lease fields,
// data, wrap_info, warnings, auth), listings as {"data": {"keys": [...]}} for
// `GET ...?list=true` and the LIST verb alike, 404 with {"errors": []} for an empty
// listing or a missing path, 403 {"errors": ["permission denied"]} for a wrong
// X-Vault-Token. It records every request and plays the failures a test scripts.
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';
import type { VaultFixture } from './vault-fixture.js';

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A body that never ends: chunks until the client goes away. */
  endless?: boolean;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  at: number;
  /** Whether the request carried the stub's token (never the token itself). */
  tokenValid: boolean;
}

export interface VaultStub {
  /** https://127.0.0.1:<port>/: what a connector names as its endpoint. */
  endpoint: string;
  received: ReceivedRequest[];
  /** The data served; tests change it between collections. */
  fixture: VaultFixture;
  script(match: { path: RegExp }, ...answers: ScriptedAnswer[]): void;
  reset(fixture: VaultFixture): void;
  close(): Promise<void>;
}

export async function startVaultStub(certificates: TestCertificates, token: string, initial: VaultFixture): Promise<VaultStub> {
  const received: ReceivedRequest[] = [];
  const scripted: { path: RegExp; answer: ScriptedAnswer }[] = [];
  const stub = { fixture: initial };

  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://vault.invalid');
    const tokenValid = request.headers['x-vault-token'] === token;
    received.push({ method: request.method ?? '', path: `${url.pathname}${url.search}`, at: performance.now(), tokenValid });
    request.resume();
    const index = scripted.findIndex((entry) => entry.path.test(`${url.pathname}${url.search}`));
    if (index >= 0) {
      const { answer } = scripted.splice(index, 1)[0]!;
      response.writeHead(answer.status, answer.headers);
      if (!answer.endless) {
        response.end(answer.body);
        return;
      }
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      response.on('close', () => response.removeAllListeners('drain'));
      pump();
      return;
    }
    const answer = !tokenValid ? { status: 403, body: { errors: ['permission denied'] } } : serve(stub.fixture, request.method ?? '', url);
    response.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(answer.body));
  });
  const listening = await listenOnLoopback(server);
  return {
    endpoint: `${listening.origin}/`,
    received,
    get fixture() {
      return stub.fixture;
    },
    set fixture(value) {
      stub.fixture = value;
    },
    script: (match, ...answers) => scripted.push(...answers.map((answer) => ({ ...match, answer }))),
    reset: (fixture) => {
      received.length = 0;
      scripted.length = 0;
      stub.fixture = fixture;
    },
    close: listening.close,
  };
}

const envelope = (data: unknown) => ({ request_id: randomUUID(), lease_id: '', renewable: false, lease_duration: 0, data, wrap_info: null, warnings: null, auth: null });
const missing = { status: 404, body: { errors: [] } };

function serve(fixture: VaultFixture, method: string, url: URL): { status: number; body: unknown } {
  const listing = method === 'LIST' || (method === 'GET' && url.searchParams.get('list') === 'true');
  if (method !== 'GET' && method !== 'LIST') return { status: 405, body: { errors: ['unsupported operation'] } };
  const path = decodeURIComponent(url.pathname.replace(/^\/v1\//, ''));
  const keys = (names: string[], keyInfo?: Record<string, unknown>) =>
    names.length === 0 ? missing : { status: 200, body: envelope(keyInfo === undefined ? { keys: names } : { keys: names, key_info: keyInfo }) };

  if (path === 'sys/auth' && !listing) {
    // The documented answer carries the mounts at the top level and again under data.
    const mounts = Object.fromEntries(Object.entries(fixture.mounts).map(([mountPath, mount]) => [mountPath, { ...mount, config: { default_lease_ttl: 0, max_lease_ttl: 0, token_type: 'default-service' }, local: false, seal_wrap: false, external_entropy_access: false, options: null, uuid: randomUUID() }]));
    return { status: 200, body: { ...mounts, ...envelope(mounts) } };
  }
  if (path === 'sys/policies/acl') return listing ? keys(Object.keys(fixture.policies)) : missing;
  const policy = /^sys\/policies\/acl\/(.+)$/.exec(path);
  if (policy) {
    const text = fixture.policies[policy[1]!];
    return text === undefined || listing ? missing : { status: 200, body: envelope({ name: policy[1], policy: text }) };
  }
  if (path === 'identity/entity/id') {
    if (!listing) return missing;
    const entities = fixture.entities;
    return keys(entities.map((entity) => entity.id), Object.fromEntries(entities.map((entity) => [entity.id, { name: entity.name, aliases: entity.aliases.map((alias) => ({ ...alias, canonical_id: entity.id })) }])));
  }
  const entity = /^identity\/entity\/id\/(.+)$/.exec(path);
  if (entity) {
    const found = fixture.entities.find((candidate) => candidate.id === entity[1]);
    if (found === undefined || listing) return missing;
    return {
      status: 200,
      body: envelope({
        id: found.id,
        name: found.name,
        policies: found.policies,
        disabled: false,
        metadata: null,
        namespace_id: 'root',
        creation_time: '2026-01-12T09:30:00.000000000Z',
        last_update_time: '2026-01-12T09:30:00.000000000Z',
        merged_entity_ids: null,
        direct_group_ids: [],
        group_ids: [],
        inherited_group_ids: [],
        aliases: found.aliases.map((alias) => ({ ...alias, canonical_id: found.id, creation_time: '2026-01-12T09:30:00Z', last_update_time: '2026-01-12T09:30:00Z', merged_from_canonical_ids: null, metadata: null, local: false, custom_metadata: null })),
      }),
    };
  }
  const auth = /^auth\/(.+\/)(role|certs|roles)(?:\/([^/]+))?$/.exec(path);
  if (auth) {
    const [, mountPath, , name] = auth;
    const roles = fixture.roles[mountPath!];
    if (roles === undefined) return missing;
    if (name === undefined) return listing ? keys(Object.keys(roles)) : missing;
    const role = roles[name];
    return role === undefined || listing ? missing : { status: 200, body: envelope(role) };
  }
  return missing;
}
