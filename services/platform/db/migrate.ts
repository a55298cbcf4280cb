import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../errors.js';
import type { Database } from './database.js';
import { actingAsSchemaOwner } from './tenant-scope.js';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 7_314_001;
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Applies migrations/NNN_name.sql in order, each once, in one transaction.
 * Processes started together (scaled out) serialize on an advisory lock.
 * The same files run on PostgreSQL and on embedded PGlite, as the schema owner.
 */
export async function migrate(db: Database): Promise<string[]> {
  return actingAsSchemaOwner(() => migrateAsOwner(db));
}

async function migrateAsOwner(db: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  const scripts = await Promise.all(files.map(async (f) => ({ version: f.replace(/\.sql$/, ''), sql: await readFile(path.join(migrationsDir, f), 'utf8') })));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Asked first, so a role that may not create tables starts on a schema that is up to date.
    const existing = await tx.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
    if (existing.rows[0]?.name == null) await tx.query('CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const pending = scripts.filter((s) => !applied.has(s.version));
    for (const script of pending) {
      await tx.query(script.sql).catch((error: unknown) => {
        if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
        throw new AppError('configuration_error', `migration ${script.version} needs the schema's owner: set DATABASE_OWNER_URL to the owner's connection string`, { cause: error });
      });
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [script.version]);
    }
    return pending.map((s) => s.version);
  });
}
