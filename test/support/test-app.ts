// The full HTTP app on a fresh database, for any capability's tests: real
// PostgreSQL with real Redis counters (full profile) or PGlite with memory
// counters (embedded profile). Helpers create people, organizations, members and
// API keys through the real routes wherever a route exists. Every app comes with a
// neighbour organization that no test touches; suites assert it stayed so.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ScryptParameters } from '../../services/identity/accounts/passwords.js';
import type { Role, ScopeRegistry } from '../../services/platform/authorization/permissions.js';
import { buildApp, type App } from '../../services/platform/http/app.js';
import { createModules, handlersOf } from '../../services/modules.js';
import { createSqlAnalytics } from '../../services/analytics/store/sql-analytics.js';
import { addMembership } from '../../services/organizations/memberships.js';
import type { Config, SocialLoginConfig } from '../../services/platform/config.js';
import type { Counters } from '../../services/platform/counters/counters.js';
import { createMemoryCounters } from '../../services/platform/counters/memory-counters.js';
import { createRedisCounters } from '../../services/platform/counters/redis-counters.js';
import type { Database, OrgId } from '../../services/platform/db/database.js';
import { asOrgId } from './org-ids.js';
import { createLogger, type Logger } from '../../services/platform/logger.js';
import type { ResolveAll } from '../../services/platform/egress/destination-policy.js';
import type { Mailer, MailMessage } from '../../services/platform/mail.js';
import { MAIL_DELIVERY_JOB } from '../../services/platform/mail-queue.js';
import type { Worker } from '../../services/platform/jobs.js';
import { registerWorker, type WorkerRegistry } from '../../services/platform/worker-registry.js';
import type { TxtResolver } from '../../services/identity/domains/index.js';
import { freshEmbedded, freshPostgres, type TestDatabase } from './databases.js';
import { apiClient, type ApiResponse } from './http-client.js';
import { testServices } from './services.js';

export type Profile = 'postgres' | 'embedded';

/**
 * Both profiles, for the suites whose subject differs between them: storage, streams,
 * counters, processors, workers, and the service end to end. Use with describe.each.
 */
export const testProfiles = [
  { profile: 'postgres', counters: 'redis' },
  { profile: 'embedded', counters: 'memory' },
] as const;

/**
 * The profile one operation's handler tests, the security suites and the permission matrix
 * run in: PostgreSQL, the production profile's database. What they test is the operation
 * (its rules, its answers, its guard), the same code over the same SQL in either profile;
 * the embedded database, log and counters are tested by the suites that use testProfiles
 * (docs/decisions/testing.md, "Handler tests run on PostgreSQL").
 */
export const handlerTestProfiles = [testProfiles[0]] as const;

// Cheap enough for hundreds of sign-ins per suite; production uses productionScryptParameters.
const TEST_SCRYPT: ScryptParameters = { N: 2 ** 10, r: 8, p: 1 };

