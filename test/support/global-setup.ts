import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createEmbeddedDatabase } from '../../services/platform/db/embedded.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { prepareDatabaseRoles } from '../../services/platform/db/database-roles.js';
import { migrate } from '../../services/platform/db/migrate.js';
import { buildDashboard } from './build-dashboard.js';
import { databaseUrl, ensureServiceRole, serviceDatabaseUrl, testServices } from './services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    embeddedTemplateFile: string;
  }
}

const runPrefix = `sentinel_${process.pid}_`;

function ownerIsGone(datname: string): boolean {
  const pid = Number(/^sentinel_(\d+)_/.exec(datname)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testServices.postgresAdminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

// Builds one migrated template database per test run; each suite clones it
// (CREATE DATABASE ... TEMPLATE), which takes milliseconds and isolates suites
// that run processors from one another. Runs in parallel (several developers,
// CI) each get their own template; leftovers of dead runs are dropped.
// The embedded profile gets the same: a migrated PGlite data directory in a file,
// which each suite loads in well under a second instead of initializing its own.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Held as a value, not a pending rejection, while the templates are made.
  const dashboardBuilt = buildDashboard().then(() => null, (error: unknown) => error);
  const template = `${runPrefix}template`;
  await withAdmin(async (admin) => {
    const existing = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'sentinel\\_%\\_%'");
    for (const { datname } of existing.rows) {
      if (ownerIsGone(datname) || datname.startsWith(runPrefix)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${template}`);
  });
  await withAdmin(ensureServiceRole);
  const db = createPostgresDatabase({ connectionString: serviceDatabaseUrl(template), ownerConnectionString: databaseUrl(template), maxConnections: 1 });
  await migrate(db);
  await prepareDatabaseRoles(db, { production: true, warn: () => undefined });
  await db.close();
  project.provide('templateDatabase', template);

  const embeddedTemplateFile = path.join(tmpdir(), `${runPrefix}embedded-template.tar`);
  for (const leftover of readdirSync(tmpdir()).filter((name) => name.endsWith('_embedded-template.tar') && ownerIsGone(name))) {
    rmSync(path.join(tmpdir(), leftover), { force: true });
  }
  const embedded = await createEmbeddedDatabase(undefined);
  await migrate(embedded);
  await prepareDatabaseRoles(embedded, { production: true, warn: () => undefined });
  writeFileSync(embeddedTemplateFile, Buffer.from(await (await embedded.snapshot()).arrayBuffer()));
  await embedded.close();
  project.provide('embeddedTemplateFile', embeddedTemplateFile);
  const dashboardFailure = await dashboardBuilt;
  if (dashboardFailure !== null) throw dashboardFailure;

  return async () => {
    rmSync(embeddedTemplateFile, { force: true });
    await withAdmin(async (admin) => {
      const mine = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [runPrefix]);
      for (const { datname } of mine.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}
