// Sentinel in the full profile for a benchmark, run the way a deployment runs it:
// `sentinel <role>` processes (bin/sentinel.js) on a scratch PostgreSQL database,
// Kafka topics of their own with the schema registry, Redis counters and a
// ClickHouse database of their own, every processor and the relay running, and
// the API on a real socket on 127.0.0.1. The benchmark is a client of it; it also
// holds a connection of its own to the database for seeding and for watching
// progress, never for answering what it measures.
import { randomBytes, randomUUID } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { Kafka, logLevel } from 'kafkajs';
import type { Database } from '../../services/platform/db/database.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { fixKafkaRequestQueueScheduling } from '../../streams/log/kafkajs-request-queue.js';
import { runAsAdmin } from '../support/postgres-admin.js';
import { startCpuMeter, type CpuMeter } from './cpu-meter.js';
import { freePort, runSentinel, spawnSentinel, untilAnswers, type SentinelProcess } from '../support/processes.js';
import { actingAsSchemaOwner } from '../../services/platform/db/tenant-scope.js';
import { databaseUrl, ensureServiceRole, serviceDatabaseUrl, testServices } from '../support/services.js';

export interface Tenant {
  orgId: string;
  /** An API key of the organization's owner with the scopes asked for: the credential of a pipeline or a script. */
  apiKey: string;
  /** The owner's access token (15 minutes), for what people only may do: policies, webhook endpoints. */
  accessToken: string;
}

export interface RunningSentinel {
  /** Its process id, to read what the system counts for it (/proc/<pid>/status). */
  pid: number;
  /** Everything it wrote so far. */
  output(): string;
  /** SIGTERM, then waits for the graceful exit; a non-zero exit is an error. */
  stop(): Promise<void>;
}

export interface FullProfile {
  /** The benchmark's own connection to the service's database. */
  db: Database;
  /** The service's database as its owner, for a process of the benchmark's own (the bare servers, outside row-level security). */
  databaseUrl: string;
  /** http://127.0.0.1:<port> of the API, once a role serving it has started. */
  base: string;
  /**
   * Starts `sentinel <role>` and resolves once it is ready (the API answers /ready, the others have prepared).
   * `overrides` replace settings of the deployment for this process only (CLICKHOUSE_URL '' for the SQL analytics store).
   */
  start(role: 'all' | 'api' | 'streams' | 'workers', overrides?: Record<string, string>): Promise<RunningSentinel>;
  /** Runs a one-shot `sentinel <args...>` of the deployment to its end and answers what it wrote; a non-zero exit is an error. */
  command(args: string[], overrides?: Record<string, string>): Promise<string>;
  /** One API call as JSON; any status of 300 or more is an error. */
  call(method: string, path: string, token: string | undefined, body?: unknown): Promise<Record<string, unknown>>;
  /** Signs a person up (a new organization) through the API and issues their API key. */
  signUp(scopes: string[]): Promise<Tenant>;
  /**
   * Ends the seeding as a service that has been up a while has settled: the tables vacuumed and analyzed,
   * and the seeding's dirty pages written by a checkpoint now. Otherwise the checkpoint the seeding
   * provokes (over a gigabyte written within a few seconds, seen with vmstat) falls into the timed runs.
   */
  settle(tables: readonly string[]): Promise<void>;
  /** Starts measuring the CPU time of each part of the deployment (cpu-meter.ts), for a timed run. */
  meterCpu(): CpuMeter;
  close(): Promise<void>;
}