export interface TestAppOptions {
  profile: Profile;
  /** 'redis' (real, namespaced per app), 'memory', or a Counters instance (for example one pointed at a dead Redis). */
  counters?: 'redis' | 'memory' | Counters;
  /**
   * Defaults: fail open, and limits no suite reaches: every fixture signs up through
   * POST /auth/signup from the same in-process address, and the neighbour's owner reads
   * some twenty listings after every test to show nothing changed, which would pass the
   * real 600 a minute in a quick suite. Rate-limit tests set the real values.
   */
  rateLimit?: Partial<Config['rateLimit']>;
  trustedProxies?: string[];
  scopeRegistry?: ScopeRegistry;
  /** WEBHOOK_ALLOW_PRIVATE_DESTINATIONS; false unless given, as in production. */
  allowPrivateWebhookDestinations?: boolean;
  /** Resolves webhook destination names; by default every name resolves to one public address, so no test asks real DNS. */
  resolveWebhookDestination?: ResolveAll;
  /** CONNECTOR_ALLOW_PRIVATE_ENDPOINTS; false unless given, as in production (tests of collection from loopback peers set it). */
  allowPrivateConnectorEndpoints?: boolean;
  /** CONNECTOR_ALLOWED_HOSTS; by default the names the connector tests use (TEST_CONNECTOR_HOSTS). */
  connectorAllowedHosts?: string[];
  /** Resolves connector endpoint names; by default every name resolves to one public address, so no test asks real DNS. */
  resolveConnectorEndpoint?: ResolveAll;
  /** Looks domain verification records up (a DNS server on loopback: services/identity/domains/testing); by default every name has none, so no test asks real DNS. */
  resolveDomainTxt?: TxtResolver;
  /** Share another test app's database and keys (it stays the owner of them). */
  sharing?: TestApp;
  /** The app's logger; silent unless given (the log-secrets test reads everything logged). */
  logger?: Logger;
  /** The clock of refresh rotation and refusal windows; the real one unless given. */
  clock?: () => Date;
  /** Where the service's mail goes (sent directly, or by the mail worker `deliverMail` starts); by default the app's `mail` outbox. */
  mailer?: Mailer;
  /** The social login providers offered (SOCIAL_*); none unless given. */
  socialLogin?: SocialLoginConfig;
  /** PUBLIC_URL: where the social providers send the browser back; a name that resolves nowhere unless given. */
  publicUrl?: string;
  /** SSO_ALLOW_PRIVATE_ISSUERS; false unless given, as in production (tests of sign-in through loopback identity providers set it). */
  allowPrivateSsoIssuers?: boolean;
  /** Resolves identity providers' issuer names; by default every name resolves to one public address, so no test asks real DNS. */
  resolveSsoIssuer?: ResolveAll;
  /** SSO_RETURN_URLS; TEST_SSO_RETURN_URLS unless given. */
  ssoReturnUrls?: string[];
  /** ADVISORY_SOURCE as the status shows it; a name that resolves nowhere unless given. */
  advisorySource?: string;
  /** ADVISORY_ECOSYSTEMS; Debian, npm, PyPI and Go unless given. */
  advisoryEcosystems?: string[];
  /** SCAN_REGISTRY_ALLOW_PRIVATE: POST /scans accepts images on loopback registries; false unless given, as in production. */
  allowLoopbackRegistries?: boolean;
  /** NHI_APPROVALS_REQUIRED; 1 unless given, as in production. */
  governanceApprovalsRequired?: number;
}

/** PUBLIC_URL of test apps: where tests say the service is reached (requests go in-process; nothing resolves this name). */
export const TEST_PUBLIC_URL = 'https://sentinel.example.test';
/** SIGN_IN_RETURN_URL of test apps: where social and single sign-on end, with code or error. */
export const TEST_SIGN_IN_RETURN_URL = 'https://dashboard.example.test/sign-in/complete';
/** PASSWORD_RESET_URL of test apps: the dashboard page a reset mail links to. */
export const TEST_PASSWORD_RESET_URL = 'https://dashboard.example.test/reset-password';
/** SSO_RETURN_URLS of test apps: a command-line client's loopback address, on any port. */
export const TEST_SSO_RETURN_URLS = ['http://127.0.0.1/cli-callback'];

