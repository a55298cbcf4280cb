// `sentinel org plan <organization id> <plan code>`, spawned as an operator runs it, on
// PostgreSQL and on the embedded data directory: the named organization moves (its
// neighbour does not), its identity trail records the system's change, and an unknown
// organization or plan exits 2 with a clear message and changes nothing. The seat
// rules after a shrink are services/organizations/plans.test.ts's.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../services/organizations/index.js';
import type { Database } from '../services/platform/db/database.js';
import { freshPostgres, openEmbeddedDataDir } from './support/databases.js';
import { runSentinel, stopStragglers } from './support/processes.js';

interface Deployment {
  env: Record<string, string>;
  /** The deployment's database, opened here; close it before the command runs (the embedded directory is locked while open). */
  open(): Promise<Database>;
  close(db: Database): Promise<void>;
  dispose(): Promise<void>;
}

const profiles = [
  {
    name: 'PostgreSQL',
    async create(dataDir: string): Promise<Deployment> {
      const database = await freshPostgres();
      return { env: { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url! }, open: async () => database.db, close: async () => {}, dispose: () => database.drop() };
    },
  },
  {
    name: 'embedded',
    async create(dataDir: string): Promise<Deployment> {
      return {
        env: { NODE_ENV: 'test', DATA_DIR: dataDir },
        async open() {
          return openEmbeddedDataDir(dataDir);
        },
        close: (db) => db.close(),
        dispose: async () => {},
      };
    },
  },
];

/** An organization with its owner, created as POST /orgs creates one (on the Free plan). */
async function organization(db: Database, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id', [`owner-${randomUUID()}@example.test`, `Owner of ${name}`]);
  return db.transaction(async (tx) => (await createOrganization(tx, { name, creatorUserId: rows[0]!.id, personal: false })).id);
}

describe.each(profiles)('sentinel org plan on $name', { timeout: 300_000 }, ({ create }) => {
  const dirs: string[] = [];
  const deployments: Deployment[] = [];
  afterAll(async () => {
    await stopStragglers();
    for (const deployment of deployments) await deployment.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('moves the named organization alone, audited as the system, and refuses an unknown organization or plan with exit 2', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-org-plan-'));
    dirs.push(dataDir);
    const deployment = await create(dataDir);
    deployments.push(deployment);
    let db = await deployment.open();
    const acme = await organization(db, 'Acme');
    const neighbour = await organization(db, 'Neighbour');
    await deployment.close(db);

    const moved = await runSentinel(['org', 'plan', acme, 'team'], deployment.env);
    expect([moved.code, moved.stdout], moved.stderr).toEqual([0, `organization ${acme} (Acme) moved from plan free (3 seats) to team (50 seats); 1 held\n`]);
    const again = await runSentinel(['org', 'plan', acme, 'team'], deployment.env);
    expect([again.code, again.stdout], again.stderr).toEqual([0, `organization ${acme} (Acme) is on plan team already (50 seats, 1 held)\n`]);

    const unknownOrganization = randomUUID();
    const noOrganization = await runSentinel(['org', 'plan', unknownOrganization, 'pro'], deployment.env);
    expect([noOrganization.code, noOrganization.stdout]).toEqual([2, '']);
    expect(noOrganization.stderr).toContain(`sentinel org plan: no organization ${unknownOrganization}\n`);
    const malformed = await runSentinel(['org', 'plan', 'acme', 'pro'], deployment.env);
    expect([malformed.code, malformed.stderr]).toEqual([2, expect.stringContaining('sentinel org plan: no organization acme\n')]);
    const noPlan = await runSentinel(['org', 'plan', acme, 'gold'], deployment.env);
    expect([noPlan.code, noPlan.stdout]).toEqual([2, '']);
    expect(noPlan.stderr).toContain('sentinel org plan: no plan "gold"; the plans are free (3 seats), pro (10 seats), team (50 seats), enterprise (unlimited seats)\n');
    for (const refused of [noOrganization, malformed, noPlan]) expect(refused.stderr).not.toMatch(/failed to start|at .*\.ts:/);

    db = await deployment.open();
    try {
      const plans = await db.query<{ id: string; plan_code: string }>('SELECT id, plan_code FROM organizations WHERE id = ANY($1::uuid[]) ORDER BY name', [[acme, neighbour]]);
      expect(plans.rows).toEqual([
        { id: acme, plan_code: 'team' },
        { id: neighbour, plan_code: 'free' },
      ]);
      const trail = await db.query<{ org_id: string; actor_system: boolean; actor_user_id: string | null; detail: Record<string, unknown> }>(
        "SELECT org_id, actor_system, actor_user_id, detail FROM identity_audit_events WHERE action = 'organization.plan_changed' AND org_id = ANY($1::uuid[])",
        [[acme, neighbour]],
      );
      expect(trail.rows).toEqual([
        { org_id: acme, actor_system: true, actor_user_id: null, detail: { from: 'free', to: 'team', seats: 50, seats_held: 1, by: 'operator command sentinel org plan' } },
      ]);
    } finally {
      await deployment.close(db);
    }
  });
});
