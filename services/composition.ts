// The one composition root: chooses each adapter from configuration and wires
// the roles. Domain code receives ports (Database, StreamLog, Analytics,
// Counters) and never learns which implementation is behind them.
import { createClickHouseAnalytics, createSqlAnalytics, type Analytics } from './analytics/index.js';
import type { Config } from './platform/config.js';
import type { Counters } from './platform/counters/counters.js';
import { createMemoryCounters } from './platform/counters/memory-counters.js';
import { createRedisCounters } from './platform/counters/redis-counters.js';
import type { Database } from './platform/db/database.js';
import { createEmbeddedDatabase, embeddedDatabaseExists } from './platform/db/embedded.js';
import { prepareDatabaseRoles } from './platform/db/database-roles.js';
import { migrate } from './platform/db/migrate.js';
import { createPostgresDatabase } from './platform/db/postgres.js';
import type { Logger } from './platform/logger.js';
import { createReadiness, type DependencyChecks, type ReadinessCheck } from './platform/readiness.js';
import { retryWhileUnavailable } from './platform/startup.js';
import { createEmbeddedStreamLog } from '../streams/log/embedded-stream-log.js';
import { createKafkaStreamLog } from '../streams/log/kafka-stream-log.js';
import type { StreamLog } from '../streams/log/stream-log.js';
import { createSetAsideStore, type SetAsideStore } from '../streams/set-aside.js';
import { allTopics } from '../streams/topics.js';

export interface Platform {
  config: Config;
  logger: Logger;
  db: Database;
  streamLog: StreamLog;
  /** Records the stream processors set aside; PostgreSQL (or the embedded database) holds them in both profiles. */
  setAside: SetAsideStore;
  analytics: Analytics;
  counters: Counters;
  /** Not ready until prepare() has finished, then ready while every dependency answers. */
  readiness: ReadinessCheck;
  /**
   * Puts what the roles rely on in place: migrations, topics, the analytics schema.
   * Waits (with back-off, logging progress) while a dependency is unavailable;
   * rejects at once on any other failure, or when the signal aborts.
   */
  prepare(signal: AbortSignal): Promise<void>;
  isPrepared(): boolean;
  close(): Promise<void>;
}

/**
 * The embedded database has one connection, and a request waits for the unit of work
 * in progress there to end (embedded.ts serves request work first only among waiting
 * work): the embedded log's batches and appends are kept to transactions of tens of
 * milliseconds, as measured by the import-stall benchmark (docs/decisions/foundation.md, "Database").
 */
const EMBEDDED_LOG_BYTES_PER_TRANSACTION = 128 * 1024;

/** A line for the person starting the process (stderr), apart from the structured log. */
export type Progress = (line: string) => void;

/**
 * Chooses and opens the adapters. Only the embedded database does I/O here (local
 * files); the others connect on first use.
 */
export async function createPlatform(config: Config, logger: Logger, progress: Progress = () => undefined): Promise<Platform> {
  // Initializing an embedded database takes most of a first start; opening one is quick.
  if (!config.databaseUrl) progress(`preparing the embedded database in ${config.dataDir}${embeddedDatabaseExists(config.dataDir) ? '' : ' (a first start takes about half a minute)'}`);
  const db = config.databaseUrl
    ? createPostgresDatabase({ connectionString: config.databaseUrl, ownerConnectionString: config.databaseOwnerUrl, applicationName: 'sentinel' })
    : await createEmbeddedDatabase(config.dataDir);
  const setAside = createSetAsideStore({ db });
  const streamLogger = logger.child({ component: 'stream-log' });
  const streamLog: StreamLog =
    config.kafkaBrokers && config.schemaRegistryUrl
      ? createKafkaStreamLog({
          brokers: config.kafkaBrokers,
          schemaRegistryUrl: config.schemaRegistryUrl,
          partitions: config.streamPartitions,
          topicPrefix: config.topicPrefix,
          clientId: 'sentinel',
          logger: streamLogger,
          setAside,
        })
      : createEmbeddedStreamLog({
          db,
          partitions: config.streamPartitions,
          logger: streamLogger,
          setAside,
          ...(db.kind === 'embedded' ? { bytesPerTransaction: EMBEDDED_LOG_BYTES_PER_TRANSACTION } : {}),
        });
  const analytics: Analytics = config.clickhouseUrl ? createClickHouseAnalytics({ url: config.clickhouseUrl, database: config.clickhouseDatabase }) : createSqlAnalytics({ db });
  const counters: Counters = config.redisUrl ? createRedisCounters({ url: config.redisUrl }) : createMemoryCounters();

  const checks: DependencyChecks = {
    database: () => db.ping(),
    stream_log: () => streamLog.ping(),
    stream_processors: async () => {
      const stalled = streamLog.stalledPartitions(config.streamStalledAfterMs);
      if (stalled.length === 0) return;
      streamLogger.warn({ stalled }, 'stream processors stalled: records wait and their committed offset has not moved');
      throw new Error('stream processors stalled');
    },
    analytics: () => analytics.ping(),
  };
  if (config.redisUrl) checks.counters = () => counters.ping();
  const dependencyReadiness = createReadiness(checks);

  logger.info(
    { database: db.kind, stream_log: streamLog.kind, analytics: analytics.kind, counters: counters.kind },
    config.databaseUrl || config.kafkaBrokers ? 'full profile adapters' : 'embedded profile',
  );

  let prepared = false;
  return {
    config,
    logger,
    db,
    streamLog,
    setAside,
    analytics,
    counters,
    async readiness() {
      const report = await dependencyReadiness();
      return prepared ? report : { ...report, ready: false };
    },
    async prepare(signal) {
      const step = <T,>(what: string, work: () => Promise<T>) => retryWhileUnavailable(work, { what, logger, signal });
      progress('migrating the database');
      const applied = await step('database migrations', () => migrate(db));
      if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
      progress(applied.length > 0 ? `database migrated (${applied.length} ${applied.length === 1 ? 'migration' : 'migrations'} applied)` : 'database up to date');
      await step('database roles', () => prepareDatabaseRoles(db, { production: config.environment === 'production', warn: (problem) => logger.warn({}, problem) }));
      // The embedded log's topics are rows: they need the migrated database.
      await step('stream log topics', () => streamLog.ensureTopics(allTopics));
      await step('analytics schema', () => analytics.ensureSchema());
      prepared = true;
      progress('ready');
    },
    isPrepared: () => prepared,
    async close() {
      await streamLog.close();
      await analytics.close();
      await counters.close();
      await db.close();
    },
  };
}