/** A public address (not in any refused class) that webhook destination names resolve to unless a test says otherwise. */
export const PUBLIC_TEST_ADDRESS = '93.184.216.34';
const resolveToPublicAddress: ResolveAll = async () => [{ address: PUBLIC_TEST_ADDRESS, family: 4 }];
const noTxtRecords: TxtResolver = async (name) => {
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

export interface TestPerson {
  id: string;
  email: string;
  name: string;
  password: string;
  /** Access token of the session signup started. */
  token: string;
  refreshToken: string;
  personalOrgId: OrgId;
}

/** An organization with its owner acting in it. */
export interface TestTenant {
  id: OrgId;
  owner: TestPerson;
}

export interface TenantSnapshot {
  members: unknown[];
  invitations: unknown[];
  apiKeys: unknown[];
  auditEventIds: string[];
  domainEventIds: string[];
  webhookEndpoints: unknown[];
  webhookDeliveries: unknown[];
  registryCredentials: unknown[];
  identityDomains: unknown[];
  directoryGroups: unknown[];
}

export interface TestApp {
  app: App;
  /** Every mail the service sent, oldest first (unless the app was given a mailer of its own). Queued mail arrives through `deliverMail`. */
  mail: MailMessage[];
  /**
   * Runs the mail delivery worker (started at the first call, as the workers role runs it)
   * until no queued mail is due: verification and reset mail are queued, not sent in the request.
   */
  deliverMail(): Promise<void>;
  db: Database;
  call: ReturnType<typeof apiClient>;
  signingKey: Buffer;
  /** WEBHOOK_SECRET_KEY: seals webhook signing secrets at rest. */
  webhookSecretKey: Buffer;
  /** A new person through POST /auth/signup, acting in their personal organization. */
  signup(overrides?: Partial<Pick<TestPerson, 'email' | 'name' | 'password'>>): Promise<TestPerson>;
  /** A new session for the person through POST /auth/login. */
  login(person: Pick<TestPerson, 'email' | 'password'>): Promise<{ token: string; refreshToken: string }>;
  /** A fresh owner and a fresh organization (POST /orgs), the owner acting in it. */
  tenant(name?: string): Promise<TestTenant>;
  /** Two tenants: every isolation fixture has a second organization. */
  twoTenants(): Promise<[TestTenant, TestTenant]>;
  /**
   * The organization next door, there by default: created with the app (shared by
   * apps `sharing` it), with an analyst and an API key of its own, and touched by no
   * test. Every tenant a test creates lives beside it.
   */
  neighbour: TestTenant;
  /**
   * Asserts that the neighbour's snapshot and organization list are what they were
   * when it was created, and that nothing it can see names a person, organization or
   * key this harness created for anyone else, nor any of `alsoUnseen`.
   */
  expectNeighbourUntouched(...alsoUnseen: string[]): Promise<void>;
  /**
   * A fresh person seated in the tenant with this role and acting in it. Seats
   * directly through the membership repository, past any seat limit (the Free plan
   * has 3): tests of admission go through the invitation routes instead.
   */
  member(tenant: TestTenant, role: Role): Promise<TestPerson>;
  /** PUT /me/active-org for the person. */
  actIn(person: TestPerson, orgId: OrgId): Promise<void>;
  /**
   * What the tenant's owner can see of it: roster, invitations, keys, audit trail, domain
   * events, webhook endpoints and deliveries, registry credentials. Compare a neighbour's before and after an operation to show it was untouched.
   */
  snapshot(tenant: TestTenant): Promise<TenantSnapshot>;
  /** POST /api-keys as the person, in the organization they act in. */
  apiKey(person: TestPerson, scopes: readonly string[], options?: { name?: string; expiresInDays?: number }): Promise<{ id: string; key: string }>;
  /** A SCIM directory token of the tenant, issued by its owner (POST /api/v1/identity/scim-tokens). */
  directoryToken(tenant: TestTenant, name?: string): Promise<string>;
  close(): Promise<void>;
}

/** The neighbour organization and what the harness created beside it, shared by apps sharing a database. */
interface Neighbourhood {
  neighbour: TestTenant;
  /** Identifiers (ids, emails) of the people, organizations and keys created for tests, which the neighbour must never see. */
  createdForTests: Set<string>;
  expectUntouched(alsoUnseen: string[]): Promise<void>;
}

/** The operator-permitted connector hosts of the default test app. */
export const TEST_CONNECTOR_HOSTS = ['tools.example.com', 'vault.example.com', 'k8s.example.com'];

const neighbourhoods = new WeakMap<TestApp, Neighbourhood>();

export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const database: TestDatabase | undefined = options.sharing ? undefined : options.profile === 'postgres' ? await freshPostgres() : await freshEmbedded();
  const db = options.sharing?.db ?? database!.db;
  const counters = createCounters(options.counters ?? (options.profile === 'postgres' ? 'redis' : 'memory'));
  const signingKey = options.sharing?.signingKey ?? randomBytes(32);
  const webhookSecretKey = options.sharing?.webhookSecretKey ?? randomBytes(32);
  const config = {
    tokenSigningKey: signingKey,
    rateLimit: { perMinute: 1_000_000, authPerMinute: 1_000_000, failClosed: false, ...options.rateLimit },
    webhookSecretKey,
    webhookAllowPrivateDestinations: options.allowPrivateWebhookDestinations ?? false,
    webhookTrustedCaPem: undefined,
    webhookDeliveryConcurrency: 128,
    connectorAllowedHosts: options.connectorAllowedHosts ?? TEST_CONNECTOR_HOSTS,
    connectorAllowPrivateEndpoints: options.allowPrivateConnectorEndpoints ?? false,
    connectorTrustedCaPem: undefined,
    // The app runs no workers: synchronization tests build their worker with a directory of their own.
    connectorCredentialsDir: path.join(tmpdir(), 'sentinel-test-no-connector-credentials'),
    emailVerificationUrl: 'https://dashboard.example.test/verify-email',
    passwordResetUrl: TEST_PASSWORD_RESET_URL,
    mailSink: 'none' as const,
    smtp: undefined,
    publicUrl: options.publicUrl ?? TEST_PUBLIC_URL,
    signInReturnUrl: TEST_SIGN_IN_RETURN_URL,
    socialLogin: options.socialLogin ?? {},
    ssoReturnUrls: options.ssoReturnUrls ?? TEST_SSO_RETURN_URLS,
    ssoAllowPrivateIssuers: options.allowPrivateSsoIssuers ?? false,
    ssoTrustedCaPem: undefined,
    domainVerificationDnsServers: [],
    governanceApprovalsRequired: options.governanceApprovalsRequired ?? 1,
    // The app runs no workers; advisory synchronization tests name their own source.
    advisorySource: options.advisorySource ?? 'https://osv-vulnerabilities.example.test',
    advisoryEcosystems: options.advisoryEcosystems ?? ['Debian', 'npm', 'PyPI', 'Go'],
    advisorySyncIntervalMs: 0,
    // The app runs no scan workers; a scanner test builds its own with the registry switch it needs.
    scanRegistryAllowPrivate: options.allowLoopbackRegistries ?? false,
    scanRegistryTrustedCaPem: undefined,
    scanLayerCacheBytes: 0,
    dataDir: path.join(tmpdir(), 'sentinel-test-no-data-dir'),
  };
  const logger = options.logger ?? createLogger('silent');
  const mail: MailMessage[] = [];
  const outbox: Mailer = { send: async (message) => void mail.push(message) };
  const modules = createModules(
    { readiness: async () => ({ ready: true, dependencies: {} }), db, counters, config, logger, analytics: createSqlAnalytics({ db }) },
    { passwordHashing: TEST_SCRYPT, scopeRegistry: options.scopeRegistry, resolveWebhookDestination: options.resolveWebhookDestination ?? resolveToPublicAddress,
      resolveConnectorEndpoint: options.resolveConnectorEndpoint ?? resolveToPublicAddress,
      resolveSsoIssuer: options.resolveSsoIssuer ?? resolveToPublicAddress,
      resolveDomainTxt: options.resolveDomainTxt ?? noTxtRecords,
      clock: options.clock,
      mailer: options.mailer ?? outbox,
    },
  );
  const app = await buildApp({
    logger,
    handlers: handlersOf(modules.list),
    guard: modules.guard,
    limiterState: modules.limiterState,
    errorDialects: modules.errorDialects,
    trustedProxies: options.trustedProxies ?? [],
  });
  const call = apiClient(app);
  let mailWorkers: { registry: WorkerRegistry; workers: Worker[] } | undefined;

  const expectStatus = <Body,>(response: ApiResponse<Body>, status: number, what: string): ApiResponse<Body> => {
    if (response.status !== status) throw new Error(`${what} answered ${response.status}, expected ${status}: ${response.raw}`);
    return response;
  };

  const createdForTests = options.sharing ? neighbourhoods.get(options.sharing)!.createdForTests : new Set<string>();
  const created = (...identifiers: string[]): void => {
    for (const identifier of identifiers) createdForTests.add(identifier);
  };

  const harness: TestApp = {
    app,
    mail,
    db,
    call,
    signingKey,
    get neighbour() {
      return neighbourhood.neighbour;
    },
    expectNeighbourUntouched: (...alsoUnseen) => neighbourhood.expectUntouched(alsoUnseen),
    webhookSecretKey,

    async signup(overrides = {}) {
      const email = overrides.email ?? `person-${randomUUID()}@example.test`;
      const name = overrides.name ?? 'Test Person';
      const password = overrides.password ?? `pw-${randomBytes(12).toString('hex')}`;
      const signedUp = expectStatus(await call('POST', '/api/v1/auth/signup', { body: { email, password, name } }), 201, 'signup');
      const me = expectStatus(await call('GET', '/api/v1/me', { token: signedUp.body.access_token }), 200, 'GET /me');
      created(me.body.id, me.body.email, me.body.acting_organization.id);
      return {
        id: me.body.id,
        email,
        name,
        password,
        token: signedUp.body.access_token,
        refreshToken: signedUp.body.refresh_token,
        personalOrgId: asOrgId(me.body.acting_organization.id),
      };
    },

    async login(person) {
      const response = expectStatus(await call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } }), 200, 'login');
      return { token: response.body.access_token, refreshToken: response.body.refresh_token };
    },

    async tenant(name = `Org ${randomUUID().slice(0, 8)}`) {
      const owner = await harness.signup();
      const organization = expectStatus(await call('POST', '/api/v1/orgs', { token: owner.token, body: { name } }), 201, 'POST /orgs');
      const id = asOrgId(organization.body.id);
      created(id);
      await harness.actIn(owner, id);
      return { id, owner };
    },

    async twoTenants() {
      return [await harness.tenant(), await harness.tenant()];
    },

    async member(tenant, role) {
      const person = await harness.signup();
      await db.transaction((tx) => addMembership(tx, tenant.id, { userId: person.id, role, arrival: 'manual', actor: { kind: 'user', id: tenant.owner.id } }));
      await harness.actIn(person, tenant.id);
      return person;
    },

    async actIn(person, orgId) {
      expectStatus(await call('PUT', '/api/v1/me/active-org', { token: person.token, body: { org_id: orgId } }), 200, 'PUT /me/active-org');
    },

    async snapshot(tenant) {
      const read = async (url: string) => expectStatus(await call('GET', url, { token: tenant.owner.token, headers: { 'x-expected-organization': tenant.id } }), 200, `GET ${url}`).body;
      const outbox = await db.query<{ event_id: string }>('SELECT event_id FROM outbox_events WHERE org_id = $1 ORDER BY seq', [tenant.id]);
      return {
        members: (await read('/api/v1/members')).members,
        invitations: (await read('/api/v1/invitations')).invitations,
        apiKeys: (await read('/api/v1/api-keys')).api_keys,
        auditEventIds: (await read('/api/v1/identity/audit?limit=200')).events.map((e: { id: string }) => e.id),
        domainEventIds: outbox.rows.map((r) => r.event_id),
        webhookEndpoints: (await read('/api/v1/webhooks')).endpoints,
        webhookDeliveries: (await read('/api/v1/webhooks/deliveries?limit=200')).deliveries,
        registryCredentials: (await read('/api/v1/registry-credentials')).registry_credentials,
        identityDomains: (await read('/api/v1/identity/domains?limit=200')).items,
        directoryGroups: (await read('/api/v1/identity/groups?limit=200')).items,
        nhiConnectors: (await read('/nhi/api/v1/connectors?limit=200')).items,
        nhiCredentialMaterialIds: (await db.query<{ id: string }>('SELECT id FROM nhi_credential_material WHERE org_id = $1 ORDER BY id', [tenant.id])).rows.map((r) => r.id),
        nhiAuditRecordIds: (await db.query<{ id: string }>('SELECT id::text FROM nhi_audit_records WHERE org_id = $1 ORDER BY id', [tenant.id])).rows.map((r) => r.id),
        nhiFindings: (await read('/nhi/api/v1/findings?limit=200')).items,
        nhiPolicies: (await read('/nhi/api/v1/policies')).items,
        nhiToolApprovals: (await db.query('SELECT identity_id, fingerprint, approved_by_user_id FROM nhi_tool_approvals WHERE org_id = $1 ORDER BY identity_id', [tenant.id])).rows,
        nhiGrants: (await read('/nhi/api/v1/grants?limit=200')).items,
        nhiPolicyExceptions: (await read('/nhi/api/v1/exceptions?limit=200')).items,
        nhiDelegations: (await read('/nhi/api/v1/delegations?limit=200')).items,
        nhiCertificationCampaigns: (await read('/nhi/api/v1/certification/campaigns?limit=200')).items,
        nhiCertificationDecisions: (await db.query('SELECT id, decision, decided_by_user_id, remediation_id FROM nhi_certification_items WHERE org_id = $1 ORDER BY id', [tenant.id])).rows,
        nhiRuntimeRules: (await read('/nhi/api/v1/runtime/rules')).items,
        nhiRuntimeDecisionIds: (await db.query<{ id: string }>('SELECT id FROM nhi_runtime_decisions WHERE org_id = $1 ORDER BY id', [tenant.id])).rows.map((r) => r.id),
        // Without last_used_at: presenting a token (even in a refused request) records its use.
        scimTokens: (await read('/api/v1/identity/scim-tokens')).scim_tokens.map(({ last_used_at: _used, ...token }: Record<string, unknown>) => token),
        scimUsers: (await db.query('SELECT id, user_name, active, user_id, resource, version::text FROM scim_users WHERE org_id = $1 ORDER BY id', [tenant.id])).rows,
        scimGroups: (
          await db.query(
            `SELECT g.id, g.name, g.external_id, array(SELECT m.scim_user_id::text FROM scim_group_members m WHERE m.group_id = g.id ORDER BY 1) AS members
               FROM directory_groups g WHERE g.org_id = $1 AND g.source = 'scim' ORDER BY g.id`,
            [tenant.id],
          )
        ).rows,
      };
    },

    async apiKey(person, scopes, { name = 'test key', expiresInDays = 30 } = {}) {
      const expires_at = new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000).toISOString();
      const issued = expectStatus(await call('POST', '/api/v1/api-keys', { token: person.token, body: { name, scopes, expires_at } }), 201, 'POST /api-keys');
      created(issued.body.id);
      return { id: issued.body.id, key: issued.body.key };
    },

    async directoryToken(tenant, name = 'test directory') {
      const issued = expectStatus(await call('POST', '/api/v1/identity/scim-tokens', { token: tenant.owner.token, headers: { 'x-expected-organization': tenant.id }, body: { name } }), 201, 'POST /identity/scim-tokens');
      created(issued.body.id);
      return issued.body.token as string;
    },

    async deliverMail() {
      if (!mailWorkers) {
        const registry = await registerWorker({ db, logger, role: 'workers' });
        const workers = modules.list.find((module) => module.name === 'identity/accounts')!.workers!(registry);
        for (const worker of workers) worker.start();
        mailWorkers = { registry, workers };
      }
      const deadline = Date.now() + 10_000;
      for (;;) {
        const pending = await db.query(
          `SELECT 1 FROM jobs WHERE kind = $1 AND (state = 'running' OR (state = 'queued' AND run_after <= now())) LIMIT 1`,
          [MAIL_DELIVERY_JOB],
        );
        if (pending.rows.length === 0) return;
        if (Date.now() > deadline) throw new Error('queued mail was not delivered within 10 seconds');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async close() {
      if (mailWorkers) {
        await Promise.all(mailWorkers.workers.map((worker) => worker.stop()));
        await mailWorkers.registry.stop();
      }
      await app.fastify.close();
      await counters.close();
      await database?.drop();
    },
  };
  const neighbourhood = options.sharing ? neighbourhoods.get(options.sharing)! : await moveInNeighbour(harness, createdForTests);
  neighbourhoods.set(harness, neighbourhood);
  return harness;
}

