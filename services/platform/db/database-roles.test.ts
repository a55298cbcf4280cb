// The roles the service's statements run as, as start-up checks and completes them
// (database-roles.ts) on a real PostgreSQL: a login role of its own gets its memberships;
// a superuser login is refused in production and warned of elsewhere.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../../../test/support/databases.js';
import { runAsAdmin } from '../../../test/support/postgres-admin.js';
import { actingForTenant } from '../tenancy.js';
import { prepareDatabaseRoles } from './database-roles.js';
import type { Database, OrgId } from './database.js';
import { createPostgresDatabase } from './postgres.js';

describe('database roles at start-up', () => {
  let database: TestDatabase;
  const newRole = `sentinel_login_${randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];
  const open = (connectionString: string) => {
    const db = createPostgresDatabase({ connectionString, ownerConnectionString: database.ownerUrl!, maxConnections: 2 });
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
});