export async function startFullProfile(name: string, extraEnvironment: Record<string, string> = {}): Promise<FullProfile> {
  const suffix = `${name}_${process.pid}`;
  const database = `sentinel_bench_${suffix}`;
  const topicPrefix = `sentinel-bench-${randomBytes(4).toString('hex')}.`;
  const clickhouseDatabase = `sentinel_bench_${suffix}`;
  await runAsAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await runAsAdmin(`CREATE DATABASE ${database}`);
  await ensureServiceRole({ query: runAsAdmin });
  // The benchmark's own connection acts as the database's owner (the tests' superuser): it seeds,
  // vacuums, checkpoints and builds its ceilings' tables, which the service's roles may not.
  const ownersDb = createPostgresDatabase({ connectionString: databaseUrl(database), maxConnections: 4, applicationName: 'bench' });
  const db: Database = {
    ...ownersDb,
    query: (sql, params, options) => actingAsSchemaOwner(() => ownersDb.query(sql, params, options)),
    transaction: (fn) => actingAsSchemaOwner(() => ownersDb.transaction(fn)),
  };
  const port = String(await freePort());
  const environment = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: port,
    // As deployed: the service logs in as a role of its own, the owner migrates.
    DATABASE_URL: serviceDatabaseUrl(database),
    DATABASE_OWNER_URL: databaseUrl(database),
    KAFKA_BROKERS: testServices.kafkaBrokers.join(','),
    SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl,
    TOPIC_PREFIX: topicPrefix,
    REDIS_URL: testServices.redisUrl,
    CLICKHOUSE_URL: testServices.clickhouseUrl,
    CLICKHOUSE_DATABASE: clickhouseDatabase,
    TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
    // A benchmark is one client with many requests; the limiter still counts each one in Redis.
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    // Node options for every Sentinel process of the deployment, to look inside a figure:
    // BENCH_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/profiles' writes each role's CPU profile when it stops.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...extraEnvironment,
  };
  const base = `http://127.0.0.1:${port}`;
  /** Each running Sentinel process, with its role. */
  const processes = new Map<SentinelProcess, string>();

  async function stopProcess(sentinel: SentinelProcess): Promise<void> {
    if (sentinel.child.exitCode === null) sentinel.child.kill('SIGTERM');
    const code = await sentinel.exited;
    processes.delete(sentinel);
    if (code !== 0) throw new Error(`sentinel exited with ${code}:\n${sentinel.output()}`);
  }

  async function untilPrepared(sentinel: SentinelProcess): Promise<void> {
    while (!sentinel.output().includes('sentinel: ready')) {
      if (sentinel.child.exitCode !== null) throw new Error(`sentinel exited with ${sentinel.child.exitCode} while starting:\n${sentinel.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  return {
    db,
    databaseUrl: environment.DATABASE_OWNER_URL,
    base,
    call,
    async start(role, overrides = {}) {
      const sentinel = await spawnSentinel({ ...environment, ...overrides }, role);
      processes.set(sentinel, role);
      if (role === 'all' || role === 'api') await untilAnswers(sentinel, '/ready', 200);
      await untilPrepared(sentinel);
      return { pid: sentinel.child.pid!, output: sentinel.output, stop: () => stopProcess(sentinel) };
    },
    async command(args, overrides = {}) {
      const { code, stdout, stderr } = await runSentinel(args, { ...environment, ...overrides });
      if (code !== 0) throw new Error(`sentinel ${args.join(' ')} exited with ${code}:\n${stdout}${stderr}`);
      return stdout + stderr;
    },
    async signUp(scopes) {
      const signup = await call('POST', '/api/v1/auth/signup', undefined, { email: `bench-${randomUUID()}@example.test`, password: `bench-${randomUUID()}`, name: 'Bench' });
      const token = signup.access_token as string;
      const me = await call('GET', '/api/v1/me', token);
      const expiresAt = new Date(Date.now() + 24 * 3600_000).toISOString();
      const key = await call('POST', '/api/v1/api-keys', token, { name: 'bench', scopes, expires_at: expiresAt });
      return { orgId: (me.acting_organization as { id: string }).id, apiKey: key.key as string, accessToken: token };
    },
    meterCpu: () => startCpuMeter(new Map([...processes].map(([sentinel, role]) => [sentinel.child.pid!, role]))),
    async settle(tables) {
      await db.query(`VACUUM ANALYZE ${tables.join(', ')}`);
      await db.query('CHECKPOINT');
    },
    async close() {
      const outcomes = await Promise.allSettled([...processes.keys()].map((sentinel) => stopProcess(sentinel)));
      await db.close();
      await runAsAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      // The benchmark's own admin client gets the service's kafkajs patch too: unpatched, Node 24 warns about its 1 ms timer.
      fixKafkaRequestQueueScheduling();
      const kafkaAdmin = new Kafka({ clientId: 'bench-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
      await kafkaAdmin.connect();
      const ours = (await kafkaAdmin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
      if (ours.length > 0) await kafkaAdmin.deleteTopics({ topics: ours });
      await kafkaAdmin.disconnect();
      const clickhouse = createClient({ url: testServices.clickhouseUrl });
      await clickhouse.command({ query: `DROP DATABASE IF EXISTS ${clickhouseDatabase}` });
      await clickhouse.close();
      const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };
}