/** Creates the neighbour organization through the harness and takes the view it must keep. */
async function moveInNeighbour(harness: TestApp, createdForTests: Set<string>): Promise<Neighbourhood> {
  const neighbour = await harness.tenant('Neighbour');
  await harness.member(neighbour, 'analyst');
  await harness.apiKey(neighbour.owner, ['members:read']);
  // Everything created so far is the neighbour's own.
  createdForTests.clear();
  const view = async () => ({
    ...(await harness.snapshot(neighbour)),
    organizations: (await harness.call('GET', '/api/v1/orgs', { token: neighbour.owner.token })).body,
  });
  const baseline = await view();
  return {
    neighbour,
    createdForTests,
    async expectUntouched(alsoUnseen) {
      const now = await view();
      expect(now, 'the neighbour organization is unchanged').toEqual(baseline);
      const seen = JSON.stringify(now);
      expect([...createdForTests, ...alsoUnseen].filter((identifier) => seen.includes(identifier)), 'the neighbour sees nothing of the others').toEqual([]);
    },
  };
}

/** Registers the neighbour check after each test of the suite. */
export function expectNeighbourUntouchedAfterEach(t: { readonly current: TestApp }): void {
  afterEach(() => t.current.expectNeighbourUntouched());
}

/** createTestApp in beforeAll and close in afterAll; read `.current` inside tests. */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions)): { readonly current: TestApp } {
  const holder: { current?: TestApp } = {};
  beforeAll(async () => {
    holder.current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return {
    get current(): TestApp {
      if (!holder.current) throw new Error('the test app is created in beforeAll; use it inside tests');
      return holder.current;
    },
  };
}

function createCounters(choice: 'redis' | 'memory' | Counters): Counters {
  if (choice === 'memory') return createMemoryCounters();
  // A namespace per app, so parallel suites on the same Redis cannot see each other's counts.
  if (choice === 'redis') return createRedisCounters({ url: testServices.redisUrl, keyPrefix: `sentinel:rl:test:${randomBytes(6).toString('hex')}:` });
  return choice;
}
