// Row-level security (migrations 118 to 120) on both profiles. Every tenant table (one with
// an org_id column) carries the tenant policy. Every module's security fixtures create their
// resources through the routes, each in two organizations of its own, which fills most
// tenant tables with rows of several; then, table by table, a statement as sentinel_tenant
// sees and changes nothing without an organization set, sees exactly its own
// organization's rows with one set and cannot move a row to another organization; a listed
// system operation sees every row, and plans its statements as if there were no policy;
// and no statement runs as the login role, which is neither the schema's owner nor a superuser.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrgId, Queryable } from './database.js';
import { actingAsSystem, actingForTenant, systemScope } from '../tenancy.js';
import { moduleCatalogue } from '../../../test/support/module-catalogue.js';
import { securityFixturesOf } from '../../../test/support/security-suite.js';
import { testProfiles, useTestApp } from '../../../test/support/test-app.js';

/** Rolls the transaction back after fn, whatever it did. */
class RolledBack extends Error {}
const withRollback = async (db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, fn: (tx: Queryable) => Promise<void>): Promise<void> => {
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
};

/** The error a statement fails with, or undefined when it succeeds; in a savepoint, so the transaction goes on. */
async function failureOf(tx: Queryable, sql: string, params: unknown[] = []): Promise<{ code?: string; message: string } | undefined> {
  await tx.query('SAVEPOINT attempt');
  try {
    await tx.query(sql, params);
    await tx.query('RELEASE SAVEPOINT attempt');
    return undefined;
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT attempt');
    return error as { code?: string; message: string };
  }
}

const quoted = (table: string) => `"${table.replace(/"/g, '""')}"`;

