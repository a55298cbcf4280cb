// The roles the service's statements run as (tenant-scope.ts), checked and completed by the
// schema owner at start-up, after the migrations. sentinel_system must bypass row-level
// security, which only a superuser can grant (migration 120). On the full profile the login
// role (DATABASE_URL) must be neither the schema's owner nor a superuser: it is given
// membership of sentinel_tenant and sentinel_system, and holds nothing else. A login role
// that is either still works, since no statement runs as it, but production refuses it.
import pg from 'pg';
import { AppError } from '../errors.js';
import type { Database } from './database.js';
import { actingAsSchemaOwner } from './tenant-scope.js';

interface DatabaseRoleOptions {
  production: boolean;
  warn(message: string): void;
}

const refuse = (message: string) => new AppError('configuration_error', message, { retriable: false });

export async function prepareDatabaseRoles(db: Database, options: DatabaseRoleOptions): Promise<void> {
  await actingAsSchemaOwner(async () => {
    const system = await db.query<{ bypasses: boolean }>("SELECT rolbypassrls AS bypasses FROM pg_roles WHERE rolname = 'sentinel_system'");
    if (system.rows[0]?.bypasses !== true) {
      throw refuse('the database role sentinel_system must bypass row-level security; as a superuser, run: ALTER ROLE sentinel_system BYPASSRLS');
    }
    const login = db.loginRole;
    if (login === undefined) return;
    const standing = await db.query<{ superuser: boolean; owner: boolean; tenant: boolean; system: boolean }>(
      `SELECT r.rolsuper AS superuser,
              pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = 'schema_migrations'::regclass), 'MEMBER') AS owner,
              pg_has_role(r.oid, 'sentinel_tenant', 'MEMBER') AS tenant,
              pg_has_role(r.oid, 'sentinel_system', 'MEMBER') AS system
         FROM pg_roles r WHERE r.rolname = $1`,
      [login],
    );
    const role = standing.rows[0];
    if (role === undefined) throw refuse(`the database role ${login} (DATABASE_URL) does not exist`);
    if (role.superuser || role.owner) {
      const problem = `the service logs in to PostgreSQL as ${login}, ${role.superuser ? 'a superuser' : 'the owner of its schema'}: give it a login role of its own in DATABASE_URL and the owner's in DATABASE_OWNER_URL (README, "Full profile")`;
      if (options.production) throw refuse(problem);
      options.warn(problem);
      return;
    }
    if (!role.tenant || !role.system) await db.query(`GRANT sentinel_tenant, sentinel_system TO ${pg.escapeIdentifier(login)}`);
  });
}
