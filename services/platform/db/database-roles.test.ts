// The roles the service's statements run as, as start-up checks and completes them
// (database-roles.ts) on a real PostgreSQL: a login role of its own gets its memberships;
// a superuser login is refused in production and warned of elsewhere.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../../../test/support/databases.js';
import { runAsAdmin } from '../../../test/support/postgres-admin.js';
import { actingAsSystem, actingForTenant, systemScope } from '../tenancy.js';
import { prepareDatabaseRoles } from './database-roles.js';
import type { Database, OrgId } from './database.js';
import { createPostgresDatabase } from './postgres.js';

describe('database roles at start-up', () => {
  let database: TestDatabase;
  const newRole = `sentinel_login_${randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];
  const open = (connectionString: string, options: { maxConnections?: number; applicationName?: string } = {}) => {
    const db = createPostgresDatabase({ connectionString, ownerConnectionString: database.ownerUrl!, maxConnections: 2, ...options });
    opened.push(db);
    return db;
  };
  const as = (role: string) => {
    const url = new URL(database.ownerUrl!);
    url.username = role;
    url.password = 'login-role-test';
    return url.toString();
  };

  beforeAll(async () => {
    database = await freshPostgres();
    await runAsAdmin(`CREATE ROLE ${newRole} LOGIN NOSUPERUSER PASSWORD 'login-role-test'`);
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await database.drop();
    await runAsAdmin(`DROP ROLE IF EXISTS ${newRole}`);
  });

  it('makes a login role of its own a member of sentinel_tenant and sentinel_system, after which its statements run as them', async () => {
    const db = open(as(newRole));
    await expect(db.query('SELECT 1')).rejects.toThrow(/permission denied to set role "sentinel_system"/);
    const warnings: string[] = [];
    await prepareDatabaseRoles(db, { production: true, warn: (problem) => warnings.push(problem) });
    expect(warnings).toEqual([]);
    const unscoped = await db.query<{ current: string; session: string }>('SELECT current_user AS current, session_user AS session');
    expect(unscoped.rows).toEqual([{ current: 'sentinel_system', session: newRole }]);
    const [organization] = (await db.query<{ id: OrgId }>('SELECT gen_random_uuid() AS id')).rows;
    const tenant = await actingForTenant(organization!.id, () =>
      db.query<{ current: string; organizations: number }>('SELECT current_user AS current, count(*)::int AS organizations FROM memberships'),
    );
    expect(tenant.rows).toEqual([{ current: 'sentinel_tenant', organizations: 0 }]);
  });

  it('refuses a superuser login in production, and warns of it elsewhere', async () => {
    const db = open(database.ownerUrl!);
    await expect(prepareDatabaseRoles(db, { production: true, warn: () => undefined })).rejects.toMatchObject({
      code: 'configuration_error',
      message: expect.stringMatching(/logs in to PostgreSQL as postgres, a superuser/),
    });
    const warnings: string[] = [];
    await prepareDatabaseRoles(db, { production: false, warn: (problem) => warnings.push(problem) });
    expect(warnings).toEqual([expect.stringMatching(/DATABASE_OWNER_URL/)]);
  });

  it('leaves the test databases’ own login role neither owner nor superuser', async () => {
    const role = await database.db.query<{ superuser: boolean; owner: boolean }>(
      `SELECT rolsuper AS superuser, pg_has_role(oid, (SELECT relowner FROM pg_class WHERE oid = 'schema_migrations'::regclass), 'MEMBER') AS owner
         FROM pg_roles WHERE rolname = session_user`,
    );
    expect(database.db.loginRole).toBe('sentinel_service');
    expect(role.rows).toEqual([{ superuser: false, owner: false }]);
  });

  it('keeps the tenant and system roles within one budget of connections, however busy both are', async () => {
    const applicationName = `sentinel_budget_${randomBytes(4).toString('hex')}`;
    const db = open(database.url!, { maxConnections: 4, applicationName });
    const watcher = new pg.Client({ connectionString: database.ownerUrl! });
    await watcher.connect();
    const activeBackends = async () =>
      (await watcher.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`, [applicationName])).rows[0]!.n;
    const [organization] = (await db.query<{ id: OrgId }>('SELECT gen_random_uuid() AS id')).rows;
    const sleeps = (n: number) => Array.from({ length: n }, () => 'SELECT pg_sleep(0.3), current_user AS role');
    const running = Promise.all([
      ...sleeps(8).map((sql) => actingForTenant(organization!.id, () => db.query<{ role: string }>(sql))),
      ...sleeps(8).map((sql) => actingAsSystem(systemScope('claim-jobs'), () => db.query<{ role: string }>(sql))),
    ]);
    // Sixteen statements of 0.3 s through four connections keep them busy about 1.2 s: the most seen at once is the budget.
    let finished = false;
    const done = () => (finished = true);
    void running.then(done, done);
    let most = 0;
    while (!finished) {
      most = Math.max(most, await activeBackends());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answers = await running;
    await watcher.end();
    expect(most).toBe(4);
    expect(new Set(answers.map((answer) => answer.rows[0]!.role))).toEqual(new Set(['sentinel_tenant', 'sentinel_system']));
  });
});