describe.each(testProfiles)('row-level security ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  let tenantTables: string[];
  /** Each tenant table's rows by organization, most first, as sentinel_system counts them. */
  const rowsOf = new Map<string, { orgId: OrgId; rows: number }[]>();
  const totalOf = (table: string) => rowsOf.get(table)!.reduce((sum, { rows }) => sum + rows, 0);

  beforeAll(async () => {
    // Each fixture in two organizations of its own: a fixture creates named resources, which one organization holds once.
    for (const module of moduleCatalogue()) {
      for (const fixture of Object.values(await securityFixturesOf(module.name))) {
        for (const tenant of await t.current.twoTenants()) await fixture(t.current, tenant);
      }
    }
    const { db } = t.current;
    tenantTables = (
      await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    for (const table of tenantTables) {
      const counted = await db.query<{ org_id: OrgId; rows: number }>(`SELECT org_id, count(*)::int AS rows FROM ${quoted(table)} GROUP BY org_id ORDER BY 2 DESC, 1`);
      rowsOf.set(table, counted.rows.map((row) => ({ orgId: row.org_id, rows: row.rows })));
    }
  }, 600_000);

  it('puts every tenant table under the tenant policy', async () => {
    const policies = await t.current.db.query<{ table: string; name: string; roles: string; qual: string; with_check: string }>(
      `SELECT tablename AS table, policyname AS name, roles::text AS roles, qual, with_check FROM pg_policies WHERE schemaname = 'public'`,
    );
    const secured = await t.current.db.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relrowsecurity`);
    expect(tenantTables.length).toBeGreaterThan(50);
    expect(secured.rows.map((row) => row.name).sort()).toEqual(tenantTables);
    for (const table of tenantTables) {
      const own = policies.rows.filter((policy) => policy.table === table);
      expect(own.map((policy) => [policy.name, policy.roles]), table).toEqual([['tenant_rows', '{sentinel_tenant}']]);
      const tenantPolicy = own.find((policy) => policy.name === 'tenant_rows')!;
      expect(tenantPolicy.qual, table).toContain("current_setting('sentinel.org_id'::text, true)");
      expect(tenantPolicy.with_check, table).toBe(tenantPolicy.qual);
    }
  });

  it('fills most tenant tables with rows of several organizations, so what follows is seen on real rows', () => {
    const filled = tenantTables.filter((table) => rowsOf.get(table)!.length >= 2);
    expect(filled.length, `tenant tables without rows of two organizations: ${tenantTables.filter((table) => !filled.includes(table)).join(', ')}`).toBeGreaterThanOrEqual(40);
  });

  it('shows and changes nothing of any tenant table to a statement without an organization set', async () => {
    for (const table of tenantTables) {
      await withRollback(t.current.db, async (tx) => {
        // The role the tenant scope puts a connection in, with the organization left unset.
        await tx.query("SELECT set_config('role', 'sentinel_tenant', true), set_config('sentinel.org_id', '', true)");
        expect((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoted(table)}`)).rows[0]!.n, table).toBe(0);
        expect((await tx.query(`UPDATE ${quoted(table)} SET org_id = org_id`)).rowCount, table).toBe(0);
        expect((await tx.query(`DELETE FROM ${quoted(table)}`)).rowCount, table).toBe(0);
      });
    }
  });

  it("shows an organization exactly its own rows of every tenant table, and refuses to move one to another's", async () => {
    for (const table of tenantTables) {
      const [acting, other] = rowsOf.get(table)!;
      if (!acting) continue;
      await actingForTenant(acting.orgId, () =>
        withRollback(t.current.db, async (tx) => {
          const seen = await tx.query<{ n: number; foreign: number }>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE org_id <> $1)::int AS foreign FROM ${quoted(table)}`, [acting.orgId]);
          expect(seen.rows[0], table).toEqual({ n: acting.rows, foreign: 0 });
          if (!other) return;
          const moved = await failureOf(tx, `UPDATE ${quoted(table)} SET org_id = $1`, [other.orgId]);
          // The policy's check, or an append-only table's own refusal before it: no row changes either way.
          expect(moved?.message ?? 'no refusal', table).toMatch(/row-level security|append-only|immutable/);
        }),
      );
    }
  });

  it('shows a listed system operation the rows of every organization', async () => {
    const scope = systemScope('search-findings');
    for (const table of tenantTables) {
      const all = await actingAsSystem(scope, () => t.current.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoted(table)}`));
      expect(all.rows[0]!.n, table).toBe(totalOf(table));
    }
  });

  it('runs a system operation outside row-level security, so its searches are planned as without it', async () => {
    // Under any policy, even one of `true`, PostgreSQL neither applies a non-leakproof condition (LIKE, ILIKE) before
    // the policy's nor estimates it from the column's statistics: a search matching nothing walked all of an
    // organization's findings in order, 0.6 s at 1,000,000, instead of asking the trigram indexes.
    const [acting] = rowsOf.get('findings')!;
    const underPolicy = async () => (await t.current.db.query<{ active: boolean }>("SELECT row_security_active('findings') AS active")).rows[0]!.active;
    expect(await actingForTenant(acting!.orgId, underPolicy)).toBe(true);
    expect(await actingAsSystem(systemScope('search-findings'), underPolicy)).toBe(false);
  });

  it('runs every statement as sentinel_tenant or sentinel_system, never as the login role, which is neither owner nor superuser', async () => {
    const { db } = t.current;
    const [acting] = rowsOf.get('findings')!;
    const roleNow = async () => (await db.query<{ role: string }>('SELECT current_user AS role')).rows[0]!.role;
    expect(await roleNow()).toBe('sentinel_system');
    expect(await actingAsSystem(systemScope('search-findings'), roleNow)).toBe('sentinel_system');
    expect(await actingForTenant(acting!.orgId, roleNow)).toBe('sentinel_tenant');
    if (profile !== 'postgres') return;
    const login = await db.query<{ name: string; superuser: boolean; owner: boolean }>(
      `SELECT rolname AS name, rolsuper AS superuser, pg_has_role(oid, (SELECT relowner FROM pg_class WHERE oid = 'schema_migrations'::regclass), 'MEMBER') AS owner
         FROM pg_roles WHERE rolname = session_user`,
    );
    expect(login.rows).toEqual([{ name: db.loginRole, superuser: false, owner: false }]);
  });

  it('keeps a tenant scope inside a transaction, and a system scope opened inside it to its own statements', async () => {
    const [acting, other] = rowsOf.get('memberships')!;
    const membershipsOf = async (tx: Queryable, orgId: OrgId) =>
      (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM memberships WHERE org_id = $1', [orgId])).rows[0]!.n;
    await actingForTenant(acting!.orgId, () =>
      t.current.db.transaction(async (tx) => {
        expect(await membershipsOf(tx, other!.orgId)).toBe(0);
        expect(await actingAsSystem(systemScope('search-findings'), () => membershipsOf(tx, other!.orgId))).toBe(other!.rows);
        expect(await membershipsOf(tx, other!.orgId)).toBe(0);
        expect(await membershipsOf(tx, acting!.orgId)).toBe(acting!.rows);
      }),
    );
  });
});
