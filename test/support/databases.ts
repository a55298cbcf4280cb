import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../services/platform/db/database.js';
import { createEmbeddedDatabase, type EmbeddedDatabase } from '../../services/platform/db/embedded.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { databaseUrl, serviceDatabaseUrl, testServices } from './services.js';

export interface TestDatabase {
  db: Database;
  /** The service's login role's connection string (DATABASE_URL); neither owner nor superuser. */
  url: string | undefined;
  /** The schema owner's (DATABASE_OWNER_URL). */
  ownerUrl: string | undefined;
  /**
   * Done with it: its connections close. A PostgreSQL database itself is dropped with the
   * run's others when the run ends (global-setup.ts): DROP DATABASE forces a checkpoint of
   * the whole cluster, and one per suite, while other suites write, cost seconds each.
   */
  drop(): Promise<void>;
}

/** A new, migrated PostgreSQL database cloned from the run's template. */
export async function freshPostgres(): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const name = `${template.replace(/template$/, '')}t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testServices.postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = serviceDatabaseUrl(name);
  const ownerUrl = databaseUrl(name);
  const db = createPostgresDatabase({ connectionString: url, ownerConnectionString: ownerUrl, maxConnections: 10 });
  return {
    db,
    url,
    ownerUrl,
    drop: () => db.close(),
  };
}

let embeddedTemplate: Blob | undefined;

/** The run's migrated embedded database, as a snapshot to start one from. */
export function migratedEmbeddedSnapshot(): Blob {
  embeddedTemplate ??= new Blob([readFileSync(inject('embeddedTemplateFile'))]);
  return embeddedTemplate;
}

/** A new in-memory embedded database started from the run's migrated snapshot. */
export async function freshEmbedded(): Promise<TestDatabase> {
  const db = await createEmbeddedDatabase(undefined, migratedEmbeddedSnapshot());
  return { db, url: undefined, ownerUrl: undefined, drop: () => db.close() };
}

/**
 * The migrated embedded database of a DATA_DIR, as a command or role spawned on the directory
 * opens it: a new directory starts from the run's migrated template (a first start's
 * migrations take half a minute on a loaded machine; the smoke test is the one about them),
 * an existing one opens as it is.
 */
export async function openEmbeddedDataDir(dataDir: string): Promise<EmbeddedDatabase> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return createEmbeddedDatabase(dataDir);
  return createEmbeddedDatabase(dataDir, migratedEmbeddedSnapshot());
}

export const databaseProfiles = [
  { name: 'postgres', create: freshPostgres },
  { name: 'embedded', create: freshEmbedded },
] as const;
